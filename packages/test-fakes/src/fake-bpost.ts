import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { PDFDocument } from '@cantoo/pdf-lib';
import { drawFakeLabel } from './carrier-label';
import { startFakeHttpServer, type FakeReply, type FakeRequest } from './fake-http-server';

/** One scan event of an item, as the fake answers track & trace. */
export interface FakeBpostEvent {
  /** ISO time with offset. */
  timestamp: string;
  status: string;
  description: string;
  location?: string;
}

/** One box of an order the fake took, with the XML as it was parsed. */
export interface FakeBpostOrder {
  reference: string;
  /** The parsed order (namespace prefixes removed). */
  order: Record<string, unknown>;
  /** The XML as sent. */
  xml: string;
  barcodes: string[];
  /** OPEN until an orderUpdate sets CANCELLED. */
  status: 'OPEN' | 'CANCELLED';
}

export interface FakeBpost {
  /** The server's root; the adapter's base_url is `${url}/services/shm`. */
  url: string;
  /** Every call: method, path, query, the Authorization header and the content type. */
  requests: { method: string; path: string; query: URLSearchParams; authorization: string | undefined; contentType: string | undefined; accept: string | undefined }[];
  /** The orders taken, by reference. */
  orders: Map<string, FakeBpostOrder>;
  /** Tracking per barcode: events, an error (500) or never. */
  tracking: Map<string, FakeBpostEvent[] | 'error' | 'hang'>;
  /** How the pudo Locator answers. */
  pudo: 'normal' | 'error' | 'hang';
  /** The passphrase bpost takes from now on. */
  passphrase: string;
  /** Marks an item delivered, its events from `from` on. */
  deliver: (barcode: string, from: Date) => void;
  close: () => Promise<void>;
}

const mediaTypes = {
  order: 'application/vnd.bpost.shm-order-v5+xml',
  labelPdf: 'application/vnd.bpost.shm-label-pdf-v3.4+xml',
  orderUpdate: 'application/vnd.bpost.shm-orderupdate-v5+xml',
};
const nationalProducts = ['bpack 24h Pro', 'bpack 24h business', 'bpack@bpost', 'bpack Easy Retour'];
const internationalProducts = ['bpack Europe Business', 'bpack World Business', 'bpack World Express Pro', 'bpack World Easy Return'];
/** bpack 24h Pro's heaviest parcel (30 kg). */
const maxWeightGrams = 30_000;

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, isArray: (name) => name === 'box' });
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@' });
const xml = (document: Record<string, unknown>) => `<?xml version="1.0" encoding="UTF-8"?>${builder.build(document) as string}`;
const sendXml = (reply: FakeReply, status: number, document: Record<string, unknown>) => reply.sendRaw(status, 'application/xml', xml(document));

/** A schema validator's words for an element that misses a required child, as bpost answers them (XSD validation). */
const incomplete = (element: string, child: string) => `cvc-complex-type.2.4.b: The content of element '${element}' is not complete. One of '{"http://schema.post.be/shm/deepintegration/v5/":${child}}' is expected.`;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The first required part missing from a party (sender or receiver) inside `parent`; null when complete. */
function missingInParty(party: unknown, name: string, parent: string): string | null {
  const p = (party ?? null) as Record<string, unknown> | null;
  if (!p) return incomplete(parent, name);
  if (!text(p.name)) return incomplete(name, 'name');
  const address = p.address as Record<string, unknown> | undefined;
  if (!address) return incomplete(name, 'address');
  for (const field of ['streetName', 'postalCode', 'locality', 'countryCode']) if (!text(address[field])) return incomplete(`${name}.address`, field);
  return null;
}

