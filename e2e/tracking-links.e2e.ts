import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startFakeDhl, type FakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { startFakePostnl, type FakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { pageApi } from './support/page-api';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';

/**
 * Tracking numbers link to the carrier's own tracking page (issue 11, point 8): PostNL
 * and DHL labels made against fakes of their APIs on this machine, and a Testvervoerder
 * label, which has no such page. Like postnl.e2e.ts it starts an app of its own
 * (E2E_TRACKING_PORT, default 8098), so that the demo organisation of the other tests
 * links no PostNL or DHL contract; E2E_TRACKING_URL points it at a running app instead.
 */
const screenshot = screenshotPath;
const stamp = `TT${Date.now().toString(36).toUpperCase()}`;

let postnl: FakePostnl;
let dhl: FakeDhl;
let app: AppProcess;
let session: BrowserSession | undefined;
/** The labels made, by carrier. */
let labelIds: { postnl: string; dhl: string; test: string };

/** The PostNL and DHL contracts, three orders to Utrecht (PostNL with two parcels) and their labels, through the API. */
async function seedLabels(page: Page): Promise<typeof labelIds> {
  const link = async (body: unknown) => (await pageApi<{ data: { id: string } }>(page, 'POST', '/courier/create', body)).data.id;
  const postnlId = await link({ courier_class: 'postnl', fields: { api_key: 'e2e-pn', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } });
  const dhlId = await link({ courier_class: 'dhl', fields: { user_id: 'e2e-dhl', api_key: 'e2e-dhl-sleutel', account_id: '01234567', base_url: dhl.url } });
  const couriers = await pageApi<{ data: { id: string; service_class: string; is_active: boolean }[] }>(page, 'GET', '/courier/?page_size=250');
  const testId = couriers.data.find((c) => c.service_class === 'test' && c.is_active)?.id;
  const order = (carrier: string, courierId: string | undefined, shipmentType: string, packages: number[]) => ({
    order_number: `${stamp}-${carrier}`,
    name: `Volg ${carrier}`,
    address_1: 'Oudegracht',
    housenumber: '12',
    zipcode: '3511 AB',
    city: 'Utrecht',
    country: 'NL',
    email: 'volg@voorbeeld.nl',
    courier_id: courierId,
    shipment_type: shipmentType,
    shipment: { packages: packages.map((weight) => ({ weight })), courier_fields: {} },
    order_items: [{ name: 'Theedoek', quantity: 1, unit_price_inc_btw: 7.5, weight: 300 }],
  });
  const orders = await pageApi<{ data: { id: string; status: string }[] }>(page, 'POST', '/order/bulk', {
    orders: [order('PN', postnlId, 'standard', [1200, 900]), order('DHL', dhlId, 'door', [1500]), order('TEST', testId, 'parcel', [800])],
  });
  expect(orders.data.map((o) => o.status)).toEqual(['ready', 'ready', 'ready']);
  const labels = await pageApi<{ status: string; data: { order_id: string; id: string }[] }>(page, 'POST', '/order/label/create', { order_ids: orders.data.map((o) => o.id) });
  expect(labels.status).toBe('success');
  const labelOf = (index: number) => labels.data.find((l) => l.order_id === orders.data[index]?.id)?.id ?? '';
  return { postnl: labelOf(0), dhl: labelOf(1), test: labelOf(2) };
}

beforeAll(async () => {
  postnl = await startFakePostnl({ apikey: 'e2e-pn' });
  dhl = await startFakeDhl({ userId: 'e2e-dhl', key: 'e2e-dhl-sleutel' });
  const external = process.env.E2E_TRACKING_URL;
  app = external
    ? { url: external.replace(/\/$/, ''), stop: async () => undefined }
    : await startAppProcess({ port: Number(process.env.E2E_TRACKING_PORT ?? 8098), env: { TEST_CARRIER_TIME_SCALE: '1' } });
  const seeding = await openBrowser();
  try {
    await logInAsDemo(seeding.page, `${app.url}/dashboard`);
    labelIds = await seedLabels(seeding.page);
  } finally {
    await seeding.close();
  }
});
afterAll(async () => {
  await app?.stop();
  await postnl?.close();
  await dhl?.close();
});
afterEach(async () => {
  await session?.close();
});

/** A tracking link's target, tab and accessible name. */
async function linkOf(link: Locator): Promise<{ href: string | null; target: string | null; name: string | null }> {
  return { href: await link.getAttribute('href'), target: await link.getAttribute('target'), name: await link.getAttribute('aria-label') };
}

const postnlUrl = /^https:\/\/jouw\.postnl\.nl\/track-and-trace\/(3SDEVC\d+)-NL-3511AB$/;
const dhlUrl = /^https:\/\/my\.dhlparcel\.nl\/home\/tracktrace\/([^/]+)\/3511AB$/;

describe.each(screenSizes)('tracking links on a %s', (name, viewport) => {
  it('link the tracking numbers of the label tables and the label page to the carrier, in a new tab', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${app.url}/dashboard/labels`);
    const labels = new LabelsTabPage(page);
    await labels.open(app.url, 'labels', stamp);
    await labels.waitForRows(stamp, 3);

    // PostNL: the first parcel in the row, the second once the extra packages are shown.
    const pnRow = labels.row(`${stamp}-PN`);
    const pnLink = pnRow.getByRole('link', { name: /volgen bij PostNL/ });
    const pn = await linkOf(pnLink.first());
    const barcode = pn.href?.match(postnlUrl)?.[1];
    expect(barcode, pn.href ?? '').toBeTruthy();
    expect(pn).toEqual({ href: pn.href, target: '_blank', name: `${barcode} volgen bij PostNL (opent in een nieuw tabblad)` });
    expect(await labels.trackingOf(pnRow)).toBe(barcode);
    await pnRow.getByTestId('label-packages-toggle').click();
    await expect.poll(() => pnLink.count()).toBe(2);
    expect((await linkOf(pnLink.nth(1))).href).toMatch(postnlUrl);
    expect((await linkOf(pnLink.nth(1))).href).not.toBe(pn.href);

    // DHL.
    const dhlLink = await linkOf(labels.row(`${stamp}-DHL`).getByRole('link', { name: /volgen bij DHL/ }));
    const trackerCode = dhlLink.href?.match(dhlUrl)?.[1];
    expect(trackerCode, dhlLink.href ?? '').toBeTruthy();
    expect(dhlLink).toEqual({ href: dhlLink.href, target: '_blank', name: `${trackerCode} volgen bij DHL Parcel (opent in een nieuw tabblad)` });

    // The Testvervoerder has no tracking page: its number is plain text.
    const testRow = labels.row(`${stamp}-TEST`);
    expect(await labels.trackingOf(testRow)).toMatch(/^3STEST/);
    expect(await testRow.getByTestId('label-tracking').evaluate((el) => el.tagName)).not.toBe('A');
    await page.screenshot({ path: screenshot(`e2e-tracking-links-table-${name}.png`), fullPage: true }).catch(() => undefined);

    // Opening the link opens the carrier's page in a new tab (answered here by a stand-in).
    await session.context.route(/^https:\/\/jouw\.postnl\.nl\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>PostNL</title>' }));
    const [carrierTab] = await Promise.all([session.context.waitForEvent('page'), pnLink.first().click()]);
    await carrierTab.waitForLoadState();
    expect(carrierTab.url()).toBe(pn.href);
    await carrierTab.close();
    expect(new URL(page.url()).pathname).toBe('/dashboard/labels');

    // The label page: the shipment's number and each package's.
    await page.goto(`${app.url}/dashboard/labels/${labelIds.postnl}`);
    const shipment = page.getByTestId('label-detail-tracking').getByRole('link');
    await shipment.waitFor();
    expect(await linkOf(shipment)).toEqual(pn);
    const packageLinks = page.getByTestId('label-detail-packages').getByRole('link');
    expect(await packageLinks.count()).toBe(2);
    for (let i = 0; i < 2; i++) expect((await linkOf(packageLinks.nth(i))).name).toMatch(/^3SDEVC\d+ volgen bij PostNL \(opent in een nieuw tabblad\)$/);
    await page.screenshot({ path: screenshot(`e2e-tracking-links-label-${name}.png`), fullPage: true }).catch(() => undefined);

    await page.goto(`${app.url}/dashboard/labels/${labelIds.test}`);
    await page.getByTestId('label-detail-tracking').waitFor();
    expect(await page.getByTestId('label-detail-tracking').getByRole('link').count()).toBe(0);
    expect(await page.getByTestId('label-detail-tracking').textContent()).toMatch(/^3STEST/);
  });
});
