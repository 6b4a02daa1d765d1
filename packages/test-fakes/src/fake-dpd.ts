import { PDFDocument } from '@cantoo/pdf-lib';
import { drawFakeLabel } from './carrier-label';
import { startFakeHttpServer, type FakeRequest } from './fake-http-server';

/** One status of DPD's getTrackingData as the fake answers it. */
export interface FakeDpdStatus {
  status: string;
  statusHasBeenReached: boolean;
  /** Dutch local time, "yyyy-MM-ddTHH:mm:ss". */
  date?: string;
  location?: string;
  description?: string;
}

export interface FakeDpd {
  url: string;
  /** Successful logins (getAuth). */
  logins: number;
  /** Every call with its path, the authToken header and its JSON body. */
  requests: { path: string; authToken: string | undefined; body: Record<string, unknown> }[];
  /** storeOrders calls that were still being answered at the same time, at most (DPD wants one at a time). */
  maxConcurrentShipments: number;
  /** Tracking per parcel label number: statuses, an error (500) or never. */
  tracking: Map<string, FakeDpdStatus[] | 'error' | 'hang'>;
  /** How findParcelShops answers. */
  parcelShops: 'normal' | 'error' | 'hang';
  /** The password DPD takes for the account from now on (a password changed at DPD). */
  password: string;
  /** Every token issued so far stops being valid (as after 24 h): the next call is refused with LOGIN_5. */
  expireTokens: () => void;
  /** Marks a parcel delivered: every status reached, a day after `from`. */
  deliver: (parcelLabelNumber: string, from: Date) => void;
  close: () => Promise<void>;
}

const base = '/rest/services';
const paths = {
  login: `${base}/LoginService/V2_1/getAuth`,
  storeOrders: `${base}/ShipmentService/V3_5/storeOrders`,
  parcelShops: `${base}/ParcelShopFinderService/V5_0/findParcelShops`,
  tracking: `${base}/ParcelLifeCycleService/V2_0/getTrackingData`,
};

/** The heaviest parcel per product, in DPD's units of 10 g. */
const maxWeight: Record<string, number> = { B2C: 3150, B2B: 3150, PL: 200 };

const dutchLocal = (date: Date) => new Date(date.getTime() + 3600_000).toISOString().slice(0, 19);

/** The first required field missing from a DPD address, as DPD names it; null when complete. */
function missingAddressField(address: unknown, name: string): string | null {
  const a = (address ?? null) as Record<string, unknown> | null;
  if (!a) return name;
  for (const field of ['name1', 'street', 'zipCode', 'city', 'country']) if (typeof a[field] !== 'string' || a[field] === '') return `${name}.${field}`;
  return null;
}

function parcelShops(country: string, zipCode: string, limit: number) {
  const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((weekday) => ({ weekday, openMorning: '09:00', closeMorning: '12:30', openAfternoon: '13:00', closeAfternoon: '18:00' }));
  const shops = [
    { parcelShopId: `${country}1234567`, company: 'Primera Utrecht', street: 'Lange Elisabethstraat', houseNo: '27', zipCode, city: 'Utrecht', country, latitude: 52.0907, longitude: 5.1183, distance: 0.35, openingHours: [...week, { weekday: 'Saturday', openMorning: '10:00', closeMorning: '17:00', openAfternoon: '', closeAfternoon: '' }] },
    { parcelShopId: `${country}7654321`, company: 'DPD Pickup Locker Centraal', street: 'Stationsplein', houseNo: '1B', zipCode, city: 'Utrecht', country, latitude: 52.0894, longitude: 5.1099, distance: 1.2, openingHours: week },
  ];
  return shops.slice(0, limit);
}

/**
 * A local DPD Shipper Webservices in the REST JSON shape the adapter uses (domain notes;
 * paths and JSON wrapping UNVERIFIED, docs/carriers.md): getAuth with tokens that expire,
 * storeOrders (required fields checked, one PDF page per parcel, faults for an unknown
 * postcode and a parcel over the product's weight), findParcelShops and getTrackingData.
 * A reference with "TRAAG" never gets an answer; with "POSTCODE" the postcode is unknown;
 * with "FOUT" DPD answers a fault a user cannot act on.
 */
