import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { baseUrl, openBrowser, type BrowserSession } from './support/browser';
import { AppFrame } from './pages/app-frame';
import { DashboardPage } from './pages/dashboard-page';
import { DocumentsMenu } from './pages/documents-menu';
import { LabelsTabPage } from './pages/labels-tab-page';
import { LoginPage } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';

const demo = { email: 'demo@voorbeeld.nl', password: 'demo1234' };
const screenshot = (name: string) => path.resolve(import.meta.dirname, '../.tmp', name);

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(async () => {
  await session?.close();
});

/** A ready order made by hand: the address typed in full, so no address lookup is needed. */
async function createOrder(page: Page, input: { orderNumber: string; name: string }): Promise<void> {
  const form = new OrderFormPage(page);
  await page.goto(`${baseUrl}/dashboard/orders/create`);
  await form.waitUntilShown('Nieuwe zending');
  await form.fillRecipient({ name: input.name, zipcode: '3511 AB', housenumber: '12' });
  await form.fill('Adres', 'Oudegracht');
  await form.fill('Plaats', 'Utrecht');
  await form.fill('Ordernummer', input.orderNumber);
  await form.addLine({ name: 'Boek', quantity: 2, weight: 500, price: '20,00' });
  await form.save();
  await new DashboardPage(page).waitForNotice('Zending aangemaakt');
  await form.waitForValue('Naam', '');
}

describe('documents', () => {
  it('downloads a packing slip and makes an extra label from the label page; the order form offers the same', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    await page.goto(`${baseUrl}/dashboard`);
    await new LoginPage(page).logIn(demo.email, demo.password);
    await new AppFrame(page).waitUntilShown();
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    await createOrder(page, { orderNumber: `PAK-${stamp}`, name: `Pakbon Test ${stamp}` });

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
