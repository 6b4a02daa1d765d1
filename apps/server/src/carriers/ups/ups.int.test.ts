import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFNumber, type PDFPage } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { startFakeUps } from '@verzendhuis/test-fakes/fake-ups';
import type { OrderInput } from '@verzendhuis/contract/order';
import { linkFakeCarrier, orderInput, request, requestLabels, type TestOrganisation } from '../../../test-support/factories';
import { startForFile } from '../../../test-support/for-file';
import { testServerForFile } from '../../../test-support/server';
import { expectEveryOrderRefused } from '../../../test-support/carrier-refusals';
import { upsCarrier } from './adapter';

const ups = startForFile(() => startFakeUps({ clientId: 'ups-client', clientSecret: 'ups-geheim', accountNumber: 'A1B2C3' }));
const { server, first: org, second } = testServerForFile({ config: { carrierTimeoutMs: 1500 } });

const link = (who: TestOrganisation, fields: Record<string, unknown>) => request(server, { method: 'POST', path: '/api/courier/create', token: who.token, body: { courier_class: 'ups', fields } });
/** A UPS order; its number is UPS's CustomerContext, which steers the fake (TRAAG, POSTCODE, FOUT). */
const order = (number: string, courierId: string, overrides: Partial<OrderInput> = {}) =>
  orderInput({ order_number: number, name: 'Anna de Vries', address_1: 'Oudegracht', housenumber: '12 bis', zipcode: '3511 AB', city: 'Utrecht', email: 'anna@voorbeeld.nl', phone: '06 1234 5678', courier_id: courierId, shipment_type: 'standard', shipment: { packages: [{ weight: 2500 }], courier_fields: {} }, ...overrides });

type Shipment = Record<string, unknown> & { Shipper: Record<string, unknown>; ShipTo: { Name: string; AttentionName: string; Phone?: { Number: string }; Address: Record<string, unknown> }; ShipFrom: { Name: string; Address: Record<string, unknown> }; Package: Record<string, unknown>[]; Service: { Code: string } };
/** What the fake received for one order's ship call. */
function shipmentOf(reference: string): Shipment | undefined {
  const call = ups.requests.find((r) => r.path.endsWith('/ship') && JSON.stringify(r.body).includes(`"CustomerContext":"${reference}"`));
  return (call?.body as { ShipmentRequest?: { Shipment?: Shipment } } | undefined)?.ShipmentRequest?.Shipment;
}

