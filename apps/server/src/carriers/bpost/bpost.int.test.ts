import { XMLParser } from 'fast-xml-parser';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { startFakeBpost } from '@verzendhuis/test-fakes/fake-bpost';
import type { OrderInput } from '@verzendhuis/contract/order';
import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { labelUpdateErrorTexts } from '@verzendhuis/domain/label-screens-texts';
import { linkFakeCarrier, orderInput, request, requestLabels, type TestOrganisation } from '../../../test-support/factories';
import { startForFile } from '../../../test-support/for-file';
import { drawnText, labelsOn } from '../../../test-support/label-pdf';
import { testServerForFile } from '../../../test-support/server';
import { expectEveryOrderRefused } from '../../../test-support/carrier-refusals';

const bpost = startForFile(() => startFakeBpost({ accountId: '107423', passphrase: 'bpost-passphrase' }));
const { server, first: org, second } = testServerForFile({ config: { carrierTimeoutMs: 1500 } });
const baseUrl = () => `${bpost.url}/services/shm`;
const link = (who: TestOrganisation, fields: Record<string, unknown>) => request(server, { method: 'POST', path: '/api/courier/create', token: who.token, body: { courier_class: 'bpost', fields } });
/** A bpost order to Antwerp; its number starts bpost's reference, which steers the fake (TRAAG, POSTCODE, ZWAAR, FOUT). */
const order = (number: string, courierId: string, overrides: Partial<OrderInput> = {}) =>
  orderInput({ order_number: number, name: 'Lotte Peeters', address_1: 'Meir', housenumber: '50 bus 3', zipcode: '2000', city: 'Antwerpen', country: 'BE', email: 'lotte@voorbeeld.be', courier_id: courierId, shipment_type: 'parcel', shipment: { packages: [{ weight: 2500 }], courier_fields: {} }, ...overrides });
/** The parsed order bpost took for one of our orders (its reference is our order number and a suffix). */
const orderOf = (number: string) => [...bpost.orders.values()].find((o) => o.reference.startsWith(`${number}-`));
/** 10 x 15 cm in points, and A6's height: the label is scaled by the height to fit. */
const bpostPage = { width: (100 * 72) / 25.4, height: (150 * 72) / 25.4 };
const a6Scale = 419.53 / bpostPage.height;

let courierId: string;

