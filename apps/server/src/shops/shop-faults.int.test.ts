import { afterEach, describe, expect, it } from 'vitest';
import { fakeFaults, faultByRatio, type FakeFault } from '@verzendhuis/test-fakes/fake-http-server';
import { aShopifyOrder, startFakeShopify } from '@verzendhuis/test-fakes/fake-shopify';
import { startFakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { labelFor, request, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { ordersOfShop, pullShop } from '../../test-support/shops';
import { testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { writeBackAttempts } from './write-back';

/**
 * Pulls and write-backs against shops that fault (docs/faults.md): the fakes time out,
 * answer 5xx, HTML, JSON of the wrong shape, or close the connection mid-answer, on the
 * first call of a pull. The pull either ends failed with a Dutch message and brings in
 * nothing, or (a fault the client tries again) brings the orders; either way each order is
 * there once after the next pull. A write-back that meets a fault is tried again and tells the shop once; one
 * that keeps meeting it leaves the label's warning, and order/retry-update tells the shop once.
 */
const shopify = startForFile(() => startFakeShopify({ accessToken: 'shpat_goed', shopName: 'Fietsenwinkel De Fout' }));
const woo = startForFile(() => startFakeWooCommerce());
// A shop call that hangs is given up after 1.5 s; the write-back's attempts follow each other at once.
const { server, first } = testServerForFile({ config: { carrierTimeoutMs: 1500, shopWriteBackRetryDelaySeconds: 0 }, organisations: [{}] });

afterEach(() => {
  shopify.faults = null;
  woo.faults = null;
});

/** The faults a shop can show (a label that is no PDF is a carrier's). */
const shopFaults = fakeFaults.filter((f): f is Exclude<FakeFault, 'not-pdf'> => f !== 'not-pdf');

async function link(org: TestOrganisation, body: unknown): Promise<string> {
  const created = await request(server, { method: 'POST', path: '/api/shop/create', token: org.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}

/** Dutch, and none of the fake's garbage in it. */
function expectClearMessage(message: unknown) {
  expect(typeof message).toBe('string');
  expect(message).not.toMatch(/<html|unexpected|half|Bad Gateway|Unexpected token|fetch failed|undefined/i);
  expect(message).toMatch(/niet|opnieuw|kon|onverwacht/);
}

/** A pull whose first shop call meets `fault`: failed with a clear message and no new order, or done; the orders of the shop so far. */
async function pullMeeting(fault: string, shopId: string) {
  const before = (await ordersOfShop(first, shopId)).length;
  const answer = await pullShop(server, first, shopId);
  expect(answer.status, `${fault}: ${JSON.stringify(answer.body)}`).toBe(200);
  const orders = await ordersOfShop(first, shopId);
  if (answer.body.data.status === 'failed') {
    expectClearMessage(answer.body.data.message);
    expect(orders, fault).toHaveLength(before);
  }
  return { failed: answer.body.data.status === 'failed', orders };
}

describe('pulls from a faulting shop', () => {
  it('Shopify: a pull meeting each fault ends failed with a Dutch message or brings the orders; each order arrives once', { timeout: 120_000 }, async () => {
    const shopId = await link(first, { shop_class: 'shopify', fields: { shop_domain: shopify.domain, access_token: 'shpat_goed' } });
    const failedBy: string[] = [];
    let count = 0;
    for (const fault of shopFaults) {
      shopify.addOrder(aShopifyOrder());
      count += 1;
      shopify.faults = faultByRatio({ ratio: 1, faults: [fault], attempts: 1 });
      const { failed } = await pullMeeting(fault, shopId);
      if (failed) failedBy.push(fault);
    }
    // HTML and the wrong shape are no answer to try again: those pulls failed.
    expect(failedBy).toEqual(expect.arrayContaining(['not-json', 'wrong-shape']));
    shopify.faults = null;
    await pullShop(server, first, shopId);
    const pulled = await ordersOfShop(first, shopId);
    expect(pulled).toHaveLength(count);
    expect(new Set(pulled.map((o) => o.order_number)).size).toBe(count);
  });

  it('WooCommerce: a pull meeting each fault ends failed with a Dutch message or brings the orders; each order arrives once', { timeout: 120_000 }, async () => {
    const shopId = await link(first, { shop_class: 'woocommerce', fields: { url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret } });
    const failedBy: string[] = [];
    let count = 0;
    for (const fault of shopFaults) {
      woo.addOrder();
      count += 1;
      woo.faults = (key, attempt) => (attempt === 1 && key.startsWith('GET') && key.endsWith('/orders') ? fault : null);
      const { failed } = await pullMeeting(fault, shopId);
      if (failed) failedBy.push(fault);
    }
    expect(failedBy).toEqual(expect.arrayContaining(['not-json', 'wrong-shape']));
    woo.faults = null;
    await pullShop(server, first, shopId);
    const pulled = await ordersOfShop(first, shopId);
    expect(pulled).toHaveLength(count);
    expect(new Set(pulled.map((o) => o.order_number)).size).toBe(count);
  });
});

describe('write-backs to a faulting shop', () => {
  it('Shopify: a fault on the first attempts is retried and fulfils once; faults on every attempt leave the warning, and the retry fulfils once', { timeout: 120_000 }, async () => {
    const shopId = await link(first, { shop_class: 'shopify', fields: { shop_domain: shopify.domain, access_token: 'shpat_goed' } });
    // The faults the client does not itself try again (its 5xx and timeout retries wait seconds; the pull test meets those).
    const writeFaults = ['not-json', 'wrong-shape', 'close'] as const;
    const placed = writeFaults.map(() => shopify.addOrder(aShopifyOrder()));
    const stuck = shopify.addOrder(aShopifyOrder());
    await pullShop(server, first, shopId);
    const byNumber = new Map((await ordersOfShop(first, shopId)).map((o) => [o.order_number, o.id]));

    // Each order's write-back meets its own fault on its first attempt (the fulfilment's mutation), then Shopify answers.
    for (const [i, fault] of writeFaults.entries()) {
      let faulted = false;
      shopify.faults = (key) => (key.startsWith('mutation') && !faulted ? ((faulted = true), fault) : null);
      await labelFor(first, byNumber.get(placed[i]!.name) ?? '');
      await waitUntil(async () => shopify.fulfilments.filter((f) => f.orderId === placed[i]!.id).length, (n) => n >= 1, { timeoutMs: 30_000, what: `the fulfilment after a ${fault}` });
      expect(faulted, fault).toBe(true);
    }
    // Every attempt faults: the label keeps the warning; the retry, with Shopify healthy, fulfils once.
    shopify.faults = (key) => (key.startsWith('mutation') ? 'not-json' : null);
    const labelId = await labelFor(first, byNumber.get(stuck.name) ?? '');
    const warned = await waitUntil(
      async () => (await first.api.labels.get(labelId)).data.status_info.find((i) => i.type === 'order_update_failed'),
      (w) => w !== undefined,
      { timeoutMs: 30_000, what: `the warning after ${writeBackAttempts} faulted attempts` },
    );
    expectClearMessage(warned?.message);
    shopify.faults = null;
    expect((await first.api.orders.retryUpdate([labelId])).status).toBe('success');

    for (const order of [...placed, stuck]) expect(shopify.fulfilments.filter((f) => f.orderId === order.id), order.name).toHaveLength(1);
  });
});
