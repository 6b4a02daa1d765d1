import { drawFakeLabel } from './carrier-label';
import { faultCounter, startFakeHttpServer, type FakeFaultRule } from './fake-http-server';

/** One PostNL status as the shipping status call lists it; `at` is written as PostNL does, in Dutch local time. */
export interface FakePostnlStatus {
  code: string;
  description: string;
  phase: string;
  phaseDescription: string;
  at: Date;
}

/** How the fake answers the status call of a barcode: its statuses, an error (500) or never. */
export type FakePostnlTracking = FakePostnlStatus[] | 'error' | 'hang';

export interface FakePostnl {
  url: string;
  requests: { method: string; path: string; query: string; apikey: string | undefined; body: unknown }[];
  /** Status answers by barcode; a barcode not in it answers 404 (not known to PostNL yet). */
  tracking: Map<string, FakePostnlTracking>;
  /** How the nearest-locations call answers: two PostNL points near the postcode (none for 9999ZZ), an error (500) or never. */
  locations: 'normal' | 'error' | 'hang';
  /** While set, every status call answers 429 Too Many Requests with this Retry-After (seconds; null: none). */
  trackingRateLimit: { retryAfterSeconds: number | null } | null;
  /** Label calls answered or open so far: when each arrived (ms, performance.now()) and the most open at once. */
  labelCalls: { arrivedAt: number[]; open: number; mostOpen: number };
  /**
   * Holds the label calls whose Reference contains `part` until `release`, which answers
   * them as usual (and every later one at once): a carrier call that is still open.
   */
  hold: (part: string) => FakePostnlHold;
  /** While set, faults the label calls it names (by their Reference; docs/faults.md); a faulted call makes no label. */
  labelFaults: FakeFaultRule | null;
  /** Labels made per Reference (answered with their PDF to a caller still there): the carrier's own count, to prove none is made twice. */
  made: Map<string, number>;
  close: () => Promise<void>;
}

export interface FakePostnlHold {
  /** How many label calls wait. */
  waiting: () => number;
  release: () => void;
}

