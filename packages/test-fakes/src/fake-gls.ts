import { PDFDocument } from '@cantoo/pdf-lib';
import { drawFakeLabel } from './carrier-label';
import { startFakeHttpServer, type FakeRequest } from './fake-http-server';

/** One parcel's tracking as the fake answers parcel/v1/details. */
export interface FakeGlsParcel {
  state: string;
  /** Dutch local time, "yyyy-MM-ddTHH:mm:ss". */
  events: { eventNo: number; descriptionNL: string; date: string; city?: string }[];
}

export interface FakeGls {
  /** The server's root; the adapter's base_url is `${url}/V1/api`. */
  url: string;
  /** Every call with its path, the subscription key header and its JSON body. */
  requests: { path: string; key: string | undefined; body: Record<string, unknown> }[];
  /** Tracking per unit number: a parcel, an error (500) or never. */
  tracking: Map<string, FakeGlsParcel | 'error' | 'hang'>;
  /** How GetParcelShops answers. */
  parcelShops: 'normal' | 'error' | 'hang';
  /** The password GLS takes from now on (a password changed at GLS). */
  password: string;
  /** Units deleted by Label/Delete. */
  deleted: Set<string>;
  /** Marks a parcel delivered, its events a day after `from`. */
  deliver: (unitNo: string, from: Date) => void;
  /** Marks a parcel scanned (it can no longer be deleted). */
  scan: (unitNo: string) => void;
  close: () => Promise<void>;
}

const paths = {
  label: '/V1/api/Label/Create',
  delete: '/V1/api/Label/Delete',
  shopReturn: '/V1/api/ShopReturn/Create',
  parcelShops: '/V1/api/ParcelShop/GetParcelShops',
  tracking: '/tt/V1/api/parcel/v1/details',
};

const labelTypes = ['pdf', 'pdfA6U', 'pdf4A4', 'zpl'];
/** GLS's heaviest parcel (31.5 kg, UNVERIFIED; our orders stop there too). */
const maxWeightKg = 31.5;

const dutchLocal = (date: Date) => new Date(date.getTime() + 3600_000).toISOString().slice(0, 19);

/** The first required field missing from a GLS address, as GLS names it; null when complete. */
function missingAddressField(address: unknown, name: string): string | null {
  const a = (address ?? null) as Record<string, unknown> | null;
  if (!a) return name;
  for (const field of ['name1', 'street', 'houseNo', 'zipCode', 'city', 'countryCode']) if (typeof a[field] !== 'string' || a[field] === '') return `${name}.${field}`;
  return null;
}

/**
 * A local GLS NL API (domain notes): the subscription key header and `?api-version=1.0`
 * on every call, username/password in every body (no token), Label/Create and
 * ShopReturn/Create (required fields checked, one PDF per unit), Label/Delete,
 * ParcelShop/GetParcelShops and tracking (`/tt/V1/api/parcel/v1/details`). Refusals in GLS's
 * envelope {error, message, errors} with 400/401/422. A reference with "TRAAG" never gets an
 * answer; with "POSTCODE" the postcode is unknown; with "ZWAAR" a unit is over GLS's weight
 * (our orders never are: they stop at 31.5 kg); with "FOUT" GLS refuses with words a user
 * cannot act on.
 */
