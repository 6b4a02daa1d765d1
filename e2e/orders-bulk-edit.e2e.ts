import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { pageApi } from './support/page-api';
import { BulkEditDialog } from './pages/bulk-edit-dialog';
import { DashboardPage } from './pages/dashboard-page';
import { logInAsDemo } from './pages/login-page';

const screenshot = screenshotPath;

interface StoredOrder {
  order_number: string;
  status: string;
  courier_id: string | null;
  shipment_type: string | null;
  shipment: { packages: { weight: number }[]; courier_fields: Record<string, unknown> };
}

let session: BrowserSession | undefined;
afterEach(async () => {
  await session?.close();
});

/**
 * Four orders of the demo organisation to edit, made through the API: two ready, one
 * without a town (incomplete) with the Testvervoerder, and one whose courier was taken away.
 */
async function seedOrders(page: Page, stamp: string): Promise<{ ids: string[]; courierId: string }> {
  const couriers = await pageApi<{ data: { id: string; service_class: string; is_active: boolean }[] }>(page, 'GET', '/courier/?page_size=250');
  const courierId = couriers.data.find((c) => c.service_class === 'test' && c.is_active)?.id ?? '';
  const order = (n: number, overrides: Record<string, unknown> = {}) => ({
    order_number: `${stamp}-${n}`,
    name: `Bulk Klant ${n}`,
    address_1: 'Oudegracht',
    housenumber: '12',
    zipcode: '3511 AB',
    city: 'Utrecht',
    country: 'NL',
    email: 'bulk@voorbeeld.nl',
    courier_id: courierId,
    shipment_type: 'parcel',
    shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: false, insurance: '0' } },
    order_items: [{ name: 'Boek', quantity: 1, unit_price_inc_btw: 20, weight: 500 }],
    ...overrides,
  });
  const answer = await pageApi<{ status: string; data: { id: string }[] }>(page, 'POST', '/order/bulk', {
    orders: [order(1), order(2), order(3, { city: null }), order(4, { courier_id: null, shipment_type: null, shipment: { packages: [{ weight: 800 }], courier_fields: {} } })],
  });
  expect(answer.status).toBe('success');
  // An arriving order gets the first active courier; the user's edit takes it away again.
  const ids = answer.data.map((d) => d.id);
  await pageApi(page, 'POST', `/order/${ids[3] ?? ''}`, order(4, { courier_id: null, shipment_type: null, shipment: { packages: [{ weight: 800 }], courier_fields: {} } }));
  return { ids, courierId };
}

describe.each(screenSizes)('bulk edit of orders on a %s', (name, viewport) => {
  it('sets courier, options, package count and weight on the selected orders and counts the result', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const stamp = `BULK${Date.now().toString(36).toUpperCase()}${name === 'phone' ? 'P' : 'D'}`;
    const { ids, courierId } = await seedOrders(page, stamp);

    const dashboard = new DashboardPage(page);
    await dashboard.open(baseUrl);
    await dashboard.search(stamp);
    await dashboard.waitForRows(stamp, 4);
    await page.getByTestId('select-all').check();
    await dashboard.bulk('Bijwerken');

    const dialog = new BulkEditDialog(page);
    await dialog.waitUntilShown();
    expect(await dialog.count()).toBe('4 geselecteerd');
    // The focus starts in the dialog, on Vervoerder; nothing sticks out sideways; on a phone it fills the screen.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bulk-edit-courier');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const box = await dialog.box();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(true);
    if (name === 'phone') expect(Math.round(box?.width ?? 0)).toBe(viewport.width);
    // The orders do not share a courier: no shipment type or options until one is chosen.
    expect(await dialog.isDisabled('Verzendmethode')).toBe(true);
    await page.screenshot({ path: screenshot(`e2e-bulk-edit-${name}-open.png`) });

    // More packages than the Testvervoerder takes: the server refuses, at the field, and nothing changes.
    await dialog.fill('Aantal pakketten', '6');
    await dialog.submitWithEnter('Aantal pakketten');
    expect(await dialog.errorOf('Aantal pakketten')).toBe('De vervoerder van deze bestellingen neemt maximaal 5 pakketten per zending mee.');
    await page.screenshot({ path: screenshot(`e2e-bulk-edit-${name}-refused.png`) });
    const untouched = await pageApi<{ data: StoredOrder }>(page, 'GET', `/order/${ids[0]}`);
    expect(untouched.data.shipment.packages).toEqual([{ weight: 1200 }]);

    // Courier for all, its option Handtekening, two packages of 2.5 kg.
    await dialog.choose('Vervoerder', 'Testvervoerder');
    expect(await dialog.isDisabled('Verzendmethode')).toBe(false);
    expect(await dialog.descriptionOf('Handtekening bij aflevering')).toBe('Niet wijzigen');
    await dialog.check('Handtekening bij aflevering');
    expect(await dialog.descriptionOf('Handtekening bij aflevering')).toBe('Wordt gewijzigd');
    await dialog.fill('Aantal pakketten', '2');
    // A changed field drops its refusal.
    expect(await dialog.field('Aantal pakketten').getAttribute('aria-invalid')).not.toBe('true');
    await dialog.fill('Gewicht per pakket (gram)', '2500');
    await page.screenshot({ path: screenshot(`e2e-bulk-edit-${name}-filled.png`) });
    await dialog.submit();
    await dashboard.waitForNotice('4 bestellingen bijgewerkt: 3 klaar om te verzenden, 1 met problemen');
    await dialog.waitUntilClosed();
    await page.screenshot({ path: screenshot(`e2e-bulk-edit-${name}-done.png`) });

    const stored = await Promise.all(ids.map(async (id) => (await pageApi<{ data: StoredOrder }>(page, 'GET', `/order/${id}`)).data));
    for (const order of stored) {
      expect(order).toMatchObject({ courier_id: courierId, shipment_type: 'parcel', shipment: { packages: [{ weight: 2500 }, { weight: 2500 }], courier_fields: { signature: true } } });
    }
    expect(stored.map((o) => o.status)).toEqual(['ready', 'ready', 'incomplete', 'ready']);
    // The table shows it without "Data laden": the order without a courier is ready now.
    await page.waitForFunction(
      (number) => {
        const row = Array.from(document.querySelectorAll('[data-testid="orders-table"] tbody tr')).find((tr) => tr.textContent?.includes(number));
        return row?.querySelector('[data-testid="order-status"]')?.textContent?.includes('Klaar') ?? false;
      },
      `${stamp}-4`,
      { timeout: 15_000 },
    );

    // Alleen opnieuw controleren sends no values and counts again; Escape closes without a change.
    await page.getByTestId('select-all').check();
    await dashboard.bulk('Bijwerken');
    await dialog.waitUntilShown();
    await page.keyboard.press('Escape');
    await dialog.waitUntilClosed();
    await dashboard.bulk('Bijwerken');
    await dialog.waitUntilShown();
    await dialog.revalidateOnly();
    await dashboard.waitForNotice('4 bestellingen bijgewerkt: 3 klaar om te verzenden, 1 met problemen');
    await dialog.waitUntilClosed();
    const after = await pageApi<{ data: StoredOrder }>(page, 'GET', `/order/${ids[0]}`);
    expect(after.data.shipment.packages).toEqual([{ weight: 2500 }, { weight: 2500 }]);
  });
});
