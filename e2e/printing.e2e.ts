import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { positionsOf } from './support/label-sheet';
import type { Page } from 'playwright-core';
import { openBrowser, screenshotPath, screenSizes, type BrowserSession } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { startPrintClientProcess, type PrintClientProcess } from './support/print-client-process';
import { startFakePdok, type FakePdok } from '@verzendhuis/test-fakes/fake-pdok';
import { axeViolations } from './support/axe';
import { pageApi } from './support/page-api';
import { logInAsDemo } from './pages/login-page';
import { registerNewOrganisation } from './pages/onboarding';
import { LabelsPrintControls } from './pages/labels-print-controls';
import { LabelsTabPage } from './pages/labels-tab-page';

/**
 * Issue 13 "Done when": an app of its own (E2E_PRINTING_PORT, default 8381) and a real print
 * client process with a folder printer (port 8382); paired through /settings/printer, three
 * labels printed from the Labels tab on A4 from position 2 arrive as one PDF in the folder
 * with the labels at 2, 3 and 4. The client stopped, a job sent (queued), the client started
 * again: the job arrives. A client of another organisation (port 8383) neither receives the
 * first's jobs nor can it be sent to by the first. A fake address lookup of its own serves
 * the second organisation's registration.
 */
const appPort = Number(process.env.E2E_PRINTING_PORT ?? 8381);
const clientPort = appPort + 1;
const otherClientPort = appPort + 2;

let app: AppProcess;
let pdok: FakePdok;
let client: PrintClientProcess | undefined;
let otherClient: PrintClientProcess | undefined;
let work: string;
const folder = () => path.join(work, 'folder');
const otherFolder = () => path.join(work, 'other-folder');

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-e2e-printing-'));
  pdok = await startFakePdok();
  app = await startAppProcess({ port: appPort, env: { PRINT_CLIENT_URL: `http://127.0.0.1:${clientPort}`, TEST_CARRIER_TIME_SCALE: '1', PDOK_URL: pdok.url } });
  client = await startPrintClientProcess({ port: clientPort, folder: folder(), state: path.join(work, 'state.json'), serverUrl: app.url });
}, 120_000);
afterAll(async () => {
  await client?.stop();
  await otherClient?.stop();
  await app?.stop();
  await pdok?.close();
  await rm(work, { recursive: true, force: true });
});

/** The files the folder printer wrote (hidden temporary files left out). */
async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !name.startsWith('.')).sort();
  } catch {
    return [];
  }
}

/** Three orders with labels of the Testvervoerder, made through the API (the test is about printing them). */
async function threeLabels(page: Page, stamp: string): Promise<string[]> {
  const couriers = await pageApi<{ data: { id: string; service_class: string }[] }>(page, 'GET', '/courier/?page_size=250');
  const courierId = couriers.data.find((c) => c.service_class === 'test')?.id;
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const order = await pageApi<{ data: { id: string; status: string } }>(page, 'POST', '/order/create', {
      order_number: `PRT-${stamp}-${n}`,
      name: `Print Test ${stamp} ${n}`,
      address_1: 'Damrak',
      housenumber: '1',
      zipcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      courier_id: courierId,
      order_items: [{ name: 'Boek', quantity: 1, unit_price_inc_btw: 20, weight: 500 }],
    });
    expect(order.data.status).toBe('ready');
    ids.push(order.data.id);
  }
  const made = await pageApi<{ status: string; data: { id: string }[] }>(page, 'POST', '/order/label/create', { order_ids: ids });
  expect(made.status).toBe('success');
  return made.data.map((label) => label.id);
}

async function pairThroughSettings(page: Page): Promise<void> {
  await page.goto(`${app.url}/settings/printer`);
  await page.getByTestId('local-print-client-status').waitFor();
  await page.getByTestId('print-client-pair').click();
  await page.getByTestId('local-print-client-status').filter({ hasText: 'Verbonden' }).waitFor({ timeout: 20_000 });
  await page.getByRole('radio', { name: /^Map:/ }).click();
  await page.getByTestId('local-print-client-status').filter({ hasText: 'Klaar om te printen' }).waitFor({ timeout: 20_000 });
}

