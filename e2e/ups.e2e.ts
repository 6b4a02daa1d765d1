import { describe, expect, it } from 'vitest';
import { startFakeUps } from '@verzendhuis/test-fakes/fake-ups';
import { carrierBrowserTest } from './support/carrier-browser-test';
import { carrierOrderWithLabel, utrechtRecipient } from './support/carrier-order';

/**
 * Issue 19: a UPS contract linked through /settings/services/courier against a fake UPS
 * on this machine (packages/test-fakes), then a label made with it to a UPS Access Point.
 * An app of its own (E2E_UPS_PORT, default 8572), so the shared app's demo organisation
 * gets no UPS contract and no registration is spent.
 */
const clientId = 'e2e-ups';
const clientSecret = 'e2e-ups-geheim';
const accountNumber = 'E2E123';

const carrier = carrierBrowserTest({ startFake: () => startFakeUps({ clientId, clientSecret, accountNumber }), port: Number(process.env.E2E_UPS_PORT ?? 8572) });

describe('labels with a UPS contract', () => {
  it('links UPS (a wrong client secret is said on its field), chooses a UPS Access Point in the modal and makes a UPS label', async () => {
    const page = carrier.page();
    const app = carrier.app();
    const ups = carrier.fake();
    const stamp = Date.now().toString(36).toUpperCase();
    // A wrong client secret: UPS's OAuth refuses it and the form says so in Dutch, on the field.
    await carrier.linkOwnContract('UPS', { client_id: clientId, client_secret: clientSecret, account_number: accountNumber, base_url: ups.url }, { field: 'client_secret', value: 'fout', refusal: 'UPS kent deze client-ID met dit client secret niet. Controleer ze bij je app op het UPS-ontwikkelaarsportaal.' }, 'ups-courier-settings');

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
