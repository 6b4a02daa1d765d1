import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreenAtBothWidths } from './support/axe';
import { baseUrl, browserForEachTest } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { LoginPage, demoUser } from './pages/login-page';

const session = browserForEachTest();

/** Axe and no sideways scrolling at both widths (support/axe.ts). */
const checkScreen = (page: Page, name: string) => checkScreenAtBothWidths(page, `onboard-${name}`);

/** The link a shop plugin or carrier portal sends a user to: restore the Testvervoerder. */
const link = `${baseUrl}/onboard?service=test&service_type=courier`;

describe('onboarding from an outside link (/onboard)', () => {
  it('without login, referer=redirect leads to onboard, which offers login or a free account', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/dashboard?referer=redirect`);
    await page.getByRole('heading', { name: 'Welkom bij Verzendhuis' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/onboard');
    expect(await page.getByRole('button', { name: 'Inloggen' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Gratis account aanmaken' }).isVisible()).toBe(true);
    await checkScreen(page, 'anonymous');
  });

  it('a user who logs in comes back to the link, which is restored: Koppeling succesvol and on to the dashboard', async () => {
    const { page } = session;
    await page.goto(link);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await new LoginPage(page).logIn(demoUser.email, demoUser.password);
    await page.getByRole('heading', { name: 'Koppeling succesvol' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/onboard?service=test&service_type=courier');
    await checkScreen(page, 'restored');
    await page.getByRole('link', { name: 'Naar het dashboard' }).click();
    await new AppFrame(page).waitForPath('/dashboard');
  });

  it('a new user makes a free account and comes back to the link; an unknown service shows Probleem met koppelen', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36);
    await page.goto(link);
    await page.getByRole('button', { name: 'Gratis account aanmaken' }).click();
    const login = new LoginPage(page);
    await login.register({ organisation: `Onboard ${stamp}`, name: 'Olga Onboard', email: `onboard-${stamp}@voorbeeld.nl`, password: 'mijn-wachtwoord' });
    await login.confirmRegistration(`onboard-${stamp}@voorbeeld.nl`);
    await page.getByRole('heading', { name: 'Koppeling succesvol' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/onboard');
    // On to the app: a new user's first login asks for the organisation's details, once.
    await page.getByRole('link', { name: 'Naar het dashboard' }).click();
    await new AppFrame(page).waitForPath('/onboard/first-login');

    await page.goto(`${baseUrl}/onboard?service=bestaat-niet&service_type=courier`);
    await page.getByRole('heading', { name: 'Probleem met koppelen' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Neem contact op met de klantenservice').isVisible()).toBe(true);
    await checkScreen(page, 'failed');
  });
});