/** What is wrong with one box, in bpost's words; null when it is complete. */
function boxFault(box: Record<string, unknown>): string | null {
  const sender = missingInParty(box.sender, 'sender', 'box');
  if (sender) return sender;
  const national = box.nationalBox as Record<string, Record<string, unknown>> | undefined;
  const international = (box.internationalBox as Record<string, Record<string, unknown>> | undefined)?.international;
  if (national) {
    const [kind, content] = Object.entries(national)[0] ?? [];
    if (!content || (kind !== 'atHome' && kind !== 'atBpost')) return incomplete('nationalBox', 'atHome');
    if (!nationalProducts.includes(String(content.product))) return `Invalid product '${String(content.product)}' for a national box`;
    if (!/^\d+$/.test(String(content.weight ?? ''))) return incomplete(kind, 'weight');
    if (kind === 'atHome') return missingInParty(content.receiver, 'receiver', 'atHome');
    for (const field of ['pugoId', 'pugoName', 'receiverName']) if (!text(content[field])) return incomplete('atBpost', field);
    return (content.pugoAddress as Record<string, unknown> | undefined)?.postalCode ? null : incomplete('atBpost', 'pugoAddress');
  }
  if (international) {
    if (!internationalProducts.includes(String(international.product))) return `Invalid product '${String(international.product)}' for an international box`;
    if (!/^\d+$/.test(String(international.parcelWeight ?? ''))) return incomplete('international', 'parcelWeight');
    return missingInParty(international.receiver, 'receiver', 'international');
  }
  return incomplete('box', 'nationalBox');
}

/**
 * A local bpost (domain notes): the Shipping Manager at /services/shm/{accountId} with HTTP
 * Basic accountId:passphrase — POST /orders (XML, shm-order-v5, required parts checked as
 * the schema does, refusals in bpost's XML error bodies), GET /orders/{reference}/labels/A6
 * (one 10 x 15 cm PDF per box, base64 in XML), GET /productconfig — and, at the same origin,
 * the pudo Locator (GET /Locator) and track & trace (GET /track/items). A reference with
 * "TRAAG" never gets an answer; with "POSTCODE" the postcode is unknown; with "ZWAAR" or a
 * box over 30 kg the weight is refused; with "FOUT" bpost refuses in words a user cannot act on.
 */
