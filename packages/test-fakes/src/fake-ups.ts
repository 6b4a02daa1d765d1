import { GifWriter } from 'omggif';
import { fakeCarrierZpl } from './carrier-label';
import { startFakeHttpServer, type FakeRequest } from './fake-http-server';

/** One activity of UPS's Tracking v1 as the fake answers it. */
export interface FakeUpsActivity {
  status: { type: string; description: string; code?: string };
  /** yyyyMMdd and HHmmss. */
  date: string;
  time: string;
  location?: { address: { city?: string; postalCode?: string; countryCode?: string } };
}

export interface FakeUpsShipment {
  shipmentId: string;
  trackingNumbers: string[];
  reference: string;
  voided: boolean;
}

export interface FakeUps {
  url: string;
  /** Tokens issued (successful OAuth calls). */
  logins: number;
  /** Every call: method, path, the Authorization header and its body (a form's fields for the token). */
  requests: { method: string; path: string; authorization: string | undefined; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[];
  /** Label Recovery calls answered: the package and the format asked. */
  recoveries: { trackingNumber: string; format: string }[];
  /** How Label Recovery answers: normally, or with an error (500). */
  recovery: 'normal' | 'error';
  /** Shipments made, by ShipmentIdentificationNumber. */
  shipments: Map<string, FakeUpsShipment>;
  /** Tracking per tracking number: activities, an error (500) or never; unknown numbers are 404 TW0001. */
  tracking: Map<string, FakeUpsActivity[] | 'error' | 'hang'>;
  /** How the Access Point locator answers. */
  accessPoints: 'normal' | 'error' | 'hang';
  /** The client secret UPS takes from now on (a secret rotated at UPS). */
  clientSecret: string;
  /** Every token issued so far stops being valid (as after expires_in): the next call is 401 code 250002. */
  expireTokens: () => void;
  /** Marks a package delivered: label created, picked up, in transit, out for delivery, delivered, from `from` on. */
  deliver: (trackingNumber: string, from: Date) => void;
  close: () => Promise<void>;
}

const paths = {
  token: '/security/v1/oauth/token',
  ship: '/api/shipments/v2409/ship',
  voidPrefix: '/api/shipments/v2409/void/cancel/',
  trackPrefix: '/api/track/v1/details/',
  locator: '/api/locations/v3/search/availabilities/64',
  recovery: '/api/labels/v1/recovery',
};

/** The ZPL label UPS's Label Recovery hands out for a package the fake made. */
export const fakeUpsZpl = (trackingNumber: string, reference: string) => fakeCarrierZpl('UPS', trackingNumber, reference);

/** UPS's error shape. */
const errorBody = (code: string, message: string) => ({ response: { errors: [{ code, message }] } });

/** UPS's label: a GIF of 4 x 6 inch turned landscape, 1400 x 800 px (UNVERIFIED size): a frame and bars from the tracking number. */
export function fakeUpsGif(trackingNumber: string, width = 1400, height = 800): Buffer {
  const pixels = new Array<number>(width * height).fill(0);
  const bars = [...trackingNumber].flatMap((c) => [c.charCodeAt(0) % 4 + 2, 3]);
  for (let y = 0; y < height; y += 1) {
    let x = 100;
    let black = true;
    for (let i = 0; i < width; i += 1) if (i < 8 || i >= width - 8 || y < 8 || y >= height - 8) pixels[y * width + i] = 1;
    if (y > 500 && y < 700) {
      for (const bar of bars) {
        for (let b = 0; b < bar * 4 && x < width - 100; b += 1, x += 1) if (black) pixels[y * width + x] = 1;
        black = !black;
      }
    }
  }
  const buffer = new Uint8Array(width * height + 4096);
  const writer = new GifWriter(buffer, width, height, { palette: [0xffffff, 0x000000] });
  writer.addFrame(0, 0, width, height, pixels);
  return Buffer.from(buffer.subarray(0, writer.end()));
}

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
const hms = (date: Date) => date.toISOString().slice(11, 19).replace(/:/g, '');

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : undefined);
const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The first required field missing from a UPS party, as UPS names it; null when complete. */
function missingParty(party: unknown, name: string, abroad: boolean): string | null {
  const p = obj(party);
  if (!p) return name;
  if (!text(p.Name)) return `${name}.Name`;
  const a = obj(p.Address);
  if (!a) return `${name}.Address`;
  if (!Array.isArray(a.AddressLine) || a.AddressLine.length === 0 || !text(a.AddressLine[0])) return `${name}.Address.AddressLine`;
  if (!text(a.City)) return `${name}.Address.City`;
  if (!text(a.CountryCode)) return `${name}.Address.CountryCode`;
  if (['NL', 'DE', 'BE', 'FR'].includes(String(a.CountryCode)) && !text(a.PostalCode)) return `${name}.Address.PostalCode`;
  if (abroad && !text(p.AttentionName)) return `${name}.AttentionName`;
  if (abroad && !text(obj(p.Phone)?.Number)) return `${name}.Phone.Number`;
  return null;
}

