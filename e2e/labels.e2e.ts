import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import { PDFDocument } from '@cantoo/pdf-lib';
import { placementsOf } from './support/label-sheet';
import { baseUrl, browserForEachTest, screenshotPath } from './support/browser';
import { DashboardPage } from './pages/dashboard-page';
import { LabelsDialogs } from './pages/labels-dialogs';
import { LabelsPrintControls } from './pages/labels-print-controls';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';

const screenshot = screenshotPath;

/** Page sizes in PDF points (domain notes, label sheets). */
const a4 = { width: 595.28, height: 841.89 };
const a6 = { width: 297.64, height: 419.53 };

const session = browserForEachTest();

/** The downloaded PDF: its file name, page count, page sizes (rounded to whole points) and label positions. */
async function pdfOf(download: Download): Promise<{ filename: string; pages: number; sizes: { width: number; height: number }[]; positions: number[][] }> {
  const file = await download.path();
  const pdf = await PDFDocument.load(await readFile(file));
  return {
    filename: download.suggestedFilename(),
    pages: pdf.getPageCount(),
    sizes: pdf.getPages().map((p) => ({ width: Math.round(p.getWidth()), height: Math.round(p.getHeight()) })),
    positions: pdf.getPages().map((p) => placementsOf(p).map((placement) => placement.position)),
  };
}

const rounded = (size: { width: number; height: number }) => ({ width: Math.round(size.width), height: Math.round(size.height) });

describe('labels', () => {
  it('creates labels for three orders, downloads them on A4 and A6, and offers the existing labels again', async () => {
    const { context, page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();

    for (const n of [1, 2, 3]) await new OrderFormPage(page).createReadyOrder(baseUrl, { email: 'label@voorbeeld.nl', line: { name: 'Boek', quantity: 1, weight: 500, price: '20,00' }, orderNumber: `LBL-${stamp}-${n}`, name: `Label Test ${stamp} ${n}` });

    // A second window with the same three orders selected: it will not know they got labels.
    const stale = await context.newPage();
    const staleDashboard = new DashboardPage(stale);
    await stale.goto(`${baseUrl}/dashboard/orders?search=${stamp}`);
    await staleDashboard.waitUntilShown();
    await staleDashboard.waitForRows(stamp, 3);
    await stale.getByTestId('select-all').check();

    // Select the three, choose A4 starting at position 3, and create the labels.
    await page.bringToFront();
    await dashboard.open(baseUrl);
    await dashboard.search(stamp);
    await dashboard.waitForRows(stamp, 3);
    await page.getByTestId('select-all').check();
    expect(await dashboard.selectionCount()).toBe('3 geselecteerd');
    const bulkControls = new LabelsPrintControls(page, page.getByTestId('selection-bar'));
    expect(await bulkControls.format()).toBe('A6');
    expect(await bulkControls.position()).toBeNull();
    await bulkControls.chooseFormat('a4');
    expect(await bulkControls.position()).toBe(1);
    await bulkControls.choosePosition(3);
    expect(await bulkControls.position()).toBe(3);
    await page.screenshot({ path: screenshot('e2e-labels-bulk-bar.png') }).catch(() => undefined);

    const a4Download = page.waitForEvent('download');
    await bulkControls.clickAction('create-labels');
    const a4Pdf = await pdfOf(await a4Download);
    // Positions 3 and 4 of the first sheet, then position 1 of the second.
    expect(a4Pdf.filename).toBe('labels.pdf');
    expect(a4Pdf.pages).toBe(2);
    for (const size of a4Pdf.sizes) expect(size).toEqual(rounded(a4));
    expect(a4Pdf.positions).toEqual([[3, 4], [1]]);
    await dashboard.waitForNotice('3 labels aangemaakt');

    // The orders left the orders tab; the start position is back at 1.
    await dashboard.waitForEmpty();
    await page.getByRole('tab', { name: 'Labels' }).click();
    const labels = new LabelsTabPage(page);
    await labels.waitUntilShown('labels');
    expect(await new LabelsPrintControls(page).position()).toBe(1);

    // The Labels tab lists them with a tracking number, printed: the PDF was their print.
    await labels.waitForRows(stamp, 3);
    const first = labels.row(`LBL-${stamp}-1`);
    expect(await labels.statusOf(first)).toBe('Geprint');
    expect(await labels.trackingOf(first)).not.toBe('');
    expect(await first.textContent()).toContain(`Label Test ${stamp} 1`);
    await page.screenshot({ path: screenshot('e2e-labels-tab.png'), fullPage: true }).catch(() => undefined);

    // The same three again, on A6: one label per page.
    await labels.selectRows(stamp);
    expect(await dashboard.selectionCount()).toBe('3 geselecteerd');
    const tabControls = new LabelsPrintControls(page);
    await tabControls.chooseFormat('a6');
    expect(await tabControls.position()).toBeNull();
    const a6Download = page.waitForEvent('download');
    await labels.bulkPrint();
    const a6Pdf = await pdfOf(await a6Download);
    expect(a6Pdf.pages).toBe(3);
    for (const size of a6Pdf.sizes) expect(size).toEqual(rounded(a6));
    // One label per page, filling the page.
    expect(a6Pdf.positions).toEqual([[1], [1], [1]]);

    // The label page shows the recipient and the order.
    await labels.openDetails(labels.row(`LBL-${stamp}-2`));
    expect(await labels.detail('label-detail-name')).toBe(`Label Test ${stamp} 2`);
    expect(await labels.detail('label-detail-order-number')).toBe(`LBL-${stamp}-2`);
    await page.screenshot({ path: screenshot('e2e-label-page.png'), fullPage: true }).catch(() => undefined);

    // Labelling the same orders again (from the window that did not know): the server
    // answers duplicates, and the selection dialog offers the existing labels.
    await stale.bringToFront();
    const staleControls = new LabelsPrintControls(stale, stale.getByTestId('selection-bar'));
    // The A6 choice made in the first window reached this one through localStorage.
    expect(await staleControls.format()).toBe('A6');
    await staleControls.clickAction('create-labels');
    const dialogs = new LabelsDialogs(stale);
    await dialogs.waitForDuplicates();
    const rows = await dialogs.duplicateRows();
    expect(rows).toHaveLength(3);
    for (const n of [1, 2, 3]) expect(rows.some((r) => r.includes(`LBL-${stamp}-${n}`) && r.includes('Geprint'))).toBe(true);
    await stale.screenshot({ path: screenshot('e2e-labels-duplicates.png') }).catch(() => undefined);
    const existingDownload = stale.waitForEvent('download');
    await dialogs.useExisting();
    const existingPdf = await pdfOf(await existingDownload);
    expect(existingPdf.pages).toBe(3);
    for (const size of existingPdf.sizes) expect(size).toEqual(rounded(a6));
    await dialogs.duplicates().waitFor({ state: 'hidden' });

    // No new labels were made: still three for these orders.
    await labels.open(baseUrl, 'labels', stamp);
    await labels.waitForRows(stamp, 3);
  });
});
