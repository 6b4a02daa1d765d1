import { describe, expect, it } from 'vitest';
import { startFakeDpd } from '@verzendhuis/test-fakes/fake-dpd';
import { carrierBrowserTest } from './support/carrier-browser-test';
import { carrierOrderWithLabel, utrechtRecipient } from './support/carrier-order';

/**
 * Issue 19: a DPD contract linked through /settings/services/courier against a fake DPD
 * on this machine (packages/test-fakes), then a label made with it. An app of its own
 * (E2E_DPD_PORT, default 8094), so the shared app's demo organisation gets no DPD
 * contract and no registration is spent.
 */
const delisId = 'e2e-dpd';
const password = 'e2e-dpd-wachtwoord';

const carrier = carrierBrowserTest({ startFake: () => startFakeDpd({ delisId, password }), port: Number(process.env.E2E_DPD_PORT ?? 8094) });

describe('labels with a DPD contract', () => {
  it('links DPD (a wrong password is said on its field), chooses a DPD Pickup point in the modal and makes a DPD label', async () => {
    const page = carrier.page();
    const app = carrier.app();
    const dpd = carrier.fake();
    const stamp = Date.now().toString(36).toUpperCase();
    // A wrong password: DPD's login refuses it and the form says so in Dutch, on the field.
    await carrier.linkOwnContract('DPD', { delis_id: delisId, password, base_url: dpd.url }, { field: 'password', value: 'fout', refusal: 'DPD kent deze DelisID met dit wachtwoord niet. Controleer ze in je DPD-account.' }, 'dpd-courier-settings');

    // An order to Utrecht with DPD (Pakket, product B2C).
    // DPD Pickup points in the form's modal, found by DPD's findParcelShops near the recipient; the label as one PDF page.
    const labels = await carrierOrderWithLabel(page, { appUrl: app.url, stamp, orderNumber: `${stamp}-DPD-1`, courier: 'DPD', recipient: utrechtRecipient, pointCount: 2, pointName: 'Primera Utrecht' });
    expect(await labels.trackingOf(labels.row(`${stamp}-DPD-1`))).toMatch(/^\d{14}$/);
    const sent = dpd.requests.filter((r) => r.path.endsWith('/storeOrders') && JSON.stringify(r.body).includes(stamp));
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.body)).toContain('"product":"B2C"');
    expect(JSON.stringify(sent[0]?.body)).toContain('"parcelShopId":"NL1234567"');
  });
});