function accessPoints(country: string, postcode: string, limit: number) {
  const week = [2, 3, 4, 5, 6].map((day) => ({ Day: String(day), OpenHours: '0830', CloseHours: '1800' }));
  const points = [
    {
      LocationID: '301234',
      AddressKeyFormat: { ConsigneeName: 'Bruna Oudegracht', AddressLine: 'Oudegracht 150', PoliticalDivision2: 'Utrecht', PostcodePrimaryLow: postcode, CountryCode: country },
      Geocode: { Latitude: '52.0899', Longitude: '5.1201' },
      Distance: { Value: '0.4', UnitOfMeasurement: { Code: 'KM' } },
      AccessPointInformation: { PublicAccessPointID: `${country}U1234567` },
      OperatingHours: { StandardHours: [{ HoursType: '10', DayOfWeek: [...week, { Day: '7', OpenHours: '1000', CloseHours: '1700' }] }] },
    },
    {
      LocationID: '307654',
      AddressKeyFormat: { ConsigneeName: 'UPS Access Point Locker Centraal', AddressLine: ['Stationsplein', '21'], PoliticalDivision2: 'Utrecht', PostcodePrimaryLow: postcode, CountryCode: country },
      Geocode: { Latitude: '52.0894', Longitude: '5.1099' },
      Distance: { Value: '1.3', UnitOfMeasurement: { Code: 'KM' } },
      AccessPointInformation: { PublicAccessPointID: `${country}U7654321` },
      OperatingHours: { StandardHours: [{ HoursType: '10', DayOfWeek: [{ Day: '1', OpenHours: '0000', CloseHours: '2359' }, ...week] }] },
    },
  ];
  return points.slice(0, limit);
}

/**
 * A local UPS in the shapes of its public API (domain notes): OAuth client credentials
 * with expiring tokens, Shipping v2409 ship (required fields checked as UPS refuses them,
 * GIF labels) and void, Tracking v1 and the Access Point locator. A reference (the
 * TransactionReference.CustomerContext) with "TRAAG" never gets an answer; with
 * "POSTCODE" the postal code is refused; with "FOUT" UPS answers an error a user cannot
 * act on. A package over 70 kg (20 kg to an Access Point) is refused for its weight.
 */
