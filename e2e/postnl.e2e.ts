import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PDFDocument } from '@cantoo/pdf-lib';
import { startFakePostnl, type FakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { openBrowser, screenshotPath, type BrowserSession } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { AppFrame } from './pages/app-frame';
import { CourierSettingsPage } from './pages/courier-settings-page';
import { DashboardPage } from './pages/dashboard-page';
import { LabelsDialogs } from './pages/labels-dialogs';
import { LabelsTabPage } from './pages/labels-tab-page';
import { demoUser as demo, LoginPage } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';

/**
 * A PostNL contract against a fake PostNL on this machine (packages/test-fakes):
 * one order gets its label, the other's shipment never gets an answer. The app is
 * started for this test with a carrier timeout of 3 s (the CI app waits the default
 * 20 s) and keeps the demo organisation of the other tests free of a PostNL contract.
 */
const apiKey = 'e2e-postnl-sleutel';
const screenshot = screenshotPath;

let postnl: FakePostnl;
let app: AppProcess;
let session: BrowserSession;
beforeAll(async () => {
  postnl = await startFakePostnl({ apikey: apiKey });
  app = await startAppProcess({ port: Number(process.env.E2E_POSTNL_PORT ?? 8097), env: { CARRIER_TIMEOUT_MS: '3000', TEST_CARRIER_TIME_SCALE: '1' } });
});
afterAll(async () => {
  await app?.stop();
  await postnl?.close();
});
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(async () => {
  await session?.close();
});

/** A ready PostNL order typed in full; the fake never answers a shipment whose reference holds TRAAG. */
async function createPostnlOrder(page: Page, orderNumber: string, name: string): Promise<void> {
  const form = new OrderFormPage(page);
  await page.goto(`${app.url}/dashboard/orders/create`);
  await form.waitUntilShown('Nieuwe zending');
  await form.fillRecipient({ name, zipcode: '1012 LG', housenumber: '1' });
  await form.fill('Adres', 'Damrak');
  await form.fill('Plaats', 'Amsterdam');
  await form.fill('E-mailadres', 'pakket@voorbeeld.nl');
  await form.fill('Ordernummer', orderNumber);
  await form.chooseCourier('PostNL');
  await form.addLine({ name: 'Theedoek', quantity: 2, weight: 300, price: '7,50' });
  expect(await form.status()).toBe('Klaar om te verzenden');
  await form.save();
  await new DashboardPage(page).waitForNotice('Zending aangemaakt');
  await form.waitForValue('Naam', '');
}

describe('labels with a PostNL contract', () => {
  it('reports the label PostNL made and the order it did not answer for, and loses neither', async () => {
    const { page } = session;
    // Order numbers start with the stamp: the search matches order numbers from their start.
    const stamp = Date.now().toString(36).toUpperCase();
    await page.goto(`${app.url}/settings/services/courier`);
    await new LoginPage(page).logIn(demo.email, demo.password);
    await new AppFrame(page).waitUntilShown();

    // Link the organisation's own PostNL contract, pointed at the fake.
    const couriers = new CourierSettingsPage(page);
    await couriers.waitUntilShown();
    await couriers.linkOwnContract('PostNL', { api_key: apiKey, customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url });
    await couriers.row('PostNL').waitFor();
    expect(await couriers.status('PostNL')).toBe('Actief');

    await createPostnlOrder(page, `${stamp}-PN-1`, 'Jan Jansen');
    await createPostnlOrder(page, `${stamp}-PN-TRAAG`, 'Piet Pietersen');

    // Both selected, labels made in one request.
    const dashboard = new DashboardPage(page);
    const download = dashboard.createLabelsFor(app.url, stamp, 2);

    // The label PostNL made is downloaded at once ...
    const pdf = await PDFDocument.load(await readFile(await (await download).path()));
    expect(pdf.getPageCount()).toBe(1);
    // ... and the order PostNL did not answer for is reported by number, in Dutch.
    const result = new LabelsDialogs(page).result();
    // (It comes once the carrier timeout of 3 s has passed for the order PostNL never answers.)
    await result.waitFor();
    expect(await result.getByTestId('label-result-created').textContent()).toBe('1 label is aangemaakt.');
    const errors = await result.getByTestId('label-result-error').allTextContents();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${stamp}-PN-TRAAG`);
    expect(errors[0]).toContain('PostNL antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.');
    await page.screenshot({ path: screenshot('e2e-postnl-result.png') }).catch(() => undefined);
    await page.getByRole('dialog').getByRole('button', { name: 'Sluiten', exact: true }).click();

    // Nothing lost: the failed order waits in Bestellingen, the other has its PostNL label.
    await dashboard.waitForRows(stamp, 1);
    expect(await dashboard.row(`${stamp}-PN-TRAAG`).count()).toBe(1);
    const labels = new LabelsTabPage(page);
    await labels.open(app.url, 'labels', stamp);
    await labels.waitForRows(stamp, 1);
    const made = labels.row(`${stamp}-PN-1`);
    expect(await labels.trackingOf(made)).toMatch(/^3SDEVC\d+$/);
    // The tracking number links to PostNL's track and trace.
    expect(await made.getByTestId('label-tracking').getAttribute('href')).toMatch(/^https:\/\/jouw\.postnl\.nl\/track-and-trace\/3SDEVC\d+-NL-1012LG$/);
    // PostNL was asked once per order: no second label for the one that was made.
    const labelCalls = postnl.requests.filter((r) => r.path === '/shipment/v2_2/label' && JSON.stringify(r.body).includes(stamp));
    expect(labelCalls).toHaveLength(2);
  });
});
