import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import { baseUrl, browserForEachTest, screenshotPath } from './support/browser';
import { DashboardPage } from './pages/dashboard-page';
import { DocumentsMenu } from './pages/documents-menu';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';

const screenshot = screenshotPath;

const session = browserForEachTest();

describe('documents', () => {
  it('downloads a packing slip and makes an extra label from the label page; the order form offers the same', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    await logInAsDemo(page, `${baseUrl}/dashboard`);
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    await new OrderFormPage(page).createReadyOrder(baseUrl, { line: { name: 'Boek', quantity: 2, weight: 500, price: '20,00' }, orderNumber: `PAK-${stamp}`, name: `Pakbon Test ${stamp}` });

    // A label for the order (its PDF download is not what this test is about).
    await dashboard.createLabelsFor(baseUrl, stamp, 1);
    await dashboard.waitForEmpty();
    const labels = new LabelsTabPage(page);
    await labels.open(baseUrl, 'labels', `PAK-${stamp}`);
    await labels.waitForRows(`PAK-${stamp}`, 1);
    const labelAnswer = page.waitForResponse((r) => /\/api\/label\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
    await labels.openDetails(labels.row(`PAK-${stamp}`));
    const orderId = ((await (await labelAnswer).json()) as { data: { order_id: string } }).data.order_id;

    // A domestic label: an extra label and packing slips, no export document.
    const menu = new DocumentsMenu(page);
    await menu.open();
    expect(await menu.entries()).toEqual(['Extra label', 'Pakbonnen']);
    await page.screenshot({ path: screenshot('e2e-documents-menu.png') }).catch(() => undefined);
    const download = page.waitForEvent('download');
    await menu.choose('Pakbonnen');
    const file = await download;
    expect(file.suggestedFilename()).toBe('pakbonnen.pdf');
    const pdf = await PDFDocument.load(await readFile(await file.path()));
    expect(pdf.getPageCount()).toBe(1);
    const size = pdf.getPage(0).getSize();
    expect({ width: Math.round(size.width), height: Math.round(size.height) }).toEqual({ width: 595, height: 842 });
    await dashboard.waitForNotice('Pakbonnen gegenereerd');

    await menu.open();
    await menu.choose('Extra label');
    const extraDownload = page.waitForEvent('download');
    await page.getByTestId('confirm-dialog-confirm').click();
    expect((await extraDownload).suggestedFilename()).toBe('labels.pdf');
    await dashboard.waitForNotice('1 label aangemaakt');
    await labels.open(baseUrl, 'labels', `PAK-${stamp}`);
    await labels.waitForRows(`PAK-${stamp}`, 2);

    // The order form of the labelled order offers the same documents for its newest label.
    await page.goto(`${baseUrl}/dashboard/orders/${orderId}`);
    const form = new OrderFormPage(page);
    await form.waitUntilShown('Bestelling aanpassen');
    await page.waitForFunction(() => document.querySelector('[data-testid="print-controls"]') !== null);
    await expect.poll(async () => {
      await menu.open();
      const entries = await menu.entries();
      await page.keyboard.press('Escape');
      return entries;
    }, { timeout: 10_000 }).toEqual(['Extra label', 'Pakbonnen']);
  });
});
