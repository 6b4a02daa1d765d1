import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { startFakeUps, type FakeUps } from '@verzendhuis/test-fakes/fake-ups';
import { checkScreenAtBothWidths } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { AppFrame } from './pages/app-frame';
import { CourierSettingsPage } from './pages/courier-settings-page';
import { DashboardPage } from './pages/dashboard-page';
import { LabelsTabPage } from './pages/labels-tab-page';
import { demoUser as demo, LoginPage } from './pages/login-page';
import { OrderFormPage } from './pages/order-form-page';
import { PickupPointModal } from './pages/pickup-point-modal';

/**
 * Issue 19: a UPS contract linked through /settings/services/courier against a fake UPS
 * on this machine (packages/test-fakes), then a label made with it to a UPS Access Point.
 * An app of its own (E2E_UPS_PORT, default 8572), so the shared app's demo organisation
 * gets no UPS contract and no registration is spent.
 */
const clientId = 'e2e-ups';
const clientSecret = 'e2e-ups-geheim';
const accountNumber = 'E2E123';

let ups: FakeUps;
let app: AppProcess;
let session: BrowserSession;
beforeAll(async () => {
  ups = await startFakeUps({ clientId, clientSecret, accountNumber });
  app = await startAppProcess({ port: Number(process.env.E2E_UPS_PORT ?? 8572), env: { CARRIER_TIMEOUT_MS: '3000', TEST_CARRIER_TIME_SCALE: '1' } });
});
afterAll(async () => {
  await app?.stop();
  await ups?.close();
});
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(async () => {
  await session?.close();
});

describe('labels with a UPS contract', () => {
  it('links UPS (a wrong client secret is said on its field), chooses a UPS Access Point in the modal and makes a UPS label', async () => {
    const { page } = session;
    const stamp = Date.now().toString(36).toUpperCase();
    await page.goto(`${app.url}/settings/services/courier`);
    await new LoginPage(page).logIn(demo.email, demo.password);
    await new AppFrame(page).waitUntilShown();

    const couriers = new CourierSettingsPage(page);
    await couriers.waitUntilShown();
    // A wrong client secret: UPS's OAuth refuses it and the form says so in Dutch, on the field.
    await couriers.linkOwnContract('UPS', { client_id: clientId, client_secret: clientSecret, account_number: accountNumber, base_url: ups.url }, { field: 'client_secret', value: 'fout', refusal: 'UPS kent deze client-ID met dit client secret niet. Controleer ze bij je app op het UPS-ontwikkelaarsportaal.' });
    await couriers.row('UPS').waitFor();
    expect(await couriers.status('UPS')).toBe('Actief');
    await checkScreenAtBothWidths(page, 'ups-courier-settings');

    // An order to Utrecht with UPS (Pakket, UPS Standard).
    const order = new OrderFormPage(page);
    await page.goto(`${app.url}/dashboard/orders/create`);
    await order.waitUntilShown('Nieuwe zending');
    await order.fillRecipient({ name: 'Anna de Vries', zipcode: '3511 AB', housenumber: '12' });
    await order.fill('Adres', 'Oudegracht');
    await order.fill('Plaats', 'Utrecht');
    await order.fill('E-mailadres', 'anna@voorbeeld.nl');
    await order.fill('Ordernummer', `${stamp}-UPS-1`);
    await order.chooseCourier('UPS');
    await order.addLine({ name: 'Theedoek', quantity: 2, weight: 300, price: '7,50' });
    expect(await order.status()).toBe('Klaar om te verzenden');
    // UPS Access Points in the form's modal, found by UPS's locator near the recipient.
    const modal = new PickupPointModal(page);
    await modal.open();
    const points = await modal.waitForPoints();
    expect(await points.count()).toBe(2);
    expect(await points.first().textContent()).toContain('Bruna Oudegracht');
    await points.first().click();
    await modal.confirm();
    expect(await modal.chosenName()).toBe('Bruna Oudegracht');
    await order.save();
    await new DashboardPage(page).waitForNotice('Zending aangemaakt');

    const download = new DashboardPage(page).createLabelsFor(app.url, stamp, 1);
    const pdf = await PDFDocument.load(await readFile(await (await download).path()));
    expect(pdf.getPageCount()).toBe(1);
    // All made: the file comes at once, with no result dialog.

    const labels = new LabelsTabPage(page);
    await labels.open(app.url, 'labels', stamp);
    await labels.waitForRows(stamp, 1);
    expect(await labels.trackingOf(labels.row(`${stamp}-UPS-1`))).toMatch(/^1ZE2E12368\d{8}$/);
    const sent = ups.requests.filter((r) => r.path.endsWith('/ship') && JSON.stringify(r.body).includes(stamp));
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.body)).toContain('"Service":{"Code":"11"}');
    expect(JSON.stringify(sent[0]?.body)).toContain('"UPSAccessPointID":"NLU1234567"');
  });
});
