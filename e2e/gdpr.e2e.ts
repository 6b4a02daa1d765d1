import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreenAtBothWidths } from './support/axe';
import { baseUrl, browserForEachTest, openBrowser } from './support/browser';
import { pageApi } from './support/page-api';
import { GdprPage } from './pages/gdpr-page';
import { logInAsDemo } from './pages/login-page';
import { registerNewOrganisation } from './pages/onboarding';

const session = browserForEachTest();

/** Axe and no sideways scrolling at both widths (support/axe.ts). */
const checkScreen = (page: Page, name: string) => checkScreenAtBothWidths(page, `gdpr-${name}`);

/** An order of the organisation logged in on `page`, with the Testvervoerder. */
async function createOrder(page: Page, name: string, orderNumber: string): Promise<string> {
  const couriers = await pageApi<{ data: { id: string; service_class: string; proxied_id: string | null }[] }>(page, 'GET', '/courier/?page_size=250');
  const courier = couriers.data.find((c) => c.service_class === 'test' && c.proxied_id === null);
  if (!courier) throw new Error('no Testvervoerder');
  const order = await pageApi<{ data: { id: string } }>(page, 'POST', '/order/create', {
    order_number: orderNumber,
    name,
    address_1: 'Damrak',
    housenumber: '1',
    zipcode: '1012 LG',
    city: 'Amsterdam',
    country: 'NL',
    courier_id: courier.id,
    shipment_type: 'parcel',
    shipment: { packages: [{ weight: 800 }], courier_fields: {} },
  });
  return order.data.id;
}

describe('GDPR export', () => {
  it('the export the user downloads from /settings/gdpr contains the organisation’s orders and nothing of another', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();

    // Another organisation with an order of its own, in a browser of its own.
    const other = await openBrowser();
    let theirOrderId: string;
    try {
      await registerNewOrganisation(other.page, `${baseUrl}/dashboard`, { organisation: `AVG Ander ${stamp}`, name: 'Bea Ander', email: `avg-${stamp.toLowerCase()}@voorbeeld.nl` });
      theirOrderId = await createOrder(other.page, `Vreemde Ontvanger ${stamp}`, `AVG-ANDER-${stamp}`);
    } finally {
      await other.close();
    }

    await logInAsDemo(page, `${baseUrl}/settings/gdpr`);
    const myOrderId = await createOrder(page, `Eigen Ontvanger ${stamp}`, `AVG-EIGEN-${stamp}`);
    const gdpr = new GdprPage(page);
    await gdpr.waitUntilShown();
    await checkScreen(page, 'overview');

    const download = await gdpr.exportAndDownload();
    expect(download.suggestedFilename()).toMatch(/^verzendhuis-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    const orders = JSON.parse(text('orders.json')) as { id: string; name: string | null; order_number: string | null }[];
    expect(orders.find((o) => o.id === myOrderId)).toMatchObject({ name: `Eigen Ontvanger ${stamp}`, order_number: `AVG-EIGEN-${stamp}` });
    expect(text('orders.csv')).toContain(`AVG-EIGEN-${stamp}`);
    const everything = Object.keys(files).map(text).join('\n');
    expect(everything).not.toContain(theirOrderId);
    expect(everything).not.toContain(`Vreemde Ontvanger ${stamp}`);
    expect(everything).not.toContain(`AVG Ander ${stamp}`);
    await checkScreen(page, 'done');
  });
});