export async function startFakeBpost(options: { accountId: string; passphrase: string }): Promise<FakeBpost> {
  let serial = 100_000_000;
  const state: FakeBpost = {
    url: '',
    requests: [],
    orders: new Map(),
    tracking: new Map(),
    pudo: 'normal',
    passphrase: options.passphrase,
    deliver: (barcode, from) => {
      const at = (hours: number) => new Date(from.getTime() + hours * 3600_000).toISOString();
      state.tracking.set(barcode, [
        { timestamp: at(0), status: 'ANNOUNCED', description: 'Zending aangekondigd' },
        { timestamp: at(6), status: 'IN_TRANSIT', description: 'Zending in sorteercentrum', location: 'Brussel X' },
        { timestamp: at(18), status: 'OUT_FOR_DELIVERY', description: 'Zending bij de postbode', location: 'Antwerpen' },
        { timestamp: at(22), status: 'DELIVERED', description: 'Zending afgeleverd', location: 'Antwerpen' },
      ]);
    },
    close: async () => undefined,
  };
  const shmRoot = `/services/shm/${options.accountId}`;
  const businessException = (reply: FakeReply, status: number, code: string, message: string) => sendXml(reply, status, { businessException: { code, message } });

  const server = await startFakeHttpServer((request: FakeRequest, reply: FakeReply) => {
    const { url, method, headers } = request;
    const authorization = typeof headers.authorization === 'string' ? headers.authorization : undefined;
    const contentType = typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined;
    const accept = typeof headers.accept === 'string' ? headers.accept : undefined;
    state.requests.push({ method, path: url.pathname, query: url.searchParams, authorization, contentType, accept });

    if (url.pathname === '/Locator') {
      const zone = url.searchParams.get('Zone');
      if (url.searchParams.get('Function') !== 'search' || !url.searchParams.get('Partner') || !zone || !url.searchParams.get('Type')) {
        return sendXml(reply, 200, { Result: { Error: { '@Code': '3', Message: 'Missing parameter' } } });
      }
      if (state.pudo === 'hang') return reply.hang();
      if (state.pudo === 'error') return reply.sendRaw(500, 'text/html', '<html>Internal error</html>');
      const records = [
        { Id: '100120', Type: '1', Name: 'Postkantoor Antwerpen Centrum', Street: 'Groenplaats', Number: '43', Zip: zone, City: 'Antwerpen', Latitude: '51.2194', Longitude: '4.4009', Distance: '350' },
        { Id: '240318', Type: '2', Name: 'bpost-punt Standaard Boekhandel', Street: 'Meir', Number: '12', Zip: zone, City: 'Antwerpen', Latitude: '51.2177', Longitude: '4.4083', Distance: '780' },
      ];
      const limit = Number(url.searchParams.get('Limit') ?? 10);
      return sendXml(reply, 200, { Result: { PoiList: { Poi: records.slice(0, limit).map((record) => ({ Record: record })) } } });
    }

    const expected = `Basic ${Buffer.from(`${options.accountId}:${state.passphrase}`).toString('base64')}`;
    if (authorization !== expected || !url.pathname.startsWith(`${shmRoot}/`) && url.pathname !== '/track/items') return reply.sendRaw(401, 'text/plain', 'Unauthorized');

    if (url.pathname === '/track/items' && method === 'GET') {
      const barcode = url.searchParams.get('itemIdentifier');
      if (!barcode) return sendXml(reply, 400, { invalidSelection: { error: ['itemIdentifier is required'] } });
      const answer = state.tracking.get(barcode);
      if (answer === 'hang') return reply.hang();
      if (answer === 'error') return reply.sendRaw(500, 'text/html', '<html>Internal error</html>');
      if (!answer && ![...state.orders.values()].some((o) => o.barcodes.includes(barcode))) return sendXml(reply, 404, { businessException: { code: 'ITEM_NOT_FOUND', message: 'Item not found' } });
      return sendXml(reply, 200, { items: { item: { barcode, events: { event: answer ?? [] } } } });
    }

    const path = url.pathname.slice(shmRoot.length);
    if (path === '/productconfig' && method === 'GET') return sendXml(reply, 200, { productConfiguration: { deliveryMethod: { '@name': 'home or office', product: [{ '@name': 'bpack 24h Pro' }] } } });

    if (path === '/orders' && method === 'POST') {
      if (contentType?.toLowerCase() !== mediaTypes.order) return reply.sendRaw(415, 'text/plain', 'Unsupported Media Type');
      let order: Record<string, unknown>;
      try {
        order = (parser.parse(request.raw, true) as { order?: Record<string, unknown> }).order ?? {};
      } catch (error) {
        return sendXml(reply, 400, { invalidSelection: { error: [`cvc: the order is no valid XML: ${String(error)}`] } });
      }
      if (text(order.accountId) !== options.accountId) return sendXml(reply, 400, { invalidSelection: { error: [incomplete('order', 'accountId')] } });
      const reference = text(order.reference);
      if (!reference) return sendXml(reply, 400, { invalidSelection: { error: [incomplete('order', 'reference')] } });
      const boxes = (order.box ?? []) as Record<string, unknown>[];
      if (boxes.length === 0) return sendXml(reply, 400, { invalidSelection: { error: [incomplete('order', 'box')] } });
      const fault = boxes.map(boxFault).find(Boolean);
      if (fault) return sendXml(reply, 400, { invalidSelection: { error: [fault] } });
      if (state.orders.has(reference)) return businessException(reply, 400, 'DUPLICATE_REFERENCE', `An order with reference ${reference} exists already`);
      if (reference.includes('TRAAG')) return reply.hang();
      if (reference.includes('POSTCODE')) return businessException(reply, 400, 'INVALID_POSTAL_CODE', 'The postal code of the receiver is not valid for its country');
      if (reference.includes('FOUT')) return businessException(reply, 400, 'E_SHM_0x7f', '<fault>routing engine 17</fault>');
      const weights = boxes.map((b) => Number((Object.values((b.nationalBox ?? {}) as Record<string, Record<string, unknown>>)[0]?.weight) || (b.internationalBox as Record<string, Record<string, unknown>> | undefined)?.international?.parcelWeight));
      if (reference.includes('ZWAAR') || weights.some((w) => w > maxWeightGrams)) return businessException(reply, 400, 'INVALID_WEIGHT', `The weight of a box exceeds the maximum of ${maxWeightGrams} g for this product`);
      const barcodes = boxes.map(() => `3232${options.accountId.padStart(6, '0').slice(-6)}${String((serial += 1)).padStart(14, '0')}`);
      state.orders.set(reference, { reference, order, xml: request.raw, barcodes, status: 'OPEN' });
      return reply.sendRaw(201, 'text/plain', '');
    }

    // An order's status change (orderUpdate, UNVERIFIED): CANCELLED only while no box is handed over (has scan events).
    const update = path.match(/^\/orders\/([^/]+)$/);
    if (update && method === 'POST') {
      if (contentType?.toLowerCase() !== mediaTypes.orderUpdate) return reply.sendRaw(415, 'text/plain', 'Unsupported Media Type');
      const status = text((parser.parse(request.raw) as { orderUpdate?: { status?: unknown } }).orderUpdate?.status);
      if (status !== 'CANCELLED') return sendXml(reply, 400, { invalidSelection: { error: [incomplete('orderUpdate', 'status')] } });
      const taken = state.orders.get(decodeURIComponent(update[1]!));
      if (!taken) return businessException(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
      if (taken.barcodes.some((b) => Array.isArray(state.tracking.get(b)))) return businessException(reply, 400, 'INVALID_ORDER_STATUS', 'The order can no longer be cancelled');
      taken.status = 'CANCELLED';
      return reply.sendRaw(200, 'text/plain', '');
    }

    const labels = path.match(/^\/orders\/([^/]+)\/labels\/(A6|A4)$/);
    if (labels && method === 'GET') {
      if (accept?.toLowerCase() !== mediaTypes.labelPdf) return reply.sendRaw(406, 'text/plain', 'Not Acceptable');
      const taken = state.orders.get(decodeURIComponent(labels[1]!));
      if (!taken) return businessException(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
      void (async () => {
        const drawn = [];
        for (const [i, box] of ((taken.order.box ?? []) as Record<string, Record<string, Record<string, unknown>>>[]).entries()) {
          const national = box.nationalBox;
          const content = national ? Object.values(national)[0]! : (box.internationalBox?.international as Record<string, unknown>);
          const receiver = (content.receiver ?? { name: content.receiverName, address: content.pugoAddress }) as { name?: string; address?: Record<string, string> };
          const address = receiver.address ?? {};
          const page = await drawFakeLabel({
            carrier: `BPOST ${String(content.product).toUpperCase()}`,
            trackingNumber: taken.barcodes[i]!,
            reference: taken.reference,
            receiver: { name: receiver.name ?? '', street: address.streetName ?? '', houseNumber: [address.number, address.box].filter(Boolean).join(' '), zipcode: address.postalCode ?? '', city: address.locality ?? '', country: address.countryCode ?? '' },
            pageMm: { width: 100, height: 150 },
          });
          drawn.push({ barcode: taken.barcodes[i], mimeType: 'application/pdf', bytes: Buffer.from(await (await PDFDocument.load(page)).save()).toString('base64') });
        }
        sendXml(reply, 200, { labels: { label: drawn } });
      })();
      return;
    }
    return reply.sendRaw(404, 'text/plain', 'Not Found');
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
