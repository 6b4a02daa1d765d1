import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUps, type FakeUps } from '@verzendhuis/test-fakes/fake-ups';
import { checkScreenAtBothWidths } from './support/axe';
import { carrierOrderWithLabel, utrechtRecipient } from './support/carrier-order';
import { openBrowser, type BrowserSession } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { AppFrame } from './pages/app-frame';
import { CourierSettingsPage } from './pages/courier-settings-page';
import { demoUser as demo, LoginPage } from './pages/login-page';

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
    // UPS Access Points in the form's modal, found by UPS's locator near the recipient; the label as one PDF page.
    const labels = await carrierOrderWithLabel(page, { appUrl: app.url, stamp, orderNumber: `${stamp}-UPS-1`, courier: 'UPS', recipient: utrechtRecipient, pointCount: 2, pointName: 'Bruna Oudegracht' });
    expect(await labels.trackingOf(labels.row(`${stamp}-UPS-1`))).toMatch(/^1ZE2E12368\d{8}$/);
    const sent = ups.requests.filter((r) => r.path.endsWith('/ship') && JSON.stringify(r.body).includes(stamp));
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.body)).toContain('"Service":{"Code":"11"}');
    expect(JSON.stringify(sent[0]?.body)).toContain('"UPSAccessPointID":"NLU1234567"');
  });
});
