import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { startFakeDpd } from '@verzendhuis/test-fakes/fake-dpd';
import type { OrderInput } from '@verzendhuis/contract/order';
import { linkFakeCarrier, orderInput, request, requestLabels, type TestOrganisation } from '../../../test-support/factories';
import { startForFile } from '../../../test-support/for-file';
import { testServerForFile } from '../../../test-support/server';
import { drawnText, labelsOn } from '../../../test-support/label-pdf';
import { expectEveryOrderRefused } from '../../../test-support/carrier-refusals';

const dpd = startForFile(() => startFakeDpd({ delisId: 'dpd-gebruiker', password: 'dpd-wachtwoord', depot: '0522' }));
const { server, first: org, second } = testServerForFile({ config: { carrierTimeoutMs: 1500 } });

const link = (who: TestOrganisation, fields: Record<string, unknown>) => request(server, { method: 'POST', path: '/api/courier/create', token: who.token, body: { courier_class: 'dpd', fields } });

/** A DPD order; its number is DPD's reference, which steers the fake (TRAAG, POSTCODE, FOUT). */
const order = (number: string, courierId: string, overrides: Partial<OrderInput> = {}) =>
  orderInput({ order_number: number, name: 'Anna de Vries', address_1: 'Oudegracht', housenumber: '12 bis', zipcode: '3511 AB', city: 'Utrecht', email: 'anna@voorbeeld.nl', courier_id: courierId, shipment_type: 'b2c', shipment: { packages: [{ weight: 2500 }], courier_fields: {} }, ...overrides });

/** What the fake received for one order's storeOrders. */
function storeOrdersOf(reference: string) {
  const call = dpd.requests.find((r) => r.path.endsWith('/storeOrders') && JSON.stringify(r.body).includes(`"mpsCustomerReferenceNumber1":"${reference}"`));
  return call?.body as { printOptions: unknown; order: { generalShipmentData: Record<string, unknown>; parcels: Record<string, unknown>[]; productAndServiceData: Record<string, unknown> } } | undefined;
}


let courierId: string;

