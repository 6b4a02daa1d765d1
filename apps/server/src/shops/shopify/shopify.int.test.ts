import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aShopifyOrder, startFakeShopify, type FakeShopify } from '@verzendhuis/test-fakes/fake-shopify';
import { ShopError } from '../adapter';
import type { ShopifyClock } from './client';
import { shopifyFulfil, shopifyPull, shopifySettingsSchema, shopifyVerify, type ShopifySettings } from './operations';

/**
 * The Shopify adapter against the fake shop, which validates every query against
 * Shopify's types. Time is a clock the test owns: the adapter's waits move it (and the
 * fake's bucket refills by it), so throttling is tested without waiting.
 */
const clock = { at: 1_000_000, waits: [] as number[] };
const testClock: ShopifyClock = {
  now: () => clock.at,
  sleep: async (ms) => {
    clock.waits.push(ms);
    clock.at += ms;
  },
};
const options = { clock: testClock, timeoutMs: 5000 };

let shop: FakeShopify;
let settings: ShopifySettings;

const anOrder = aShopifyOrder;

beforeAll(async () => {
  shop = await startFakeShopify({ accessToken: 'shpat_goed', now: () => clock.at });
  settings = shopifySettingsSchema.parse({ shop_domain: shop.domain, access_token: 'shpat_goed' });
});
afterAll(async () => {
  await shop.close();
});
beforeEach(() => {
  shop.orders.splice(0);
  shop.fulfilments.splice(0);
  shop.calls.splice(0);
  shop.healthy();
  clock.waits = [];
  clock.at += 3_600_000; // a fresh, full bucket
});

describe('Shopify settings', () => {
  it('takes a myshopify domain (with or without https://) and refuses other text in Dutch', () => {
    expect(shopifySettingsSchema.parse({ shop_domain: ' https://winkel.myshopify.com/ ', access_token: 'shpat_1' }).shop_domain).toBe('https://winkel.myshopify.com');
    expect(shopifySettingsSchema.parse({ shop_domain: 'winkel.myshopify.com', access_token: 'shpat_1' }).shop_domain).toBe('winkel.myshopify.com');
    const refused = shopifySettingsSchema.safeParse({ shop_domain: 'http://winkel.myshopify.com', access_token: '' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['shop_domain', 'Vul het winkeladres in als mijnwinkel.myshopify.com.'],
      ['access_token', 'Vul het Admin API-toegangstoken van de Shopify-app in.'],
    ]);
  });
});

