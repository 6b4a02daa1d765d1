import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, type BrowserSession } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { LoginPage } from './pages/login-page';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(async () => {
  await session?.close();
});

describe('a new user', () => {
  it('registers an organisation, completes it on first login, logs out and in again', async () => {
    const { page } = session;
    const email = `nieuw-${randomBytes(4).toString('hex')}@voorbeeld.nl`;
    const password = 'mijn-wachtwoord';
    await page.goto(`${baseUrl}/dashboard`);
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await page.getByRole('link', { name: 'Gratis account aanmaken' }).click();
    await login.register({ organisation: 'Theewinkel Het Blaadje', name: 'Sanne Bakker', email, password });

    const frame = new AppFrame(page);
    await frame.waitForPath('/onboard/first-login');
    await page.getByLabel(/Telefoon/).fill('0301234567');
    await page.getByRole('button', { name: /Opslaan/ }).click();
    await frame.waitForPath('/dashboard');
    await frame.waitUntilShown();

    await frame.logOut();
    await login.logIn(email, password);
    await frame.waitForPath('/dashboard');
    expect(frame.pathname()).toBe('/dashboard');
  });
});