export async function startFakeDpd(options: { delisId: string; password: string; depot?: string }): Promise<FakeDpd> {
  const tokens = new Set<string>();
  let issued = 0;
  let parcelNumber = 5_340_000_000;
  let busy = 0;
  const state: FakeDpd = {
    url: '',
    logins: 0,
    requests: [],
    maxConcurrentShipments: 0,
    tracking: new Map(),
    parcelShops: 'normal',
    password: options.password,
    expireTokens: () => tokens.clear(),
    deliver: (number, from) => {
      const at = (hours: number) => dutchLocal(new Date(from.getTime() + hours * 3600_000));
      state.tracking.set(number, [
        { status: 'SHIPMENT', statusHasBeenReached: true, date: at(0), description: 'Zendinggegevens ontvangen' },
        { status: 'PickedUp', statusHasBeenReached: true, date: at(6), location: 'DPD depot Oirschot', description: 'Opgehaald' },
        { status: 'BetweenDepots', statusHasBeenReached: true, date: at(10), description: 'Onderweg tussen depots' },
        { status: 'Depot', statusHasBeenReached: true, date: at(14), location: 'DPD depot Nieuwegein', description: 'In het depot' },
        { status: 'Courier', statusHasBeenReached: true, date: at(18), description: 'De chauffeur is onderweg' },
        { status: 'Delivered', statusHasBeenReached: true, date: at(22), description: 'Afgeleverd' },
      ]);
    },
    close: async () => undefined,
  };

  const refuse = (send: (status: number, payload: unknown) => void, status: number, code: string, message: string) => send(status, { status: { type: 'ERROR', code, message } });

  const server = await startFakeHttpServer((request: FakeRequest, { send, hang }) => {
    const { url, method, headers } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const authToken = typeof headers.authtoken === 'string' ? headers.authtoken : undefined;
    state.requests.push({ path: url.pathname, authToken, body });
    if (method !== 'POST') return send(405, { status: { type: 'ERROR', code: 'METHOD', message: 'Method not allowed' } });

    if (url.pathname === paths.login) {
      if (typeof body.delisId !== 'string' || typeof body.password !== 'string') return refuse(send, 500, 'DELICOM_ERR_MISSING_PARAMETER', 'delisId and password are required');
      if (body.delisId !== options.delisId || body.password !== state.password) return refuse(send, 500, 'DELICOM_ERR_AUTHENTICATION', 'The login data are invalid');
      state.logins += 1;
      issued += 1;
      const token = `dpd-token-${issued}`;
      tokens.add(token);
      return send(200, {
        getAuthResponse: { return: { delisId: options.delisId, customerUid: options.delisId, authToken: token, depot: options.depot ?? '0522', authTokenExpires: new Date(Date.now() + 24 * 3600_000).toISOString() } },
        status: { type: 'OK', code: 'OK' },
      });
    }

    // Every other service wants the login's delisId and a valid authToken in the header.
    if (headers.delisid !== options.delisId || !authToken || !tokens.has(authToken)) return refuse(send, 401, 'LOGIN_5', 'The authToken is invalid or expired');

    if (url.pathname === paths.storeOrders) {
      const print = body.printOptions as { printerLanguage?: string; paperFormat?: string } | undefined;
      if (!print || !['PDF', 'ZPL'].includes(print.printerLanguage ?? '') || !['A4', 'A6', 'A7'].includes(print.paperFormat ?? '')) return refuse(send, 400, 'COMMON_2', 'printOptions.printerLanguage and paperFormat are required');
      const order = body.order as Record<string, unknown> | undefined;
      const general = order?.generalShipmentData as Record<string, unknown> | undefined;
      const parcels = order?.parcels as { weight?: number; returns?: boolean }[] | undefined;
      const services = order?.productAndServiceData as Record<string, unknown> | undefined;
      const missing =
        (!general && 'order.generalShipmentData') ||
        (typeof general?.sendingDepot !== 'string' && 'generalShipmentData.sendingDepot') ||
        (!['B2C', 'B2B', 'PL', 'E10', 'E12'].includes(String(general?.product)) && 'generalShipmentData.product') ||
        missingAddressField(general?.sender, 'sender') ||
        missingAddressField(general?.recipient, 'recipient') ||
        ((!Array.isArray(parcels) || parcels.length === 0) && 'order.parcels') ||
        (parcels?.some((p) => typeof p.weight !== 'number') && 'parcels.weight') ||
        (services?.orderType !== 'consignment' && 'productAndServiceData.orderType');
      if (missing) return refuse(send, 400, 'COMMON_2', `Mandatory field missing or invalid: ${missing}`);
      const reference = String(general?.mpsCustomerReferenceNumber1 ?? '');
      const recipient = general?.recipient as Record<string, string>;
      const product = String(general?.product);
      const fault = (faultCode: string, message: string) => send(200, { orderResult: { shipmentResponses: [{ identificationNumber: reference, parcelInformation: [], faults: [{ faultCode, message }] }] } });
      if (reference.includes('TRAAG')) return hang();
      if (reference.includes('POSTCODE')) return fault('COMMON_7', `Invalid zip code ${recipient.zipCode} for country ${recipient.country}`);
      if (reference.includes('FOUT')) return fault('SHIPMENT_99', '<ns2:fault>internal processing error 0x7f</ns2:fault>');
      if (parcels?.some((p) => (p.weight ?? 0) > (maxWeight[product] ?? 3150))) return fault('COMMON_12', `Parcel weight exceeds the maximum weight of product ${product}`);
      if (services?.parcelShopDelivery && !(services.parcelShopDelivery as { parcelShopId?: string }).parcelShopId) return refuse(send, 400, 'COMMON_2', 'Mandatory field missing or invalid: parcelShopDelivery.parcelShopId');
      busy += 1;
      state.maxConcurrentShipments = Math.max(state.maxConcurrentShipments, busy);
      const numbers = (parcels ?? []).map(() => String((parcelNumber += 1)).padStart(14, '0'));
      void (async () => {
        const doc = await PDFDocument.create();
        for (const number of numbers) {
          const page = await drawFakeLabel({
            carrier: parcels?.[0]?.returns ? 'DPD RETOUR' : `DPD ${product}`,
            trackingNumber: number,
            reference,
            receiver: { name: recipient.name1 ?? '', street: recipient.street ?? '', houseNumber: recipient.houseNo ?? '', zipcode: recipient.zipCode ?? '', city: recipient.city ?? '', country: recipient.country ?? '' },
          });
          const [copied] = await doc.copyPages(await PDFDocument.load(page), [0]);
          if (copied) doc.addPage(copied);
        }
        const pdf = Buffer.from(await doc.save()).toString('base64');
        busy -= 1;
        send(200, { orderResult: { parcellabelsPDF: pdf, shipmentResponses: [{ identificationNumber: reference, mpsId: `MPS${numbers[0]}`, parcelInformation: numbers.map((n) => ({ parcelLabelNumber: n })), faults: [] }] } });
      })();
      return;
    }

    if (url.pathname === paths.parcelShops) {
      if (typeof body.country !== 'string' || (typeof body.zipCode !== 'string' && typeof body.city !== 'string')) return refuse(send, 400, 'COMMON_2', 'Mandatory field missing: country and zipCode or city');
      if (state.parcelShops === 'hang') return hang();
      if (state.parcelShops === 'error') return refuse(send, 500, 'SYSTEM', 'Internal error');
      return send(200, { parcelShop: parcelShops(body.country, String(body.zipCode ?? ''), Number(body.limit ?? 10)) });
    }

    if (url.pathname === paths.tracking) {
      if (typeof body.parcelLabelNumber !== 'string') return refuse(send, 400, 'COMMON_2', 'Mandatory field missing: parcelLabelNumber');
      const answer = state.tracking.get(body.parcelLabelNumber);
      if (answer === 'hang') return hang();
      if (answer === 'error') return refuse(send, 500, 'SYSTEM', 'Internal error');
      return send(200, { trackingresult: { statusInfo: answer ?? [] } });
    }
    send(404, { status: { type: 'ERROR', code: 'NOT_FOUND', message: 'Not found' } });
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
