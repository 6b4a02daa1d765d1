import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { pageApi } from './support/page-api';
import { AppFrame } from './pages/app-frame';
import { DashboardPage } from './pages/dashboard-page';
import { logInAsDemo } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';

/**
 * What the order form says after saving an order with problems, and when the postcode
 * helper fills nothing (issue 11, points 4 and 5). The app's address lookup answers from
 * the fake PDOK that .ci/run starts (e2e/README.md): 1012 LG 1 is Damrak, 1012 LG 999 is
 * nothing, and for 9999 ZZ the fake answers 503 as a service that is down.
 */
const screenshot = screenshotPath;
const savedWithProblems = 'Opgeslagen met problemen: los ze op om een label te kunnen maken.';

let session: BrowserSession | undefined;
afterEach(async () => {
  await session?.close();
});

/** The lookup the app asked for this postcode (without spaces) and number, answered. */
function lookupDone(page: Page, zipcode: string, housenumber: string): Promise<unknown> {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/address/lookup' && url.searchParams.get('zipcode') === zipcode && url.searchParams.get('housenumber') === housenumber;
  });
}

const notices = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Closes the notices on screen, so that the next one is the next save's. */
async function dismissNotices(page: Page): Promise<void> {
  const shown = page.locator('.mantine-Notification-root');
  for (let count = await shown.count(); count > 0; count = await shown.count()) {
    // (One may close by itself meanwhile.)
    await shown.first().locator('.mantine-Notification-closeButton').click({ timeout: 2_000 }).catch(() => undefined);
    await page.waitForFunction((before) => document.querySelectorAll('.mantine-Notification-root').length < before, count);
  }
}

describe.each(screenSizes)('the order form on a %s', (name, viewport) => {
  it('says an order was saved with problems, and stays on it with the problems shown', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/dashboard/orders/create`);
    const form = new OrderFormPage(page);
    const dashboard = new DashboardPage(page);
    await form.waitUntilShown('Nieuwe zending');
    const orderNumber = `PROBLEEM-${Date.now().toString(36).toUpperCase()}-${name === 'phone' ? 'P' : 'D'}`;

    // A new order without a name: stored as incomplete, and said so.
    await form.fill('Ordernummer', orderNumber);
    await form.fillRecipient({ zipcode: '3511 AB', housenumber: '12' });
    await form.fill('Adres', 'Oudegracht');
    await form.fill('Plaats', 'Utrecht');
    await form.addLine({ name: 'Mok', quantity: 1, weight: 300 });
    await form.save();
    await dashboard.waitForNotice(savedWithProblems);
    expect(await notices(page, 'Zending aangemaakt').count()).toBe(0);
    // Still the form, now of the stored order, with the problem at its field.
    await form.waitUntilShown('Bestelling aanpassen');
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/orders\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(await form.messageOf('Naam')).toBe('Naam is verplicht.');
    expect(await form.status()).not.toBe('Klaar om te verzenden');
    expect(await form.value('Ordernummer')).toBe(orderNumber);
    await page.screenshot({ path: screenshot(`e2e-order-saved-with-problems-${name}.png`), fullPage: true }).catch(() => undefined);

    // Edited and saved with the problem still there: said again, and the form stays.
    await form.fill('E-mailadres', 'klant@voorbeeld.nl');
    await dismissNotices(page);
    await form.save();
    await dashboard.waitForNotice(savedWithProblems);
    expect(await notices(page, 'Bestelling aangepast').count()).toBe(0);
    await form.waitUntilShown('Bestelling aanpassen');
    expect(new URL(page.url()).pathname).toBe(`/dashboard/orders/${orderId}`);
    expect(await form.messageOf('Naam')).toBe('Naam is verplicht.');

    // The problem solved: saved as ever, back to the list.
    await form.fill('Naam', 'Lotte Visser');
    expect(await form.status()).toBe('Klaar om te verzenden');
    await form.save();
    await dashboard.waitForNotice('Bestelling aangepast');
    await new AppFrame(page).waitForPath('/dashboard/orders');

    // Cleaning up.
    await pageApi(page, 'POST', '/order/updatebulkorders', { order_ids: [orderId], action: 'delete' });
  });

  it('says when the postcode helper finds no address or cannot reach the lookup, and leaves the address to type', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/dashboard/orders/create`);
    const form = new OrderFormPage(page);
    await form.waitUntilShown('Nieuwe zending');

    // Nothing found.
    let answered = lookupDone(page, '1012LG', '999');
    await form.fillRecipient({ zipcode: '1012 LG', housenumber: '999' });
    await answered;
    await form.waitForLookupNotice('Geen adres gevonden bij deze postcode en dit huisnummer. Vul straat en plaats zelf in.');
    expect(await form.value('Adres')).toBe('');
    await page.screenshot({ path: screenshot(`e2e-address-lookup-not-found-${name}.png`), fullPage: true }).catch(() => undefined);

    // The lookup service is down.
    answered = lookupDone(page, '9999ZZ', '1');
    await form.fillRecipient({ zipcode: '9999 ZZ', housenumber: '1' });
    await answered;
    await form.waitForLookupNotice('De adreszoeker is nu niet bereikbaar. Vul straat en plaats zelf in.');
    // No error dialog: the form carries on, and street and city are the user's to type.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await form.isEditable('Adres')).toBe(true);
    expect(await form.isEditable('Plaats')).toBe(true);
    await form.fill('Adres', 'Dorpsstraat');
    await form.fill('Plaats', 'Usquert');
    expect(await form.value('Adres')).toBe('Dorpsstraat');
    expect(await form.lookupNotice()).toBe('De adreszoeker is nu niet bereikbaar. Vul straat en plaats zelf in.');
    await page.screenshot({ path: screenshot(`e2e-address-lookup-unavailable-${name}.png`), fullPage: true }).catch(() => undefined);

    // Found: the notice goes, street and city are filled.
    await form.fill('Adres', '');
    await form.fill('Plaats', '');
    answered = lookupDone(page, '1012LG', '1');
    await form.fillRecipient({ zipcode: '1012 LG', housenumber: '1' });
    await answered;
    await form.waitForValue('Adres', 'Damrak');
    expect(await form.value('Plaats')).toBe('Amsterdam');
    expect(await form.lookupNotice()).toBeNull();
  });
});
