import { createHmac, timingSafeEqual } from 'node:crypto';
import { startFakeHttpServer, type FakeFaultRule, type FakeRequest } from './fake-http-server';
import { localhostTls } from './tls';

/** An address block of a WooCommerce order (billing has email and phone too). */
export interface WooAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email?: string;
  phone?: string;
}

export interface WooLineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  sku: string;
  /** Price of one item excluding tax (WooCommerce gives a number here). */
  price: number;
  subtotal: string;
  subtotal_tax: string;
  total: string;
  total_tax: string;
}

export interface WooOrder {
  id: number;
  number: string;
  status: string;
  currency: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  total: string;
  customer_note: string;
  billing: WooAddress;
  shipping: WooAddress;
  line_items: WooLineItem[];
  shipping_lines: { id: number; method_title: string; method_id: string; total: string }[];
}

export interface WooProduct {
  id: number;
  sku: string;
  /** In the store's weight unit, as text. */
  weight: string;
  global_unique_id: string;
}

export interface WooNote {
  id: number;
  note: string;
  customer_note: boolean;
}

export interface WooOrderInput {
  id?: number;
  number?: string;
  status?: string;
  name?: [string, string];
  company?: string;
  address_1?: string;
  address_2?: string;
  postcode?: string;
  city?: string;
  country?: string;
  email?: string;
  phone?: string;
  /** Only a billing address, as a shop without shipping addresses sends. */
  billingOnly?: boolean;
  items?: { name: string; sku?: string; quantity?: number; price?: number; product_id?: number }[];
  shippingMethod?: string;
  modified?: Date;
}

export interface FakeWooCommerce {
  /** The shop's URL, as a user enters it (https when started with `https`). */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  orders: WooOrder[];
  products: WooProduct[];
  notes: Map<number, WooNote[]>;
  /** Every request, with the auth method it used (null: none that passed). */
  requests: (FakeRequest & { auth: 'basic' | 'query' | 'oauth' | null })[];
  /** Adds an order (processing, modified now unless told) and returns it. */
  addOrder: (input?: WooOrderInput) => WooOrder;
  /** Changes an order as the shop owner would, moving its modification time on. */
  changeOrder: (id: number, change: (order: WooOrder) => void, modified?: Date) => WooOrder;
  /** New keys: the old ones stop working (401), as when a key is revoked in WordPress. */
  revokeKeys: () => void;
  /** Holds every order listing until the returned function is called (a slow shop, for a pull that overlaps another). */
  hold: () => () => void;
  /** Every later API call answers this status (503: the shop is down) until `fail(null)`. */
  fail: (status: number | null) => void;
  /**
   * While set, faults the calls it names before they are handled (docs/faults.md): keyed by
   * "METHOD /path"; a faulted call changes nothing in the shop.
   */
  faults: FakeFaultRule | null;
  close: () => Promise<void>;
}

const wcPath = '/wp-json/wc/v3';

function gmt(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** RFC 3986 percent-encoding, as PHP's rawurlencode and OAuth 1.0a use. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function authError(code: string, message: string, status = 401) {
  return { status, body: { code, message, data: { status } } };
}

/**
 * A local WooCommerce shop speaking REST API v3 (`/wp-json/wc/v3`) as documented, for
 * tests. Authentication as WooCommerce checks it (class-wc-rest-authentication.php):
 * over https HTTP Basic with the consumer key and secret or the `consumer_key`/
 * `consumer_secret` query parameters; over plain http only OAuth 1.0a one-legged
 * (HMAC-SHA1 or HMAC-SHA256, key = secret + "&", timestamp within 15 minutes, each nonce
 * once), the parameters in the query or an `Authorization: OAuth` header. A wrong
 * credential gets WooCommerce's error JSON with 401. Orders are paged with page/per_page
 * and X-WP-Total/X-WP-TotalPages, filtered by status and modified_after; PUT changes an
 * order, notes are added with POST /orders/{id}/notes. The store's weight unit is kg.
 */