describe('Shopify adapter', () => {
  it('verifies the token with the shop query and sends it as X-Shopify-Access-Token', async () => {
    expect(await shopifyVerify(settings, options)).toEqual({ name: 'Fietsenwinkel De Ketting' });
    expect(shop.calls.map((c) => [c.path, c.accessToken, c.answer])).toEqual([['/admin/api/2026-10/graphql.json', 'shpat_goed', 'ok']]);
  });

  it('answers a wrong token as unauthorized, in Dutch', async () => {
    const error = await shopifyVerify({ ...settings, access_token: 'shpat_fout' }, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ kind: 'unauthorized', message: expect.stringContaining('Shopify weigert het toegangstoken') });
  });

  it('uses the configured API version', async () => {
    await shopifyVerify(settings, { ...options, apiVersion: '2026-07' });
    expect(shop.calls.at(-1)?.path).toBe('/admin/api/2026-07/graphql.json');
  });

  it('pulls every open, unfulfilled order page by page, mapped onto our order input', async () => {
    for (let i = 0; i < 45; i += 1) shop.addOrder(anOrder());
    const fulfilled = shop.addOrder(anOrder());
    fulfilled.displayFulfillmentStatus = 'FULFILLED';
    const closed = shop.addOrder(anOrder());
    closed.closed = true;
    const { orders, newest } = await shopifyPull(settings, null, options);
    expect(orders).toHaveLength(45);
    expect(new Set(orders.map((o) => o.externalId)).size).toBe(45);
    expect(shop.calls.filter((c) => c.query.includes('VerzendhuisOrders')).map((c) => c.variables.after === null)).toEqual([true, false, false]);
    expect(orders[0]?.body).toMatchObject({
      order_number: shop.orders[0]?.name,
      order_status: 'Betaald · Niet verzonden',
      name: 'Lotte Visser',
      address_1: 'Kerkstraat',
      housenumber: '12 A',
      zipcode: '3511 AB',
      country: 'NL',
      shop_shipping_method: 'PostNL Pakketpost',
      order_items: [{ name: 'Fietsbel', sku: 'BEL-1', ean_code: '8712345678906', quantity: 2, unit_price_inc_btw: 12.5, weight: 150 }],
    });
    expect(newest?.toISOString()).toBe(shop.orders[44]?.updatedAt.toISOString());
  });

  it('pulls only what changed since the last pull', async () => {
    const first = shop.addOrder(anOrder());
    shop.addOrder(anOrder());
    const { newest } = await shopifyPull(settings, null, options);
    const later = shop.addOrder(anOrder());
    shop.updateOrder(first.id, { shippingLine: 'Verzending' });
    const { orders } = await shopifyPull(settings, newest, options);
    // The order seen last is asked again (>=), so a change in the same millisecond is not missed.
    expect(orders.map((o) => o.externalId).filter((id) => id !== shop.orders[1]?.id)).toEqual([later.id, first.id]);
    expect(orders.find((o) => o.externalId === first.id)?.body.shop_shipping_method).toBe('Verzending');
  });

  it('fetches the remaining lines of an order with more lines than one page holds', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => ({ name: `Artikel ${i + 1}`, sku: `SKU-${i + 1}`, quantity: 1, price: '1.00' }));
    shop.addOrder(anOrder({ lineItems: lines }));
    const { orders } = await shopifyPull(settings, null, options);
    expect(orders[0]?.body.order_items?.map((l) => l.sku)).toEqual(lines.map((l) => l.sku));
  });

  it('waits for the cost bucket instead of being throttled', async () => {
    // A bucket that holds a little more than one orders page: the second page has to wait.
    const small = await startFakeShopify({ accessToken: 'shpat_goed', bucket: { maximumAvailable: 1000, restoreRate: 50 }, now: () => clock.at });
    try {
      for (let i = 0; i < 45; i += 1) small.addOrder(anOrder());
      const { orders } = await shopifyPull({ ...settings, shop_domain: small.domain }, null, options);
      expect(orders).toHaveLength(45);
      expect(small.calls.filter((c) => c.answer === 'throttled')).toEqual([]);
      expect(clock.waits.length).toBeGreaterThan(0);
      expect(clock.waits.every((ms) => ms > 0)).toBe(true);
    } finally {
      await small.close();
    }
  });

  it('retries THROTTLED answers with a back-off', async () => {
    shop.addOrder(anOrder());
    shop.fail('throttled', 3);
    const { orders } = await shopifyPull(settings, null, options);
    expect(orders).toHaveLength(1);
    expect(shop.calls.map((c) => c.answer)).toEqual(['throttled', 'throttled', 'throttled', 'ok']);
    expect(clock.waits).toEqual([500, 1000, 2000]);
  });

  it('gives up as unavailable when Shopify keeps throttling', async () => {
    shop.fail('throttled', 20);
    await expect(shopifyPull(settings, null, options)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('tries an outage again before it gives up', async () => {
    shop.addOrder(anOrder());
    shop.fail('unavailable', 1);
    expect((await shopifyPull(settings, null, options)).orders).toHaveLength(1);
    shop.fail('unavailable', 3);
    await expect(shopifyVerify(settings, options)).rejects.toMatchObject({ kind: 'unavailable', message: 'Shopify is nu niet bereikbaar. Het wordt later opnieuw geprobeerd.' });
  });

  it('fulfils the order’s open fulfillment orders with the tracking number, URL and company', async () => {
    const order = shop.addOrder(anOrder());
    await shopifyFulfil(settings, { externalId: order.id, trackingNumber: '3SABCD1234567', trackingUrl: 'https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-3511AB', company: 'PostNL' }, options);
    expect(shop.fulfilments).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\//),
        orderId: order.id,
        fulfillmentOrderIds: [order.fulfillmentOrders[0]?.id],
        notifyCustomer: true,
        trackingInfo: { number: '3SABCD1234567', url: 'https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-3511AB', company: 'PostNL' },
      },
    ]);
    expect(order.displayFulfillmentStatus).toBe('FULFILLED');
    // Fulfilled already (in Shopify, or by an earlier attempt): nothing more to do.
    await shopifyFulfil(settings, { externalId: order.id, trackingNumber: '3SABCD1234567', trackingUrl: null, company: 'PostNL' }, options);
    expect(shop.fulfilments).toHaveLength(1);
  });

  it('reports a refused fulfilment and an order that is gone', async () => {
    const order = shop.addOrder(anOrder());
    shop.fail('fulfil');
    await expect(shopifyFulfil(settings, { externalId: order.id, trackingNumber: 'T1', trackingUrl: null, company: 'Testvervoerder' }, options)).rejects.toMatchObject({
      kind: 'invalid_response',
      message: expect.stringContaining('Shopify weigerde de verzending'),
    });
    await expect(shopifyFulfil(settings, { externalId: 'gid://shopify/Order/1', trackingNumber: 'T1', trackingUrl: null, company: 'Testvervoerder' }, options)).rejects.toMatchObject({ kind: 'not_found' });
    expect(shop.fulfilments).toEqual([]);
  });
});