export async function startFakeUps(options: { clientId: string; clientSecret: string; accountNumber: string }): Promise<FakeUps> {
  const tokens = new Set<string>();
  let issued = 0;
  let serial = 10_000_000;
  const state: FakeUps = {
    url: '',
    logins: 0,
    requests: [],
    shipments: new Map(),
    recoveries: [],
    recovery: 'normal',
    tracking: new Map(),
    accessPoints: 'normal',
    clientSecret: options.clientSecret,
    expireTokens: () => tokens.clear(),
    deliver: (number, from) => {
      const at = (hours: number) => new Date(from.getTime() + hours * 3600_000);
      const activity = (type: string, description: string, hours: number, city?: string): FakeUpsActivity => ({
        status: { type, description },
        date: ymd(at(hours)),
        time: hms(at(hours)),
        location: city ? { address: { city, countryCode: 'NL' } } : undefined,
      });
      // Newest first, as UPS answers.
      state.tracking.set(number, [
        activity('D', 'Afgeleverd', 22, 'Utrecht'),
        activity('O', 'Onderweg voor bezorging', 18, 'Utrecht'),
        activity('I', 'Aankomst bij vestiging', 12, 'Eindhoven'),
        activity('P', 'Pakket opgehaald', 6, 'Amsterdam'),
        activity('M', 'Verzender heeft een label gemaakt', 0),
      ]);
    },
    close: async () => undefined,
  };

  const server = await startFakeHttpServer((request: FakeRequest, { send, hang }) => {
    const { url, method, headers } = request;
    const body = (obj(request.body) ?? {}) as Obj;
    const authorization = typeof headers.authorization === 'string' ? headers.authorization : undefined;
    state.requests.push({ method, path: url.pathname, authorization, headers, body });
    const refuse = (status: number, code: string, message: string) => send(status, errorBody(code, message));

    if (url.pathname === paths.token) {
      if (method !== 'POST') return refuse(405, '10002', 'Method not allowed');
      const basic = authorization?.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString() : '';
      const [clientId, ...secret] = basic.split(':');
      if (body.grant_type !== 'client_credentials') return refuse(400, '10400', 'Invalid/Missing grant_type');
      if (clientId !== options.clientId || secret.join(':') !== state.clientSecret) return refuse(401, '10401', 'ClientId is Invalid');
      state.logins += 1;
      issued += 1;
      const token = `ups-token-${issued}`;
      tokens.add(token);
      return send(200, { token_type: 'Bearer', issued_at: String(Date.now()), client_id: clientId, access_token: token, expires_in: '14399', status: 'approved' });
    }

    // Every API call wants a valid Bearer token, a transId and a transactionSrc.
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!tokens.has(token)) return refuse(401, '250002', 'Invalid Authentication Information.');
    if (!text(headers.transid) || !text(headers.transactionsrc)) return refuse(400, '250003', 'Invalid or missing transId or transactionSrc');

    if (url.pathname === paths.ship && method === 'POST') {
      const shipmentRequest = obj(body.ShipmentRequest);
      const shipment = obj(shipmentRequest?.Shipment);
      const shipper = obj(shipment?.Shipper);
      const shipTo = obj(shipment?.ShipTo);
      const abroad = obj(shipTo?.Address)?.CountryCode !== obj(shipper?.Address)?.CountryCode;
      const charge = (shipment?.PaymentInformation as { ShipmentCharge?: { Type?: string; BillShipper?: { AccountNumber?: string } }[] } | undefined)?.ShipmentCharge?.[0];
      const packages = Array.isArray(shipment?.Package) ? (shipment.Package as Obj[]) : undefined;
      const isReturn = obj(shipment?.ReturnService)?.Code === '9';
      const indication = (shipment?.ShipmentIndicationType as { Code?: string }[] | undefined)?.[0]?.Code;
      const labelFormat = obj(obj(shipmentRequest?.LabelSpecification)?.LabelImageFormat)?.Code;
      const missing =
        (!shipment && 'ShipmentRequest.Shipment') ||
        missingParty(shipper, 'Shipper', false) ||
        (shipper?.ShipperNumber !== options.accountNumber && 'Shipper.ShipperNumber') ||
        missingParty(shipTo, 'ShipTo', abroad) ||
        (shipment?.ShipFrom !== undefined && missingParty(shipment.ShipFrom, 'ShipFrom', false)) ||
        ((charge?.Type !== '01' || charge.BillShipper?.AccountNumber !== options.accountNumber) && 'PaymentInformation.ShipmentCharge.BillShipper.AccountNumber') ||
        (!['11', '65', '07'].includes(String(obj(shipment?.Service)?.Code)) && 'Service.Code') ||
        ((!packages || packages.length === 0) && 'Shipment.Package') ||
        (packages?.some((p) => !text(obj(p.Packaging)?.Code)) && 'Package.Packaging.Code') ||
        (packages?.some((p) => obj(obj(p.PackageWeight)?.UnitOfMeasurement)?.Code !== 'KGS' || !/^\d+(\.\d+)?$/.test(String(obj(p.PackageWeight)?.Weight))) && 'Package.PackageWeight') ||
        (isReturn && packages?.some((p) => !text(p.Description)) && 'Package.Description') ||
        (indication === '01' && !text(obj(shipment?.AlternateDeliveryAddress)?.UPSAccessPointID) && 'AlternateDeliveryAddress.UPSAccessPointID') ||
        (!['GIF', 'ZPL'].includes(String(labelFormat)) && 'LabelSpecification.LabelImageFormat.Code');
      if (missing) return refuse(400, '120100', `Missing or invalid data: ${missing}`);
      const reference = String(obj(shipmentRequest?.Request)?.TransactionReference ? obj(obj(shipmentRequest?.Request)?.TransactionReference)?.CustomerContext : '');
      if (reference.includes('TRAAG')) return hang();
      const shipToAddress = obj(shipTo?.Address) ?? {};
      if (reference.includes('POSTCODE')) return refuse(400, '120208', `The postal code ${String(shipToAddress.PostalCode)} is invalid for ${String(shipToAddress.CountryCode)}.`);
      if (reference.includes('FOUT')) return refuse(400, '9999', '<html><body>Hard Error: internal 0x7f</body></html>');
      const maxKg = indication === '01' ? 20 : 70;
      if (packages?.some((p) => Number(obj(p.PackageWeight)?.Weight) > maxKg)) return refuse(400, '120602', 'The maximum per package weight for the selected service has been exceeded.');
      const numbers = (packages ?? []).map(() => `1Z${options.accountNumber}68${String((serial += 1)).padStart(8, '0')}`);
      const shipmentId = numbers[0] as string;
      state.shipments.set(shipmentId, { shipmentId, trackingNumbers: numbers, reference, voided: false });
      return send(200, {
        ShipmentResponse: {
          Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
          ShipmentResults: {
            ShipmentIdentificationNumber: shipmentId,
            PackageResults: numbers.map((number) => ({ TrackingNumber: number, ShippingLabel: { ImageFormat: { Code: 'GIF', Description: 'GIF' }, GraphicImage: fakeUpsGif(number).toString('base64') } })),
          },
        },
      });
    }

    // Label Recovery (UNVERIFIED version v1): a package's label again, here as ZPL on 4 x 6 stock.
    if (url.pathname === paths.recovery && method === 'POST') {
      const recovery = obj(body.LabelRecoveryRequest);
      const specification = obj(recovery?.LabelSpecification);
      const format = obj(specification?.LabelImageFormat)?.Code;
      const stock = obj(specification?.LabelStockSize);
      const number = String(recovery?.TrackingNumber ?? '');
      if (!text(recovery?.TrackingNumber)) return refuse(400, '120500', 'Missing or invalid data: LabelRecoveryRequest.TrackingNumber');
      if (!['GIF', 'ZPL', 'PDF'].includes(String(format))) return refuse(400, '120500', 'Missing or invalid data: LabelSpecification.LabelImageFormat.Code');
      if (format === 'ZPL' && (stock?.Height !== '6' || stock.Width !== '4')) return refuse(400, '120500', 'Missing or invalid data: LabelSpecification.LabelStockSize');
      const shipment = [...state.shipments.values()].find((s) => s.trackingNumbers.includes(number));
      if (!shipment) return refuse(400, '120504', 'No label found for this tracking number.');
      if (state.recovery === 'error') return refuse(500, '9999', 'Internal error');
      state.recoveries.push({ trackingNumber: number, format: String(format) });
      const image = format === 'ZPL' ? Buffer.from(fakeUpsZpl(number, shipment.reference)) : fakeUpsGif(number);
      return send(200, { LabelRecoveryResponse: { Response: { ResponseStatus: { Code: '1', Description: 'Success' } }, ShipmentIdentificationNumber: shipment.shipmentId, LabelResults: [{ TrackingNumber: number, LabelImage: { LabelImageFormat: { Code: format }, GraphicImage: image.toString('base64') } }] } });
    }

    if (url.pathname.startsWith(paths.voidPrefix) && method === 'DELETE') {
      const shipment = state.shipments.get(decodeURIComponent(url.pathname.slice(paths.voidPrefix.length)));
      if (!shipment) return refuse(400, '190117', 'No shipment found within the allowed void period.');
      if (shipment.voided) return refuse(400, '190101', 'The shipment has already been voided.');
      shipment.voided = true;
      return send(200, { VoidShipmentResponse: { Response: { ResponseStatus: { Code: '1', Description: 'Success' } }, SummaryResult: { Status: { Code: '1', Description: 'Voided' } } } });
    }

    if (url.pathname.startsWith(paths.trackPrefix) && method === 'GET') {
      const number = decodeURIComponent(url.pathname.slice(paths.trackPrefix.length));
      const answer = state.tracking.get(number);
      if (answer === 'hang') return hang();
      if (answer === 'error') return refuse(500, '9999', 'Internal error');
      if (!answer) return refuse(404, 'TW0001', 'Tracking Information Not Found');
      return send(200, { trackResponse: { shipment: [{ inquiryNumber: number, package: [{ trackingNumber: number, activity: answer }] }] } });
    }

    if (url.pathname === paths.locator && method === 'POST') {
      const locator = obj(body.LocatorRequest);
      const origin = obj(obj(locator?.OriginAddress)?.AddressKeyFormat);
      if (obj(locator?.Request)?.RequestOption !== '64') return refuse(400, '350201', 'Missing or invalid RequestOption');
      if (!text(origin?.CountryCode) || (!text(origin?.PostcodePrimaryLow) && !text(origin?.PoliticalDivision2))) return refuse(400, '350203', 'Missing or invalid OriginAddress');
      if (state.accessPoints === 'hang') return hang();
      if (state.accessPoints === 'error') return refuse(500, '9999', 'Internal error');
      const limit = Number(obj(locator?.LocationSearchCriteria)?.MaximumListSize ?? 10);
      return send(200, { LocatorResponse: { Response: { ResponseStatusCode: '1' }, SearchResults: { DropLocation: accessPoints(String(origin?.CountryCode), String(origin?.PostcodePrimaryLow ?? ''), limit) } } });
    }
    refuse(404, '10404', 'Resource not found');
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
