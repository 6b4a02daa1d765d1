import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Label } from '@verzendhuis/contract/label';
import { shopifySettingsTexts, shopifyTexts } from '@verzendhuis/domain/shops-texts';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { aShopifyOrder, startFakeShopify, type FakeShopifyOrderInput } from '@verzendhuis/test-fakes/fake-shopify';
import { startFakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { labelFor, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { ordersOfShop, pullShop } from '../../test-support/shops';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { queues } from '../jobs/queue';
import { createLabelRepository } from '../labels/repository';
import { writeBackAttempts } from './write-back';

/**
 * Shopify linked through shop/create, its orders pulled through the intake, and the
 * write-back of labels to the shop (Shopify and WooCommerce), all over HTTP against the
 * fakes. The write-back's attempts follow each other at once here (retry delay 0).
 */
const shopify = startForFile(() => startFakeShopify({ accessToken: 'shpat_goed', shopName: 'Fietsenwinkel De Ketting' }));
const woo = startForFile(() => startFakeWooCommerce());
const postnl = startForFile(() => startFakePostnl({ apikey: 'pn-sleutel' }));
const { server, first, second } = testServerForFile({ config: { shopWriteBackRetryDelaySeconds: 0 } });
/** Another process on the same database: its label recovery is swept by hand in the crash test. */
const other = otherProcessForFile(server);

const fields = (over: Record<string, string> = {}) => ({ shop_domain: shopify.domain, access_token: 'shpat_goed', ...over });

async function linkShopify(org: TestOrganisation = first): Promise<string> {
  const created = await request(server, { method: 'POST', path: '/api/shop/create', token: org.token, body: { shop_class: 'shopify', fields: fields() } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}

const anOrder = aShopifyOrder;

const pull = (org: TestOrganisation, shopId: string) => pullShop(server, org, shopId);
const ordersOf = ordersOfShop;

/** A linked Shopify shop with one pulled order: our order's id and Shopify's. */
async function pulledOrder(org: TestOrganisation = first, over: Partial<FakeShopifyOrderInput> = {}): Promise<{ shopId: string; orderId: string; shopifyId: string }> {
  const shopId = await linkShopify(org);
  const placed = shopify.addOrder(anOrder(over));
  expect((await pull(org, shopId)).status).toBe(200);
  const order = (await ordersOf(org, shopId)).find((o) => o.order_number === placed.name);
  if (!order) throw new Error(`order ${placed.name} was not pulled`);
  return { shopId, orderId: order.id, shopifyId: placed.id };
}

/** The fulfilment Shopify got for its order, once the write-back has run. */
const fulfilmentOf = (shopifyId: string) => waitUntil(async () => shopify.fulfilments.find((f) => f.orderId === shopifyId), (f) => f !== undefined, { what: 'the fulfilment at Shopify' });

const warningOf = (label: Label) => label.status_info.find((i) => i.type === 'order_update_failed');

function waitForWarning(org: TestOrganisation, labelId: string) {
  return waitUntil(
    async () => (await org.api.labels.get(labelId)).data,
    (label) => warningOf(label) !== undefined,
    { what: 'the order_update_failed warning on the label' },
  );
}

describe('linking a Shopify shop (shop/create)', () => {
  it('is offered in shop/meta with the shop address and the token as a secret', async () => {
    const { body } = await request(server, { path: '/api/shop/meta', token: first.token });
    const shopifyClass = body.data.find((c: { class: string }) => c.class === 'shopify');
    expect(shopifyClass).toMatchObject({ name: 'Shopify', images: { mark: '/shops/shopify.svg' } });
    expect(shopifyClass.settings_fields.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['shop_domain', 'text'],
      ['access_token', 'secret'],
    ]);
  });

  it('checks the token with the shop and never returns it', async () => {
    const id = await linkShopify();
    const { body } = await request(server, { path: `/api/shop/${id}`, token: first.token });
    expect(body.data).toMatchObject({ id, service_class: 'shopify', is_active: true, fields: { shop_domain: shopify.domain }, needs_refresh: false });
    const list = await request(server, { path: '/api/shop/', token: first.token });
    for (const answer of [body, list.body]) expect(JSON.stringify(answer)).not.toContain('shpat_goed');
  });

  it('refuses a token Shopify refuses, on the token field in Dutch, and stores nothing', async () => {
    const org = await server.createOrganisation();
    const refused = await request(server, { method: 'POST', path: '/api/shop/create', token: org.token, body: { shop_class: 'shopify', fields: fields({ access_token: 'shpat_fout' }) } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: 'validation', message_code: 'form_invalid' });
    expect(refused.body.fields).toEqual({ 'fields.access_token': [shopifyTexts.unauthorized] });
    expect((await org.api.shops.list()).data).toEqual([]);
  });

  it('refuses a shop address that is no address before asking Shopify', async () => {
    const before = shopify.calls.length;
    const refused = await request(server, { method: 'POST', path: '/api/shop/create', token: first.token, body: { shop_class: 'shopify', fields: { shop_domain: 'mijn winkel', access_token: '' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'fields.shop_domain': [shopifySettingsTexts.shopDomainInvalid], 'fields.access_token': ['Vul Admin API-toegangstoken in.'] });
    expect(shopify.calls.length).toBe(before);
  });
});

describe('pulling a Shopify shop (update/{id})', () => {
  it('brings the open orders in once, mapped; a change at Shopify updates the unlabelled order, not the labelled (and fulfilled) one', async () => {
    const shopId = await linkShopify();
    const open = shopify.addOrder(anOrder());
    const shipped = shopify.addOrder(anOrder());
    const pulled = await pull(first, shopId);
    expect(pulled.body.data).toMatchObject({ shop_id: shopId, status: 'success', created: 2, errors: [] });
    const found = await ordersOf(first, shopId);
    expect(found.map((o) => o.order_number).sort()).toEqual([open.name, shipped.name].sort());
    const openId = found.find((o) => o.order_number === open.name)!.id;
    expect((await first.api.orders.get(openId)).data).toMatchObject({
      service_id: shopId,
      order_status: 'Betaald · Niet verzonden',
      shop_shipping_method: 'PostNL Pakketpost',
      name: 'Lotte Visser',
      address_1: 'Kerkstraat',
      housenumber: '12 A',
      city: 'Utrecht',
      status: 'ready',
    });

    const again = await pull(first, shopId);
    expect(again.body.data).toMatchObject({ status: 'success', created: 0 });
    expect(await ordersOf(first, shopId)).toHaveLength(2);

    const shippedId = found.find((o) => o.order_number === shipped.name)!.id;
    await labelFor(first, shippedId);
    // Its write-back fulfils it at Shopify, so later pulls no longer ask for it.
    await waitUntil(async () => shopify.fulfilments.some((f) => f.orderId === shipped.id), Boolean, { what: 'the labelled order fulfilled at Shopify' });
    const moved = { ...anOrder().shippingAddress, city: 'Amersfoort' };
    shopify.updateOrder(open.id, { shippingAddress: moved });
    shopify.updateOrder(shipped.id, { shippingAddress: { ...moved, city: 'Zwolle' } });
    const changed = await pull(first, shopId);
    expect(changed.body.data).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    expect((await first.api.orders.get(openId)).data.city).toBe('Amersfoort');
    expect((await first.api.orders.get(shippedId)).data.city).toBe('Utrecht');
    // The labelled order has left the order tabs; nothing new came in.
    expect((await ordersOf(first, shopId)).map((o) => o.id)).toEqual([openId]);
  });
});

describe('the write-back of a label to Shopify', () => {
  it('gives Shopify a fulfilment with the tracking number and URL of the label', async () => {
    const { orderId, shopifyId } = await pulledOrder();
    // PostNL gives a track & trace page (the Testvervoerder has none).
    const linked = await request(server, {
      method: 'POST',
      path: '/api/courier/create',
      token: first.token,
      body: { courier_class: 'postnl', fields: { api_key: 'pn-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    await first.api.orders.bulkUpdate({ order_ids: [orderId], action: 'update', values: { courier_id: linked.body.data.id, shipment_type: 'standard' } });
    const labelId = await labelFor(first, orderId);
    const fulfilment = await fulfilmentOf(shopifyId);
    const label = (await first.api.labels.get(labelId)).data;
    expect(label.shipment.tracking_url).toMatch(/^https:\/\/jouw\.postnl\.nl\//);
    expect(fulfilment?.trackingInfo).toEqual({ number: label.shipment.tracking_number, url: label.shipment.tracking_url, company: 'PostNL' });
    expect(fulfilment?.notifyCustomer).toBe(true);
    expect(warningOf(label)).toBeUndefined();
  });

  it('gives the tracking number alone where the carrier has no tracking page', async () => {
    const { orderId, shopifyId } = await pulledOrder();
    const labelId = await labelFor(first, orderId);
    const fulfilment = await fulfilmentOf(shopifyId);
    const label = (await first.api.labels.get(labelId)).data;
    expect(fulfilment?.trackingInfo).toEqual({ number: label.shipment.tracking_number, company: 'Testvervoerder' });
  });

  it('leaves order_update_failed on the label after the last failed attempt; order/retry-update tries again and clears it', async () => {
    const { shopId, orderId, shopifyId } = await pulledOrder();
    const shopName = (await first.api.shops.get(shopId)).data.label;
    shopify.fail('fulfil', writeBackAttempts);
    const labelId = await labelFor(first, orderId);
    const warned = await waitForWarning(first, labelId);
    expect(warningOf(warned)).toEqual({
      type: 'order_update_failed',
      status: 'warning',
      field: null,
      message: `De bestelling kon niet worden bijgewerkt in ${shopName}: ${shopifyTexts.fulfilmentRefused('Fulfillment order could not be fulfilled (told to fail).')}`,
    });
    expect(shopify.fulfilments.filter((f) => f.orderId === shopifyId)).toEqual([]);

    const retried = await first.api.orders.retryUpdate([labelId]);
    expect(retried).toEqual({ status: 'success', data: [{ label_id: labelId }], errors: [] });
    expect(warningOf((await first.api.labels.get(labelId)).data)).toBeUndefined();
    expect(shopify.fulfilments.filter((f) => f.orderId === shopifyId)).toHaveLength(1);
  });

  it('answers a retry that fails again with the reason and keeps the warning', async () => {
    const { orderId } = await pulledOrder();
    shopify.fail('fulfil', writeBackAttempts + 1);
    const labelId = await labelFor(first, orderId);
    await waitForWarning(first, labelId);
    const retried = await first.api.orders.retryUpdate([labelId]);
    expect(retried.status).toBe('failed');
    expect(retried.errors).toEqual([{ label_id: labelId, message: expect.stringContaining('told to fail') }]);
    expect(warningOf((await first.api.labels.get(labelId)).data)).toBeDefined();
  });

  it('marks the shop as needing a refresh when Shopify refuses the token, without retrying', async () => {
    const { shopId, orderId } = await pulledOrder();
    shopify.revokeToken();
    try {
      const labelId = await labelFor(first, orderId);
      const warned = await waitForWarning(first, labelId);
      expect(warningOf(warned)?.message).toContain(shopifyTexts.unauthorized);
      expect((await first.api.shops.get(shopId)).data.needs_refresh).toBe(true);
      const refused = shopify.calls.filter((c) => c.answer === 'unauthorized' && c.query.includes('fulfillmentOrders'));
      expect(refused).toHaveLength(1);
    } finally {
      shopify.restoreToken();
    }
  });

  it('lets a second organisation neither retry nor see the first’s labels and shops', async () => {
    const { shopId, orderId } = await pulledOrder();
    shopify.fail('fulfil', writeBackAttempts);
    const labelId = await labelFor(first, orderId);
    await waitForWarning(first, labelId);
    const fulfilmentsBefore = shopify.fulfilments.length;

    const theirs = await request(server, { method: 'POST', path: '/api/order/retry-update', token: second.token, body: { label_ids: [labelId] } });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ status: 'failed', data: [], errors: [{ label_id: labelId, message: 'Label niet gevonden.' }] });
    expect(shopify.fulfilments.length).toBe(fulfilmentsBefore);
    expect(warningOf((await first.api.labels.get(labelId)).data)).toBeDefined();

    expect((await request(server, { path: `/api/label/${labelId}`, token: second.token })).status).toBe(404);
    expect((await request(server, { path: `/api/shop/${shopId}`, token: second.token })).status).toBe(404);
    expect((await request(server, { method: 'POST', path: `/api/update/${shopId}`, token: second.token })).status).toBe(404);
    expect((await second.api.shops.list()).data).toEqual([]);
    expect(await ordersOf(second, shopId)).toEqual([]);
  });
});

/**
 * The crash between a label's finish and the queueing of its write-back. Raw SQL here only
 * for what no API shows or makes: the label's write-back state, the passing of time since
 * the finish, and pg-boss's job of the label (read, and removed as its archiving does).
 */
describe('the write-back of a label whose process died before queueing it', () => {
  const writeBackOf = async (labelId: string) =>
    (await server.database.db.execute<{ write_back: string | null }>(sql`SELECT write_back FROM labels WHERE id = ${labelId}`)).rows[0]?.write_back ?? null;
  /** Every time a write-back asked Shopify about the order (before fulfilling it). */
  const asksAbout = (shopifyId: string) => shopify.calls.filter((c) => c.answer === 'ok' && c.query.includes('fulfillmentOrders') && c.variables.id === shopifyId).length;
  const jobStateOf = async (labelId: string) =>
    (await server.database.db.execute<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE name = ${queues.shopWriteBack} AND id = ${labelId}`)).rows[0]?.state ?? null;

  /** A label finished as the label request finishes it, after which the process died: no write-back job was sent. */
  async function finishedWithoutJob(org: TestOrganisation, orderId: string): Promise<string> {
    const labels = createLabelRepository(server.database.db).for(org.organisationId);
    const claim = await labels.claim(
      { orderId, courierId: await testCourierId(org), courierClass: 'test', isReturn: false, shipmentType: 'parcel', courierFields: {}, orderSnapshot: {}, claimedBy: null, requestKey: null },
      { force: false },
    );
    if (typeof claim === 'string') throw new Error(`no claim: ${claim}`);
    expect(await labels.recordCarrierLabel(claim.id, [{ packageNumber: 1, weight: 800, trackingNumber: `3STEST${claim.id.slice(0, 8)}`, trackingUrl: null, labelFile: Buffer.from('%PDF-1.4') }])).toBe(true);
    await labels.finish({ id: claim.id, orderId });
    return claim.id;
  }

  it('is recorded as pending with the finish, queued by the recovery once it is overdue, and tells the shop exactly once', async () => {
    const { orderId, shopifyId } = await pulledOrder();
    const labelId = await finishedWithoutJob(first, orderId);
    expect(await writeBackOf(labelId)).toBe('pending');

    // Just finished: the request that finished it may still be queueing it; the recovery leaves it.
    await other.labelRecovery.sweep();
    expect(await jobStateOf(labelId)).toBeNull();
    expect(await writeBackOf(labelId)).toBe('pending');

    // A while later it is overdue: the recovery queues it, and the shop is told.
    await server.database.db.execute(sql`UPDATE labels SET write_back_at = now() - interval '10 minutes' WHERE id = ${labelId}`);
    await other.labelRecovery.sweep();
    const fulfilment = await fulfilmentOf(shopifyId);
    expect(fulfilment?.trackingInfo).toEqual({ number: `3STEST${labelId.slice(0, 8)}`, company: 'Testvervoerder' });
    await waitUntil(() => writeBackOf(labelId), (state) => state === 'done', { what: 'the write-back marked done' });
    await waitUntil(() => jobStateOf(labelId), (state) => state === 'completed', { what: 'the write-back job completed' });
    const asked = asksAbout(shopifyId);

    // Done: later sweeps queue nothing, also once pg-boss has archived the job and would take its id again.
    await server.database.db.execute(sql`UPDATE labels SET write_back_at = now() - interval '10 minutes' WHERE id = ${labelId}`);
    await server.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${queues.shopWriteBack} AND id = ${labelId}`);
    await other.labelRecovery.sweep();
    expect(await jobStateOf(labelId)).toBeNull();
    // A job of the label that comes anyway (a send after the archiving) is dropped by the worker.
    await other.queue.send(queues.shopWriteBack, { organisationId: first.organisationId, labelId }, { id: labelId });
    await waitUntil(() => jobStateOf(labelId), (state) => state === 'completed', { what: 'the late job completed' });
    expect(shopify.fulfilments.filter((f) => f.orderId === shopifyId)).toHaveLength(1);
    expect(asksAbout(shopifyId)).toBe(asked);
    expect(await writeBackOf(labelId)).toBe('done');
  });

  it('ends with the order_update_failed warning when the shop keeps failing, and is not queued again', async () => {
    const { orderId, shopifyId } = await pulledOrder();
    shopify.fail('fulfil', writeBackAttempts);
    const labelId = await finishedWithoutJob(first, orderId);
    await server.database.db.execute(sql`UPDATE labels SET write_back_at = now() - interval '10 minutes' WHERE id = ${labelId}`);
    await other.labelRecovery.sweep();
    await waitUntil(() => writeBackOf(labelId), (state) => state === 'failed', { what: 'the write-back marked failed' });
    const { rows } = await server.database.db.execute<{ status_info: { type: string }[] }>(sql`SELECT status_info FROM labels WHERE id = ${labelId}`);
    expect(rows[0]?.status_info.map((i) => i.type)).toEqual(['order_update_failed']);

    await waitUntil(() => jobStateOf(labelId), (state) => state === 'completed', { what: 'the write-back job completed' });
    const asked = asksAbout(shopifyId);
    await server.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${queues.shopWriteBack} AND id = ${labelId}`);
    await server.database.db.execute(sql`UPDATE labels SET write_back_at = now() - interval '10 minutes' WHERE id = ${labelId}`);
    await other.labelRecovery.sweep();
    expect(await jobStateOf(labelId)).toBeNull();
    expect(shopify.fulfilments.filter((f) => f.orderId === shopifyId)).toEqual([]);
    expect(asksAbout(shopifyId)).toBe(asked);
  });

  it('leaves a second organisation’s labels alone: its pending write-back goes to its own shop only', async () => {
    const { orderId, shopifyId } = await pulledOrder(second);
    const labelId = await finishedWithoutJob(second, orderId);
    await server.database.db.execute(sql`UPDATE labels SET write_back_at = now() - interval '10 minutes' WHERE id = ${labelId}`);
    await other.labelRecovery.sweep();
    await fulfilmentOf(shopifyId);
    await waitUntil(() => writeBackOf(labelId), (state) => state === 'done', { what: 'the write-back marked done' });
    expect((await request(server, { path: `/api/label/${labelId}`, token: first.token })).status).toBe(404);
    const theirs = await request(server, { method: 'POST', path: '/api/order/retry-update', token: first.token, body: { label_ids: [labelId] } });
    expect(theirs.body).toEqual({ status: 'failed', data: [], errors: [{ label_id: labelId, message: 'Label niet gevonden.' }] });
    expect(shopify.fulfilments.filter((f) => f.orderId === shopifyId)).toHaveLength(1);
  });
});

describe('the write-back of a label to WooCommerce', () => {
  it('sets the order to completed with a note carrying the tracking link', async () => {
    const created = await request(server, {
      method: 'POST',
      path: '/api/shop/create',
      token: first.token,
      body: { shop_class: 'woocommerce', fields: { url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const shopId = created.body.data.id;
    const placed = woo.addOrder({ number: 'WC-WB-1' });
    await pull(first, shopId);
    const order = (await ordersOf(first, shopId)).find((o) => o.order_number === 'WC-WB-1');
    const labelId = await labelFor(first, order!.id);
    const label = (await first.api.labels.get(labelId)).data;

    const completed = await waitUntil(
      async () => woo.orders.find((o) => o.id === placed.id),
      (o) => o?.status === 'completed',
      { what: 'the WooCommerce order completed' },
    );
    expect(completed?.status).toBe('completed');
    const notes = woo.notes.get(placed.id) ?? [];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.note).toContain(label.shipment.tracking_number);
    expect(notes[0]?.customer_note).toBe(true);
    expect(warningOf(label)).toBeUndefined();
  });
});