const amsterdam = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "dd-MM-yyyy HH:mm:ss" in Amsterdam time, PostNL's TimeStamp. */
export function postnlTimestamp(date: Date): string {
  const p = Object.fromEntries(amsterdam.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** Two PostNL points near a postcode, in the locations/nearest shape (opening hours as PostNL writes them). */
function nearestLocations(postalCode: string) {
  if (postalCode === '9999ZZ') return { GetLocationsResult: { ResponseLocation: [] } };
  const hours = (from: string, to: string) => ({ string: [`${from}-${to}`] });
  const week = { Monday: hours('08:00', '18:00'), Tuesday: hours('08:00', '18:00'), Wednesday: hours('08:00', '18:00'), Thursday: hours('08:00', '18:00'), Friday: hours('08:00', '21:00'), Saturday: hours('09:00', '17:00') };
  return {
    GetLocationsResult: {
      ResponseLocation: [
        { LocationCode: 163043, Name: 'Primera Stationsplein', Distance: 230, Latitude: 52.0894, Longitude: 5.1102, Address: { Street: 'Stationsplein', HouseNr: 12, HouseNrExt: 'A', Zipcode: postalCode, City: 'Utrecht', Countrycode: 'NL' }, OpeningHours: week, DeliveryOptions: { string: ['PG', 'DO'] } },
        { LocationCode: 204518, Name: 'Bruna Oudegracht', Distance: 640, Latitude: 52.0921, Longitude: 5.1198, Address: { Street: 'Oudegracht', HouseNr: 141, Zipcode: postalCode, City: 'Utrecht', Countrycode: 'NL' }, OpeningHours: { ...week, Sunday: { string: '12:00-17:00' } }, DeliveryOptions: { string: ['PG'] } },
      ],
    },
  };
}

/**
 * A local PostNL in the documented shapes: barcodes, labels with confirm=true, the
 * shipping status of a barcode and the nearest pickup locations. A shipment whose
 * Reference contains "TRAAG" never gets an answer (a timeout), one with "FOUT" gets
 * PostNL's error shape, a wrong apikey a 401.
 */
export async function startFakePostnl(options: {
  apikey: string;
  /** Every label call answers after this many ms (a carrier's own time), as a real PostNL's ~300 ms. */
  labelLatencyMs?: number;
}): Promise<FakePostnl> {
  const labelCalls: FakePostnl['labelCalls'] = { arrivedAt: [], open: 0, mostOpen: 0 };
  const requests: FakePostnl['requests'] = [];
  const state = { tracking: new Map<string, FakePostnlTracking>(), locations: 'normal' as FakePostnl['locations'], trackingRateLimit: null as FakePostnl['trackingRateLimit'] };
  const holds = new Map<string, (() => void)[]>();
  const faults: { rule: FakeFaultRule | null } = { rule: null };
  let faultOf = faultCounter();
  const made = new Map<string, number>();
  let serial = 100_000_000;
  const server = await startFakeHttpServer(({ method, url, headers, body }, { send, hang, fault }) => {
    requests.push({ method, path: url.pathname, query: url.search, apikey: headers.apikey as string | undefined, body });
    if (headers.apikey !== options.apikey) return send(401, { fault: { faultstring: 'Invalid ApiKey' } });
    if (url.pathname === '/shipment/v1_1/barcode') {
      serial += 1;
      return send(200, { Barcode: `3S${url.searchParams.get('CustomerCode')}${serial}` });
    }
    if (url.pathname === '/shipment/v2_2/label' && method === 'POST') {
      type Address = { AddressType: string; Name?: string; CompanyName?: string; Street: string; HouseNr: string; Zipcode: string; City: string; Countrycode: string };
      const labelRequest = body as { Customer?: { Address?: Address }; Shipments: { Barcode: string; Reference: string; ProductCodeDelivery: string; Addresses: Address[]; Dimension: { Weight: number } }[] };
      const shipment = labelRequest.Shipments[0];
      if (!shipment) return send(400, { Errors: [{ Description: 'Geen zending' }] });
      if (shipment.Reference.includes('TRAAG')) return hang();
      if (shipment.Reference.includes('FOUT')) return send(400, { Errors: [{ Description: 'Ongeldige postcode' }] });
      const faulted = faultOf(faults.rule, shipment.Reference);
      if (faulted === 'not-pdf') return send(200, { ResponseShipments: [{ Barcode: shipment.Barcode, Labels: [{ Content: Buffer.from('<html>geen pdf</html>').toString('base64'), Labeltype: 'Label', OutputType: 'PDF' }], Warnings: [] }] });
      if (faulted) return fault(faulted);
      // A return (product 2285) goes to its return address (type 08, else the customer's address); any other to the receiver (01).
      const byType = (type: string) => shipment.Addresses.find((a) => a.AddressType === type);
      // A pickup-point parcel (3533) goes to the location (type 09), with the receiver's (01) name on it.
      if (shipment.ProductCodeDelivery === '3533' && !byType('09')) return send(400, { Errors: [{ Description: 'Afleveradres (AddressType 09) is verplicht bij productcode 3533' }] });
      const address = shipment.ProductCodeDelivery === '2285' ? (byType('08') ?? labelRequest.Customer?.Address) : shipment.ProductCodeDelivery === '3533' ? byType('09') : byType('01');
      const name = shipment.ProductCodeDelivery === '3533' ? byType('01')?.Name : undefined;
      labelCalls.arrivedAt.push(performance.now());
      labelCalls.open += 1;
      labelCalls.mostOpen = Math.max(labelCalls.mostOpen, labelCalls.open);
      const drawn = () =>
        drawFakeLabel({
          carrier: 'PostNL',
          trackingNumber: shipment.Barcode,
          reference: shipment.Reference,
          receiver: { name: name ?? address?.Name ?? address?.CompanyName ?? '', street: address?.Street ?? '', houseNumber: address?.HouseNr ?? '', zipcode: address?.Zipcode ?? '', city: address?.City ?? '', country: address?.Countrycode ?? 'NL' },
        }).then((pdf) => {
          labelCalls.open -= 1;
          // Counted when it reaches the caller: an answer to a caller that hung up or died is a label no one has.
          if (send(200, { ResponseShipments: [{ Barcode: shipment.Barcode, Labels: [{ Content: pdf.toString('base64'), Labeltype: 'Label', OutputType: 'PDF' }], Warnings: [] }] })) {
            made.set(shipment.Reference, (made.get(shipment.Reference) ?? 0) + 1);
          }
        });
      const answer = () => void (options.labelLatencyMs ? setTimeout(drawn, options.labelLatencyMs) : drawn());
      const held = [...holds.entries()].find(([part]) => shipment.Reference.includes(part));
      if (held) return void held[1].push(answer);
      return answer();
    }
    const status = /^\/shipment\/v2\/status\/barcode\/([^/]+)$/.exec(url.pathname);
    if (status?.[1] && method === 'GET') {
      const barcode = decodeURIComponent(status[1]);
      const limit = state.trackingRateLimit;
      if (limit) return send(429, { fault: { faultstring: 'Rate limit quota violation' } }, limit.retryAfterSeconds === null ? {} : { 'retry-after': String(limit.retryAfterSeconds) });
      const answer = state.tracking.get(barcode);
      if (!answer) return send(404, { Errors: [{ Description: 'Geen zending gevonden voor deze barcode' }] });
      if (answer === 'hang') return hang();
      if (answer === 'error') return send(500, { fault: { faultstring: 'Internal error' } });
      const statuses = [...answer]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map((s) => ({ TimeStamp: postnlTimestamp(s.at), StatusCode: s.code, StatusDescription: s.description, PhaseCode: s.phase, PhaseDescription: s.phaseDescription }));
      return send(200, { CompleteStatus: { Shipment: { MainBarcode: barcode, Barcode: barcode, ProductCode: '003085', Status: statuses[0], OldStatus: statuses } } });
    }
    if (url.pathname === '/shipment/v2_1/locations/nearest' && method === 'GET') {
      if (state.locations === 'hang') return hang();
      if (state.locations === 'error') return send(500, { fault: { faultstring: 'Internal error' } });
      if (!url.searchParams.get('CountryCode')) return send(400, { Errors: [{ Description: 'CountryCode is verplicht' }] });
      return send(200, nearestLocations(url.searchParams.get('PostalCode') ?? ''));
    }
    send(404, { Errors: [{ Description: 'Not found' }] });
  });
  return {
    url: server.url,
    requests,
    labelCalls,
    tracking: state.tracking,
    get locations() {
      return state.locations;
    },
    set locations(value) {
      state.locations = value;
    },
    get trackingRateLimit() {
      return state.trackingRateLimit;
    },
    set trackingRateLimit(value) {
      state.trackingRateLimit = value;
    },
    get labelFaults() {
      return faults.rule;
    },
    set labelFaults(rule) {
      faults.rule = rule;
      faultOf = faultCounter();
    },
    made,
    hold(part) {
      const waiting: (() => void)[] = [];
      holds.set(part, waiting);
      return {
        waiting: () => waiting.length,
        release: () => {
          holds.delete(part);
          for (const answer of waiting.splice(0)) answer();
        },
      };
    },
    close: server.close,
  };
}
