import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWooCommerce, type FakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { axeViolations } from './support/axe';
import { pageApi } from './support/page-api';
import { baseUrl, browserForEachTest, screenshotPath, viewports } from './support/browser';
import { DashboardPage } from './pages/dashboard-page';
import { LabelsPrintControls } from './pages/labels-print-controls';
import { registerNewOrganisation } from './pages/onboarding';
import { ShopSettingsPage } from './pages/shop-settings-page';

/**
 * A WooCommerce shop on this machine (the fake of packages/test-fakes, plain http: the app
 * signs its requests with OAuth 1.0a) is linked through the page; its processing orders
 * arrive in Bestellingen and get a label. Port E2E_WOOCOMMERCE_PORT (default a free one).
 */
let woo: FakeWooCommerce;
beforeAll(async () => {
  woo = await startFakeWooCommerce({ port: Number(process.env.E2E_WOOCOMMERCE_PORT ?? 0) });
});
afterAll(async () => {
  await woo?.close();
});

const session = browserForEachTest();

describe('a WooCommerce shop', () => {
  it('is linked through the page, its orders appear in Bestellingen and get a label', async () => {
    const { page } = session;
    const stamp = randomBytes(3).toString('hex').toUpperCase();
    woo.addOrder({ number: `WC-${stamp}-1`, name: ['Fleur', `Jansen ${stamp}`], address_1: 'Oudegracht 231 bis', postcode: '3511 NK', city: 'Utrecht', shippingMethod: 'PostNL Pakketpost' });
    woo.addOrder({ number: `WC-${stamp}-2`, name: ['Daan', `Visser ${stamp}`], address_1: 'Kerkstraat 12-A', postcode: '1017 GB', city: 'Amsterdam', shippingMethod: 'Brievenbuspost' });
    woo.addOrder({ number: `WC-${stamp}-3`, status: 'completed' });

    // A new organisation: no shop yet, so the dashboard asks to link one.
    await registerNewOrganisation(page, `${baseUrl}/dashboard/orders`, { organisation: `Winkel ${stamp}`, name: 'Fleur de Wit', email: `woo-${stamp.toLowerCase()}@voorbeeld.nl` });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    // A shipping rule of the shop owner: what the shop sends as "Brievenbuspost" goes by letterbox.
    const couriers = await pageApi<{ data: { id: string; service_class: string }[] }>(page, 'GET', '/courier/?page_size=250');
    const testCourier = couriers.data.find((c) => c.service_class === 'test')?.id;
    await pageApi(page, 'POST', '/shipment-logic/', {
      name: 'Brievenbuspost van de webwinkel',
      conditions: [{ field: 'shop_shipping_method', operator: 'contains', value: 'brievenbus' }],
      actions: { courier_id: testCourier, shipment_type: 'letterbox', courier_fields: { signature: false } },
    });
    await page.getByTestId('orders-no-shops').getByRole('link').click();

    const shops = new ShopSettingsPage(page);
    await shops.waitUntilShown();
    const refused = await shops.linkRefused({ url: woo.url, key: woo.consumerKey, secret: 'cs_fout' });
    expect(refused).toBe('WooCommerce weigert de sleutels. Controleer ze of maak nieuwe sleutels aan in je webwinkel.');
    await shops.linkWooCommerce({ url: woo.url, key: woo.consumerKey, secret: woo.consumerSecret });
    const label = 'WooCommerce localhost';
    await shops.row(label).waitFor();
    expect(await shops.status(label)).toBe('Actief');
    await shops.pullNow(label, '2 bestellingen opgehaald');

    // The screen as it opens, at both widths: WCAG 2.1 AA (axe-core).
    await shops.open(baseUrl);
    await shops.row(label).waitFor();
    await page.screenshot({ path: screenshotPath('e2e-woocommerce-shops-1280.png'), fullPage: true });
    const wide = await axeViolations(page);
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: screenshotPath('e2e-woocommerce-shops-390.png'), fullPage: true });
    const narrow = await axeViolations(page);
    expect(wide).toEqual([]);
    expect(narrow).toEqual([]);
    await page.setViewportSize(viewports.desktop);

    // The orders are in Bestellingen with their shop, split street and shipping method.
    await dashboard.open(baseUrl);
    await dashboard.search(stamp);
    await dashboard.waitForRows(stamp, 2);
    const first = dashboard.row(`WC-${stamp}-1`);
    expect(await first.textContent()).toContain(label);
    expect(await dashboard.statusOf(first)).toBe('Klaar');
    // The rule gave the second its letterbox; the first has the courier's default type.
    const second = dashboard.row(`WC-${stamp}-2`);
    expect(await dashboard.statusOf(second)).toBe('Klaar');
    expect(await second.textContent()).toContain('Brievenbuspakje');
    expect(await first.textContent()).not.toContain('Brievenbuspakje');
    await page.screenshot({ path: screenshotPath('e2e-woocommerce-orders.png') });

    // Labels for both.
    await page.getByTestId('select-all').check();
    const download = page.waitForEvent('download');
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    await download;
    await dashboard.waitForNotice('2 labels aangemaakt');
    await dashboard.waitForEmpty();
    // The shop hears of both (the write-back job): completed, with a note that holds the tracking number.
    const shopOrders = woo.orders.filter((o) => o.number.startsWith(`WC-${stamp}-`) && o.number !== `WC-${stamp}-3`);
    await expect.poll(() => shopOrders.map((o) => o.status), { timeout: 30_000, interval: 250 }).toEqual(['completed', 'completed']);
    for (const order of shopOrders) expect(woo.notes.get(order.id)?.map((n) => n.note).join(' ')).toMatch(/3STEST\w+/);
  });
});
