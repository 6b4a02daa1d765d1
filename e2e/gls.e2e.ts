import { describe, expect, it } from 'vitest';
import { startFakeGls } from '@verzendhuis/test-fakes/fake-gls';
import { carrierBrowserTest } from './support/carrier-browser-test';
import { carrierOrderWithLabel, utrechtRecipient } from './support/carrier-order';

/**
 * Issue 19: a GLS contract linked through /settings/services/courier against a fake GLS
 * on this machine (packages/test-fakes), then a label made with it. An app of its own
 * (E2E_GLS_PORT, default 8092), so the shared app's demo organisation gets no GLS
 * contract and no registration is spent.
 */
const subscriptionKey = 'e2e-gls-sleutel';
const username = 'e2e-gls';
const password = 'e2e-gls-wachtwoord';

const carrier = carrierBrowserTest({ startFake: () => startFakeGls({ subscriptionKey, username, password }), port: Number(process.env.E2E_GLS_PORT ?? 8092) });

describe('labels with a GLS contract', () => {
  it('links GLS (a wrong password is said on its field), chooses a GLS ParcelShop in the modal and makes a GLS label', async () => {
    const page = carrier.page();
    const app = carrier.app();
    const gls = carrier.fake();
    const stamp = Date.now().toString(36).toUpperCase();
    // A wrong password: GLS refuses it and the form says so in Dutch, on the field.
    await carrier.linkOwnContract('GLS', { subscription_key: subscriptionKey, username, password, customer_number: '12345678', base_url: `${gls.url}/V1/api` }, { field: 'password', value: 'fout', refusal: 'GLS kent deze gebruikersnaam met dit wachtwoord en deze subscription key niet. Controleer ze in je GLS-account.' }, 'gls-courier-settings');

    // An order to Utrecht with GLS (Pakket, shiptype p).
    // GLS ParcelShops in the form's modal, found by GLS's GetParcelShops near the recipient; the label as one PDF page.
    const labels = await carrierOrderWithLabel(page, { appUrl: app.url, stamp, orderNumber: `${stamp}-GLS-1`, courier: 'GLS', recipient: utrechtRecipient, pointCount: 2, pointName: 'Bruna Utrecht Centrum' });
    expect(await labels.trackingOf(labels.row(`${stamp}-GLS-1`))).toMatch(/^\d{11}$/);
    const sent = gls.requests.filter((r) => r.path.endsWith('/Label/Create') && JSON.stringify(r.body).includes(stamp));
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.body)).toContain('"shiptype":"p"');
    expect(JSON.stringify(sent[0]?.body)).toContain('"shopDeliveryParcelShopId":"2500001234"');
  });
});
