import type { Page } from 'playwright-core';
import { AppFrame } from './app-frame';
import { LoginPage } from './login-page';
import { OrganisationForm } from './organisation-form';

/**
 * A new organisation as a new user makes it: "Gratis account aanmaken" on the login page
 * of `url`, the confirmation link of its mail opened (read from the outbox of the app on
 * `dataDir`, by default E2E_APP_DATA_DIR), then first login completed with contact and an address found by the lookup;
 * it returns on /dashboard.
 */
export async function registerNewOrganisation(page: Page, url: string, input: { organisation: string; name: string; email: string }, options: { dataDir?: string } = {}): Promise<void> {
  await page.goto(url);
  const login = new LoginPage(page);
  await login.waitUntilShown();
  await page.getByRole('link', { name: 'Gratis account aanmaken' }).click();
  await login.register({ ...input, password: 'mijn-wachtwoord' });
  await login.confirmRegistration(input.email, options.dataDir);
  const frame = new AppFrame(page);
  await frame.waitForPath('/onboard/first-login');
  const firstLogin = new OrganisationForm(page, 'first-login-form');
  await firstLogin.complete({ phone: '0301234567', zipcode: '3511 AB', housenumber: '12' });
  await firstLogin.save();
  await frame.waitForPath('/dashboard');
}