export async function startFakeGls(options: { subscriptionKey: string; username: string; password: string }): Promise<FakeGls> {
  let unitNumber = 90_000_000_000;
  const scanned = new Set<string>();
  const issued = new Set<string>();
  const state: FakeGls = {
    url: '',
    requests: [],
    tracking: new Map(),
    parcelShops: 'normal',
    password: options.password,
    deleted: new Set(),
    deliver: (unitNo, from) => {
      const at = (hours: number) => dutchLocal(new Date(from.getTime() + hours * 3600_000));
      scanned.add(unitNo);
      state.tracking.set(unitNo, {
        state: 'Delivered',
        events: [
          { eventNo: 1, descriptionNL: 'Zending aangemeld', date: at(0) },
          { eventNo: 2, descriptionNL: 'Pakket in depot', date: at(8), city: 'Utrecht' },
          { eventNo: 3, descriptionNL: 'Pakket is onderweg naar de ontvanger', date: at(18), city: 'Utrecht' },
          { eventNo: 4, descriptionNL: 'Pakket is afgeleverd', date: at(22), city: 'Utrecht' },
        ],
      });
    },
    scan: (unitNo) => scanned.add(unitNo),
    close: async () => undefined,
  };

  const refuse = (send: (status: number, payload: unknown) => void, status: number, message: string, errors: string[] = []) => send(status, { error: true, message, errors });

  const server = await startFakeHttpServer((request: FakeRequest, { send, hang }) => {
    const { url, method, headers } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = typeof headers['ocp-apim-subscription-key'] === 'string' ? headers['ocp-apim-subscription-key'] : undefined;
    state.requests.push({ path: url.pathname, key, body });
    if (method !== 'POST') return refuse(send, 405, 'Method not allowed');
    // Azure API Management in front: the key first, then the API version.
    if (key !== options.subscriptionKey) return send(401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
    if (url.searchParams.get('api-version') !== '1.0') return refuse(send, 400, 'api-version is required', ['api-version']);
    const user = url.pathname === paths.tracking ? body.userName : body.username;
    if (user !== options.username || body.password !== state.password) return refuse(send, 401, 'Unauthorized', ['Invalid username or password']);

    if (url.pathname === paths.label || url.pathname === paths.shopReturn) {
      const isReturn = url.pathname === paths.shopReturn;
      const addresses = body.addresses as Record<string, unknown> | undefined;
      const units = body.units as { unitId?: unknown; weight?: unknown }[] | undefined;
      const missing =
        (typeof body.customerNo !== 'string' && 'customerNo') ||
        (!isReturn && body.shiptype !== 'p' && 'shiptype') ||
        (!labelTypes.includes(String(body.labelType)) && 'labelType') ||
        missingAddressField(addresses?.deliveryAddress, 'addresses.deliveryAddress') ||
        (isReturn && missingAddressField(addresses?.pickupAddress, 'addresses.pickupAddress')) ||
        ((!Array.isArray(units) || units.length === 0) && 'units') ||
        (units?.some((u) => typeof u.unitId !== 'string' || typeof u.weight !== 'number' || u.weight <= 0) && 'units.weight');
      if (missing) return refuse(send, 400, 'The request is invalid.', [`The field ${missing} is required.`]);
      const services = (body.services ?? {}) as Record<string, unknown>;
      if (services.shopDeliveryParcelShopId !== undefined && typeof services.shopDeliveryParcelShopId !== 'string') return refuse(send, 400, 'The request is invalid.', ['The field services.shopDeliveryParcelShopId is invalid.']);
      const reference = String(body.reference ?? '');
      const delivery = addresses?.deliveryAddress as Record<string, string>;
      if (reference.includes('TRAAG')) return hang();
      if (reference.includes('POSTCODE')) return refuse(send, 422, 'Validation failed', [`Zipcode ${delivery.zipCode} is not valid for country ${delivery.countryCode}`]);
      if (reference.includes('FOUT')) return refuse(send, 422, '<fault>Routing engine error 0x7f</fault>', ['E_ROUTE_17']);
      if (reference.includes('ZWAAR') || units?.some((u) => Number(u.weight) > maxWeightKg)) return refuse(send, 422, 'Validation failed', [`Weight of a unit exceeds the maximum of ${maxWeightKg} kg`]);
      void (async () => {
        const answered: { unitId: string; unitNo: string; uniqueNo: string }[] = [];
        const labels: string[] = [];
        for (const unit of units ?? []) {
          const unitNo = String((unitNumber += 1));
          issued.add(unitNo);
          answered.push({ unitId: String(unit.unitId), unitNo, uniqueNo: `NL${unitNo}` });
          const page = await drawFakeLabel({
            carrier: isReturn ? 'GLS SHOPRETURN' : 'GLS BUSINESSPARCEL',
            trackingNumber: unitNo,
            reference,
            receiver: { name: delivery.name1 ?? '', street: delivery.street ?? '', houseNumber: [delivery.houseNo, delivery.houseNoExt].filter(Boolean).join(' '), zipcode: delivery.zipCode ?? '', city: delivery.city ?? '', country: delivery.countryCode ?? '' },
          });
          labels.push(Buffer.from(await (await PDFDocument.load(page)).save()).toString('base64'));
        }
        send(200, { error: false, message: '', errors: [], labels, units: answered });
      })();
      return;
    }

    if (url.pathname === paths.delete) {
      if (typeof body.unitNo !== 'string') return refuse(send, 400, 'The request is invalid.', ['The field unitNo is required.']);
      if (!issued.has(body.unitNo) || scanned.has(body.unitNo) || state.deleted.has(body.unitNo)) return refuse(send, 422, 'Unit cannot be deleted', [`Unit ${body.unitNo} is unknown or already in transit`]);
      state.deleted.add(body.unitNo);
      return send(200, { error: false, message: 'Deleted', errors: [] });
    }

    if (url.pathname === paths.parcelShops) {
      const amount = Number(body.amountOfShops ?? 0);
      if (typeof body.zipCode !== 'string' || typeof body.countryCode !== 'string' || !(amount >= 1 && amount <= 10)) return refuse(send, 400, 'The request is invalid.', ['zipCode, countryCode and amountOfShops (1-10) are required.']);
      if (state.parcelShops === 'hang') return hang();
      if (state.parcelShops === 'error') return refuse(send, 500, 'Internal error');
      const shops = [
        { parcelShopId: '2500001234', name: 'Bruna Utrecht Centrum', street: 'Steenweg', houseNo: '45', zipcode: body.zipCode, city: 'Utrecht', countryCode: body.countryCode, geoCoordinates: { lat: 52.0901, lng: 5.1197 } },
        { parcelShopId: '2500005678', name: 'GLS ParcelLocker Station', street: 'Stationsplein', houseNo: '3', zipcode: body.zipCode, city: 'Utrecht', countryCode: body.countryCode, geoCoordinates: { lat: 52.0894, lng: 5.1099 } },
      ];
      return send(200, { error: false, parcelShops: shops.slice(0, amount) });
    }

    if (url.pathname === paths.tracking) {
      if (!Array.isArray(body.parcelNumbers) || body.parcelNumbers.length === 0) return refuse(send, 400, 'The request is invalid.', ['parcelNumbers is required.']);
      const parcels = [];
      for (const number of body.parcelNumbers as string[]) {
        const answer = state.tracking.get(number);
        if (answer === 'hang') return hang();
        if (answer === 'error') return refuse(send, 500, 'Internal error');
        if (answer) parcels.push({ unitNo: number, ...answer });
      }
      return send(200, { error: false, parcels });
    }
    refuse(send, 404, 'Not found');
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