export async function startFakeWooCommerce(options: { https?: boolean; port?: number } = {}): Promise<FakeWooCommerce> {
  let consumerKey = 'ck_0123456789abcdef0123456789abcdef01234567';
  let consumerSecret = 'cs_76543210fedcba9876543210fedcba9876543210';
  let failing: number | null = null;
  let held: Promise<void> | null = null;
  const isSsl = options.https === true;
  const orders: WooOrder[] = [];
  // The product of the default order line (Mok met logo, 350 g); a test adds others.
  const products: WooProduct[] = [{ id: 501, sku: 'MOK-01', weight: '0.35', global_unique_id: '8712345678906' }];
  const notes = new Map<number, WooNote[]>();
  const nonces = new Set<string>();
  const requests: FakeWooCommerce['requests'] = [];
  let nextId = 1001;
  let nextItemId = 1;
  let nextNoteId = 1;

  function checkOAuth(request: FakeRequest, params: Record<string, string>, baseUrl: string): { status: number; body: unknown } | null {
    const required = ['oauth_consumer_key', 'oauth_timestamp', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method'];
    const missing = required.filter((name) => !params[name]);
    if (missing.length > 0) return authError('woocommerce_rest_authentication_missing_parameter', `Missing OAuth parameter ${missing.join(', ')}`);
    if (params.oauth_consumer_key !== consumerKey) return authError('woocommerce_rest_authentication_error', 'Consumer key is invalid.');
    const method = params.oauth_signature_method;
    if (method !== 'HMAC-SHA1' && method !== 'HMAC-SHA256') return authError('woocommerce_rest_authentication_error', 'Invalid signature - signature method is invalid.');
    const signed = Object.entries(params)
      .filter(([name]) => name !== 'oauth_signature')
      .map(([name, value]) => [encode(name), encode(value)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const base = `${request.method.toUpperCase()}&${encode(baseUrl)}&${encode(signed)}`;
    const expected = createHmac(method === 'HMAC-SHA1' ? 'sha1' : 'sha256', `${consumerSecret}&`).update(base).digest('base64');
    const given = Buffer.from((params.oauth_signature ?? '').replace(/ /g, '+'));
    if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected))) {
      return authError('woocommerce_rest_authentication_error', 'Invalid signature - provided signature does not match.');
    }
    const timestamp = Number(params.oauth_timestamp);
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 15 * 60) return authError('woocommerce_rest_authentication_error', 'Invalid timestamp.');
    const nonceKey = `${params.oauth_nonce}|${timestamp}`;
    if (nonces.has(nonceKey)) return authError('woocommerce_rest_authentication_error', 'Invalid nonce - nonce has already been used.');
    nonces.add(nonceKey);
    return null;
  }

  /** Which credential the request carries and whether it passes: the auth method, or the error to answer. */
  function authenticate(request: FakeRequest, origin: string): { auth: 'basic' | 'query' | 'oauth' } | { error: { status: number; body: unknown } } {
    const header = String(request.headers.authorization ?? '');
    if (isSsl) {
      if (header.startsWith('Basic ')) {
        const [key, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
        if (key !== consumerKey) return { error: authError('woocommerce_rest_authentication_error', 'Consumer key is invalid.') };
        if (rest.join(':') !== consumerSecret) return { error: authError('woocommerce_rest_authentication_error', 'Consumer secret is invalid.') };
        return { auth: 'basic' };
      }
      const key = request.url.searchParams.get('consumer_key');
      if (key !== null) {
        if (key !== consumerKey) return { error: authError('woocommerce_rest_authentication_error', 'Consumer key is invalid.') };
        if (request.url.searchParams.get('consumer_secret') !== consumerSecret) return { error: authError('woocommerce_rest_authentication_error', 'Consumer secret is invalid.') };
        return { auth: 'query' };
      }
    }
    // OAuth 1.0a (WooCommerce checks it over https too when no Basic credentials came).
    const params: Record<string, string> = Object.fromEntries(request.url.searchParams.entries());
    if (header.startsWith('OAuth ')) {
      for (const part of header.slice(6).split(',')) {
        const match = /^\s*([^=]+)="([^"]*)"\s*$/.exec(part);
        if (match?.[1] && match[2] !== undefined) params[decodeURIComponent(match[1])] = decodeURIComponent(match[2]);
      }
    }
    if (!params.oauth_consumer_key && !params.oauth_signature) return { error: authError('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.') };
    const error = checkOAuth(request, params, `${origin}${request.url.pathname}`);
    return error ? { error } : { auth: 'oauth' };
  }

  function orderFrom(input: WooOrderInput): WooOrder {
    const id = input.id ?? nextId++;
    const modified = input.modified ?? new Date();
    const [first, last] = input.name ?? ['Jan', 'Jansen'];
    const address: WooAddress = {
      first_name: first,
      last_name: last,
      company: input.company ?? '',
      address_1: input.address_1 ?? 'Oudegracht 231 bis',
      address_2: input.address_2 ?? '',
      city: input.city ?? 'Utrecht',
      state: '',
      postcode: input.postcode ?? '3511 NK',
      country: input.country ?? 'NL',
    };
    const empty: WooAddress = { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '' };
    const items = (input.items ?? [{ name: 'Mok met logo', sku: 'MOK-01', quantity: 2, price: 8.26, product_id: 501 }]).map((item) => {
      const quantity = item.quantity ?? 1;
      const price = item.price ?? 10;
      const total = (price * quantity).toFixed(2);
      const tax = (price * quantity * 0.21).toFixed(2);
      return { id: nextItemId++, name: item.name, product_id: item.product_id ?? 0, variation_id: 0, quantity, sku: item.sku ?? '', price, subtotal: total, subtotal_tax: tax, total, total_tax: tax };
    });
    const total = items.reduce((sum, i) => sum + Number(i.total) + Number(i.total_tax), 0).toFixed(2);
    return {
      id,
      number: input.number ?? String(id),
      status: input.status ?? 'processing',
      currency: 'EUR',
      date_created: gmt(modified),
      date_created_gmt: gmt(modified),
      date_modified: gmt(modified),
      date_modified_gmt: gmt(modified),
      total,
      customer_note: '',
      billing: { ...address, email: input.email ?? 'jan@voorbeeld.nl', phone: input.phone ?? '0612345678' },
      shipping: input.billingOnly ? empty : { ...address, phone: '' },
      line_items: items,
      shipping_lines: [{ id: 1, method_title: input.shippingMethod ?? 'PostNL Pakketpost', method_id: 'flat_rate', total: '4.95' }],
    };
  }

  function listOrders(url: URL): { status: number; body: unknown; headers?: Record<string, string> } {
    const perPage = Number(url.searchParams.get('per_page') ?? '10');
    const page = Number(url.searchParams.get('page') ?? '1');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', data: { status: 400, params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' } } } };
    if (!Number.isInteger(page) || page < 1) return { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): page', data: { status: 400, params: { page: 'page must be greater than or equal to 1' } } } };
    const statuses = (url.searchParams.get('status') ?? 'any').split(',');
    const modifiedAfter = url.searchParams.get('modified_after');
    const gmtDates = url.searchParams.get('dates_are_gmt') === 'true';
    if (modifiedAfter !== null && Number.isNaN(Date.parse(modifiedAfter))) return { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): modified_after', data: { status: 400 } } };
    const after = modifiedAfter === null ? null : Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(modifiedAfter) || !gmtDates ? modifiedAfter : `${modifiedAfter}Z`);
    const matching = orders
      .filter((o) => statuses.includes('any') || statuses.includes(o.status))
      .filter((o) => after === null || Date.parse(`${o.date_modified_gmt}Z`) > after)
      .sort((a, b) => (url.searchParams.get('order') === 'asc' ? a.id - b.id : b.id - a.id));
    const totalPages = Math.ceil(matching.length / perPage);
    return {
      status: 200,
      body: matching.slice((page - 1) * perPage, page * perPage),
      headers: { 'X-WP-Total': String(matching.length), 'X-WP-TotalPages': String(totalPages) },
    };
  }

  const server = await startFakeHttpServer(
    (request, { send }) => {
      const origin = `${isSsl ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;
      const path = request.url.pathname;
      if (!path.startsWith(`${wcPath}/`)) {
        requests.push({ ...request, auth: null });
        return send(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
      }
      const checked = authenticate(request, origin);
      requests.push({ ...request, auth: 'auth' in checked ? checked.auth : null });
      if ('error' in checked) return send(checked.error.status, checked.error.body);
      if (failing !== null) return send(failing, { code: 'internal_server_error', message: 'Er is een kritieke fout op deze site.', data: { status: failing } });

      const route = path.slice(wcPath.length);
      if (request.method === 'GET' && route === '/orders') {
        void (held ?? Promise.resolve()).then(() => {
          const answer = listOrders(request.url);
          send(answer.status, answer.body, answer.headers);
        });
        return;
      }
      if (request.method === 'GET' && route === '/products') {
        const include = (request.url.searchParams.get('include') ?? '').split(',').filter(Boolean).map(Number);
        const found = products.filter((p) => include.length === 0 || include.includes(p.id));
        return send(200, found, { 'X-WP-Total': String(found.length), 'X-WP-TotalPages': found.length === 0 ? '0' : '1' });
      }
      if (request.method === 'GET' && route === '/settings/products/woocommerce_weight_unit') {
        return send(200, { id: 'woocommerce_weight_unit', label: 'Weight unit', type: 'select', default: 'kg', value: 'kg' });
      }
      const one = /^\/orders\/(\d+)(\/notes)?$/.exec(route);
      const order = one ? orders.find((o) => o.id === Number(one[1])) : undefined;
      if (one && !order) return send(404, { code: 'woocommerce_rest_shop_order_invalid_id', message: 'Ongeldige ID.', data: { status: 404 } });
      if (order && !one?.[2] && request.method === 'GET') return send(200, order);
      if (order && !one?.[2] && (request.method === 'PUT' || request.method === 'POST')) {
        const body = (request.body ?? {}) as { status?: unknown };
        if (body.status !== undefined) {
          const allowed = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed', 'checkout-draft'];
          if (typeof body.status !== 'string' || !allowed.includes(body.status)) return send(400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400 } });
          order.status = body.status;
        }
        const now = gmt(new Date());
        order.date_modified = now;
        order.date_modified_gmt = now;
        return send(200, order);
      }
      if (order && one?.[2] && request.method === 'POST') {
        const body = (request.body ?? {}) as { note?: unknown; customer_note?: unknown };
        if (typeof body.note !== 'string' || body.note === '') return send(400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): note', data: { status: 400, params: ['note'] } });
        const note = { id: nextNoteId++, note: body.note, customer_note: body.customer_note === true };
        notes.set(order.id, [...(notes.get(order.id) ?? []), note]);
        return send(201, note);
      }
      if (order && one?.[2] && request.method === 'GET') return send(200, notes.get(order.id) ?? []);
      return send(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
    },
    options.port ?? 0,
    isSsl ? localhostTls() : undefined,
  );

  return {
    url: server.url,
    get consumerKey() {
      return consumerKey;
    },
    get consumerSecret() {
      return consumerSecret;
    },
    orders,
    products,
    notes,
    requests,
    addOrder(input = {}) {
      const order = orderFrom(input);
      orders.push(order);
      return order;
    },
    changeOrder(id, change, modified = new Date()) {
      const order = orders.find((o) => o.id === id);
      if (!order) throw new Error(`fake WooCommerce has no order ${id}`);
      change(order);
      order.date_modified = gmt(modified);
      order.date_modified_gmt = gmt(modified);
      return order;
    },
    revokeKeys() {
      consumerKey = `${consumerKey}x`;
      consumerSecret = `${consumerSecret}x`;
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    fail(status) {
      failing = status;
    },
    get faults() {
      return server.faults;
    },
    set faults(rule) {
      server.faults = rule;
    },
    close: server.close,
  };
}
