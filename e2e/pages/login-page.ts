import type { Page } from 'playwright-core';

/** The built-in provider's Dutch login and registration pages. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Inloggen' }).waitFor();
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.waitUntilShown();
    await this.page.getByLabel('E-mailadres').fill(email);
    await this.page.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Inloggen' }).click();
  }

  async errorText(): Promise<string> {
    return (await this.page.getByRole('alert').textContent()) ?? '';
  }

  async register(input: { organisation: string; name: string; email: string; password: string }): Promise<void> {
    await this.page.getByRole('heading', { name: 'Gratis account aanmaken' }).waitFor();
    await this.page.getByLabel('Bedrijfsnaam').fill(input.organisation);
    await this.page.getByLabel('Je naam').fill(input.name);
    await this.page.getByLabel('E-mailadres').fill(input.email);
    await this.page.getByLabel('Wachtwoord', { exact: true }).fill(input.password);
    await this.page.getByLabel('Herhaal wachtwoord').fill(input.password);
    await this.page.getByRole('button', { name: 'Account aanmaken' }).click();
  }
}
