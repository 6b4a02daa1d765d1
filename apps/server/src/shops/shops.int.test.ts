import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { labelFor, request, type TestOrganisation } from '../../test-support/factories';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { ordersOfShop, pullShop } from '../../test-support/shops';
import { startForFile } from '../../test-support/for-file';
import { waitUntil } from '../../test-support/wait';
import { shops } from '../db/schema';
import { shopSyncQueue } from './jobs';

const woo = startForFile(() => startFakeWooCommerce());
const { server, first, second } = testServerForFile();
const other = otherProcessForFile(server);

const fields = () => ({ url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret });

async function link(org: TestOrganisation = first, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await request(server, { method: 'POST', path: '/api/shop/create', token: org.token, body: { shop_class: 'woocommerce', fields: { ...fields(), ...extra } } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}

const pull = (org: TestOrganisation, shopId: string) => pullShop(server, org, shopId);
const ordersOf = ordersOfShop;

describe('shop/meta', () => {
  it('gives WooCommerce with the fields of its link; the secret is marked', async () => {
    const { status, body } = await request(server, { path: '/api/shop/meta', token: first.token });
    expect(status).toBe(200);
    const wooClass = body.data.find((c: { class: string }) => c.class === 'woocommerce');
    expect(wooClass).toMatchObject({ name: 'WooCommerce', is_internal: false, order_fields: [], images: { mark: '/shops/woocommerce.svg' } });
    expect(wooClass.settings_fields.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['url', 'url'],
      ['consumer_key', 'text'],
      ['consumer_secret', 'secret'],
      ['auth', 'select'],
    ]);
  });
});

describe('shop/create', () => {
  it('checks the keys with the shop (signed over http), stores them sealed and never returns the secret', async () => {
    const before = woo.requests.length;
    const id = await link();
    expect(woo.requests.slice(before).map((r) => r.auth)).toEqual(['oauth']);

    const { body } = await request(server, { path: `/api/shop/${id}`, token: first.token });
    expect(body.data).toMatchObject({
      id,
      service_class: 'woocommerce',
      is_active: true,
      label: 'WooCommerce localhost',
      fields: { url: woo.url, consumer_key: woo.consumerKey },
      last_sync_at: null,
      last_sync_count: null,
      last_sync_error: null,
      needs_refresh: false,
    });
    const list = await request(server, { path: '/api/shop/', token: first.token });
    for (const answer of [body, list.body]) expect(JSON.stringify(answer)).not.toContain(woo.consumerSecret);
    // Reading the stored row (not reachable over the API) to see the sealing.
    const [row] = await server.database.db.select().from(shops).where(eq(shops.id, id));
    expect(JSON.stringify(row?.settings)).not.toContain(woo.consumerSecret);
    expect(JSON.stringify(row?.settings)).not.toContain(woo.consumerKey);
  });

  it('refuses keys the shop refuses, on the key field in Dutch, and stores nothing', async () => {
    const org = await server.createOrganisation();
    const refused = await request(server, { method: 'POST', path: '/api/shop/create', token: org.token, body: { shop_class: 'woocommerce', fields: { ...fields(), consumer_secret: 'cs_fout' } } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: 'validation', message_code: 'form_invalid' });
    expect(refused.body.fields).toEqual({ 'fields.consumer_key': ['WooCommerce weigert de sleutels. Controleer ze of maak nieuwe sleutels aan in je webwinkel.'] });
    expect((await org.api.shops.list()).data).toEqual([]);
  });

  it('checks the fields before asking the shop', async () => {
    const before = woo.requests.length;
    const refused = await request(server, {
      method: 'POST',
      path: '/api/shop/create',
      token: first.token,
      body: { shop_class: 'woocommerce', fields: { url: 'ftp://winkel', consumer_key: 'sleutel', consumer_secret: '', auth: 'query' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'fields.url': ['Vul een geldig adres in dat begint met https:// of http://.'],
      'fields.consumer_key': ['Een consumer key begint met ck_.'],
      'fields.consumer_secret': ['Vul Consumer secret in.'],
      'fields.auth': ['Sleutels als URL-parameters kan alleen via https.'],
    });
    expect(woo.requests.length).toBe(before);
  });

  it('says where a shop is not reachable or has no WooCommerce', async () => {
    const closed = await request(server, { method: 'POST', path: '/api/shop/create', token: first.token, body: { shop_class: 'woocommerce', fields: { ...fields(), url: 'http://localhost:9' } } });
    expect(closed.body.fields).toEqual({ 'fields.url': ['WooCommerce is niet bereikbaar op dit adres. Controleer het adres of probeer het later opnieuw.'] });
    const noApi = await request(server, { method: 'POST', path: '/api/shop/create', token: first.token, body: { shop_class: 'woocommerce', fields: { ...fields(), url: `${woo.url}/blog` } } });
    expect(noApi.body.fields).toEqual({ 'fields.url': ['Op dit adres vonden we geen WooCommerce-API. Controleer het adres van je webwinkel.'] });
  });

  it('does not know an unknown platform', async () => {
    const unknown = await request(server, { method: 'POST', path: '/api/shop/create', token: first.token, body: { shop_class: 'magento', fields: {} } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message_code: 'shop_class_not_found', message: 'Dit webwinkelplatform bestaat niet.' });
  });
});

describe('pulling orders (update/{id})', () => {
  it('brings the processing orders in once, mapped, with the shop; a second pull makes no duplicates', async () => {
    const id = await link();
    woo.products.push({ id: 777, sku: 'TAS-1', weight: '1.2', global_unique_id: '8712345000017' });
    const a = woo.addOrder({ number: 'WC-1', items: [{ name: 'Tas', sku: 'TAS-1', product_id: 777, quantity: 1, price: 20 }], shippingMethod: 'PostNL Pakketpost' });
    const b = woo.addOrder({ number: 'WC-2', address_1: 'Kerkstraat 12-A', postcode: '1017 GB', city: 'Amsterdam', billingOnly: true });
    woo.addOrder({ number: 'WC-3', status: 'completed' });

    const pulled = await pull(first, id);
    expect(pulled.status).toBe(200);
    expect(pulled.body.data).toMatchObject({ shop_id: id, status: 'success', created: 2, updated: 0, skipped: 0, errors: [], message: null });

    const found = await ordersOf(first, id);
    expect(found.map((o) => o.order_number).sort()).toEqual(['WC-1', 'WC-2']);
    const orderA = (await first.api.orders.get(found.find((o) => o.order_number === 'WC-1')!.id)).data;
    expect(orderA).toMatchObject({
      service_id: id,
      order_status: 'In behandeling',
      shop_shipping_method: 'PostNL Pakketpost',
      name: 'Jan Jansen',
      address_1: 'Oudegracht',
      housenumber: '231 bis',
      zipcode: '3511 NK',
      status: 'ready',
    });
    expect(orderA.order_items).toMatchObject([{ name: 'Tas', sku: 'TAS-1', ean_code: '8712345000017', weight: 1200, quantity: 1, unit_price_inc_btw: 24.2 }]);
    const orderB = found.find((o) => o.order_number === 'WC-2');
    expect(orderB).toMatchObject({ address_1: 'Kerkstraat', housenumber: '12 A', city: 'Amsterdam' });

    const shop = (await first.api.shops.get(id)).data;
    expect(shop).toMatchObject({ last_sync_count: 2, last_sync_error: null });
    expect(shop.last_sync_at).not.toBeNull();

    const again = await pull(first, id);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0 });
    expect(await ordersOf(first, id)).toHaveLength(2);

    // A full read (what a reset does) finds both again and updates them in place.
    await request(server, { method: 'POST', path: `/api/shop/${id}/reset`, token: first.token });
    const full = await pull(first, id);
    expect(full.body.data).toMatchObject({ created: 0, updated: 2 });
    expect((await ordersOf(first, id)).map((o) => o.order_number).sort()).toEqual([a.number, b.number]);
  });

  it('updates an order changed in the shop while it has no label, and leaves a labelled one alone', async () => {
    const id = await link();
    const open = woo.addOrder({ number: 'WC-10' });
    const shipped = woo.addOrder({ number: 'WC-11' });
    await pull(first, id);
    const [openOrder, shippedOrder] = ['WC-10', 'WC-11'];
    const found = await ordersOf(first, id);
    const shippedId = found.find((o) => o.order_number === shippedOrder)!.id;
    await labelFor(first, shippedId);

    const later = new Date(Date.now() + 60_000);
    woo.changeOrder(open.id, (o) => (o.shipping.city = 'Amersfoort'), later);
    woo.changeOrder(shipped.id, (o) => (o.shipping.city = 'Zwolle'), later);
    const changed = await pull(first, id);
    expect(changed.body.data).toMatchObject({ created: 0, updated: 1, skipped: 1 });

    const after = await ordersOf(first, id);
    expect(after.find((o) => o.order_number === openOrder)?.city).toBe('Amersfoort');
    expect((await first.api.orders.get(shippedId)).data.city).toBe('Utrecht');
  });

  it('after a reset reads every open order again, still without duplicates', async () => {
    const id = await link();
    woo.addOrder({ number: 'WC-20' });
    await pull(first, id);
    const count = (await ordersOf(first, id)).length;
    const before = woo.requests.length;
    const reset = await request(server, { method: 'POST', path: `/api/shop/${id}/reset`, token: first.token });
    expect(reset.status).toBe(200);
    await pull(first, id);
    const listing = woo.requests.slice(before).find((r) => r.url.pathname.endsWith('/orders'));
    expect(listing?.url.searchParams.get('modified_after')).toBeNull();
    expect(await ordersOf(first, id)).toHaveLength(count);
  });

  it('runs one pull per shop at a time', async () => {
    const id = await link();
    const release = woo.hold();
    const before = woo.requests.length;
    const slow = pull(first, id);
    await waitUntil(
      async () => woo.requests.slice(before).some((r) => r.url.pathname.endsWith('/orders')),
      Boolean,
    );
    const second = await pull(first, id);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message_code: 'shop_sync_running', message: 'Deze webwinkel wordt al bijgewerkt. Probeer het zo opnieuw.' });
    release();
    expect((await slow).status).toBe(200);
    expect((await pull(first, id)).status).toBe(200);
  });

  it('marks a shop whose keys stopped working, and new keys clear it', async () => {
    const shop = await startFakeWooCommerce();
    try {
      const created = await request(server, { method: 'POST', path: '/api/shop/create', token: first.token, body: { shop_class: 'woocommerce', fields: { url: shop.url, consumer_key: shop.consumerKey, consumer_secret: shop.consumerSecret } } });
      const id = created.body.data.id;
      shop.revokeKeys();
      const failed = await pull(first, id);
      expect(failed.body.data).toMatchObject({ status: 'failed', message: 'WooCommerce weigert de sleutels. Controleer ze of maak nieuwe sleutels aan in je webwinkel.' });
      expect((await first.api.shops.get(id)).data).toMatchObject({ needs_refresh: true, last_sync_count: null, last_sync_error: 'WooCommerce weigert de sleutels. Controleer ze of maak nieuwe sleutels aan in je webwinkel.' });

      const restoreRefused = await request(server, { method: 'POST', path: '/api/onboard/restore', token: first.token, body: { service: 'woocommerce', service_type: 'shop', id } });
      expect(restoreRefused.status).toBe(400);

      const patched = await request(server, { method: 'PATCH', path: `/api/shop/${id}`, token: first.token, body: { fields: { consumer_key: shop.consumerKey, consumer_secret: shop.consumerSecret } } });
      expect(patched.status).toBe(200);
      expect(patched.body.data.needs_refresh).toBe(false);
      expect((await pull(first, id)).body.data.status).toBe('success');
    } finally {
      await shop.close();
    }
  });

  it('reports a shop that is down without losing what it knew', async () => {
    const id = await link();
    await pull(first, id);
    woo.fail(503);
    try {
      const failed = await pull(first, id);
      expect(failed.body.data).toMatchObject({ status: 'failed', message: 'WooCommerce is niet bereikbaar op dit adres. Controleer het adres of probeer het later opnieuw.' });
      expect((await first.api.shops.get(id)).data.needs_refresh).toBe(false);
    } finally {
      woo.fail(null);
    }
  });

  it('does not pull an inactive shop', async () => {
    const id = await link();
    await request(server, { method: 'PATCH', path: `/api/shop/${id}`, token: first.token, body: { is_active: false } });
    const refused = await pull(first, id);
    expect(refused.status).toBe(400);
    expect(refused.body.message_code).toBe('shop_not_active');
  });
});

