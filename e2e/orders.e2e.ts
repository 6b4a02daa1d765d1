import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, browserForEachTest, screenshotPath } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { DashboardPage } from './pages/dashboard-page';
import { logInAsDemo } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';

const screenshot = screenshotPath;

const session = browserForEachTest();

/** The app's address lookup answers from the fake PDOK that .ci/run starts (e2e/README.md). */
async function lookupDone(page: Page, zipcode: string): Promise<void> {
  await page.waitForResponse((r) => r.url().includes('/api/address/lookup') && new URL(r.url()).searchParams.get('zipcode') === zipcode);
}

describe('orders', () => {
  it('creates an order by hand, finds, edits, duplicates and deletes it', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    const orderNumber = `E2E-${stamp}`;
    const name = `Jan Jansen ${stamp}`;
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();

    // A new order; the postcode helper fills street and city.
    await dashboard.newShipment();
    const form = new OrderFormPage(page);
    await form.waitUntilShown('Nieuwe zending');
    expect(await form.courier()).toBe('Testvervoerder');
    expect(await form.shipmentType()).toBe('Pakket');
    // A postcode with two addresses fills nothing; one with one address fills street and city.
    const ambiguous = lookupDone(page, '2511AA');
    await form.fillRecipient({ name, zipcode: '2511 AA', housenumber: '7' });
    await ambiguous;
    expect(await form.value('Adres')).toBe('');
    const found = lookupDone(page, '1012LG');
    await form.fillRecipient({ zipcode: '1012 LG', housenumber: '1', email: 'jan@voorbeeld.nl' });
    await found;
    await form.waitForValue('Adres', 'Damrak');
    expect(await form.value('Plaats')).toBe('Amsterdam');
    await form.fill('Ordernummer', orderNumber);
    await form.addLine({ name: 'Mok', quantity: 2, weight: 300, price: '12,50' });
    expect(await form.packageWeight()).toBe('600 g');
    expect(await form.status()).toBe('Klaar om te verzenden');
    await form.save();
    await dashboard.waitForNotice('Zending aangemaakt');
    // Saved without problems: a fresh form that keeps courier and shipment type.
    await form.waitForValue('Naam', '');
    expect(await form.courier()).toBe('Testvervoerder');
    await page.screenshot({ path: screenshot('e2e-order-created.png'), fullPage: true }).catch(() => undefined);

    // Find it in the Bestellingen tab.
    await dashboard.open(baseUrl);
    await dashboard.search(orderNumber);
    await dashboard.waitForRows(orderNumber, 1);
    const row = dashboard.row(orderNumber);
    expect(await row.textContent()).toContain(name);
    expect(await row.textContent()).toContain('Nederland');
    expect(await row.textContent()).toContain('Handmatig');
    expect(await dashboard.statusOf(row)).toContain('Klaar');

    // Edit it.
    await dashboard.edit(row);
    await form.waitUntilShown('Bestelling aanpassen');
    expect(await form.value('Adres')).toBe('Damrak');
    await form.fill('Naam', `${name} (aangepast)`);
    await form.save();
    await dashboard.waitForNotice('Bestelling aangepast');
    await new AppFrame(page).waitForPath('/dashboard/orders');

    // Duplicate it without the order number, then with it.
    await dashboard.search(stamp);
    await dashboard.waitForRows('(aangepast)', 1);
    await dashboard.duplicate(dashboard.row(orderNumber));
    await form.chooseDuplicate({ orderNumber: false });
    await form.waitUntilShown('Bestelling dupliceren');
    expect(await form.value('Ordernummer')).toBe('');
    expect(await form.value('Naam')).toBe(`${name} (aangepast)`);
    await form.save();
    await dashboard.waitForNotice('Bestelling gedupliceerd');
    await new AppFrame(page).waitForPath('/dashboard/orders');

    await dashboard.search(stamp);
    await dashboard.waitForRows('(aangepast)', 2);
    await dashboard.duplicate(dashboard.row(orderNumber));
    await form.chooseDuplicate({ orderNumber: true });
    await form.waitUntilShown('Bestelling dupliceren');
    expect(await form.value('Ordernummer')).toBe(orderNumber);
    await form.save();
    await dashboard.waitForNotice('Bestelling gedupliceerd');
    await dashboard.search(stamp);
    await dashboard.waitForRows(orderNumber, 2);
    await dashboard.waitForRows('(aangepast)', 3);

    // Delete one, then the other two together.
    await dashboard.delete(dashboard.row(orderNumber).first());
    await dashboard.waitForNotice('Order verwijderd!');
    await dashboard.waitForRows('(aangepast)', 2);
    await page.getByTestId('select-all').check();
    expect(await dashboard.selectionCount()).toBe('2 geselecteerd');
    await dashboard.bulk('Verwijderen');
    await dashboard.confirm();
    await dashboard.waitForNotice('Orders verwijderd!');
    await dashboard.waitForEmpty();
  });

  it('shows the problems of an invalid order per field, in Dutch', async () => {
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/dashboard/orders/create`);
    const form = new OrderFormPage(page);
    await form.waitUntilShown('Nieuwe zending');

    // A line without a quantity cannot be stored: the fields say why.
    await form.addLine({ name: 'Mok', quantity: 1, weight: 100 });
    await form.clearLineQuantity(1);
    await form.save();
    const dashboard = new DashboardPage(page);
    await dashboard.waitForNotice('Ongeldige invoer, controleer de velden');
    expect(await form.messageOf('Aantal regel 1')).toBe('Vul een getal in.');

    // An order with problems is stored, and opens with its problems per field.
    await form.field('Aantal regel 1').fill('1');
    await form.fill('Postcode', 'ABC');
    await form.fill('Huisnummer', '1');
    expect(await form.messageOf('Postcode')).toContain('Deze postcode klopt niet voor het gekozen land');
    await form.save();
    await dashboard.waitForNotice('Opgeslagen met problemen: los ze op om een label te kunnen maken.');
    await form.waitUntilShown('Bestelling aanpassen');
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/orders\/[0-9a-f-]{36}$/);
    expect(await form.messageOf('Naam')).toBe('Naam is verplicht.');
    expect(await form.messageOf('Postcode')).toContain('Deze postcode klopt niet voor het gekozen land');
    expect(await form.status()).toBe('Fout');
    await page.screenshot({ path: screenshot('e2e-order-problems.png'), fullPage: true }).catch(() => undefined);

    // Cleaning up: the order goes.
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await dashboard.open(baseUrl, 'problematic');
    const row = page.locator(`[data-row-id="${orderId}"]`);
    await row.waitFor();
    await dashboard.delete(row);
    await dashboard.waitForNotice('Order verwijderd!');
    await row.waitFor({ state: 'detached' });
  });
});