/** The placements `q a b c d e f cm /Name Do Q` of a sheet page. */
function placementsOn(doc: PDFDocument, page: PDFPage): number[][] {
  const decode = (stream: unknown): string => {
    if (stream instanceof PDFArray) return stream.asArray().map((ref) => decode(doc.context.lookup(ref))).join('\n');
    return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';
  };
  return [...decode(page.node.Contents()).matchAll(/q\s+([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s+\/[-\w]+ Do\s+Q/g)].map((m) => m.slice(1).map(Number));
}

/** The images a PDF holds, as width x height. */
function imagesIn(doc: PDFDocument): string[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((image) => `${(image.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()}x${(image.dict.get(PDFName.of('Height')) as PDFNumber).asNumber()}`);
}

let courierId: string;

describe('UPS', () => {
  it('links with its OAuth client checked: wrong credentials answer a Dutch message, the secret is never answered', async () => {
    const empty = await link(org, { client_id: '', client_secret: '', account_number: '12' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      'fields.client_id': ['Vul de client-ID van je UPS-app in.'],
      'fields.client_secret': ['Vul het client secret van je UPS-app in.'],
      'fields.account_number': ['Het UPS-accountnummer bestaat uit 6 letters en cijfers.'],
    });
    const wrong = await link(org, { client_id: 'ups-client', client_secret: 'fout', account_number: 'A1B2C3', base_url: ups.url });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ 'fields.client_secret': ['UPS kent deze client-ID met dit client secret niet. Controleer ze bij je app op het UPS-ontwikkelaarsportaal.'] });
    courierId = await linkFakeCarrier(org, 'ups', ups.url);
    const answer = (await request(server, { path: `/api/courier/${courierId}`, token: org.token })).body.data;
    expect(answer).toMatchObject({ service_class: 'ups', service_name: 'UPS', fields: { client_id: 'ups-client', account_number: 'A1B2C3', base_url: ups.url } });
    expect(JSON.stringify(answer)).not.toContain('ups-geheim');
    const stored = await server.database.pool.query('SELECT settings::text AS s FROM couriers WHERE id = $1', [courierId]);
    expect(stored.rows[0].s).not.toContain('ups-geheim');
    const meta = (await request(server, { path: '/api/courier/meta', token: org.token })).body.data as { class: string; images: { mark: string }; settings_fields: { name: string; secret: boolean; default: string | null }[] }[];
    const upsMeta = meta.find((m) => m.class === 'ups');
    expect(upsMeta?.images.mark).toBe('/couriers/ups.svg');
    expect(upsMeta?.settings_fields.map((f) => [f.name, f.secret, f.default])).toEqual([
      ['client_id', false, null],
      ['client_secret', true, null],
      ['account_number', false, null],
      ['base_url', false, 'https://onlinetools.ups.com'],
    ]);
    // The token request: HTTP Basic and the client_credentials form.
    const tokenCall = ups.requests.filter((r) => r.path === '/security/v1/oauth/token' && r.body.grant_type === 'client_credentials').at(-1);
    expect(tokenCall?.authorization).toBe(`Basic ${Buffer.from('ups-client:ups-geheim').toString('base64')}`);
    // Another organisation sees nothing of it.
    expect((await request(server, { path: `/api/courier/${courierId}`, token: second.token })).status).toBe(404);
  });

  it('makes labels to NL, DE and BE with the mapped services and options on one token; the GIF is fitted on A6 and at A4 position 3', async () => {
    const loginsBefore = ups.logins;
    const created = await org.api.orders.bulk([
      order('UPS-NL', courierId, { shipment: { packages: [{ weight: 2500 }, { weight: 800 }], courier_fields: { signature: true, saturday: true, insurance: '1000' } } }),
      order('UPS-DE', courierId, { address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin', country: 'DE', shipment_type: 'express' }),
      order('UPS-BE', courierId, { address_1: 'Meir', housenumber: '50', zipcode: '2000', city: 'Antwerpen', country: 'BE', shipment_type: 'saver' }),
    ]);
    const ids = created.data.map((d) => d.id);
    const { body } = await requestLabels(org, { order_ids: ids });
    expect(body.errors).toEqual([]);
    expect(body.status).toBe('success');
    expect(ups.logins).toBe(loginsBefore);

    const nl = shipmentOf('UPS-NL');
    expect(nl?.Service).toEqual({ Code: '11' });
    expect(nl?.Shipper).toMatchObject({ ShipperNumber: 'A1B2C3' });
    expect(nl?.ShipTo).toMatchObject({ Name: 'Anna de Vries', AttentionName: 'Anna de Vries', Address: { AddressLine: ['Oudegracht 12 bis'], City: 'Utrecht', PostalCode: '3511AB', CountryCode: 'NL' } });
    expect(nl?.ShipmentServiceOptions).toEqual({ SaturdayDeliveryIndicator: '', DeliveryConfirmation: { DCISType: '1' } });
    expect(nl?.Package.map((p) => p.PackageWeight)).toEqual([
      { UnitOfMeasurement: { Code: 'KGS' }, Weight: '2.5' },
      { UnitOfMeasurement: { Code: 'KGS' }, Weight: '0.8' },
    ]);
    expect(nl?.Package[0]?.PackageServiceOptions).toEqual({ DeclaredValue: { Type: { Code: '01' }, CurrencyCode: 'EUR', MonetaryValue: '1000' } });
    const de = shipmentOf('UPS-DE');
    expect(de?.Service).toEqual({ Code: '07' });
    expect(de?.ShipTo).toMatchObject({ AttentionName: 'Anna de Vries', Phone: { Number: '0612345678' }, Address: { PostalCode: '10117', CountryCode: 'DE' } });
    expect(shipmentOf('UPS-BE')?.Service).toEqual({ Code: '65' });
    const shipCall = ups.requests.find((r) => r.path.endsWith('/ship'));
    expect(shipCall?.headers.transid).toMatch(/^\w{1,32}$/);
    expect(shipCall?.headers.transactionsrc).toBe('verzendhuis');

    // Two packages: two labels, each its own 1Z number and tracking page.
    const nlLabel = body.data.find((d: { order_id: string }) => d.order_id === ids[0]);
    const detail = (await request(server, { path: `/api/label/${nlLabel.id}`, token: org.token })).body.data;
    const numbers = detail.shipment.packages.map((p: { tracking_number: string }) => p.tracking_number);
    expect(numbers).toHaveLength(2);
    expect(numbers.every((n: string) => /^1ZA1B2C368\d{8}$/.test(n))).toBe(true);
    expect(detail.shipment.packages[0].tracking_url).toBe(`https://www.ups.com/track?loc=nl_NL&tracknum=${numbers[0]}`);

    // The PDF: UPS's GIF (1400 x 800) on A6 pages, placed at 100%; and at A4 position 3 (bottom left).
    const labelIds = [body.data.find((d: { order_id: string }) => d.order_id === ids[1]).id];
    const a6 = await PDFDocument.load((await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds } })).body);
    expect(a6.getPageCount()).toBe(1);
    expect([Math.round(a6.getPage(0).getWidth()), Math.round(a6.getPage(0).getHeight())]).toEqual([298, 420]);
    expect(imagesIn(a6)).toEqual(['1400x800']);
    expect(placementsOn(a6, a6.getPage(0))[0]?.slice(0, 4)).toEqual([1, 0, 0, 1]);
    const a4 = await PDFDocument.load((await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds, format: 'a4', positions: 3 } })).body);
    const sheet = a4.getPage(0);
    expect(Math.round(sheet.getWidth())).toBe(595);
    const placed = placementsOn(a4, sheet);
    expect(placed).toHaveLength(1);
    const [, , , , x, y] = placed[0]!;
    expect(x! < 200 && y! < 400).toBe(true);
    expect(imagesIn(a4)).toEqual(['1400x800']);
    // Another organisation gets none of it.
    expect((await request(server, { method: 'POST', path: '/api/label/pdf', token: second.token, body: { label_ids: labelIds } })).status).toBe(404);
  });

  it('makes a return label (Print Return Label, service 9) from the customer to the organisation; a return to FR is refused as §5 says', async () => {
    const created = await org.api.orders.bulk([
      order('UPS-RET', courierId, { shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: true, insurance: '1000' } } }),
      order('UPS-RET-FR', courierId, { address_1: 'Rue de Rivoli', housenumber: '10', zipcode: '75001', city: 'Paris', country: 'FR' }),
    ]);
    const made = await requestLabels(org, { order_ids: [created.data[0]!.id], is_return: true });
    expect(made.body.status).toBe('success');
    const sent = shipmentOf('UPS-RET');
    expect(sent?.ReturnService).toEqual({ Code: '9' });
    expect(sent?.ShipmentServiceOptions).toBeUndefined();
    expect(sent?.ShipFrom).toMatchObject({ Name: 'Anna de Vries', Address: { PostalCode: '3511AB' } });
    expect(sent?.Shipper).toMatchObject({ ShipperNumber: 'A1B2C3' });
    expect(sent?.Package[0]).toMatchObject({ Description: 'UPS-RET', PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '1.2' } });
    expect(sent?.Package[0]?.PackageServiceOptions).toBeUndefined();
    const label = (await request(server, { path: `/api/label/${made.body.data[0].id}`, token: org.token })).body.data;
    expect(label).toMatchObject({ is_return: true, name: 'Anna de Vries' });
    const fr = await requestLabels(org, { order_ids: [created.data[1]!.id], is_return: true });
    expect(fr.body.status).toBe('failed');
    expect(fr.body.errors[0].message).toBe('Voor deze vervoerder kunnen geen retourlabels worden gemaakt voor bestellingen naar dit land.');
    expect(shipmentOf('UPS-RET-FR')).toBeUndefined();
    expect((await requestLabels(second, { order_ids: [created.data[0]!.id], is_return: true })).body.status).toBe('failed');
  });

  it('finds UPS Access Points and delivers at the chosen one', async () => {
    const { status, body } = await request(server, { path: '/api/pickup-points/', query: { search: '3511AB 1', courier_id: courierId }, token: org.token });
    expect(status).toBe(200);
    const group = (body.data as { courier: { id: string }; locations: { id: string; name: string; address: Record<string, string>; distance: number | null; opening_hours: { day_of_week: number; opens: string; closes: string }[] }[]; error: string | null }[]).find((g) => g.courier.id === courierId);
    expect(group?.error).toBeNull();
    expect(group?.locations.map((l) => l.id)).toEqual(['NLU1234567', 'NLU7654321']);
    expect(group?.locations[0]).toMatchObject({ name: 'Bruna Oudegracht', address: { street_address: 'Oudegracht 150', zip_code: '3511AB', city: 'Utrecht' }, distance: 400 });
    expect(group?.locations[0]?.opening_hours.find((h) => h.day_of_week === 1)).toEqual({ day_of_week: 1, opens: '08:30', closes: '18:00' });
    expect(group?.locations[0]?.opening_hours.find((h) => h.day_of_week === 6)).toEqual({ day_of_week: 6, opens: '10:00', closes: '17:00' });
    expect(group?.locations[1]?.address.street_address).toBe('Stationsplein 21');
    const asked = ups.requests.filter((r) => r.path.endsWith('/availabilities/64')).at(-1);
    expect(asked?.body).toMatchObject({ LocatorRequest: { Request: { RequestOption: '64' }, OriginAddress: { AddressKeyFormat: { PostcodePrimaryLow: '3511AB', CountryCode: 'NL' } } } });
    // Another organisation cannot search with this courier.
    const theirs = await request(server, { path: '/api/pickup-points/', query: { search: '3511AB 1', courier_id: courierId }, token: second.token });
    expect(JSON.stringify(theirs.body)).not.toContain('NLU1234567');

    const point = { id: 'NLU1234567', name: 'Bruna Oudegracht', address: { street_address: 'Oudegracht 150', zip_code: '3511 AB', city: 'Utrecht' }, courier_id: courierId };
    const created = await org.api.orders.bulk([order('UPS-PUNT', courierId, { pickup_point: point, shipment: { packages: [{ weight: 900 }], courier_fields: { saturday: true, signature: true } } })]);
    expect((await requestLabels(org, { order_ids: [created.data[0]!.id] })).body.status).toBe('success');
    const sent = shipmentOf('UPS-PUNT');
    expect(sent?.ShipmentIndicationType).toEqual([{ Code: '01' }]);
    expect(sent?.AlternateDeliveryAddress).toEqual({ Name: 'Bruna Oudegracht', AttentionName: 'Bruna Oudegracht', UPSAccessPointID: 'NLU1234567', Address: { AddressLine: ['Oudegracht 150'], City: 'Utrecht', PostalCode: '3511AB', CountryCode: 'NL' } });
    expect(sent?.ShipmentServiceOptions).toEqual({ Notification: [{ NotificationCode: '012', EMail: { EMailAddress: ['anna@voorbeeld.nl'] }, Locale: { Language: 'DUT', Dialect: '97' } }] });
    expect(sent?.ShipTo).toMatchObject({ Name: 'Anna de Vries' });
  });

  it('moves a label through Verzonden to Bezorgd by tracking', async () => {
    const created = await org.api.orders.bulk([order('UPS-TRACK', courierId)]);
    const made = await requestLabels(org, { order_ids: [created.data[0]!.id] });
    const labelId = made.body.data[0].id;
    const number = (await request(server, { path: `/api/label/${labelId}`, token: org.token })).body.data.shipment.packages[0].tracking_number;
    const track = () => request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [labelId] } });
    // Not known to UPS yet: 404 TW0001 is no events, not an error.
    expect((await track()).body.data[0]).toMatchObject({ status: 'ready' });
    const stamp = (msAgo: number) => new Date(Date.now() - msAgo);
    ups.tracking.set(number, [
      { status: { type: 'P', description: 'Pakket opgehaald' }, date: stamp(23.5 * 3600_000).toISOString().slice(0, 10).replace(/-/g, ''), time: stamp(23.5 * 3600_000).toISOString().slice(11, 19).replace(/:/g, '') },
      { status: { type: 'M', description: 'Label gemaakt' }, date: stamp(24 * 3600_000).toISOString().slice(0, 10).replace(/-/g, ''), time: stamp(24 * 3600_000).toISOString().slice(11, 19).replace(/:/g, '') },
    ]);
    expect((await track()).body.data[0]).toMatchObject({ status: 'shipped' });
    ups.deliver(number, new Date(Date.now() - 23 * 3600_000));
    expect((await track()).body.data[0]).toMatchObject({ status: 'completed' });
    const history = (await request(server, { path: `/api/label/${labelId}/tracking`, token: org.token })).body.data;
    expect(JSON.stringify(history)).toContain('"event":"delivered"');
    expect(JSON.stringify(history)).toContain('"event":"out_for_delivery"');
    expect(ups.requests.filter((r) => r.path === `/api/track/v1/details/${number}`).length).toBeGreaterThanOrEqual(3);
    // Another organisation cannot track it.
    const theirs = await request(server, { method: 'POST', path: '/api/label/track', token: second.token, body: { label_ids: [labelId] } });
    expect(theirs.body.errors[0].message).toBe('Label niet gevonden.');
  });

  it('voids a shipment at UPS, and says in Dutch when UPS refuses a second void', async () => {
    const created = await org.api.orders.bulk([order('UPS-VOID', courierId)]);
    const made = await requestLabels(org, { order_ids: [created.data[0]!.id] });
    const number = (await request(server, { path: `/api/label/${made.body.data[0].id}`, token: org.token })).body.data.shipment.packages[0].tracking_number;
    const settings = { client_id: 'ups-client', client_secret: 'ups-geheim', account_number: 'A1B2C3', base_url: ups.url };
    const context = { settings, signal: AbortSignal.timeout(5000), now: new Date(), timeScale: 1 };
    await upsCarrier.cancel?.({ trackingNumbers: [number], labelCreatedAt: new Date() }, context);
    expect(ups.shipments.get(number)?.voided).toBe(true);
    expect(ups.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/shipments/v2409/void/cancel/${number}` });
    await expect(upsCarrier.cancel?.({ trackingNumbers: [number], labelCreatedAt: new Date() }, context)).rejects.toThrow('UPS kon de zending niet annuleren (foutcode 190101). Mogelijk is het pakket al onderweg.');
  });

  it('renews an expired token once, shared by concurrent label calls', async () => {
    const created = await org.api.orders.bulk([order('UPS-T1', courierId), order('UPS-T2', courierId), order('UPS-T3', courierId)]);
    const before = ups.logins;
    ups.expireTokens();
    const answers = await Promise.all(created.data.map((d) => requestLabels(org, { order_ids: [d.id] })));
    expect(answers.map((a) => a.body.status)).toEqual(['success', 'success', 'success']);
    expect(ups.logins).toBe(before + 1);
  });

  it('reports refusals per order in Dutch with UPS’s reason when a user can act on it, never its raw answer, and a timeout', async () => {
    const created = await org.api.orders.bulk([
      order('UPSX-POSTCODE', courierId, { zipcode: '9999 ZZ' }),
      // An Access Point takes packages up to 20 kg.
      order('UPSX-ZWAAR', courierId, { pickup_point: { id: 'NLU1234567', name: 'Bruna Oudegracht', address: { street_address: 'Oudegracht 150', zip_code: '3511 AB', city: 'Utrecht' }, courier_id: courierId }, shipment: { packages: [{ weight: 22_000 }], courier_fields: {} } }),
      order('UPSX-FOUT', courierId),
      order('UPSX-TRAAG', courierId),
    ]);
    // No label and no invoice item: the orders are still open.
    await expectEveryOrderRefused(org, created.data, {
      'UPSX-POSTCODE': 'UPS kent de postcode 9999 ZZ in NL niet. Controleer de postcode van de ontvanger; er is geen label gemaakt.',
      'UPSX-ZWAAR': 'Het pakket is te zwaar voor UPS (maximaal 20 kg per pakket). Verdeel het over meer pakketten; er is geen label gemaakt.',
      'UPSX-FOUT': 'UPS weigerde het label (foutcode 9999). Controleer het adres en het gewicht; er is geen label gemaakt.',
      'UPSX-TRAAG': 'UPS antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.',
    });
  });

  it('has a fake that refuses what UPS refuses: a missing required field, a call without a valid token', async () => {
    const token = ((await (await fetch(`${ups.url}/security/v1/oauth/token`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('ups-client:ups-geheim').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json()) as { access_token: string }).access_token;
    const ship = async (body: unknown, bearer = token) => {
      const response = await fetch(`${ups.url}/api/shipments/v2409/ship`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, transId: 't1', transactionSrc: 'test' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const address = { AddressLine: ['Damrak 1'], City: 'Amsterdam', PostalCode: '1012LG', CountryCode: 'NL' };
    const complete = {
      ShipmentRequest: {
        Request: { RequestOption: 'nonvalidate' },
        Shipment: {
          Shipper: { Name: 'Winkel', ShipperNumber: 'A1B2C3', Address: address },
          ShipTo: { Name: 'Anna', Address: address },
          PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }] },
          Service: { Code: '11' },
          Package: [{ Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '1.0' } }],
        },
        LabelSpecification: { LabelImageFormat: { Code: 'GIF' } },
      },
    };
    const noNumber = structuredClone(complete) as { ShipmentRequest: { Shipment: { Shipper: Record<string, unknown> } } };
    delete noNumber.ShipmentRequest.Shipment.Shipper.ShipperNumber;
    expect(await ship(noNumber)).toEqual({ status: 400, body: { response: { errors: [{ code: '120100', message: 'Missing or invalid data: Shipper.ShipperNumber' }] } } });
    const returnWithoutDescription = structuredClone(complete) as { ShipmentRequest: { Shipment: Record<string, unknown> } };
    returnWithoutDescription.ShipmentRequest.Shipment.ReturnService = { Code: '9' };
    expect((await ship(returnWithoutDescription)).status).toBe(400);
    expect(await ship(complete, 'verzonnen')).toEqual({ status: 401, body: { response: { errors: [{ code: '250002', message: 'Invalid Authentication Information.' }] } } });
    expect((await ship(complete)).status).toBe(200);
  });

  it('refuses labels in Dutch when UPS no longer takes the stored client secret, and an edit to a wrong one', async () => {
    const id = await linkFakeCarrier(org, 'ups', ups.url);
    const wrongEdit = await request(server, { method: 'PATCH', path: `/api/courier/${id}`, token: org.token, body: { fields: { client_secret: 'fout' } } });
    expect(wrongEdit.status).toBe(400);
    expect(wrongEdit.body.fields).toEqual({ 'fields.client_secret': ['UPS kent deze client-ID met dit client secret niet. Controleer ze bij je app op het UPS-ontwikkelaarsportaal.'] });
    // The secret is rotated at UPS and the token ends: the stored client no longer works.
    ups.clientSecret = 'nieuw-bij-ups';
    ups.expireTokens();
    try {
      const created = await org.api.orders.bulk([order('UPS-LOGIN', id)]);
      const { body } = await requestLabels(org, { order_ids: created.data.map((d) => d.id) });
      expect(body.status).toBe('failed');
      expect(body.errors[0].message).toBe('UPS weigerde de inloggegevens van deze koppeling. Controleer de client-ID en het client secret.');
    } finally {
      ups.clientSecret = 'ups-geheim';
    }
  });
});
