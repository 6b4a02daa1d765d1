import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import { scanErrorMessages } from '@verzendhuis/domain/scan-texts';
import { orderInput, request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { orders, shops } from '../db/schema';

const { server, first, second } = testServerForFile();

/** A linked shop of the first organisation, as a shop pull leaves it (no real platform needed for a lookup). */
async function firstShopId(): Promise<string> {
  const [shop] = await server.database.db.insert(shops).values({ organisationId: first.organisationId, serviceClass: 'woocommerce', label: 'Testwinkel' }).returning({ id: shops.id });
  return shop!.id;
}

const lines = [{ name: 'Theepot', quantity: 2, unit_price_inc_btw: 19.99, sku: 'TP-1', ean_code: '8712345678906' }];

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('GET order/lookup', () => {
  it('finds the order by its number in any case, with its lines', async () => {
    const { data: created } = await first.api.orders.create(orderInput({ order_number: 'SCAN-1001', order_items: lines }));
    const { data } = await first.api.orders.lookup('  scan-1001 ');
    expect(data.id).toBe(created.id);
    expect(data.order_items[0]).toMatchObject({ name: 'Theepot', quantity: 2, ean_code: '8712345678906', sku: 'TP-1' });
  });

  it('finds the order by its shop reference and by its CSV key', async () => {
    const { data: shopOrder } = await first.api.orders.create(orderInput({ order_number: 'SCAN-2001' }));
    const { data: csvOrder } = await first.api.orders.create(orderInput({ order_number: 'SCAN-3001' }));
    const { db } = server.database;
    const shopId = await firstShopId();
    await db.update(orders).set({ shopId, externalKey: `shop:${shopId}:EXT-77` }).where(eq(orders.id, shopOrder.id));
    await db.update(orders).set({ externalKey: 'csv:REF-88' }).where(eq(orders.id, csvOrder.id));
    expect((await first.api.orders.lookup('EXT-77')).data.id).toBe(shopOrder.id);
    expect((await first.api.orders.lookup('REF-88')).data.id).toBe(csvOrder.id);
  });

  it('prefers an order without a label to a shipped one of the same number', async () => {
    const { data: older } = await first.api.orders.create(orderInput({ order_number: 'SCAN-4001' }));
    const { data: newer } = await first.api.orders.create(orderInput({ order_number: 'SCAN-4001' }));
    await server.database.db.update(orders).set({ shipmentIds: [randomUUID()] }).where(eq(orders.id, newer.id));
    expect((await first.api.orders.lookup('SCAN-4001')).data.id).toBe(older.id);
  });

  it('answers 404 in Dutch for an unknown or deleted order', async () => {
    const unknown = await failureOf(first.api.orders.lookup('BESTAAT-NIET'));
    expect(unknown.body).toMatchObject({ status: 404, type: 'not_found', message_code: 'order_reference_unknown', message: scanErrorMessages.order_reference_unknown });
    const { data } = await first.api.orders.create(orderInput({ order_number: 'SCAN-5001' }));
    await first.api.orders.bulkUpdate({ order_ids: [data.id], action: 'delete' });
    expect((await failureOf(first.api.orders.lookup('SCAN-5001'))).status).toBe(404);
  });

  it('refuses an empty or missing code with a Dutch 400', async () => {
    const empty = await request(server, { path: '/api/order/lookup', token: first.token, query: { code: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ status: 400, type: 'validation' });
    expect(JSON.stringify(empty.body)).toContain(scanErrorMessages.order_reference_required);
    const missing = await request(server, { path: '/api/order/lookup', token: first.token });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(scanErrorMessages.order_reference_required);
    const loggedOut = await request(server, { path: '/api/order/lookup', query: { code: 'SCAN-1001' } });
    expect(loggedOut.status).toBe(401);
  });

  it('shows a second organisation nothing of the first, and each its own order of the same number', async () => {
    const { data: mine } = await first.api.orders.create(orderInput({ order_number: 'SCAN-6001' }));
    const shopId = await firstShopId();
    await server.database.db.update(orders).set({ shopId, externalKey: `shop:${shopId}:EXT-6001` }).where(eq(orders.id, mine.id));
    expect((await failureOf(second.api.orders.lookup('SCAN-6001'))).body).toMatchObject({ status: 404, message_code: 'order_reference_unknown' });
    expect((await failureOf(second.api.orders.lookup('EXT-6001'))).status).toBe(404);
    const { data: theirs } = await second.api.orders.create(orderInput({ order_number: 'SCAN-6001' }));
    expect((await second.api.orders.lookup('SCAN-6001')).data.id).toBe(theirs.id);
    const again = await first.api.orders.lookup('SCAN-6001');
    expect(again.data).toMatchObject({ id: mine.id, order_number: 'SCAN-6001', name: mine.name });
  });
});
