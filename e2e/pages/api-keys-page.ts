import type { Page } from 'playwright-core';

/** /settings/api-keys: the organisation's API users, and the dialog that shows a new key once. */
export class ApiKeysPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/settings/api-keys`);
    await this.page.getByRole('heading', { level: 1, name: 'API-gebruikers' }).waitFor();
  }

  /** "API-gebruiker aanmaken" by keyboard: the name, Enter; answers the key id and secret the dialog shows. */
  async create(name: string): Promise<{ id: string; secret: string }> {
    await this.page.getByTestId('api-user-create').focus();
    await this.page.keyboard.press('Enter');
    const input = this.page.getByTestId('api-user-name-input');
    await input.waitFor();
    await input.fill(name);
    await this.page.keyboard.press('Enter');
    const dialog = this.page.getByTestId('api-user-secret-dialog');
    await dialog.waitFor();
    return {
      id: ((await dialog.getByTestId('api-user-key-id').textContent()) ?? '').trim(),
      secret: ((await dialog.getByTestId('api-user-secret').textContent()) ?? '').trim(),
    };
  }

  async closeSecret(): Promise<void> {
    await this.page.getByTestId('api-user-secret-done').click();
    await this.page.getByTestId('api-user-secret-dialog').waitFor({ state: 'hidden' });
  }

  rows() {
    return this.page.getByTestId('api-user-row');
  }
}