describe('DPD', () => {
  it('links with its login checked: wrong credentials answer a Dutch message, the password is never answered', async () => {
    const empty = await link(org, { delis_id: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ 'fields.delis_id': ['Vul de DelisID van je DPD-account in.'], 'fields.password': ['Vul het wachtwoord van je DPD-account in.'] });
    const wrong = await link(org, { delis_id: 'dpd-gebruiker', password: 'fout', base_url: dpd.url });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ 'fields.password': ['DPD kent deze DelisID met dit wachtwoord niet. Controleer ze in je DPD-account.'] });
    courierId = await linkFakeCarrier(org, 'dpd', dpd.url);
    const answer = (await request(server, { path: `/api/courier/${courierId}`, token: org.token })).body.data;
    expect(answer).toMatchObject({ service_class: 'dpd', service_name: 'DPD', fields: { delis_id: 'dpd-gebruiker', base_url: dpd.url } });
    expect(JSON.stringify(answer)).not.toContain('dpd-wachtwoord');
    const stored = await server.database.pool.query('SELECT settings::text AS s FROM couriers WHERE id = $1', [courierId]);
    expect(stored.rows[0].s).not.toContain('dpd-wachtwoord');
    const meta = (await request(server, { path: '/api/courier/meta', token: org.token })).body.data as { class: string; images: { mark: string }; settings_fields: { name: string; secret: boolean; default: string | null }[] }[];
    const dpdMeta = meta.find((m) => m.class === 'dpd');
    expect(dpdMeta?.images.mark).toBe('/couriers/dpd.svg');
    expect(dpdMeta?.settings_fields.map((f) => [f.name, f.secret, f.default])).toEqual([
      ['delis_id', false, null],
      ['password', true, null],
      ['base_url', false, 'https://wsshipper.dpd.nl'],
    ]);
    // Another organisation sees nothing of it.
    expect((await request(server, { path: `/api/courier/${courierId}`, token: second.token })).status).toBe(404);
  });

  it('makes labels to NL, DE and BE with the mapped products and services, one call at a time on one login', async () => {
    const loginsBefore = dpd.logins;
    const created = await org.api.orders.bulk([
      order('DPD-NL', courierId, { shipment: { packages: [{ weight: 2500 }, { weight: 800 }], courier_fields: { saturday: true, no_neighbours: true, insurance: '2500' } } }),
      order('DPD-DE', courierId, { address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin', country: 'DE' }),
      order('DPD-BE', courierId, { address_1: 'Meir', housenumber: '50', zipcode: '2000', city: 'Antwerpen', country: 'BE', shipment_type: 'b2b', email: '' }),
    ]);
    const ids = created.data.map((d) => d.id);
    const { body } = await requestLabels(org, { order_ids: ids });
    expect(body.errors).toEqual([]);
    expect(body.status).toBe('success');
    expect(dpd.logins).toBe(loginsBefore);
    expect(dpd.maxConcurrentShipments).toBe(1);

    const nl = storeOrdersOf('DPD-NL');
    expect(nl?.printOptions).toEqual({ printerLanguage: 'PDF', paperFormat: 'A6' });
    expect(nl?.order.generalShipmentData).toMatchObject({ sendingDepot: '0522', product: 'B2C', recipient: { name1: 'Anna de Vries', street: 'Oudegracht', houseNo: '12 bis', zipCode: '3511AB', city: 'Utrecht', country: 'NL' } });
    expect(nl?.order.parcels.map((p) => p.weight)).toEqual([250, 80]);
    expect(nl?.order.productAndServiceData).toEqual({
      orderType: 'consignment',
      predict: { channel: 1, value: 'anna@voorbeeld.nl', language: 'NL' },
      saturdayDelivery: true,
      personalDelivery: { type: 2, name: 'Anna de Vries' },
      higherInsurance: { amount: 250000, currency: 'EUR' },
    });
    expect(storeOrdersOf('DPD-DE')?.order.generalShipmentData).toMatchObject({ product: 'B2C', recipient: { zipCode: '10117', country: 'DE' } });
    expect(storeOrdersOf('DPD-BE')?.order.generalShipmentData).toMatchObject({ product: 'B2B', recipient: { country: 'BE' } });

    // Two packages: two labels, each its own 14-digit parcel number and tracking page.
    const nlLabel = body.data.find((d: { order_id: string }) => d.order_id === ids[0]);
    const detail = (await request(server, { path: `/api/label/${nlLabel.id}`, token: org.token })).body.data;
    const numbers = detail.shipment.packages.map((p: { tracking_number: string }) => p.tracking_number);
    expect(numbers).toHaveLength(2);
    expect(numbers.every((n: string) => /^\d{14}$/.test(n))).toBe(true);
    expect(detail.shipment.packages[0].tracking_url).toBe(`https://tracking.dpd.de/status/nl_NL/parcel/${numbers[0]}`);

    // The PDF: DPD's label on A6, and at A4 position 3 (bottom left).
    const labelIds = [nlLabel.id];
    const a6 = await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds } });
    const a6Doc = await PDFDocument.load(a6.body);
    expect(a6Doc.getPageCount()).toBe(2);
    expect([Math.round(a6Doc.getPage(0).getWidth()), Math.round(a6Doc.getPage(0).getHeight())]).toEqual([298, 420]);
    expect(labelsOn(a6Doc.getPage(0))[0]?.drawing).toContain(drawnText(numbers[0]));
    const a4 = await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds, format: 'a4', positions: 3 } });
    const sheet = (await PDFDocument.load(a4.body)).getPage(0);
    expect(Math.round(sheet.getWidth())).toBe(595);
    const placed = labelsOn(sheet);
    expect(placed.map((l) => (l.y > 400 ? 1 : 3) + (l.x > 200 ? 1 : 0))).toEqual([3, 4]);
    expect(placed[0]?.drawing).toContain(drawnText('DPD B2C'));
    expect(placed[0]?.drawing).toContain(drawnText(numbers[0]));
    // Another organisation gets none of it.
    expect((await request(server, { method: 'POST', path: '/api/label/pdf', token: second.token, body: { label_ids: labelIds } })).status).toBe(404);
  });

  it('makes a return label from the customer to the organisation, as a DPD return parcel', async () => {
    const created = await org.api.orders.bulk([order('DPD-RET', courierId, { shipment: { packages: [{ weight: 1200 }], courier_fields: { saturday: true, insurance: '1000' } } })]);
    const made = await requestLabels(org, { order_ids: [created.data[0]!.id], is_return: true });
    expect(made.body.status).toBe('success');
    const sent = storeOrdersOf('DPD-RET');
    expect(sent?.order.parcels).toEqual([{ weight: 120, customerReferenceNumber1: 'DPD-RET', returns: true }]);
    expect(sent?.order.productAndServiceData).toEqual({ orderType: 'consignment' });
    expect(sent?.order.generalShipmentData).toMatchObject({ product: 'B2C', sender: { name1: 'Anna de Vries', zipCode: '3511AB' } });
    const label = (await request(server, { path: `/api/label/${made.body.data[0].id}`, token: org.token })).body.data;
    expect(label).toMatchObject({ is_return: true, name: 'Anna de Vries' });
    expect((await requestLabels(second, { order_ids: [created.data[0]!.id], is_return: true })).body.status).toBe('failed');
  });

  it('finds DPD Pickup points and delivers at the chosen one', async () => {
    const { status, body } = await request(server, { path: '/api/pickup-points/', query: { search: '3511AB 1', courier_id: courierId }, token: org.token });
    expect(status).toBe(200);
    const group = (body.data as { courier: { id: string }; locations: { id: string; name: string; address: Record<string, string>; distance: number | null; opening_hours: { day_of_week: number; opens: string; closes: string }[] }[]; error: string | null }[]).find((g) => g.courier.id === courierId);
    expect(group?.error).toBeNull();
    expect(group?.locations.map((l) => l.id)).toEqual(['NL1234567', 'NL7654321']);
    expect(group?.locations[0]).toMatchObject({ name: 'Primera Utrecht', address: { street_address: 'Lange Elisabethstraat 27', zip_code: '3511AB', city: 'Utrecht' }, distance: 350 });
    expect(group?.locations[0]?.opening_hours.find((h) => h.day_of_week === 1)).toEqual({ day_of_week: 1, opens: '09:00', closes: '18:00' });
    const asked = dpd.requests.filter((r) => r.path.endsWith('/findParcelShops')).at(-1);
    expect(asked?.body).toMatchObject({ country: 'NL', zipCode: '3511AB', houseNo: '1' });
    // Another organisation cannot search with this courier.
    const theirs = await request(server, { path: '/api/pickup-points/', query: { search: '3511AB 1', courier_id: courierId }, token: second.token });
    expect(JSON.stringify(theirs.body)).not.toContain('NL1234567');

    const point = { id: 'NL1234567', name: 'Primera Utrecht', address: { street_address: 'Lange Elisabethstraat 27', zip_code: '3511 AB', city: 'Utrecht' }, courier_id: courierId };
    const created = await org.api.orders.bulk([order('DPD-PUNT', courierId, { pickup_point: point, shipment: { packages: [{ weight: 900 }], courier_fields: { saturday: true } } })]);
    expect((await requestLabels(org, { order_ids: [created.data[0]!.id] })).body.status).toBe('success');
    expect(storeOrdersOf('DPD-PUNT')?.order.productAndServiceData).toEqual({
      orderType: 'consignment',
      parcelShopDelivery: { parcelShopId: 'NL1234567', parcelShopNotification: { channel: 1, value: 'anna@voorbeeld.nl', language: 'NL' } },
    });
  });

  it('moves a label through Verzonden to Bezorgd by tracking', async () => {
    const created = await org.api.orders.bulk([order('DPD-TRACK', courierId)]);
    const made = await requestLabels(org, { order_ids: [created.data[0]!.id] });
    const labelId = made.body.data[0].id;
    const number = (await request(server, { path: `/api/label/${labelId}`, token: org.token })).body.data.shipment.packages[0].tracking_number;
    const track = () => request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [labelId] } });
    dpd.tracking.set(number, [
      { status: 'SHIPMENT', statusHasBeenReached: true, date: new Date(Date.now() - 3600_000).toISOString().slice(0, 19) },
      { status: 'PickedUp', statusHasBeenReached: true, date: new Date(Date.now() - 1800_000).toISOString().slice(0, 19) },
      { status: 'Delivered', statusHasBeenReached: false },
    ]);
    expect((await track()).body.data[0]).toMatchObject({ status: 'shipped' });
    dpd.deliver(number, new Date(Date.now() - 23 * 3600_000));
    expect((await track()).body.data[0]).toMatchObject({ status: 'completed' });
    const history = (await request(server, { path: `/api/label/${labelId}/tracking`, token: org.token })).body.data;
    expect(JSON.stringify(history)).toContain('"event":"delivered"');
    expect(dpd.requests.filter((r) => r.path.endsWith('/getTrackingData')).at(-1)?.body).toEqual({ parcelLabelNumber: number });
    // Another organisation cannot track it.
    const theirs = await request(server, { method: 'POST', path: '/api/label/track', token: second.token, body: { label_ids: [labelId] } });
    expect(theirs.body.errors[0].message).toBe('Label niet gevonden.');
  });

  it('renews an expired token once, shared by concurrent label calls', async () => {
    const created = await org.api.orders.bulk([order('DPD-T1', courierId), order('DPD-T2', courierId), order('DPD-T3', courierId)]);
    const before = dpd.logins;
    dpd.expireTokens();
    const answers = await Promise.all(created.data.map((d) => requestLabels(org, { order_ids: [d.id] })));
    expect(answers.map((a) => a.body.status)).toEqual(['success', 'success', 'success']);
    expect(dpd.logins).toBe(before + 1);
    expect(dpd.maxConcurrentShipments).toBe(1);
  });

  it('reports refusals per order in Dutch with DPD’s reason when a user can act on it, never its raw answer, and a timeout', async () => {
    const created = await org.api.orders.bulk([
      order('DPDX-POSTCODE', courierId, { zipcode: '9999 ZZ' }),
      order('DPDX-ZWAAR', courierId, { shipment_type: 'letterbox', shipment: { packages: [{ weight: 2500 }], courier_fields: {} } }),
      order('DPDX-FOUT', courierId),
      order('DPDX-TRAAG', courierId),
    ]);
    // No label and no invoice item: the orders are still open.
    await expectEveryOrderRefused(org, created.data, {
      'DPDX-POSTCODE': 'DPD kent de postcode 9999 ZZ in NL niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.',
      'DPDX-ZWAAR': 'Het pakket is te zwaar voor dit DPD-product (maximaal 2 kg). Verdeel het over meer pakketten of kies een ander verzendtype; er is geen label gemaakt.',
      'DPDX-FOUT': 'DPD weigerde het label (foutcode SHIPMENT_99). Controleer het adres en het gewicht; er is geen label gemaakt.',
      'DPDX-TRAAG': 'DPD antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.',
    });
  });

  it('has a fake that refuses what DPD refuses: a missing required field, a call without a valid token', async () => {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${dpd.url}/rest/services/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { status?: { code?: string; message?: string } } };
    };
    const auth = await post('LoginService/V2_1/getAuth', { delisId: 'dpd-gebruiker', password: 'dpd-wachtwoord', messageLanguage: 'nl_NL' });
    const token = (auth.body as { getAuthResponse: { return: { authToken: string } } }).getAuthResponse.return.authToken;
    const address = { name1: 'A', street: 'Damrak', houseNo: '1', zipCode: '1012LG', city: 'Amsterdam', country: 'NL' };
    const complete = { printOptions: { printerLanguage: 'PDF', paperFormat: 'A6' }, order: { generalShipmentData: { sendingDepot: '0522', product: 'B2C', sender: address, recipient: address }, parcels: [{ weight: 100 }], productAndServiceData: { orderType: 'consignment' } } };
    const headers = { delisId: 'dpd-gebruiker', authToken: token };
    const noDepot = structuredClone(complete) as { order: { generalShipmentData: Record<string, unknown> } };
    delete noDepot.order.generalShipmentData.sendingDepot;
    const refused = await post('ShipmentService/V3_5/storeOrders', noDepot, headers);
    expect(refused).toEqual({ status: 400, body: { status: { type: 'ERROR', code: 'COMMON_2', message: 'Mandatory field missing or invalid: generalShipmentData.sendingDepot' } } });
    expect((await post('ShipmentService/V3_5/storeOrders', complete, { delisId: 'dpd-gebruiker', authToken: 'verzonnen' })).status).toBe(401);
    expect((await post('ShipmentService/V3_5/storeOrders', complete, headers)).status).toBe(200);
  });

  it('refuses labels in Dutch when DPD no longer takes the stored login, and an edit to a wrong password', async () => {
    const id = await linkFakeCarrier(org, 'dpd', dpd.url);
    const wrongEdit = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: org.token, body: { fields: { password: 'fout' } } });
    expect(wrongEdit.status).toBe(400);
    expect(wrongEdit.body.fields).toEqual({ 'fields.password': ['DPD kent deze DelisID met dit wachtwoord niet. Controleer ze in je DPD-account.'] });
    // The password is changed at DPD and the day's token ends: the stored login no longer works.
    dpd.password = 'nieuw-bij-dpd';
    dpd.expireTokens();
    try {
      const created = await org.api.orders.bulk([order('DPD-LOGIN', id)]);
      const { body } = await requestLabels(org, { order_ids: created.data.map((d) => d.id) });
      expect(body.status).toBe('failed');
      expect(body.errors[0].message).toBe('DPD weigerde de inloggegevens van deze koppeling. Controleer de DelisID en het wachtwoord.');
    } finally {
      dpd.password = 'dpd-wachtwoord';
    }
  });
});
