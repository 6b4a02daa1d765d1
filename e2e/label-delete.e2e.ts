import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { labelOf, pageApi, testvervoerderOrder } from './support/page-api';
import { DashboardPage } from './pages/dashboard-page';
import { LabelScreensPage } from './pages/label-screens-page';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';

const screenshot = screenshotPath;

let session: BrowserSession | undefined;
afterEach(async () => {
  await session?.close();
});

/** A ready order of the demo organisation with a Testvervoerder label, made through the API (set-up, not the steps under test). */
async function labelledOrder(page: Page, orderNumber: string): Promise<{ orderId: string; labelId: string }> {
  const { orderId } = await testvervoerderOrder(page, {
    order_number: orderNumber,
    name: 'Femke de Wit',
    shipment: { packages: [{ weight: 900 }], courier_fields: {} },
    order_items: [{ name: 'Vaas', quantity: 1, unit_price_inc_btw: 34.5, weight: 900 }],
  });
  return { orderId, labelId: await labelOf(page, orderId) };
}

describe.each(screenSizes)('deleting a label on a %s', (name, viewport) => {
  it('puts its order back in Bestellingen, where it gets a new label', async () => {
    session = await openBrowser({ viewport });
    const { page } = session;
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const stamp = `DEL${Date.now().toString(36).toUpperCase()}${name === 'phone' ? 'P' : 'D'}`;
    const { orderId, labelId } = await labelledOrder(page, stamp);

    const dashboard = new DashboardPage(page);
    const labels = new LabelsTabPage(page);
    const screens = new LabelScreensPage(page);

    // Labelled: the order is not in Bestellingen; its label is on the Labels tab.
    await dashboard.open(baseUrl);
    await dashboard.search(stamp);
    await dashboard.waitForEmpty();
    await labels.open(baseUrl, 'labels', stamp);
    await labels.waitForRows(stamp, 1);
    const oldTracking = await labels.trackingOf(labels.row(stamp));

    // Delete the label from its row menu.
    await screens.menuAction('delete', labels.row(stamp));
    await screens.confirm();
    await screens.waitForNotice('Label verwijderd!');
    await labels.waitForRows(stamp, 0);

    // The order is back in Bestellingen, ready to send.
    await dashboard.open(baseUrl);
    await dashboard.search(stamp);
    await dashboard.waitForRows(stamp, 1);
    expect(await dashboard.statusOf(dashboard.row(stamp))).toBe('Klaar');
    await page.screenshot({ path: screenshot(`e2e-label-delete-order-back-${name}.png`), fullPage: true }).catch(() => undefined);

    // A new label from Bestellingen: no question about an existing label, downloaded at once.
    const download = await dashboard.createLabelsFor(baseUrl, stamp, 1);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByTestId('label-detail').or(page.getByTestId('orders-empty')).first().waitFor();
    const order = await pageApi<{ data: { status: string; shipment_ids: string[] } }>(page, 'GET', `/order/${orderId}`);
    expect(order.data.status).toBe('completed');
    expect(order.data.shipment_ids).toHaveLength(1);
    expect(order.data.shipment_ids).not.toContain(labelId);

    // The Labels tab shows the new label only, with a new tracking number.
    await labels.open(baseUrl, 'labels', stamp);
    await labels.waitForRows(stamp, 1);
    const newTracking = await labels.trackingOf(labels.row(stamp));
    expect(newTracking).toMatch(/^3STEST/);
    expect(newTracking).not.toBe(oldTracking);
    await page.screenshot({ path: screenshot(`e2e-label-delete-new-label-${name}.png`), fullPage: true }).catch(() => undefined);
  });
});
