import { drawFakeLabel } from './carrier-label';
import { faultCounter, startFakeHttpServer, type FakeFaultRule } from './fake-http-server';

/** One track-trace event as DHL lists it. */
export interface FakeDhlEvent {
  category: string;
  status: string;
  timestamp: string;
  facility?: string;
}

export interface FakeDhl {
  url: string;
  logins: number;
  labels: { authorization: string | undefined; body: Record<string, unknown> }[];
  /** The tracking and parcel-shop calls, with their query. */
  lookups: { path: string; query: URLSearchParams }[];
  /** Events by tracker code, an error (500) or never; the postcode of the key must match `postcodes`. */
  tracking: Map<string, FakeDhlEvent[] | 'error' | 'hang'>;
  /** The receiver postcode each tracker code was made for (from its label); a key with another postcode finds nothing. */
  postcodes: Map<string, string>;
  /** How the parcel-shop call answers: shops near the postcode, an error (500) or never. */
  parcelShops: 'normal' | 'error' | 'hang';
  /** While set, faults the label calls it names (by their orderReference; docs/faults.md); a faulted call makes no label. */
  labelFaults: FakeFaultRule | null;
  /** Labels made per orderReference (answered with their PDF to a caller still there): the carrier's own count, to prove none is made twice. */
  made: Map<string, number>;
  /** Every GET /labels/{labelId} (a label again, e.g. as ZPL), with its Accept header. */
  labelReads: { labelId: string; accept: string | undefined }[];
  close: () => Promise<void>;
}

/** The ZPL the fake hands out for a label it made: a ZPL II document with the tracker code as a Code 128 barcode. */
export function fakeDhlZpl(trackerCode: string, reference: string): string {
  return `^XA\n^CI28\n^FO40,40^A0N,60,60^FDDHL Parcel^FS\n^FO40,120^A0N,30,30^FD${reference.replace(/[\^~]/g, ' ')}^FS\n^FO60,400^BY3^BCN,200,Y,N,N^FD${trackerCode}^FS\n^XZ\n`;
}

function parcelShops(country: string, zipCode: string, limit: number) {
  const week = [1, 2, 3, 4, 5].map((weekDay) => ({ weekDay, timeFrom: '09:00', timeTo: '18:00' }));
  const shops = [
    { id: `8004-${country}-272403`, name: 'Gamma Utrecht', keyword: 'Gamma', address: { countryCode: country, zipCode, city: 'Utrecht', street: 'Vleutensevaart', number: '100' }, geoLocation: { latitude: 52.0931, longitude: 5.0937 }, distance: 412, openingTimes: [...week, { weekDay: 6, timeFrom: '09:00', timeTo: '17:00' }], shopType: 'parcelShop' },
    { id: `8004-${country}-318822`, name: 'DHL Parcelstation Centraal', keyword: 'Parcelstation', address: { countryCode: country, zipCode, city: 'Utrecht', street: 'Stationsplein', number: '1', addition: 'B' }, geoLocation: { latitude: 52.0894, longitude: 5.1099 }, distance: 951, openingTimes: [...week, { weekDay: 6, timeFrom: '00:00', timeTo: '23:59' }, { weekDay: 7, timeFrom: '00:00', timeTo: '23:59' }], shopType: 'packStation' },
  ];
  return shops.slice(0, limit);
}

/**
 * A local DHL Parcel API in the documented shapes: API-key login for a token, labels,
 * track-trace by tracker code and postcode, parcel shops. An orderReference with
 * "TRAAG" never gets an answer, one with "FOUT" is refused in DHL's error shape.
 */
