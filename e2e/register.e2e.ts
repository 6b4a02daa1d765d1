import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, namedViewports, openBrowser, screenshotPath, type BrowserSession } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { OrganisationForm } from './pages/organisation-form';

const screenshot = screenshotPath;

let session: BrowserSession | undefined;
afterEach(async () => {
  await session?.close();
});

/** Nothing of the page sticks out sideways at this width. */
async function fitsWidth(page: Page, width: number): Promise<boolean> {
  return page.evaluate((width) => document.documentElement.scrollWidth <= width, width);
}

describe.each(namedViewports)('a new user on a %s', (name, viewport) => {
  it('registers, is asked for the organisation’s address on first login, edits it on /settings/account, logs out and in again', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    const email = `nieuw-${randomBytes(4).toString('hex')}@voorbeeld.nl`;
    const password = 'mijn-wachtwoord';
    await page.goto(`${baseUrl}/dashboard`);
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await page.getByRole('link', { name: 'Gratis account aanmaken' }).click();
    await login.register({ organisation: 'Theewinkel Het Blaadje', name: 'Sanne Bakker', email, password });
    // The same answer for every address (docs/auth.md); the mail's link makes the account and logs in.
    await page.getByRole('heading', { name: 'Bevestig je e-mailadres' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(`We hebben een e-mail gestuurd naar ${email}.`);
    await login.confirmRegistration(email);

    // The first login asks for the address; skipped, the dashboard says the account is incomplete.
    const frame = new AppFrame(page);
    const dashboard = new DashboardPage(page);
    await frame.waitForPath('/onboard/first-login');
    const firstLogin = new OrganisationForm(page, 'first-login-form');
    await firstLogin.waitUntilShown();
    expect(await firstLogin.value('Bedrijfsnaam')).toBe('Theewinkel Het Blaadje');
    await page.goto(`${baseUrl}/dashboard`);
    await dashboard.waitUntilShown();
    const incomplete = page.getByTestId('dashboard-notice-incomplete');
    await incomplete.waitFor();
    expect(await incomplete.textContent()).toContain('Je accountgegevens zijn nog niet compleet');

    // Its link leads back to the first-login page: without an address nothing is saved.
    await incomplete.getByRole('link', { name: 'Gegevens aanvullen' }).click();
    await frame.waitForPath('/onboard/first-login');
    await firstLogin.waitUntilShown();
    await firstLogin.fill('Telefoonnummer', '0301234567');
    await firstLogin.save();
    expect(await firstLogin.fieldError('Straat')).toBe('Adres is verplicht.');
    expect(frame.pathname()).toBe('/onboard/first-login');

    // Postcode and house number fill street and city (the order form's lookup).
    await firstLogin.fillAddressByLookup({ zipcode: '3511 AB', housenumber: '12' });
    expect(await firstLogin.value('Straat')).toBe('Oudegracht');
    expect(await firstLogin.value('Plaats')).toBe('Utrecht');
    expect(await fitsWidth(page, viewport.width)).toBe(true);
    await page.screenshot({ path: screenshot(`e2e-first-login-address-${name}.png`), fullPage: true }).catch(() => undefined);
    await firstLogin.save();
    await frame.waitForPath('/dashboard');
    await dashboard.waitUntilShown();
    await incomplete.waitFor({ state: 'detached' });

    // /settings/account shows what was stored and keeps a change.
    await frame.openSettingsPage('Accountgegevens');
    await frame.waitForPath('/settings/account');
    const account = new OrganisationForm(page, 'account-contact-form');
    await account.waitUntilShown();
    expect(await account.value('Straat')).toBe('Oudegracht');
    expect(await account.value('Postcode')).toBe('3511 AB');
    expect(await account.value('Telefoonnummer')).toBe('0301234567');
    await account.fill('Bedrijfsnaam', 'Het Blaadje BV');
    await account.fill('Toevoeging', 'bis');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/organisation') && r.request().method() === 'PATCH');
    await account.save();
    expect((await saved).status()).toBe(200);
    await page.getByText('Je organisatiegegevens zijn opgeslagen.').first().waitFor();
    expect(await fitsWidth(page, viewport.width)).toBe(true);
    await page.screenshot({ path: screenshot(`e2e-account-address-${name}.png`), fullPage: true }).catch(() => undefined);
    await page.reload();
    await account.waitUntilShown();
    expect(await account.value('Bedrijfsnaam')).toBe('Het Blaadje BV');
    expect(await account.value('Toevoeging')).toBe('BIS');

    await frame.logOut();
    await login.logIn(email, password);
    await frame.waitForPath('/dashboard');
    expect(frame.pathname()).toBe('/dashboard');
  });
});
