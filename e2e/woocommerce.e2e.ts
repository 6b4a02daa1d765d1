import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWooCommerce, type FakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { axeViolations } from './support/axe';
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
    woo.addOrder({ number: `WC-${stamp}-2`, name: ['Daan', `Visser ${stamp}`], address_1: 'Kerkstraat 12-A', postcode: '1017 GB', city: 'Amsterdam', shippingMethod: 'Verzending' });
    woo.addOrder({ number: `WC-${stamp}-3`, status: 'completed' });

    // A new organisation: no shop yet, so the dashboard asks to link one.
    await registerNewOrganisation(page, `${baseUrl}/dashboard/orders`, { organisation: `Winkel ${stamp}`, name: 'Fleur de Wit', email: `woo-${stamp.toLowerCase()}@voorbeeld.nl` });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
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
    // The top bar's inactive Analytics entry is the frame's (it fails at 1280 px on main too).
    const ours = (violations: typeof wide) => violations.flatMap((v) => v.targets.filter((t) => !t.includes('nav-analytics')).map((t) => `${v.id}: ${t}`));
    expect(ours(wide)).toEqual([]);
    expect(ours(narrow)).toEqual([]);
    await page.setViewportSize(viewports.desktop);

    // The orders are in Bestellingen with their shop, split street and shipping method.
    await dashboard.open(baseUrl);
    await dashboard.search(stamp);
    await dashboard.waitForRows(stamp, 2);
    const first = dashboard.row(`WC-${stamp}-1`);
    expect(await first.textContent()).toContain(label);
    expect(await dashboard.statusOf(first)).toBe('Klaar');
    await page.screenshot({ path: screenshotPath('e2e-woocommerce-orders.png') });

    // Labels for both.
    await page.getByTestId('select-all').check();
    const download = page.waitForEvent('download');
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    await download;
    await dashboard.waitForNotice('2 labels aangemaakt');
    await dashboard.waitForEmpty();
    // The write-back to the shop (completed + a note with the tracking link) comes with
    // engineer D's work; the lead adds its assertion here when it is merged.
  });
});
