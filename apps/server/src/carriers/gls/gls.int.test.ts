import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { startFakeGls } from '@verzendhuis/test-fakes/fake-gls';
import type { OrderInput } from '@verzendhuis/contract/order';
import { linkFakeCarrier, orderInput, request, requestLabels, type TestOrganisation } from '../../../test-support/factories';
import { startForFile } from '../../../test-support/for-file';
import { testServerForFile } from '../../../test-support/server';
import { drawnText, labelsOn } from '../../../test-support/label-pdf';
import { expectEveryOrderRefused } from '../../../test-support/carrier-refusals';
import { glsCarrier } from './adapter';

const gls = startForFile(() => startFakeGls({ subscriptionKey: 'gls-sleutel', username: 'gls-gebruiker', password: 'gls-wachtwoord' }));
const { server, first: org, second } = testServerForFile({ config: { carrierTimeoutMs: 1500 } });
const baseUrl = () => `${gls.url}/V1/api`;

const link = (who: TestOrganisation, fields: Record<string, unknown>) => request(server, { method: 'POST', path: '/api/courier/create', token: who.token, body: { courier_class: 'gls', fields } });

/** A GLS order; its number is GLS's reference, which steers the fake (TRAAG, POSTCODE, FOUT). */
const order = (number: string, courierId: string, overrides: Partial<OrderInput> = {}) =>
  orderInput({ order_number: number, name: 'Anna de Vries', address_1: 'Oudegracht', housenumber: '12 bis', zipcode: '3511 AB', city: 'Utrecht', email: 'anna@voorbeeld.nl', courier_id: courierId, shipment_type: 'parcel', shipment: { packages: [{ weight: 2500 }], courier_fields: {} }, ...overrides });

/** What the fake received for one order's Label/Create or ShopReturn/Create. */
function createOf(reference: string) {
  const call = gls.requests.find((r) => /\/(Label|ShopReturn)\/Create$/.test(r.path) && r.body.reference === reference);
  return call as { path: string; key: string; body: { addresses: Record<string, Record<string, unknown>>; units: { unitId: string; weight: number }[]; services?: Record<string, unknown> } & Record<string, unknown> } | undefined;
}


let courierId: string;