describe('printing to a label printer', () => {
  it('pairs through /settings/printer, prints three labels on A4 from position 2, delivers a job sent while the client was stopped, and keeps organisations apart', async () => {
    const session: BrowserSession = await openBrowser();
    try {
      const { page } = session;
      await logInAsDemo(page, `${app.url}/settings/printer`);
      await pairThroughSettings(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('printer-settings.png'), fullPage: true });
      const printerClientId = ((await page.getByTestId('local-print-client-id').textContent()) ?? '').trim();

      const stamp = Date.now().toString(36).toUpperCase();
      const labelIds = await threeLabels(page, stamp);

      // The Labels tab in printer mode: A4 from position 2, the three selected, Printen.
      const labels = new LabelsTabPage(page);
      await labels.open(app.url, 'labels', stamp);
      await labels.waitForRows(stamp, 3);
      const controls = new LabelsPrintControls(page);
      await controls.chooseMode('printer');
      await controls.chooseFormat('a4');
      await controls.choosePosition(2);
      await labels.selectRows(stamp);
      await page.getByTestId('labels-bulk-print').and(page.locator(':not([disabled])')).waitFor();
      await labels.bulkPrint();
      await page.getByText('3 labels zijn geprint.').waitFor({ timeout: 30_000 });

      const files = await filesIn(folder());
      expect(files).toHaveLength(1);
      const pdf = await PDFDocument.load(await readFile(path.join(folder(), files[0]!)));
      expect(pdf.getPageCount()).toBe(1);
      expect(Math.round(pdf.getPage(0).getHeight())).toBe(842);
      expect(positionsOf(pdf.getPage(0)).sort()).toEqual([2, 3, 4]);
      await expect.poll(async () => (await pageApi<{ data: { status: string }[] }>(page, 'GET', `/label/?search=${stamp}`)).data.map((l) => l.status), { timeout: 15_000 }).toEqual(['printed', 'printed', 'printed']);

      // The client stopped: the button waits for it, a job sent meanwhile is queued and arrives once it is back.
      await client?.stop();
      await labels.selectRows(stamp);
      await page.getByTestId('labels-bulk-print').and(page.locator('[disabled]')).waitFor({ timeout: 20_000 });
      const queued = await pageApi<{ data: { print_job_id: string; status: string } }>(page, 'POST', '/label/print', { label_ids: labelIds.slice(0, 1), format: 'a6', printer_client_id: printerClientId });
      expect(queued.data.status).toBe('queued');
      client = await startPrintClientProcess({ port: clientPort, folder: folder(), state: path.join(work, 'state.json'), serverUrl: app.url });
      await expect.poll(() => filesIn(folder()), { timeout: 30_000, interval: 250 }).toHaveLength(2);
      await expect
        .poll(async () => (await pageApi<{ data: { status: string } }>(page, 'GET', `/print-job/${queued.data.print_job_id}`)).data.status, { timeout: 15_000 })
        .toBe('printed');

      // Another organisation with its own client: paired through the API, its label printer the folder.
      const other = await openBrowser();
      try {
        await registerNewOrganisation(other.page, `${app.url}/dashboard`, { organisation: `Ander ${stamp}`, name: 'Bea Ander', email: `ander-${stamp.toLowerCase()}@voorbeeld.nl` }, { dataDir: app.dataDir });
        otherClient = await startPrintClientProcess({ port: otherClientPort, folder: otherFolder(), state: path.join(work, 'other-state.json'), serverUrl: app.url });
        const code = await pageApi<{ data: { code: string } }>(other.page, 'POST', '/printer-client/pair', {});
        const paired = (await (await fetch(`${otherClient.url}/connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: code.data.code }) })).json()) as { printer_client_id: string };
        const printers = (await (await fetch(`${otherClient.url}/printers`)).json()) as { printers: { name: string }[] };
        await fetch(`${otherClient.url}/setlabelprinter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: printers.printers[0]!.name }) });

        // The first organisation cannot send to it, and the other cannot send the first's labels to its own.
        await expect(pageApi(page, 'POST', '/label/print', { label_ids: labelIds, format: 'a6', printer_client_id: paired.printer_client_id })).rejects.toThrow(/404|400/);
        await expect(pageApi(other.page, 'POST', '/label/print', { label_ids: labelIds, format: 'a6', printer_client_id: paired.printer_client_id })).rejects.toThrow(/404|400/);
        // A job of the first organisation still reaches only its own client.
        const own = await pageApi<{ data: { print_job_id: string } }>(page, 'POST', '/label/print', { label_ids: labelIds.slice(1, 2), format: 'a6', printer_client_id: printerClientId });
        await expect.poll(async () => (await pageApi<{ data: { status: string } }>(page, 'GET', `/print-job/${own.data.print_job_id}`)).data.status, { timeout: 15_000 }).toBe('printed');
        expect(await filesIn(folder())).toHaveLength(3);
        expect(await filesIn(otherFolder())).toEqual([]);
        const theirs = await pageApi<{ data: { id: string; name: string }[] }>(other.page, 'GET', '/printer-client/');
        expect(theirs.data.map((c) => c.id)).toEqual([paired.printer_client_id]);
      } finally {
        await other.close();
      }
    } finally {
      await session.close();
    }
  }, 240_000);

  describe.each(screenSizes)('/settings/printer on a %s', (name, viewport) => {
    it('passes axe and is usable by keyboard', async () => {
      const session = await openBrowser({ viewport });
      try {
        const { page } = session;
        await logInAsDemo(page, `${app.url}/settings/printer`);
        await page.getByTestId('local-print-client').waitFor();
        await page.getByTestId('print-client-list').or(page.getByText('Er is nog geen printclient gekoppeld.')).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: screenshotPath(`printer-settings-${name}.png`), fullPage: true });
        // The keyboard reaches Koppelen, and then the label printer choice.
        const reached = async (testId: string): Promise<boolean> => {
          for (let i = 0; i < 80; i++) {
            await page.keyboard.press('Tab');
            if (await page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) !== null, testId)) return true;
          }
          return false;
        };
        await page.getByTestId('print-client-pair').waitFor();
        expect(await reached('print-client-pair')).toBe(true);
        expect(await reached('local-print-client-printers')).toBe(true);
      } finally {
        await session.close();
      }
    }, 120_000);
  });
});