describe('bpost', () => {
  it('links with its credentials checked: wrong ones answer a Dutch message, the passphrase is never answered', async () => {
    const empty = await link(org, { account_id: 'abc', passphrase: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ 'fields.account_id': ['Het bpost-account-ID bestaat uit cijfers.'], 'fields.passphrase': ['Vul de passphrase van je bpost Shipping Manager in.'] });
    const wrong = await link(org, { account_id: '107423', passphrase: 'fout', base_url: baseUrl() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ 'fields.passphrase': ['bpost kent dit account-ID met deze passphrase niet. Controleer ze in de Shipping Manager onder Admin, API.'] });
    courierId = await linkFakeCarrier(org, 'bpost', baseUrl());
    const answer = (await request(server, { path: `/api/courier/${courierId}`, token: org.token })).body.data;
    expect(answer).toMatchObject({ service_class: 'bpost', service_name: 'bpost', fields: { account_id: '107423', base_url: baseUrl() } });
    expect(JSON.stringify(answer)).not.toContain('bpost-passphrase');
    const stored = await server.database.pool.query('SELECT settings::text AS s FROM couriers WHERE id = $1', [courierId]);
    expect(stored.rows[0].s).not.toContain('bpost-passphrase');
    const meta = (await request(server, { path: '/api/courier/meta', token: org.token })).body.data as { class: string; images: { mark: string }; settings_fields: { name: string; secret: boolean; default: string | null }[] }[];
    const bpostMeta = meta.find((m) => m.class === 'bpost');
    expect(bpostMeta?.images.mark).toBe('/couriers/bpost.svg');
    expect(bpostMeta?.settings_fields.map((f) => [f.name, f.secret, f.default])).toEqual([
      ['account_id', false, null],
      ['passphrase', true, null],
      ['base_url', false, 'https://shm-rest.bpost.cloud/services/shm'],
    ]);
    expect((await request(server, { path: `/api/courier/${courierId}`, token: second.token })).status).toBe(404);
  });

  it('makes labels to BE (national, with its options) and to NL (international), its 10 x 15 cm label scaled into A6 and at A4 position 3', async () => {
    const created = await org.api.orders.bulk([
      order('BP-BE', courierId, { shipment: { packages: [{ weight: 2500 }, { weight: 801 }], courier_fields: { signature: true, saturday: true, insurance: '2500' } } }),
      order('BP-NL', courierId, { address_1: 'Oudegracht', housenumber: '12', zipcode: '3511 AB', city: 'Utrecht', country: 'NL', shipment: { packages: [{ weight: 1000 }], courier_fields: { saturday: true } } }),
    ]);
    const ids = created.data.map((d) => d.id);
    const { body } = await requestLabels(org, { order_ids: ids });
    expect(body.errors).toEqual([]);
    expect(body.status).toBe('success');

    const be = orderOf('BP-BE');
    const post = bpost.requests.find((r) => r.method === 'POST' && r.path === '/services/shm/107423/orders');
    expect(post).toMatchObject({ authorization: `Basic ${Buffer.from('107423:bpost-passphrase').toString('base64')}`, contentType: 'application/vnd.bpost.shm-order-v5+XML' });
    // The XML as sent, with its namespaces (prefixes kept).
    const sent = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'tns:box' }).parse(be!.xml) as { 'tns:order': Record<string, unknown> & { 'tns:box': Record<string, Record<string, Record<string, unknown>>>[] } };
    expect(sent['tns:order']).toMatchObject({ '@_xmlns:tns': 'http://schema.post.be/shm/deepintegration/v5/', 'tns:accountId': '107423' });
    const [first, secondBox] = sent['tns:order']['tns:box'];
    expect(first?.['tns:nationalBox']?.atHome).toMatchObject({
      product: 'bpack 24h Pro',
      options: { 'common:insured': { 'common:additionalInsurance': { '@_value': '2' } }, 'common:signed': '', 'common:saturdayDelivery': '' },
      weight: '2500',
      receiver: { 'common:name': 'Lotte Peeters', 'common:address': { 'common:streetName': 'Meir', 'common:number': '50', 'common:box': 'bus 3', 'common:postalCode': '2000', 'common:locality': 'Antwerpen', 'common:countryCode': 'BE' }, 'common:emailAddress': 'lotte@voorbeeld.be' },
    });
    expect(secondBox?.['tns:nationalBox']?.atHome).toMatchObject({ weight: '801' });
    // Abroad an international box, without Saturday delivery.
    const nl = orderOf('BP-NL')!.order as { box: { internationalBox: { international: Record<string, unknown> } }[] };
    expect(nl.box[0]?.internationalBox.international).toMatchObject({ product: 'bpack Europe Business', parcelWeight: '1000', receiver: { address: { postalCode: '3511AB', countryCode: 'NL' } } });
    expect(nl.box[0]?.internationalBox.international.options).toBeUndefined();

    const beLabel = body.data.find((d: { order_id: string }) => d.order_id === ids[0]);
    const detail = (await request(server, { path: `/api/label/${beLabel.id}`, token: org.token })).body.data;
    const numbers: string[] = detail.shipment.packages.map((p: { tracking_number: string }) => p.tracking_number);
    expect(numbers).toEqual(be!.barcodes);
    expect(detail.shipment.packages[0].tracking_url).toBe(`https://track.bpost.cloud/btr/web/#/search?itemCode=${numbers[0]}&lang=nl&postalCode=2000`);

    const labelIds = [beLabel.id, body.data.find((d: { order_id: string }) => d.order_id === ids[1]).id];
    const a6 = await PDFDocument.load((await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds } })).body);
    expect(a6.getPageCount()).toBe(3);
    expect([Math.round(a6.getPage(0).getWidth()), Math.round(a6.getPage(0).getHeight())]).toEqual([298, 420]);
    const [onA6] = labelsOn(a6.getPage(0));
    expect(onA6?.drawing).toContain(drawnText(numbers[0]!));
    // Scaled down by the height to fit inside A6, centred across: never cropped.
    expect(onA6?.scale).toBeCloseTo(a6Scale, 3);
    expect(onA6?.x).toBeCloseTo((297.64 - bpostPage.width * a6Scale) / 2, 1);
    expect(labelsOn(a6.getPage(2))[0]?.drawing).toContain(drawnText('3511AB Utrecht'));
    const sheets = await PDFDocument.load((await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds, format: 'a4', positions: 3 } })).body);
    const placed = labelsOn(sheets.getPage(0));
    expect(placed.map((l) => (l.y > 400 ? 1 : 3) + (l.x > 200 ? 1 : 0))).toEqual([3, 4]);
    expect(placed[0]?.drawing).toContain(drawnText('BPOST BPACK 24H PRO'));
    expect(placed[0]?.scale).toBeCloseTo(a6Scale, 3);
    expect((await request(server, { method: 'POST', path: '/api/label/pdf', token: second.token, body: { label_ids: labelIds } })).status).toBe(404);
  });

  it('makes return labels: bpack Easy Retour from Belgium, World Easy Return from abroad, to the organisation', async () => {
    const created = await org.api.orders.bulk([
      order('BP-RET', courierId, { shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: true } } }),
      order('BP-RET-NL', courierId, { address_1: 'Oudegracht', housenumber: '12', zipcode: '3511 AB', city: 'Utrecht', country: 'NL' }),
    ]);
    const made = await requestLabels(org, { order_ids: created.data.map((d) => d.id), is_return: true });
    expect(made.body.errors).toEqual([]);
    const national = (orderOf('BP-RET')!.order as { box: Record<string, Record<string, Record<string, unknown>>>[] }).box[0]!;
    expect(national.sender).toMatchObject({ name: 'Lotte Peeters', address: { postalCode: '2000', countryCode: 'BE' } });
    expect(national.nationalBox?.atHome).toMatchObject({ product: 'bpack Easy Retour' });
    expect(national.nationalBox?.atHome?.options).toBeUndefined();
    const abroad = (orderOf('BP-RET-NL')!.order as { box: Record<string, Record<string, Record<string, unknown>>>[] }).box[0]!;
    expect(abroad.internationalBox?.international).toMatchObject({ product: 'bpack World Easy Return' });
    const label = (await request(server, { path: `/api/label/${made.body.data[0].id}`, token: org.token })).body.data;
    expect(label).toMatchObject({ is_return: true, name: 'Lotte Peeters' });
    expect((await requestLabels(second, { order_ids: [created.data[0]!.id], is_return: true })).body.status).toBe('failed');
  });

  it('finds bpost offices and points with the pudo Locator and delivers at the chosen one', async () => {
    const { status, body } = await request(server, { path: '/api/pickup-points/', query: { search: '2000 1', country_code: 'BE', courier_id: courierId }, token: org.token });
    expect(status).toBe(200);
    const group = (body.data as { courier: { id: string }; locations: { id: string; name: string; address: Record<string, string>; geo: unknown; distance: number | null }[]; error: string | null }[]).find((g) => g.courier.id === courierId);
    expect(group?.error).toBeNull();
    expect(group?.locations.map((l) => l.id)).toEqual(['100120', '240318']);
    expect(group?.locations[0]).toMatchObject({ name: 'Postkantoor Antwerpen Centrum', address: { street_address: 'Groenplaats 43', zip_code: '2000', city: 'Antwerpen' }, geo: { latitude: 51.2194, longitude: 4.4009 }, distance: 350 });
    const asked = bpost.requests.filter((r) => r.path === '/Locator').at(-1);
    expect(Object.fromEntries(asked!.query)).toMatchObject({ Function: 'search', Partner: '107423', Zone: '2000', Type: '3' });
    const theirs = await request(server, { path: '/api/pickup-points/', query: { search: '2000 1', country_code: 'BE', courier_id: courierId }, token: second.token });
    expect(JSON.stringify(theirs.body)).not.toContain('100120');
    // A Locator that fails is said in Dutch on bpost's group, not a failed search.
    bpost.pudo = 'error';
    try {
      const failed = await request(server, { path: '/api/pickup-points/', query: { search: '2000 1', country_code: 'BE', courier_id: courierId }, token: org.token });
      const failedGroup = (failed.body.data as { courier: { id: string }; locations: unknown[]; error: string | null }[]).find((g) => g.courier.id === courierId);
      expect(failedGroup?.locations).toEqual([]);
      expect(failedGroup?.error).toBe('bpost is nu niet bereikbaar. Probeer het later opnieuw.');
    } finally {
      bpost.pudo = 'normal';
    }

    const point = { id: '100120', name: 'Postkantoor Antwerpen Centrum', address: { street_address: 'Groenplaats 43', zip_code: '2000', city: 'Antwerpen' }, courier_id: courierId };
    const created = await org.api.orders.bulk([order('BP-PUNT', courierId, { pickup_point: point, shipment: { packages: [{ weight: 900 }], courier_fields: { saturday: true } } })]);
    expect((await requestLabels(org, { order_ids: [created.data[0]!.id] })).body.status).toBe('success');
    const box = (orderOf('BP-PUNT')!.order as { box: Record<string, Record<string, Record<string, unknown>>>[] }).box[0]!;
    expect(box.nationalBox?.atBpost).toMatchObject({ product: 'bpack@bpost', pugoId: '100120', pugoName: 'Postkantoor Antwerpen Centrum', receiverName: 'Lotte Peeters', pugoAddress: { postalCode: '2000' } });
    // No Saturday delivery at a point.
    expect(box.nationalBox?.atBpost?.options).toBeUndefined();
  });

  it('moves a label through Verzonden to Bezorgd by tracking', async () => {
    const created = await org.api.orders.bulk([order('BP-TRACK', courierId)]);
    const labelId = (await requestLabels(org, { order_ids: [created.data[0]!.id] })).body.data[0].id;
    const number = orderOf('BP-TRACK')!.barcodes[0]!;
    const track = () => request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [labelId] } });
    bpost.tracking.set(number, [{ timestamp: new Date(Date.now() - 3 * 3600_000).toISOString(), status: 'IN_TRANSIT', description: 'Zending in sorteercentrum', location: 'Brussel X' }]);
    expect((await track()).body.data[0]).toMatchObject({ status: 'shipped' });
    bpost.deliver(number, new Date(Date.now() - 23 * 3600_000));
    expect((await track()).body.data[0]).toMatchObject({ status: 'completed' });
    const history = JSON.stringify((await request(server, { path: `/api/label/${labelId}/tracking`, token: org.token })).body.data);
    expect(history).toContain('"event":"delivered"');
    expect(history).toContain('Zending afgeleverd');
    expect(Object.fromEntries(bpost.requests.filter((r) => r.path === '/track/items').at(-1)!.query)).toEqual({ itemIdentifier: number, postalCode: '2000' });
    expect((await request(server, { method: 'POST', path: '/api/label/track', token: second.token, body: { label_ids: [labelId] } })).body.errors[0].message).toBe('Label niet gevonden.');
  });

  it('cancels a deleted label by its order reference (kept on the label) until bpost has it in hand; another organisation cancels nothing', async () => {
    const created = await org.api.orders.bulk([order('BP-CANCEL', courierId), order('BP-SCANNED', courierId)]);
    const labelIds = (await requestLabels(org, { order_ids: created.data.map((d) => d.id) })).body.data.map((l: { id: string }) => l.id) as string[];
    const [cancelled, scanned] = [orderOf('BP-CANCEL')!, orderOf('BP-SCANNED')!];
    const stored = await server.database.pool.query<{ label_id: string; carrier_reference: string }>('SELECT label_id, carrier_reference FROM label_packages WHERE label_id = ANY($1)', [labelIds]);
    expect(stored.rows.map((r) => r.carrier_reference).sort()).toEqual([cancelled.reference, scanned.reference].sort());
    const labelOf = (reference: string) => stored.rows.find((r) => r.carrier_reference === reference)!.label_id;
    const remove = (who: TestOrganisation, labelId: string) => request(server, { method: 'POST', path: `/api/label/${labelId}`, token: who.token, body: { is_active: false } });
    const updates = () => bpost.requests.filter((r) => r.method === 'POST' && /\/orders\/[^/]+$/.test(r.path)).length;

    expect((await remove(second, labelOf(cancelled.reference))).status).toBe(404);
    expect(updates()).toBe(0);
    expect(cancelled.status).toBe('OPEN');

    const deleted = await remove(org, labelOf(cancelled.reference));
    expect(deleted.status).toBe(200);
    expect(deleted.body.notice).toBeUndefined();
    expect(cancelled.status).toBe('CANCELLED');
    expect(bpost.requests.at(-1)).toMatchObject({ method: 'POST', path: `/services/shm/107423/orders/${cancelled.reference}`, contentType: 'application/vnd.bpost.shm-orderUpdate-v5+XML' });

    // Handed over (scanned): bpost refuses, the label stays, with the reason in Dutch.
    bpost.deliver(scanned.barcodes[0]!, new Date());
    const refused = await remove(org, labelOf(scanned.reference));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message_code: 'label_cancel_refused', message: labelUpdateErrorTexts.cancelRefused(carrierLabelTexts.bpostCancelRefused) });
    expect(scanned.status).toBe('OPEN');
    expect((await server.database.pool.query('SELECT is_active FROM labels WHERE id = $1', [labelOf(scanned.reference)])).rows[0].is_active).toBe(true);
  });

  it('reports refusals per order in Dutch with bpost’s reason when a user can act on it, never its raw answer, and a timeout', async () => {
    const created = await org.api.orders.bulk([order('BPX-POSTCODE', courierId, { zipcode: '9999' }), order('BPX-ZWAAR', courierId), order('BPX-FOUT', courierId), order('BPX-TRAAG', courierId)]);
    // No label and no invoice item: the orders are still open.
    await expectEveryOrderRefused(org, created.data, {
      'BPX-POSTCODE': 'bpost kent de postcode 9999 in BE niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.',
      'BPX-ZWAAR': 'Het pakket is te zwaar voor bpost (maximaal 30 kg). Verdeel het over meer pakketten; er is geen label gemaakt.',
      'BPX-FOUT': 'bpost weigerde het label. Controleer het adres, het gewicht en de gekozen opties; er is geen label gemaakt.',
      'BPX-TRAAG': 'bpost antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.',
    });
  });

  it('refuses labels in Dutch when bpost no longer takes the stored passphrase; its fake refuses what bpost refuses', async () => {
    bpost.passphrase = 'nieuw-bij-bpost';
    try {
      const created = await org.api.orders.bulk([order('BP-LOGIN', courierId)]);
      const { body } = await requestLabels(org, { order_ids: created.data.map((d) => d.id) });
      expect(body.errors[0].message).toBe('bpost weigerde de inloggegevens van deze koppeling. Controleer het account-ID en de passphrase van de Shipping Manager.');
    } finally {
      bpost.passphrase = 'bpost-passphrase';
    }
    const post = async (xml: string, contentType = 'application/vnd.bpost.shm-order-v5+XML') => {
      const response = await fetch(`${baseUrl()}/107423/orders`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('107423:bpost-passphrase').toString('base64')}`, 'content-type': contentType }, body: xml });
      return { status: response.status, body: await response.text() };
    };
    const party = (tag: string) => `<${tag}><common:name>A</common:name><common:address><common:streetName>Meir</common:streetName><common:number>1</common:number><common:postalCode>2000</common:postalCode><common:locality>Antwerpen</common:locality><common:countryCode>BE</common:countryCode></common:address></${tag}>`;
    const orderXml = (reference: string, receiver: string) =>
      `<tns:order xmlns:tns="http://schema.post.be/shm/deepintegration/v5/" xmlns="http://schema.post.be/shm/deepintegration/v5/national" xmlns:common="http://schema.post.be/shm/deepintegration/v5/common"><tns:accountId>107423</tns:accountId><tns:reference>${reference}</tns:reference><tns:box>${party('tns:sender')}<tns:nationalBox><atHome><product>bpack 24h Pro</product><weight>1000</weight>${receiver}</atHome></tns:nationalBox></tns:box></tns:order>`;
    const missing = await post(orderXml('BP-XSD', ''));
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('<invalidSelection><error>cvc-complex-type.2.4.b: The content of element &apos;atHome&apos; is not complete');
    expect((await post(orderXml('BP-XSD', party('receiver')), 'application/xml')).status).toBe(415);
    expect((await post(orderXml('BP-XSD', party('receiver')))).status).toBe(201);
  });
});
