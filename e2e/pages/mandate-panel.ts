import type { Page } from 'playwright-core';

/** The direct-debit mandate on /settings/account/billing-and-payment. */
export class MandatePanel {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/settings/account/billing-and-payment`);
    await this.page.getByTestId('mandate-status').waitFor();
  }

  status() {
    return this.page.getByTestId('mandate-status');
  }

  /** Waits until the state shown is `status` (none, validating, ready, error). */
  async waitForStatus(status: string): Promise<void> {
    await this.page.locator(`[data-testid="mandate-status"][data-status="${status}"]`).waitFor();
  }

  async setUp(): Promise<void> {
    await this.page.getByTestId('mandate-set-up').click();
  }

  async remove(): Promise<void> {
    await this.page.getByRole('button', { name: 'Machtiging intrekken' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Intrekken' }).click();
  }
}
