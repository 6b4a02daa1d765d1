import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreenAtBothWidths } from './support/axe';
import { startAppProcess, type AppProcess } from './support/app-process';
import { sqlOnApp } from './support/app-database';
import { browserForEachTest } from './support/browser';
import { pageApi } from './support/page-api';
import { startPrintClientProcess, type PrintClientProcess } from './support/print-client-process';
import { LabelsPrintControls } from './pages/labels-print-controls';
import { LabelsTabPage } from './pages/labels-tab-page';
import { logInAsDemo } from './pages/login-page';

/**
 * Item scanning (/scan, docs/scan.md). An app of its own with SCAN_ENABLED=true (port 8551,
 * or E2E_SCAN_PORT) and a real print client with a folder printer (the next port), as
 * printing.e2e.ts has; the add-on ORDER_ITEM_SCAN is switched on in the app's database, as
 * no screen of this branch does that yet. The scanner is the keyboard: a keyboard-wedge
 * scanner types the code and Enter into the focused input. The label is printed on the
 * chosen printer (label settings mode Printer), and lands as a PDF in the folder.
 */
const appPort = Number(process.env.E2E_SCAN_PORT ?? 8551);
const clientPort = appPort + 1;
let app: AppProcess;
let client: PrintClientProcess | undefined;
let work: string;
const folder = () => path.join(work, 'folder');

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-e2e-scan-'));
  app = await startAppProcess({ port: appPort, env: { SCAN_ENABLED: 'true', PRINT_CLIENT_URL: `http://127.0.0.1:${clientPort}` } });
  client = await startPrintClientProcess({ port: clientPort, folder: folder(), state: path.join(work, 'state.json'), serverUrl: app.url });
}, 120_000);
afterAll(async () => {
  await client?.stop();
  await app?.stop();
  await rm(work, { recursive: true, force: true });
});

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !name.startsWith('.')).sort();
  } catch {
    return [];
  }
}

/** Pairs the print client through /settings/printer, chooses its folder printer, and sets the label settings to Printer. */
async function printOnTheFolderPrinter(page: Page): Promise<void> {
  await page.goto(`${app.url}/settings/printer`);
  await page.getByTestId('local-print-client-status').waitFor();
  await page.getByTestId('print-client-pair').click();
  await page.getByTestId('local-print-client-status').filter({ hasText: 'Verbonden' }).waitFor({ timeout: 20_000 });
  await page.getByRole('radio', { name: /^Map:/ }).click();
  await page.getByTestId('local-print-client-status').filter({ hasText: 'Klaar om te printen' }).waitFor({ timeout: 20_000 });
  await new LabelsTabPage(page).open(app.url, 'labels');
  await new LabelsPrintControls(page).chooseMode('printer');
}

const session = browserForEachTest();

interface Created {
  data: { id: string; status: string; shipment_ids: string[] };
}

describe('item scanning', () => {
  it('opens an order by its number, ticks off two items, says a wrong code, and makes the label and prints it on the chosen printer', async () => {
    const { page } = session;
    await logInAsDemo(page, `${app.url}/dashboard`);
    const { data: user } = await pageApi<{ data: { organisation: { id: string } } }>(page, 'GET', '/user');
    await sqlOnApp(app.dataDir!, `INSERT INTO organisation_addons (organisation_id, code, subscription_period) VALUES ($1, 'ORDER_ITEM_SCAN', 'month') ON CONFLICT DO NOTHING`, [user.organisation.id]);
    const { data: couriers } = await pageApi<{ data: { id: string; service_class: string }[] }>(page, 'GET', '/courier/');
    const courierId = couriers.find((c) => c.service_class === 'test')?.id;
    const orderNumber = `SCAN-${Date.now().toString(36).toUpperCase()}`;
    const { data: order } = await pageApi<Created>(page, 'POST', '/order/create', {
      order_number: orderNumber,
      name: 'Sanne de Vries',
      address_1: 'Damrak',
      housenumber: '1',
      zipcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      shipment_type: 'parcel',
      courier_id: courierId,
      shipment: { packages: [{ weight: 900 }], courier_fields: {} },
      order_items: [
        { name: 'Theepot', quantity: 1, unit_price_inc_btw: 19.99, ean_code: '8712345678906' },
        { name: 'Theemuts', quantity: 1, unit_price_inc_btw: 9.5, sku: 'MUTS-1' },
      ],
    });
    expect(order.status).toBe('ready');
    await printOnTheFolderPrinter(page);

    // The page reloads with the add-on known; the input has the focus, as a scanner needs.
    await page.goto(`${app.url}/scan`);
    const input = page.getByRole('textbox', { name: 'Scan een bestelnummer of artikel' });
    await input.waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.type(`${orderNumber}\n`);
    await page.waitForURL(`${app.url}/scan/${order.id}`);
    await page.getByText('0 van 2 artikelen gescand').waitFor();
    await checkScreenAtBothWidths(page, 'scan-order');

    await input.focus();
    await page.keyboard.type('0000000000000\n');
    await page.getByTestId('scan-result').getByText('Niet in deze bestelling').waitFor();

    await page.keyboard.type('8712345678906\n');
    await page.getByTestId('scan-result').getByText('Gescand').waitFor();
    await page.getByText('1 van 2 artikelen gescand').waitFor();
    await checkScreenAtBothWidths(page, 'scan-progress');

    await input.focus();
    await page.keyboard.type('muts-1\n');
    await expect.poll(() => filesIn(folder()), { timeout: 30_000, interval: 250 }).toHaveLength(1);
    const [printed] = await filesIn(folder());
    expect((await readFile(path.join(folder(), printed!))).subarray(0, 4).toString()).toBe('%PDF');
    await page.waitForURL(`${app.url}/scan`);
    await page.getByText('Label gemaakt. Scan de volgende bestelling.').waitFor();
    const after = await pageApi<Created>(page, 'GET', `/order/${order.id}`);
    expect(after.data.shipment_ids).toHaveLength(1);

    // Ready for the next order: the input has the focus again; an unknown number says so.
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('BESTAAT-NIET\n');
    await page.getByTestId('scan-result').getByText('Onbekende bestelling').waitFor();
    await checkScreenAtBothWidths(page, 'scan-start');
  }, 120_000);
});
