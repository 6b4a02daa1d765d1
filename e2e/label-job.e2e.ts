import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { PDFDocument } from '@cantoo/pdf-lib';
import { openBrowser, screenshotPath, type BrowserSession } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { AppFrame } from './pages/app-frame';
import { DashboardPage } from './pages/dashboard-page';
import { LabelJobPanel } from './pages/label-job-panel';
import { LabelsPrintControls } from './pages/labels-print-controls';
import { demoUser as demo, LoginPage } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';
import { QuotaDashboard } from './pages/quota-dashboard';

/**
 * A large selection runs as a background job. The CI app keeps the default threshold
 * (50 orders, more than a trial organisation may label in a month), so this test
 * starts an app of its own that makes a job of more than 10 orders, like
 * maintenance.e2e.ts does. E2E_LABEL_JOB_URL points it at a running app instead
 * (started with LABEL_JOB_THRESHOLD=10).
 */
const threshold = 10;
const screenshot = screenshotPath;

let app: AppProcess;
let session: BrowserSession;
beforeAll(async () => {
  const external = process.env.E2E_LABEL_JOB_URL;
  app = external
    ? { url: external.replace(/\/$/, ''), stop: async () => undefined }
    : await startAppProcess({ port: Number(process.env.E2E_LABEL_JOB_PORT ?? 8096), env: { LABEL_JOB_THRESHOLD: String(threshold) } });
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(async () => {
  await session?.close();
});

async function pagesOf(download: Download): Promise<number> {
  return (await PDFDocument.load(await readFile(await download.path()))).getPageCount();
}

/** An order the form saves as incomplete: a name and an order number, no address. */
async function createIncompleteOrder(page: Page, orderNumber: string): Promise<void> {
  const form = new OrderFormPage(page);
  await page.goto(`${app.url}/dashboard/orders/create`);
  await form.waitUntilShown('Nieuwe zending');
  await form.fillRecipient({ name: `Onvolledig ${orderNumber}` });
  await form.fill('Ordernummer', orderNumber);
  await form.save();
  // An order with problems opens on its own edit page.
  await form.waitUntilShown('Bestelling aanpassen');
}

describe('a large label selection', () => {
  it('shows the progress, delivers the labels and the errors per order, and keeps the result for a later visit', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    await page.goto(`${app.url}/dashboard`);
    await new LoginPage(page).logIn(demo.email, demo.password);
    await new AppFrame(page).waitUntilShown();
    const dashboard = new DashboardPage(page);
    const quota = new QuotaDashboard(page);
    await dashboard.waitUntilShown();

    // Twenty test orders and one incomplete order: 21 orders, more than the threshold.
    await createIncompleteOrder(page, `JOB-${stamp}`);
    await dashboard.open(app.url);
    // The incomplete order is in the tab: wait for the counter to show it (read too early, it is not there yet).
    const before = await quota.shownOrdersCount();
    await quota.generateTestOrders(before + 10);
    await quota.generateTestOrders(before + 20);
    const total = before + 20;
    expect(total).toBeGreaterThan(threshold);
    expect(total).toBeLessThanOrEqual(25);
    await quota.setPageSize(25, total);
    await page.getByTestId('select-all').check();
    expect(await dashboard.selectionCount()).toBe(`${total} geselecteerd`);

    // Labels aanmaken: the server answers "queued" and the page shows the job.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/label/create' && r.request().method() === 'POST');
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await new LabelsPrintControls(page, page.getByTestId('selection-bar')).clickAction('create-labels');
    const created = await (await answer).json();
    expect(created).toMatchObject({ status: 'queued', job: { total } });
    const jobs = new LabelJobPanel(page);
    await jobs.waitForCard();
    await page.screenshot({ path: screenshot('e2e-label-job-progress.png') }).catch(() => undefined);

    // Done while the user stayed: the labels are downloaded with the label settings (A6),
    // and the order that failed is listed as for a small selection.
    expect(await pagesOf(await download)).toBe(total - 1);
    await jobs.resultDialog().waitFor();
    const errors = await jobs.resultErrors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`JOB-${stamp}`);
    expect(errors[0]).toContain('Deze bestelling is niet compleet.');
    await page.screenshot({ path: screenshot('e2e-label-job-result-dialog.png') }).catch(() => undefined);
    await jobs.closeResultDialog();
    expect(await jobs.status()).toBe('done');
    expect(await jobs.title()).toBe('Niet alle labels zijn gemaakt');
    expect(await jobs.progressText()).toBe(`${total - 1} van ${total} labels gemaakt`);
    expect(await jobs.failedText()).toBe('1 bestelling mislukt');
    expect(await jobs.percent()).toBe(100);
    // The lists reloaded: only the incomplete order is left in Bestellingen.
    await quota.waitForOrdersCount(1);

    // Away and back (a new page load): the dashboard finds the job and offers its labels on a click.
    await page.goto(`${app.url}/settings/account`);
    await page.goto(`${app.url}/dashboard`);
    await dashboard.waitUntilShown();
    await jobs.waitForCard();
    expect(await jobs.status()).toBe('done');
    await page.screenshot({ path: screenshot('e2e-label-job-come-back.png') }).catch(() => undefined);
    const again = page.waitForEvent('download');
    await jobs.download();
    expect(await pagesOf(await again)).toBe(total - 1);
    await jobs.showErrors();
    expect(await jobs.resultErrors()).toHaveLength(1);
    await jobs.closeResultDialog();

    // Closed results stay closed.
    await jobs.dismiss();
    await jobs.card().waitFor({ state: 'detached' });
    await page.reload();
    await dashboard.waitUntilShown();
    await quota.waitForOrdersCount(1);
    expect(await page.getByTestId('label-job').count()).toBe(0);
  });
});
