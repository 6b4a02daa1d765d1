import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { checkScreenAtBothWidths } from './support/axe';
import { startAppProcess, type AppProcess } from './support/app-process';
import { openBrowser, type BrowserSession } from './support/browser';
import { pageApi } from './support/page-api';
import { logInAsDemo } from './pages/login-page';
import { DashboardPage } from './pages/dashboard-page';
import { LabelsPrintControls } from './pages/labels-print-controls';

/**
 * Issue 16 part 4, "Done when": a closed period's invoice lists its labels with the right
 * total and downloads as PDF, CSV and XLSX; an unpaid overdue invoice blocks labels with the
 * spec's dialog. An app of its own (E2E_INVOICES_PORT, default 8531) whose billing clock runs
 * 30 days ahead (BILLING_CLOCK_OFFSET_DAYS, refused in production), so the invoice of the
 * current period is overdue at once; the period is closed by `npm run admin -- invoices`
 * beside it on its DATA_DIR.
 */
const root = path.resolve(import.meta.dirname, '..');
const stamp = `INV${Date.now().toString(36).toUpperCase()}`;

let app: AppProcess;
let session: BrowserSession | undefined;

beforeAll(async () => {
  app = await startAppProcess({ port: Number(process.env.E2E_INVOICES_PORT ?? 8531), env: { NODE_ENV: 'development', BILLING_CLOCK_OFFSET_DAYS: '30' } });
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** `npm run admin -- invoices --until …` as the operator runs it, on the app's DATA_DIR. */
async function closePeriods(until: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: app.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/admin/cli.ts', 'invoices', '--until', until], { cwd: root, env });
  return stdout;
}

/** Ready orders of 800 g in NL for the platform's Testvervoerder contract (€ 4,95 a label); their ids. */
async function readyProxyOrders(page: Page, count: number, courierId: string): Promise<string[]> {
  const orders = await pageApi<{ data: { id: string; status: string }[] }>(page, 'POST', '/order/bulk', {
    orders: Array.from({ length: count }, (_, i) => ({
      order_number: `${stamp}-${i}`,
      name: 'Femke de Vries',
      address_1: 'Oudegracht',
      housenumber: '12',
      zipcode: '3511 AB',
      city: 'Utrecht',
      country: 'NL',
      courier_id: courierId,
      shipment_type: 'parcel',
      shipment: { packages: [{ weight: 800 }], courier_fields: {} },
    })),
  });
  return orders.data.map((o) => o.id);
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile((await download.path()) ?? '');
}

describe('invoices', () => {
  it('a closed period’s invoice lists its labels with the right total, downloads as PDF, CSV and XLSX, and being overdue blocks labels', async () => {
    session = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const { page } = session;
    await logInAsDemo(page, `${app.url}/dashboard`);

    // Two labels through the platform's contract, and one more order that waits for its label.
    const courier = await pageApi<{ data: { id: string } }>(page, 'POST', '/courier/create', { courier_class: 'test', fields: { contract: 'platform' } });
    const [first = '', second = '', waiting = ''] = await readyProxyOrders(page, 3, courier.data.id);
    const labels = await pageApi<{ status: string; data: { id: string }[] }>(page, 'POST', '/order/label/create', { order_ids: [first, second] });
    expect(labels.status).toBe('success');

    // The operator closes every period up to 30 days ahead (the app's billing clock).
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const printed = await closePeriods(until);
    expect(printed).toMatch(/VH-\d{4}-\d{6}|no periods to close/);

    // /settings/billing: the invoice, overdue, with 2 × 4,95 + 21% btw = € 11,98.
    await page.goto(`${app.url}/settings/billing`);
    const row = page.getByTestId('invoice-row').first();
    await row.waitFor();
    expect(await row.getByTestId('invoice-total').innerText()).toMatch(/^€\s11,98$/);
    expect(await row.getByTestId('invoice-status').innerText()).toMatch(/te laat/i);
    expect(await page.getByTestId('invoice-open-amount').innerText()).toMatch(/^€\s11,98$/);
    await checkScreenAtBothWidths(page, 'invoices-billing');
    const number = (await row.getByRole('link').innerText()).trim();
    expect(number).toMatch(/^VH-\d{4}-\d{6}$/);
    await row.getByRole('link').click();

    // /settings/invoices/{id}: the two labels, the total, the downloads.
    await page.waitForURL(/\/settings\/invoices\/[0-9a-f-]{36}$/);
    await page.getByTestId('invoice-line').nth(1).waitFor();
    expect(await page.getByTestId('invoice-line').count()).toBe(2);
    expect(await page.getByTestId('invoice-grand-total').innerText()).toMatch(/^€\s11,98$/);
    await checkScreenAtBothWidths(page, 'invoices-invoice');

    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('invoice-download-pdf').click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
    expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('invoice-download-csv').click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`${number}.csv`);
    const csvText = (await bytesOf(csv)).toString('utf8');
    expect(csvText.startsWith('\uFEFFFactuurnummer;Label;Zendingnummer;Referentie;Soort;Omschrijving;Bedrag excl. btw')).toBe(true);
    expect(csvText.trim().split('\r\n').slice(1).map((line) => line.split(';').at(-1))).toEqual(['4,95', '4,95']);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('invoice-download-xlsx').click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toBe(`${number}.xlsx`);
    const sheet = strFromU8(unzipSync(new Uint8Array(await bytesOf(xlsx)))['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet.match(/<v>4.95<\/v>/g)).toHaveLength(2);

    // The overdue invoice stops label creation with the spec's dialog, which leads to billing.
    const dashboard = new DashboardPage(page);
    await dashboard.open(app.url);
    // The dashboard's notice of overdue payments (orders spec §8) follows the same rule.
    await page.getByText('Je hebt helaas achterstallige betalingen in je account. Zolang deze openstaan kun je geen labels aanmaken.').waitFor();
    await dashboard.search(`${stamp}-2`);
    await dashboard.waitForRows(`${stamp}-2`, 1);
    await page.getByTestId('select-all').check();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/label/create' && r.request().method() === 'POST');
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    expect((await answer).status()).toBe(403);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Je hebt helaas achterstallige betalingen in je account.').waitFor();
    await dialog.getByRole('button', { name: 'Naar facturatie' }).click();
    await page.waitForURL(`${app.url}/settings/billing`);
    // The order that met the dialog is still waiting for its label.
    const order = await pageApi<{ data: { id: string; status: string } }>(page, 'GET', `/order/${waiting}`);
    expect(order.data.status).toBe('ready');
  });
});
