import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWooCommerce, type FakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { fetchTrustingFakes } from '@verzendhuis/test-fakes/tls';
import { WooCallError, type WooConnection } from './client';
import { wooFulfil, wooPull, wooVerify } from './orders';

const deps = () => ({ fetch: fetchTrustingFakes(), signal: AbortSignal.timeout(10_000) });
const connect = (shop: FakeWooCommerce, change: Partial<WooConnection> = {}): WooConnection => ({
  url: shop.url,
  consumer_key: shop.consumerKey,
  consumer_secret: shop.consumerSecret,
  auth_in_query: false,
  ...change,
});

async function failure(promise: Promise<unknown>): Promise<WooCallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WooCallError);
  return error as WooCallError;
}

describe('WooCommerce over plain http (OAuth 1.0a)', () => {
  let shop: FakeWooCommerce;
  beforeAll(async () => {
    shop = await startFakeWooCommerce();
  });
  afterAll(() => shop.close());

  it('pulls every processing order over all pages, signed, and maps them', async () => {
    const old = new Date('2026-11-20T10:00:00Z');
    for (let i = 0; i < 230; i++) shop.addOrder({ modified: new Date(old.getTime() + i * 1000) });
    shop.addOrder({ status: 'completed', modified: old });
    shop.addOrder({ status: 'on-hold', modified: old });
    const before = shop.requests.length;

    const pulled = await wooPull(connect(shop), null, deps());

    expect(pulled.orders).toHaveLength(230);
    expect(new Set(pulled.orders.map((o) => o.externalId)).size).toBe(230);
    expect(pulled.orders[0]?.body).toMatchObject({ order_status: 'In behandeling', address_1: 'Oudegracht', housenumber: '231 bis', shop_shipping_method: 'PostNL Pakketpost' });
    expect(pulled.orders[0]?.body.order_items).toEqual([{ name: 'Mok met logo', quantity: 2, unit_price_inc_btw: 10, sku: 'MOK-01', ean_code: '8712345678906', weight: 350 }]);
    expect(pulled.state).toEqual({ modified_after: '2026-11-20T10:03:49' });
    const orderCalls = shop.requests.slice(before).filter((r) => r.url.pathname.endsWith('/orders'));
    expect(orderCalls.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(shop.requests.slice(before).every((r) => r.auth === 'oauth' && r.headers.authorization === undefined)).toBe(true);
  });

  it('then asks only for orders changed after the newest one it saw', async () => {
    const first = await wooPull(connect(shop), null, deps());
    const changed = shop.changeOrder(shop.orders[5]!.id, (o) => (o.shipping.city = 'Amersfoort'), new Date('2026-11-21T08:00:00Z'));
    const added = shop.addOrder({ modified: new Date('2026-11-21T09:00:00Z') });

    const second = await wooPull(connect(shop), first.state, deps());

    expect(second.orders.map((o) => o.externalId)).toEqual([String(changed.id), String(added.id)]);
    expect(second.orders[0]?.body.city).toBe('Amersfoort');
    expect(second.state).toEqual({ modified_after: '2026-11-21T09:00:00' });
    const last = shop.requests.filter((r) => r.url.pathname.endsWith('/orders')).at(-1);
    expect(last?.url.searchParams.get('modified_after')).toBe(first.state.modified_after);
    expect(last?.url.searchParams.get('dates_are_gmt')).toBe('true');
  });

  it('refuses wrong keys with WooCommerce’s 401 and the adapter says unauthorized', async () => {
    const error = await failure(wooVerify(connect(shop, { consumer_secret: 'cs_fout' }), deps()));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Invalid signature - provided signature does not match.' });
    const unknownKey = await failure(wooVerify(connect(shop, { consumer_key: 'ck_fout' }), deps()));
    expect(unknownKey.message).toBe('Consumer key is invalid.');
  });

  it('does not send the keys in the clear over http, even when asked for query keys', async () => {
    const before = shop.requests.length;
    await wooVerify(connect(shop, { auth_in_query: true }), deps());
    const sent = shop.requests.slice(before);
    expect(sent.map((r) => r.auth)).toEqual(['oauth']);
    expect(sent[0]?.target).not.toContain(shop.consumerSecret);
  });

  it('completes the order and adds a note with the tracking link', async () => {
    const order = shop.addOrder();
    await wooFulfil(connect(shop), { externalId: String(order.id), courierName: 'PostNL', trackingNumber: '3SABCD1234567', trackingUrl: 'https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-3511NK' }, deps());
    expect(order.status).toBe('completed');
    expect(shop.notes.get(order.id)).toEqual([
      { id: expect.any(Number), note: 'Verzonden met PostNL, track & trace 3SABCD1234567: https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-3511NK', customer_note: true },
    ]);
  });

  it('reports a shop that is down, an order it does not know and a site without WooCommerce', async () => {
    shop.fail(503);
    expect((await failure(wooPull(connect(shop), null, deps()))).kind).toBe('unavailable');
    shop.fail(null);
    expect((await failure(wooFulfil(connect(shop), { externalId: '999999', courierName: 'PostNL', trackingNumber: 'X', trackingUrl: null }, deps()))).kind).toBe('not_found');
    expect((await failure(wooVerify(connect(shop, { url: `${shop.url}/andere-site` }), deps()))).kind).toBe('not_found');
  });

  it('reports a shop that cannot be reached', async () => {
    const closed = await startFakeWooCommerce();
    await closed.close();
    expect((await failure(wooVerify(connect(closed), deps()))).kind).toBe('unavailable');
  });
});

describe('WooCommerce over https', () => {
  let shop: FakeWooCommerce;
  beforeAll(async () => {
    shop = await startFakeWooCommerce({ https: true });
    shop.addOrder();
  });
  afterAll(() => shop.close());

  it('sends the keys as HTTP Basic', async () => {
    const before = shop.requests.length;
    const pulled = await wooPull(connect(shop), null, deps());
    expect(pulled.orders).toHaveLength(1);
    expect(shop.requests.slice(before).every((r) => r.auth === 'basic' && String(r.headers.authorization).startsWith('Basic '))).toBe(true);
  });

  it('sends them as query parameters when the server drops the Authorization header', async () => {
    const before = shop.requests.length;
    await wooVerify(connect(shop, { auth_in_query: true }), deps());
    const [sent] = shop.requests.slice(before);
    expect(sent?.auth).toBe('query');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.url.searchParams.get('consumer_key')).toBe(shop.consumerKey);
  });

  it('says unauthorized once the keys are revoked', async () => {
    const keys = connect(shop);
    shop.revokeKeys();
    expect(await failure(wooVerify(keys, deps()))).toMatchObject({ kind: 'unauthorized', message: 'Consumer key is invalid.' });
  });
});
