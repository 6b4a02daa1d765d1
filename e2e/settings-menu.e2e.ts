import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, screenSizes, type BrowserSession } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { logInAsDemo } from './pages/login-page';


/** Every settings page the gear menu offers, with the path it opens (docs/web-frame.md). */
const settingsPages = [
  ['Vervoerders', '/settings/services/courier'],
  ['Webwinkels', '/settings/services/shop'],
  ['Verzendregels', '/settings/shipmentlogic'],
  ['Printer', '/settings/printer'],
  ['Retouren', '/settings/return'],
  ['Track & trace', '/settings/tracking'],
  ['Accountgegevens', '/settings/account'],
  ['Huisstijl', '/settings/branding'],
  ['Adresboek', '/settings/address-book'],
  ['API-gebruikers', '/settings/api-keys'],
  ['Abonnement', '/settings/plans'],
  ['Facturatie', '/settings/billing'],
  ['Onderzoeken', '/settings/tickets'],
] as const;

let session: BrowserSession | undefined;
afterEach(async () => {
  await session?.close();
});

describe.each(screenSizes)('the header on a %s', (_name, viewport) => {
  it('keeps the gear on screen and reaches every settings page and logging out from it', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const frame = new AppFrame(page);
    // Nothing of the page sticks out sideways; the gear lies wholly within the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const gear = await frame.settingsButton().boundingBox();
    expect(gear).not.toBeNull();
    expect((gear?.x ?? 0) + (gear?.width ?? 0)).toBeLessThanOrEqual(viewport.width);

    for (const [label, path] of settingsPages) {
      await frame.openSettingsPage(label);
      await frame.waitForPath(path);
    }
    await frame.settingsButton().click();
    const logout = page.getByRole('menuitem', { name: 'Uitloggen' });
    await logout.waitFor();
    const box = await logout.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    await logout.click();
    await page.getByLabel('E-mailadres').waitFor();
  });

  it('reaches the main navigation', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/settings/printer`);
    const frame = new AppFrame(page);
    await frame.openMainNavigation('Bestellingen');
    await frame.waitForPath('/dashboard');
    await frame.openMainNavigation('Analytics');
    await frame.waitForPath('/addon-not-active/ANALYTICS');
  });
});