describe('update (all shops) and the schedule', () => {
  it('pulls every active shop of the organisation', async () => {
    const org = await server.createOrganisation();
    const a = await link(org);
    const b = await link(org);
    await request(server, { method: 'PATCH', path: `/api/shop/${b}`, token: org.token, body: { is_active: false } });
    const all = await request(server, { method: 'POST', path: '/api/update', token: org.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { shop_id: string; status: string }) => [r.shop_id, r.status])).toEqual([[a, 'success']]);
  });

  it('the scheduled job pulls shops that are due', async () => {
    const org = await server.createOrganisation();
    const id = await link(org);
    woo.addOrder({ number: 'WC-SCHEDULE' });
    await other.queue.send(shopSyncQueue, {});
    const shop = await waitUntil(
      async () => (await org.api.shops.get(id)).data,
      (s) => s.last_sync_at !== null,
      { what: 'the scheduled pull' },
    );
    expect(shop.last_sync_error).toBeNull();
    expect((await ordersOf(org, id)).map((o) => o.order_number)).toContain('WC-SCHEDULE');
  });
});

describe('PATCH shop/{id}', () => {
  it('renames and checks new keys with the shop; a refused key changes nothing', async () => {
    const id = await link();
    const renamed = await request(server, { method: 'PATCH', path: `/api/shop/${id}`, token: first.token, body: { label: '  Mijn winkel ' } });
    expect(renamed.body.data.label).toBe('Mijn winkel');
    const refused = await request(server, { method: 'PATCH', path: `/api/shop/${id}`, token: first.token, body: { fields: { consumer_secret: 'cs_fout' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['fields.consumer_key']).toHaveLength(1);
    expect((await pull(first, id)).body.data.status).toBe('success');
    const empty = await request(server, { method: 'PATCH', path: `/api/shop/${id}`, token: first.token, body: { label: ' ' } });
    expect(empty.body.fields).toEqual({ label: ['Vul een naam in.'] });
  });
});

describe('onboard/restore', () => {
  it('reactivates a shop link whose keys still work', async () => {
    const org = await server.createOrganisation();
    const id = await link(org);
    await request(server, { method: 'PATCH', path: `/api/shop/${id}`, token: org.token, body: { is_active: false } });
    const restored = await request(server, { method: 'POST', path: '/api/onboard/restore', token: org.token, body: { service: 'woocommerce', service_type: 'shop' } });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ status: 'success', data: { id, label: 'WooCommerce localhost' } });
    expect((await org.api.shops.get(id)).data.is_active).toBe(true);
  });

  it('finds no link to restore where the organisation has none', async () => {
    const org = await server.createOrganisation();
    const none = await request(server, { method: 'POST', path: '/api/onboard/restore', token: org.token, body: { service: 'woocommerce', service_type: 'shop' } });
    expect(none.status).toBe(404);
    expect(none.body.message_code).toBe('shop_not_found');
  });
});

describe('a second organisation', () => {
  it('sees nothing of the first’s shops and changes nothing of them', async () => {
    const id = await link();
    await pull(first, id);
    const theirs = { token: second.token };
    expect((await request(server, { path: `/api/shop/${id}`, ...theirs })).status).toBe(404);
    expect((await request(server, { method: 'PATCH', path: `/api/shop/${id}`, ...theirs, body: { label: 'Van mij', is_active: false } })).status).toBe(404);
    expect((await request(server, { method: 'POST', path: `/api/shop/${id}/reset`, ...theirs })).status).toBe(404);
    expect((await request(server, { method: 'POST', path: `/api/update/${id}`, ...theirs })).status).toBe(404);
    const restore = await request(server, { method: 'POST', path: '/api/onboard/restore', ...theirs, body: { service: 'woocommerce', service_type: 'shop', id } });
    expect(restore.status).toBe(404);
    const all = await request(server, { method: 'POST', path: '/api/update', ...theirs });
    expect(all.body.data).toEqual([]);
    expect((await second.api.shops.list()).data).toEqual([]);
    expect(await ordersOf(second, id)).toEqual([]);

    const mine = (await first.api.shops.get(id)).data;
    expect(mine).toMatchObject({ label: 'WooCommerce localhost', is_active: true });
  });
});
