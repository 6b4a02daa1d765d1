import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeTiles, type FakeTiles } from '@verzendhuis/test-fakes/fake-tiles';
import { axeViolations } from './support/axe';
import { startAppProcess, type AppProcess } from './support/app-process';
import { openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { labelOf, pageApi, testvervoerderOrder } from './support/page-api';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';

/**
 * Issue 14, "Done when" 1: a Testvervoerder label moves from ready to delivered and the
 * label page shows the merged history and a map dialog. An app of its own
 * (E2E_TRACKING_HISTORY_PORT, default 8411) whose Testvervoerder runs 3600 times faster
 * than real time (delivered 20 s after its label) and whose map tiles come from a fake tile
 * server on this machine (`@verzendhuis/test-fakes/fake-tiles`, a free port).
 * E2E_TRACKING_HISTORY_URL points it at an app started by hand with those settings.
 */
const stamp = `TH${Date.now().toString(36).toUpperCase()}`;

let tiles: FakeTiles;
let app: AppProcess;
let session: BrowserSession | undefined;

beforeAll(async () => {
  tiles = await startFakeTiles();
  const external = process.env.E2E_TRACKING_HISTORY_URL;
  app = external
    ? { url: external.replace(/\/$/, ''), stop: async () => undefined }
    : await startAppProcess({ port: Number(process.env.E2E_TRACKING_HISTORY_PORT ?? 8411), env: { TEST_CARRIER_TIME_SCALE: '3600', MAP_TILE_URL: tiles.template } });
});
afterAll(async () => {
  await app?.stop();
  await tiles?.close();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/**
 * The history the Testvervoerder's timeline gives a parcel to Utrecht: the last digits of
 * its (random) tracking number choose a path (docs/tracking.md); null for the one that ends
 * returned instead of delivered.
 */
function expectedHistory(trackingNumber: string): string[] | null {
  const start = ['Bestelling aangemaakt', 'Label aangemaakt en geprint', 'Verzonden', 'In het sorteercentrum'];
  if (trackingNumber.endsWith('99')) return null;
  if (trackingNumber.endsWith('7')) return [...start, 'In het sorteercentrum', 'Onderweg naar de ontvanger', 'Bezorging niet gelukt', 'Onderweg naar de ontvanger', 'Bezorgd bij de buren'];
  if (trackingNumber.endsWith('8')) return [...start, 'Sortering vertraagd', 'In het sorteercentrum', 'Onderweg naar de ontvanger', 'Bezorgd'];
  return [...start, 'In het sorteercentrum', 'Onderweg naar de ontvanger', 'Bezorgd'];
}

/**
 * A ready order to Utrecht with the demo organisation's Testvervoerder and its label, through
 * the API; when its number sends the parcel back, another order is labelled (`<number>R1`, …)
 * rather than deleting it: a delete cancels at the carrier, and at an hour a second the
 * Testvervoerder may already have picked the parcel up. Answers the order number used.
 */
async function labelledOrder(page: Page, baseNumber: string): Promise<{ labelId: string; expected: string[]; orderNumber: string }> {
  for (let attempt = 0; ; attempt++) {
    const orderNumber = attempt === 0 ? baseNumber : `${baseNumber}R${attempt}`;
    const { orderId } = await testvervoerderOrder(page, { order_number: orderNumber });
    const labelId = await labelOf(page, orderId);
    const label = await pageApi<{ data: { shipment: { tracking_number: string | null } } }>(page, 'GET', `/label/${labelId}`);
    const expected = expectedHistory(label.data.shipment.tracking_number ?? '');
    if (expected) return { labelId, expected, orderNumber };
  }
}

const statusOf = async (page: Page, labelId: string) => (await pageApi<{ data: { status: string } }>(page, 'GET', `/label/${labelId}`)).data.status;

async function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe.each(screenSizes)('the tracking history of a label on a %s', (name, viewport) => {
  it('follows a Testvervoerder label from ready to delivered and shows its merged history and the map', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${app.url}/dashboard`);
    const { labelId, expected, orderNumber } = await labelledOrder(page, `${stamp}-${name}`);

    // Printed at once from the Labels tab (so within 60 s of its making), then refreshed there.
    const labels = new LabelsTabPage(page);
    await labels.open(app.url, 'labels', orderNumber);
    await labels.waitForRows(orderNumber, 1);
    await labels.selectRows(orderNumber);
    const download = page.waitForEvent('download');
    await labels.bulkPrint();
    await download;
    await expect.poll(() => statusOf(page, labelId)).not.toBe('ready');
    await labels.selectRows(orderNumber);
    await page.getByTestId('selection-bar').getByRole('button', { name: 'Tracking verversen' }).click();
    await page.getByText('Tracking ververst voor 1 label.', { exact: false }).waitFor();

    // Twenty Testvervoerder hours are twenty seconds here (44 on a path with a failed attempt or a delay): refreshing until it is delivered.
    await expect
      .poll(
        async () => (await pageApi<{ data: { status: string }[] }>(page, 'POST', '/label/track', { label_ids: [labelId] })).data[0]?.status,
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe('completed');
    await labels.open(app.url, 'delivered', orderNumber);
    await labels.waitForRows(orderNumber, 1);
    expect(await labels.statusOf(labels.row(orderNumber))).toBe('Bezorgd');

    // The label page: the history in order, ready and printed as one entry.
    await page.goto(`${app.url}/dashboard/labels/${labelId}`);
    const history = page.getByTestId('tracking-history');
    await history.getByTestId('tracking-history-list').waitFor();
    const titles = await history.getByTestId('tracking-entry-title').allInnerTexts();
    expect(titles).toEqual(expected);
    expect(await history.getByTestId('tracking-package-select').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: screenshotPath(`e2e-tracking-history-${name}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The carrier's words, by keyboard.
    const depot = history.locator('[data-testid="tracking-entry"][data-event="at_depot"]').last();
    await depot.getByTestId('tracking-entry-description').focus();
    expect(await page.getByRole('tooltip').innerText()).toBe('Het pakket is aangekomen bij het bezorgdepot.');

    // The depot on the map, with tiles from the fake at zoom 15.
    const before = tiles.requests.length;
    await depot.getByRole('button', { name: 'Testvervoerder Depot Utrecht op de kaart tonen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Testvervoerder Depot Utrecht' });
    await dialog.getByRole('region', { name: 'Kaart van Testvervoerder Depot Utrecht' }).waitFor();
    // The dialog has faded in (axe measures contrast as it is shown).
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[role="dialog"]')).some((d) => getComputedStyle(d).opacity === '1'));
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] img.leaflet-tile')).some((img) => img.complete && img.naturalWidth === 256));
    const asked = tiles.requests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((path) => path.startsWith('/15/'))).toBe(true);
    expect(await dialog.getByTestId('tracking-address-card').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: screenshotPath(`e2e-tracking-history-map-${name}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
