import type { Page } from 'playwright-core';
import { baseAppDataDir, confirmationLinkOnApp } from '../support/app-database';

/** The demo organisation's user, made at the first start (README). */
export const demoUser = { email: 'demo@voorbeeld.nl', password: 'demo1234' } as const;

/**
 * Opens `url` (a page of the app), logs in as the demo user and waits until the app is
 * back on that path (the path, not a menu entry: on a phone the main navigation hides
 * behind the Menu button).
 */
export async function logInAsDemo(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await new LoginPage(page).logIn(demoUser.email, demoUser.password);
  const path = new URL(url).pathname;
  await page.waitForURL((current) => current.pathname === path, { timeout: 30_000 });
}

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

  /**
   * After `register`: the page asks to confirm the address; the link of the mail (read from
   * the outbox of the app on `dataDir`, by default the one at E2E_BASE_URL) opened in this
   * browser makes the account and continues the login into the app.
   */
  async confirmRegistration(email: string, dataDir: string = baseAppDataDir()): Promise<void> {
    await this.page.getByRole('heading', { name: 'Bevestig je e-mailadres' }).waitFor();
    await this.page.goto(await confirmationLinkOnApp(dataDir, email));
  }
}
