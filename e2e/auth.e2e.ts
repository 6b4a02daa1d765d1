import { describe, expect, it } from 'vitest';
import { baseUrl, browserForEachTest } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { demoUser as demo, LoginPage } from './pages/login-page';


const session = browserForEachTest();

describe('logging in as the demo user', () => {
  it('lands on /dashboard from / and shows the Dutch frame', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/`);
    await new LoginPage(page).logIn(demo.email, demo.password);
    const frame = new AppFrame(page);
    await frame.waitForPath('/dashboard');
    await frame.waitUntilShown();
    expect(await frame.topBar().getByRole('link', { name: 'Analytics' }).count()).toBeLessThanOrEqual(1);
    await expect(page.getByRole('button', { name: 'Feedback' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: '../.tmp/e2e-dashboard.png' }).catch(() => undefined);
  });

  it('returns to the wanted route after login, and sends unknown dashboard paths to /dashboard', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/settings/address-book`);
    await new LoginPage(page).logIn(demo.email, demo.password);
    const frame = new AppFrame(page);
    await frame.waitForPath('/settings/address-book');
    await page.getByRole('heading', { level: 1, name: 'Adresboek' }).waitFor();
    await page.goto(`${baseUrl}/dashboard/nope`);
    await frame.waitForPath('/dashboard');
    await frame.waitUntilShown();
    await page.goto(`${baseUrl}/`);
    await frame.waitForPath('/dashboard');
    await page.goto(`${baseUrl}/down`);
    await frame.waitForPath('/dashboard');
  });

  it('shows the Dutch error for a wrong password', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/dashboard`);
    const login = new LoginPage(page);
    await login.logIn(demo.email, 'verkeerd');
    expect(await login.errorText()).toContain('Onjuist e-mailadres of wachtwoord.');
  });

  it('logs out back to the login page, and in again', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/dashboard`);
    const login = new LoginPage(page);
    await login.logIn(demo.email, demo.password);
    const frame = new AppFrame(page);
    await frame.waitUntilShown();
    await frame.logOut();
    await login.waitUntilShown();
    const stored = await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('oidc.user')));
    expect(stored).toEqual([]);
    await login.logIn(demo.email, demo.password);
    await frame.waitForPath('/dashboard');
    await frame.waitUntilShown();
  });

  it('shows the not-found page for unknown routes', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/bestaat-niet`);
    await new LoginPage(page).logIn(demo.email, demo.password);
    await page.getByTestId('not-found-heading').waitFor();
    expect(new URL(page.url()).pathname).toBe('/bestaat-niet');
  });
});
