import { describe, expect, it } from 'vitest';
import { startFakeBpost } from '@verzendhuis/test-fakes/fake-bpost';
import { carrierBrowserTest } from './support/carrier-browser-test';
import { carrierOrderWithLabel } from './support/carrier-order';

/**
 * Issue 19: a bpost Shipping Manager account linked through /settings/services/courier
 * against a fake bpost on this machine (packages/test-fakes), then a label to a bpost point
 * in Antwerp made with it. An app of its own (E2E_BPOST_PORT, default 8574), so the shared
 * app's demo organisation gets no bpost contract and no registration is spent.
 */
const accountId = '107423';
const passphrase = 'e2e-bpost-passphrase';

const carrier = carrierBrowserTest({ startFake: () => startFakeBpost({ accountId, passphrase }), port: Number(process.env.E2E_BPOST_PORT ?? 8574) });

describe('labels with a bpost contract', () => {
  it('links bpost (a wrong passphrase is said on its field), chooses a bpost point in the modal and makes a bpost label', async () => {
    const page = carrier.page();
    const app = carrier.app();
    const bpost = carrier.fake();
    const stamp = Date.now().toString(36).toUpperCase();
    // A wrong passphrase: bpost refuses it and the form says so in Dutch, on the field.
    await carrier.linkOwnContract('bpost', { account_id: accountId, passphrase, base_url: `${bpost.url}/services/shm` }, { field: 'passphrase', value: 'fout', refusal: 'bpost kent dit account-ID met deze passphrase niet. Controleer ze in de Shipping Manager onder Admin, API.' }, 'bpost-courier-settings');

    // An order to Antwerp with bpost (Pakket: bpack@bpost at a point).
    // bpost offices and points in the form's modal, found by the pudo Locator near the recipient; the label as one PDF page.
    const labels = await carrierOrderWithLabel(page, { appUrl: app.url, stamp, orderNumber: `${stamp}-BPOST-1`, courier: 'bpost', recipient: { country: 'België', name: 'Lotte Peeters', zipcode: '2000', housenumber: '50', street: 'Meir', city: 'Antwerpen', email: 'lotte@voorbeeld.be' }, pointCount: 2, pointName: 'Postkantoor Antwerpen Centrum' });
    const taken = [...bpost.orders.values()].filter((o) => o.reference.startsWith(`${stamp}-BPOST-1-`));
    expect(taken).toHaveLength(1);
    expect(await labels.trackingOf(labels.row(`${stamp}-BPOST-1`))).toBe(taken[0]?.barcodes[0]);
    expect(taken[0]?.xml).toContain('<pugoId>100120</pugoId>');
    expect(taken[0]?.xml).toContain('<product>bpack@bpost</product>');
  });
});
