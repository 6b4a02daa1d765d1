import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeShopify, type FakeShopify } from '@verzendhuis/test-fakes/fake-shopify';
import { openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { axeViolations } from './support/axe';
import { pageApi } from './support/page-api';
import { logInAsDemo } from './pages/login-page';

/**
 * The write-back of a label to its shop (issue 12 §3, orders spec §2.7): an order pulled
 * from a fake Shopify on this machine gets a label; the fake refuses every attempt of the
 * write-back, so the label page shows the order_update_failed warning with "Opnieuw
 * proberen"; the retry then succeeds and the warning goes. The app is started for this
 * test (E2E_SHOP_WRITE_BACK_PORT, default 8341) with the write-back's attempts following
 * each other at once (SHOP_WRITE_BACK_RETRY_DELAY=0), so that the demo organisation of the
 * other tests links no shop.
 */
const attempts = 4; // writeBackAttempts of apps/server/src/shops/write-back.ts
const token = 'shpat_e2e_schrijf_terug';

let shopify: FakeShopify;
let app: AppProcess;
let session: BrowserSession | undefined;
let shopId: string;
let shopLabel: string;

beforeAll(async () => {
  shopify = await startFakeShopify({ accessToken: token, shopName: 'Fietsenwinkel De Ketting' });
  app = await startAppProcess({ port: Number(process.env.E2E_SHOP_WRITE_BACK_PORT ?? 8341), env: { SHOP_WRITE_BACK_RETRY_DELAY: '0', TEST_CARRIER_TIME_SCALE: '1' } });
  const seeding = await openBrowser();
  try {
    await logInAsDemo(seeding.page, `${app.url}/dashboard`);
    const linked = await pageApi<{ data: { id: string; label: string } }>(seeding.page, 'POST', '/shop/create', {
      shop_class: 'shopify',
      fields: { shop_domain: shopify.domain, access_token: token },
    });
    shopId = linked.data.id;
    shopLabel = linked.data.label;
  } finally {
    await seeding.close();
  }
});
afterAll(async () => {
  await app?.stop();
  await shopify?.close();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** An order placed in the shop, pulled, and labelled through the API while the shop refuses every write-back attempt. */
async function labelForRefusedWriteBack(page: Page): Promise<{ labelId: string; shopifyId: string }> {
  const placed = shopify.addOrder({
    email: 'lotte@voorbeeld.nl',
    shippingAddress: { firstName: 'Lotte', lastName: 'Visser', address1: 'Oudegracht 12', city: 'Utrecht', zip: '3511 AB', countryCodeV2: 'NL' },
    shippingLine: 'PostNL Pakketpost',
    lineItems: [{ name: 'Fietsbel', sku: 'BEL-1', quantity: 1, price: '12.50', weight: { unit: 'GRAMS', value: 300 } }],
  });
  const pulled = await pageApi<{ data: { status: string } }>(page, 'POST', `/update/${shopId}`);
  expect(pulled.data.status).toBe('success');
  const orders = await pageApi<{ data: { id: string; order_number: string | null; service_id: string | null; status: string }[] }>(page, 'GET', '/order/?tab=orders&page_size=250');
  const order = orders.data.find((o) => o.service_id === shopId && o.order_number === placed.name);
  expect(order?.status).toBe('ready');

  shopify.fail('fulfil', attempts);
  const labels = await pageApi<{ status: string; data: { id: string }[] }>(page, 'POST', '/order/label/create', { order_ids: [order?.id] });
  expect(labels.status).toBe('success');
  const labelId = labels.data[0]?.id ?? '';
  // The queue's attempts run out: the label gets its warning.
  await expect
    .poll(async () => (await pageApi<{ data: { status_info: { type: string }[] } }>(page, 'GET', `/label/${labelId}`)).data.status_info.map((i) => i.type), { timeout: 60_000, interval: 500 })
    .toContain('order_update_failed');
  return { labelId, shopifyId: placed.id };
}

describe.each(screenSizes)('the write-back of a label to its shop on a %s', (name, viewport) => {
  it('shows the failed update with "Opnieuw proberen"; the retry tells the shop and the warning goes', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${app.url}/dashboard`);
    const { labelId, shopifyId } = await labelForRefusedWriteBack(page);
    expect(shopify.fulfilments.filter((f) => f.orderId === shopifyId)).toEqual([]);

    await page.goto(`${app.url}/dashboard/labels/${labelId}`);
    const warning = page.locator('[data-testid="label-status-message"][data-type="order_update_failed"]');
    await warning.waitFor();
    expect(await warning.innerText()).toContain(`De bestelling kon niet worden bijgewerkt in ${shopLabel}: Shopify weigerde de verzending:`);
    const retry = warning.getByRole('button', { name: 'Opnieuw proberen' });
    expect(await retry.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`e2e-shop-write-back-warning-${name}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // On the phone by keyboard, on the laptop by mouse.
    if (name === 'phone') {
      await retry.focus();
      await page.keyboard.press('Enter');
    } else {
      await retry.click();
    }
    await page.getByText('Webwinkel bijgewerkt').waitFor();
    await warning.waitFor({ state: 'detached' });
    expect(shopify.fulfilments.filter((f) => f.orderId === shopifyId)).toHaveLength(1);
    await page.screenshot({ path: screenshotPath(`e2e-shop-write-back-retried-${name}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