export async function startFakeDhl(options: { userId: string; key: string }): Promise<FakeDhl> {
  const state: FakeDhl = { url: '', logins: 0, labels: [], lookups: [], tracking: new Map(), postcodes: new Map(), parcelShops: 'normal', labelFaults: null, made: new Map(), labelReads: [], close: async () => undefined };
  let faultOf = faultCounter();
  let countedRule: FakeFaultRule | null = null;
  let tracker = 1000;
  /** The labels made, by labelId: what GET /labels/{labelId} hands out again. */
  const madeLabels = new Map<string, { trackerCode: string; reference: string }>();
  const server = await startFakeHttpServer(({ method, target, url, headers, body: json }, { send, sendText, hang, fault }) => {
    const body = (json ?? {}) as Record<string, unknown>;
    if (target === '/authenticate/api-key' && method === 'POST') {
      if (body.userId !== options.userId || body.key !== options.key) return send(401, { key: 'UNAUTHORIZED', message: 'Invalid credentials' });
      state.logins += 1;
      return send(200, { accessToken: `token-${state.logins}`, accessTokenExpiration: Math.floor(Date.now() / 1000) + 900, refreshToken: 'refresh' });
    }
    if (target === '/labels' && method === 'POST') {
      state.labels.push({ authorization: headers.authorization, body });
      if (!String(headers.authorization ?? '').startsWith('Bearer token-')) return send(401, { message: 'Unauthorized' });
      const reference = String(body.orderReference ?? '');
      if (reference.includes('TRAAG')) return hang();
      if (reference.includes('FOUT')) return send(400, { key: 'INVALID_ADDRESS', message: 'Adres onbekend' });
      // A new rule counts its attempts from the start.
      if (state.labelFaults !== countedRule) [countedRule, faultOf] = [state.labelFaults, faultCounter()];
      const faulted = faultOf(state.labelFaults, reference);
      if (faulted === 'not-pdf') return send(200, { labelId: body.labelId, trackerCode: 'JVGL0999GEENPDF', pdf: Buffer.from('<html>geen pdf</html>').toString('base64') });
      if (faulted) return fault(faulted);
      // A parcel shop delivery (option PS) names its parcel shop in the option's input.
      const options = Array.isArray(body.options) ? (body.options as { key?: string; input?: string }[]) : [];
      if (options.some((o) => o.key === 'PS' && !o.input)) return send(400, { key: 'INVALID_OPTION', message: 'Option PS requires a parcel shop id as input' });
      tracker += 1;
      const trackerCode = `JVGL0999${String(tracker).padStart(8, '0')}`;
      const receiver = body.receiver as { name: { lastName?: string; companyName?: string }; address: { street: string; number: string; postalCode: string; city: string; countryCode: string } };
      state.postcodes.set(trackerCode, receiver.address.postalCode);
      void drawFakeLabel({
        carrier: 'DHL',
        trackingNumber: trackerCode,
        reference,
        receiver: { name: receiver.name.lastName ?? receiver.name.companyName ?? '', street: receiver.address.street, houseNumber: receiver.address.number, zipcode: receiver.address.postalCode, city: receiver.address.city, country: receiver.address.countryCode },
      }).then((pdf) => {
        // Counted when it reaches the caller: an answer to a caller that hung up or died is a label no one has.
        if (send(200, { labelId: body.labelId, trackerCode, pdf: pdf.toString('base64') })) {
          state.made.set(reference, (state.made.get(reference) ?? 0) + 1);
          madeLabels.set(String(body.labelId), { trackerCode, reference });
        }
      });
      return;
    }
    // The same label again, in the format the Accept header names (PDF or ZPL), UNVERIFIED (docs/carriers.md, "ZPL").
    const labelRead = /^\/labels\/([\w-]+)$/.exec(url.pathname);
    if (labelRead?.[1] && method === 'GET') {
      const accept = typeof headers.accept === 'string' ? headers.accept : undefined;
      state.labelReads.push({ labelId: labelRead[1], accept });
      if (!String(headers.authorization ?? '').startsWith('Bearer token-')) return send(401, { message: 'Unauthorized' });
      const made = madeLabels.get(labelRead[1]);
      if (!made) return send(404, { key: 'LABEL_NOT_FOUND', message: 'Label not found' });
      if (accept !== 'application/zpl') return send(406, { message: 'Not acceptable' });
      return sendText(200, fakeDhlZpl(made.trackerCode, made.reference), 'application/zpl');
    }
    if (url.pathname === '/track-trace' && method === 'GET') {
      state.lookups.push({ path: url.pathname, query: url.searchParams });
      // The key is "{trackerCode}+{postcode}"; an unencoded + arrives as a space.
      const [code = '', postcode = ''] = (url.searchParams.get('key') ?? '').split(/[+ ]/);
      const answer = state.tracking.get(code);
      if (answer === 'hang') return hang();
      if (answer === 'error') return send(500, { message: 'Internal server error' });
      const known = state.postcodes.get(code);
      if (!answer || (known !== undefined && known !== postcode)) return send(200, []);
      return send(200, [{ barcode: code, isReturn: false, events: answer }]);
    }
    const shops = /^\/parcel-shop-locations\/([A-Z]{2})$/.exec(url.pathname);
    if (shops?.[1] && method === 'GET') {
      state.lookups.push({ path: url.pathname, query: url.searchParams });
      if (state.parcelShops === 'hang') return hang();
      if (state.parcelShops === 'error') return send(500, { message: 'Internal server error' });
      return send(200, parcelShops(shops[1], url.searchParams.get('zipCode') ?? '', Number(url.searchParams.get('limit') ?? 10)));
    }
    send(404, { message: 'Not found' });
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