describe('GLS', () => {
  it('links with its credentials checked: wrong ones answer a Dutch message, the key and the password are never answered', async () => {
    const empty = await link(org, { subscription_key: '', username: '', password: '', customer_number: 'abc' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      'fields.subscription_key': ['Vul de subscription key van je GLS-account in.'],
      'fields.username': ['Vul de gebruikersnaam van je GLS-account in.'],
      'fields.password': ['Vul het wachtwoord van je GLS-account in.'],
      'fields.customer_number': ['Het GLS-klantnummer bestaat uit cijfers.'],
    });
    const wrong = await link(org, { subscription_key: 'gls-sleutel', username: 'gls-gebruiker', password: 'fout', customer_number: '12345678', base_url: baseUrl() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ 'fields.password': ['GLS kent deze gebruikersnaam met dit wachtwoord en deze subscription key niet. Controleer ze in je GLS-account.'] });
    const wrongKey = await link(org, { subscription_key: 'andere-sleutel', username: 'gls-gebruiker', password: 'gls-wachtwoord', customer_number: '12345678', base_url: baseUrl() });
    expect(wrongKey.body.fields).toEqual({ 'fields.password': ['GLS kent deze gebruikersnaam met dit wachtwoord en deze subscription key niet. Controleer ze in je GLS-account.'] });
    courierId = await linkFakeCarrier(org, 'gls', baseUrl());
    const answer = (await request(server, { path: `/api/courier/${courierId}`, token: org.token })).body.data;
    expect(answer).toMatchObject({ service_class: 'gls', service_name: 'GLS', fields: { username: 'gls-gebruiker', customer_number: '12345678', base_url: baseUrl() } });
    expect(JSON.stringify(answer)).not.toContain('gls-wachtwoord');
    expect(JSON.stringify(answer)).not.toContain('gls-sleutel');
    const stored = await server.database.pool.query('SELECT settings::text AS s FROM couriers WHERE id = $1', [courierId]);
    expect(stored.rows[0].s).not.toContain('gls-wachtwoord');
    expect(stored.rows[0].s).not.toContain('gls-sleutel');
    const meta = (await request(server, { path: '/api/courier/meta', token: org.token })).body.data as { class: string; images: { mark: string }; supports_cancel: boolean; settings_fields: { name: string; secret: boolean; default: string | null }[] }[];
    const glsMeta = meta.find((m) => m.class === 'gls');
    expect(glsMeta?.images.mark).toBe('/couriers/gls.svg');
    expect(glsMeta?.supports_cancel).toBe(true);
    expect(glsMeta?.settings_fields.map((f) => [f.name, f.secret, f.default])).toEqual([
      ['subscription_key', true, null],
      ['username', false, null],
      ['password', true, null],
      ['customer_number', false, null],
      ['base_url', false, 'https://api.gls.nl/V1/api'],
    ]);
    // Another organisation sees nothing of it.
    expect((await request(server, { path: `/api/courier/${courierId}`, token: second.token })).status).toBe(404);
  });

  it('makes labels to NL, DE and BE with the mapped services, on A6 and at A4 position 3', async () => {
    const created = await org.api.orders.bulk([
      order('GLS-NL', courierId, { shipment: { packages: [{ weight: 2500 }, { weight: 801 }], courier_fields: { saturday: true, no_neighbours: true, express: true } } }),
      order('GLS-DE', courierId, { address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin', country: 'DE', shipment: { packages: [{ weight: 1000 }], courier_fields: { saturday: true } } }),
      order('GLS-BE', courierId, { address_1: 'Meir', housenumber: '50', zipcode: '2000', city: 'Antwerpen', country: 'BE' }),
    ]);
    const ids = created.data.map((d) => d.id);
    const { body } = await requestLabels(org, { order_ids: ids });
    expect(body.errors).toEqual([]);
    expect(body.status).toBe('success');

    const nl = createOf('GLS-NL');
    expect(nl?.path).toBe('/V1/api/Label/Create');
    expect(nl?.key).toBe('gls-sleutel');
    expect(nl?.body).toMatchObject({ username: 'gls-gebruiker', password: 'gls-wachtwoord', customerNo: '12345678', shiptype: 'p', labelType: 'pdfA6U' });
    expect(nl?.body.addresses.deliveryAddress).toMatchObject({ name1: 'Anna de Vries', street: 'Oudegracht', houseNo: '12', houseNoExt: 'bis', zipCode: '3511AB', city: 'Utrecht', countryCode: 'NL', email: 'anna@voorbeeld.nl' });
    expect(nl?.body.units).toEqual([{ unitId: 'A', weight: 2.5 }, { unitId: 'B', weight: 0.81 }]);
    expect(nl?.body.services).toEqual({ saturdayService: true, expressService: true, addresseeOnlyService: true });
    // Saturday delivery only in the Netherlands.
    expect(createOf('GLS-DE')?.body).toMatchObject({ addresses: { deliveryAddress: { zipCode: '10117', countryCode: 'DE' } }, services: {} });
    expect(createOf('GLS-BE')?.body.addresses.deliveryAddress).toMatchObject({ countryCode: 'BE' });

    const nlLabel = body.data.find((d: { order_id: string }) => d.order_id === ids[0]);
    const detail = (await request(server, { path: `/api/label/${nlLabel.id}`, token: org.token })).body.data;
    const numbers = detail.shipment.packages.map((p: { tracking_number: string }) => p.tracking_number);
    expect(numbers).toHaveLength(2);
    expect(numbers.every((n: string) => /^\d{11}$/.test(n))).toBe(true);
    expect(detail.shipment.packages[0].tracking_url).toBe(`https://gls-group.com/NL/nl/volg-je-pakket?match=${numbers[0]}&postalCode=3511AB`);

    const labelIds = [nlLabel.id, body.data.find((d: { order_id: string }) => d.order_id === ids[1]).id];
    const a6 = await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds } });
    const a6Doc = await PDFDocument.load(a6.body);
    expect(a6Doc.getPageCount()).toBe(3);
    expect([Math.round(a6Doc.getPage(0).getWidth()), Math.round(a6Doc.getPage(0).getHeight())]).toEqual([298, 420]);
    expect(labelsOn(a6Doc.getPage(0))[0]?.drawing).toContain(drawnText(numbers[0]));
    expect(labelsOn(a6Doc.getPage(2))[0]?.drawing).toContain(drawnText('10117 Berlin'));
    const a4 = await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds, format: 'a4', positions: 3 } });
    const sheets = await PDFDocument.load(a4.body);
    const placed = labelsOn(sheets.getPage(0));
    expect(placed.map((l) => (l.y > 400 ? 1 : 3) + (l.x > 200 ? 1 : 0))).toEqual([3, 4]);
    expect(placed[0]?.drawing).toContain(drawnText('GLS BUSINESSPARCEL'));
    expect(placed[0]?.drawing).toContain(drawnText(numbers[0]));
    expect(labelsOn(sheets.getPage(1))[0]?.drawing).toContain(drawnText('DE'));
    // Another organisation gets none of it.
    expect((await request(server, { method: 'POST', path: '/api/label/pdf', token: second.token, body: { label_ids: labelIds } })).status).toBe(404);
  });

  it('makes a return label through ShopReturn/Create, from the customer to the organisation, also from DE', async () => {
    const created = await org.api.orders.bulk([
      order('GLS-RET', courierId, { shipment: { packages: [{ weight: 1200 }], courier_fields: { saturday: true } } }),
      order('GLS-RET-DE', courierId, { address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin', country: 'DE' }),
    ]);
    const made = await requestLabels(org, { order_ids: created.data.map((d) => d.id), is_return: true });
    expect(made.body.errors).toEqual([]);
    expect(made.body.status).toBe('success');
    const sent = createOf('GLS-RET');
    expect(sent?.path).toBe('/V1/api/ShopReturn/Create');
    expect(sent?.body.units).toEqual([{ unitId: 'A', weight: 1.2 }]);
    expect(sent?.body.services).toBeUndefined();
    expect(sent?.body.addresses.pickupAddress).toMatchObject({ name1: 'Anna de Vries', zipCode: '3511AB' });
    expect(createOf('GLS-RET-DE')?.body.addresses.pickupAddress).toMatchObject({ countryCode: 'DE' });
    const label = (await request(server, { path: `/api/label/${made.body.data[0].id}`, token: org.token })).body.data;
    expect(label).toMatchObject({ is_return: true, name: 'Anna de Vries' });
    expect((await requestLabels(second, { order_ids: [created.data[0]!.id], is_return: true })).body.status).toBe('failed');
  });

  it('finds GLS ParcelShops and delivers at the chosen one', async () => {
    const { status, body } = await request(server, { path: '/api/pickup-points/', query: { search: '3511AB 1', courier_id: courierId }, token: org.token });
    expect(status).toBe(200);
    const group = (body.data as { courier: { id: string }; locations: { id: string; name: string; address: Record<string, string>; geo: unknown }[]; error: string | null }[]).find((g) => g.courier.id === courierId);
    expect(group?.error).toBeNull();
    expect(group?.locations.map((l) => l.id)).toEqual(['2500001234', '2500005678']);
    expect(group?.locations[0]).toMatchObject({ name: 'Bruna Utrecht Centrum', address: { street_address: 'Steenweg 45', zip_code: '3511AB', city: 'Utrecht' }, geo: { latitude: 52.0901, longitude: 5.1197 } });
    const asked = gls.requests.filter((r) => r.path.endsWith('/GetParcelShops')).at(-1);
    expect(asked?.body).toMatchObject({ zipCode: '3511AB', countryCode: 'NL' });
    expect(Number(asked?.body.amountOfShops)).toBeLessThanOrEqual(10);
    const theirs = await request(server, { path: '/api/pickup-points/', query: { search: '3511AB 1', courier_id: courierId }, token: second.token });
    expect(JSON.stringify(theirs.body)).not.toContain('2500001234');

    const point = { id: '2500001234', name: 'Bruna Utrecht Centrum', address: { street_address: 'Steenweg 45', zip_code: '3511 AB', city: 'Utrecht' }, courier_id: courierId };
    const created = await org.api.orders.bulk([order('GLS-PUNT', courierId, { pickup_point: point, shipment: { packages: [{ weight: 900 }], courier_fields: { saturday: true } } })]);
    expect((await requestLabels(org, { order_ids: [created.data[0]!.id] })).body.status).toBe('success');
    expect(createOf('GLS-PUNT')?.body.services).toEqual({ shopDeliveryParcelShopId: '2500001234' });
  });

  it('moves a label through Verzonden to Bezorgd by tracking', async () => {
    const created = await org.api.orders.bulk([order('GLS-TRACK', courierId)]);
    const made = await requestLabels(org, { order_ids: [created.data[0]!.id] });
    const labelId = made.body.data[0].id;
    const number = (await request(server, { path: `/api/label/${labelId}`, token: org.token })).body.data.shipment.packages[0].tracking_number;
    const track = () => request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [labelId] } });
    gls.tracking.set(number, { state: 'InTransit', events: [{ eventNo: 1, descriptionNL: 'Pakket is onderweg', date: new Date(Date.now() - 1800_000).toISOString().slice(0, 19) }] });
    expect((await track()).body.data[0]).toMatchObject({ status: 'shipped' });
    gls.deliver(number, new Date(Date.now() - 23 * 3600_000));
    expect((await track()).body.data[0]).toMatchObject({ status: 'completed' });
    const history = (await request(server, { path: `/api/label/${labelId}/tracking`, token: org.token })).body.data;
    expect(JSON.stringify(history)).toContain('"event":"delivered"');
    const asked = gls.requests.filter((r) => r.path === '/tt/V1/api/parcel/v1/details').at(-1);
    expect(asked?.body).toEqual({ userName: 'gls-gebruiker', password: 'gls-wachtwoord', parcelNumbers: [number] });
    const theirs = await request(server, { method: 'POST', path: '/api/label/track', token: second.token, body: { label_ids: [labelId] } });
    expect(theirs.body.errors[0].message).toBe('Label niet gevonden.');
  });

  it('cancels a label with Label/Delete until GLS has scanned it', async () => {
    const created = await org.api.orders.bulk([order('GLS-WEG', courierId), order('GLS-GESCAND', courierId)]);
    const made = await requestLabels(org, { order_ids: created.data.map((d) => d.id) });
    const numbers: string[] = [];
    for (const label of made.body.data as { id: string }[]) numbers.push((await request(server, { path: `/api/label/${label.id}`, token: org.token })).body.data.shipment.packages[0].tracking_number);
    const context = { settings: { subscription_key: 'gls-sleutel', username: 'gls-gebruiker', password: 'gls-wachtwoord', customer_number: '12345678', base_url: baseUrl() }, signal: AbortSignal.timeout(1500), now: new Date(), timeScale: 1 };
    await glsCarrier.cancel?.({ trackingNumbers: [numbers[0]!], labelCreatedAt: new Date() }, context);
    expect(gls.deleted.has(numbers[0]!)).toBe(true);
    gls.scan(numbers[1]!);
    await expect(glsCarrier.cancel?.({ trackingNumbers: [numbers[1]!], labelCreatedAt: new Date() }, context)).rejects.toThrow('GLS kon het label niet annuleren: het pakket is al onderweg of het label bestaat niet meer.');
  });

  it('reports refusals per order in Dutch with GLS’s reason when a user can act on it, never its raw answer, and a timeout', async () => {
    const created = await org.api.orders.bulk([
      order('GLSX-POSTCODE', courierId, { zipcode: '9999 ZZ' }),
      order('GLSX-ZWAAR', courierId),
      order('GLSX-FOUT', courierId),
      order('GLSX-TRAAG', courierId),
    ]);
    // No label and no invoice item: the orders are still open.
    await expectEveryOrderRefused(org, created.data, {
      'GLSX-POSTCODE': 'GLS kent de postcode 9999 ZZ in NL niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.',
      'GLSX-ZWAAR': 'Het pakket is te zwaar voor GLS (maximaal 31,5 kg). Verdeel het over meer pakketten; er is geen label gemaakt.',
      'GLSX-FOUT': 'GLS weigerde het label. Controleer het adres, het gewicht en de gekozen opties; er is geen label gemaakt.',
      'GLSX-TRAAG': 'GLS antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.',
    });
  });

  it('has a fake that refuses what GLS refuses: a missing required field, a wrong key, a missing api-version', async () => {
    const post = async (path: string, body: unknown, key = 'gls-sleutel', query = '?api-version=1.0') => {
      const response = await fetch(`${gls.url}/V1/api/${path}${query}`, { method: 'POST', headers: { 'content-type': 'application/json', 'Ocp-Apim-Subscription-Key': key }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const address = { name1: 'A', street: 'Damrak', houseNo: '1', zipCode: '1012LG', city: 'Amsterdam', countryCode: 'NL' };
    const complete = { username: 'gls-gebruiker', password: 'gls-wachtwoord', customerNo: '12345678', shiptype: 'p', reference: 'x', labelType: 'pdfA6U', addresses: { deliveryAddress: address }, units: [{ unitId: 'A', weight: 1 }] };
    const noZip = structuredClone(complete) as { addresses: { deliveryAddress: Record<string, unknown> } };
    delete noZip.addresses.deliveryAddress.zipCode;
    expect(await post('Label/Create', noZip)).toEqual({ status: 400, body: { error: true, message: 'The request is invalid.', errors: ['The field addresses.deliveryAddress.zipCode is required.'] } });
    expect((await post('Label/Create', complete, 'verzonnen')).status).toBe(401);
    expect((await post('Label/Create', complete, 'gls-sleutel', '')).status).toBe(400);
    expect((await post('Label/Create', { ...complete, password: 'fout' })).status).toBe(401);
    expect((await post('Label/Create', complete)).status).toBe(200);
  });

  it('refuses labels in Dutch when GLS no longer takes the stored password (GLS has no token to expire), and an edit to a wrong password', async () => {
    const id = await linkFakeCarrier(org, 'gls', baseUrl());
    const wrongEdit = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: org.token, body: { fields: { password: 'fout' } } });
    expect(wrongEdit.status).toBe(400);
    expect(wrongEdit.body.fields).toEqual({ 'fields.password': ['GLS kent deze gebruikersnaam met dit wachtwoord en deze subscription key niet. Controleer ze in je GLS-account.'] });
    gls.password = 'nieuw-bij-gls';
    try {
      const created = await org.api.orders.bulk([order('GLS-LOGIN', id)]);
      const { body } = await requestLabels(org, { order_ids: created.data.map((d) => d.id) });
      expect(body.status).toBe('failed');
      expect(body.errors[0].message).toBe('GLS weigerde de inloggegevens van deze koppeling. Controleer de subscription key, de gebruikersnaam en het wachtwoord.');
    } finally {
      gls.password = 'gls-wachtwoord';
    }
  });
});
