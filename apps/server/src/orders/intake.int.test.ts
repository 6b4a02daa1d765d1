import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelFor, orderInput, request, testCourierId } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { createCourierRepository } from '../couriers/repository';
import { orderItems, orders } from '../db/schema';
import { createShipmentLogicRepository } from '../shipment-logic/repository';
import { createOrderIntake, type OrderIntake } from './intake';
import { createOrderRepository } from './repository';

const { server, first, second } = testServerForFile();
let intake: OrderIntake;
let courierId: string;

/** An order as a source sends it: a recipient and lines, nothing about the shipment. */
const bare = (overrides: Record<string, unknown> = {}) => ({
  order_number: 'SHOP-1',
  name: 'Anna de Vries',
  address_1: 'Oudegracht',
  housenumber: '231',
  zipcode: '3511 NK',
  city: 'Utrecht',
  country: 'NL',
  order_items: [{ name: 'Mok', quantity: 2, unit_price_inc_btw: 9.5, weight: 350 }],
  ...overrides,
});

async function stored(organisationId: string, key: string) {
  return server.database.db.select().from(orders).where(and(eq(orders.organisationId, organisationId), eq(orders.externalKey, key)));
}

beforeAll(() => {
  const db = server.database.db;
  intake = createOrderIntake({ orders: createOrderRepository(db), couriers: createCourierRepository(db), rules: createShipmentLogicRepository(db) });
});

beforeAll(async () => {
  courierId = await testCourierId(first);
});

describe('order intake', () => {
  it('stores a bare order with the defaults: the first active courier, its default type and the item weight', async () => {
    const result = await intake.receive(first.organisationId, [{ externalKey: 'csv:SHOP-1', body: bare({ order_date: '2026-11-23' }) }], { source: 'csv' });
    expect(result).toMatchObject({ created: 1, updated: 0, skipped: 0, outcomes: [{ index: 0, outcome: 'created', status: 'ready' }] });
    const [row] = await stored(first.organisationId, 'csv:SHOP-1');
    expect(row).toMatchObject({ courierId, shipmentType: 'parcel', packages: [{ weight: 700 }], source: 'csv', orderDate: new Date('2026-11-22T23:00:00.000Z') });
  });

  it('updates an order that arrives again while it has no label, and does not add it twice', async () => {
    const result = await intake.receive(first.organisationId, [{ externalKey: 'csv:SHOP-1', body: bare({ city: 'Zeist', order_items: [{ name: 'Schaal', quantity: 1, unit_price_inc_btw: 12, weight: 900 }] }) }], { source: 'csv' });
    expect(result).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    const rows = await stored(first.organisationId, 'csv:SHOP-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ city: 'Zeist', packages: [{ weight: 900 }] });
    const items = await server.database.db.select().from(orderItems).where(eq(orderItems.orderId, rows[0]?.id ?? ''));
    expect(items.map((i) => i.name)).toEqual(['Schaal']);
  });

  it('skips an order that has a label by now, and leaves it as it was', async () => {
    await intake.receive(first.organisationId, [{ externalKey: 'shop:s1:77', body: bare({ order_number: 'SHOP-77' }) }], { source: 'shop' });
    const [row] = await stored(first.organisationId, 'shop:s1:77');
    await labelFor(first, row?.id ?? '');
    const again = await intake.receive(first.organisationId, [{ externalKey: 'shop:s1:77', body: bare({ order_number: 'SHOP-77', city: 'Elders' }) }], { source: 'shop' });
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 1, outcomes: [{ outcome: 'skipped', id: row?.id, reason: 'labelled' }] });
    expect((await stored(first.organisationId, 'shop:s1:77'))[0]?.city).toBe('Utrecht');
  });

  it('answers each order with its fields when it is refused, and stores the others', async () => {
    const result = await intake.receive(
      first.organisationId,
      [
        { externalKey: 'csv:BAD-1', body: bare({ order_number: 'BAD-1', country: 'XX' }) },
        { externalKey: 'csv:BAD-2', body: bare({ order_number: 'BAD-2', order_date: 'gisteren' }) },
        { externalKey: 'csv:BAD-3', body: bare({ order_number: 'BAD-3', courier_id: await testCourierId(second) }) },
        { externalKey: 'csv:GOOD-4', body: bare({ order_number: 'GOOD-4' }) },
      ],
      { source: 'csv' },
    );
    expect(result.created).toBe(1);
    expect(result.outcomes.map((o) => o.outcome)).toEqual(['error', 'error', 'error', 'created']);
    expect(result.outcomes[0]).toMatchObject({ fields: { country: ['Kies een land uit de lijst.'] } });
    expect(result.outcomes[1]).toMatchObject({ fields: { order_date: [expect.stringContaining('Geen geldige besteldatum')] } });
    expect(result.outcomes[2]).toMatchObject({ fields: { courier_id: [expect.stringContaining('hoort niet bij je account')] } });
    for (const key of ['csv:BAD-1', 'csv:BAD-2', 'csv:BAD-3']) expect(await stored(first.organisationId, key)).toEqual([]);
  });

  it('lets the later of two orders with one key count, within one batch', async () => {
    const result = await intake.receive(
      first.organisationId,
      [
        { externalKey: 'csv:TWICE', body: bare({ order_number: 'TWICE', city: 'Eerst' }) },
        { externalKey: 'csv:TWICE', body: bare({ order_number: 'TWICE', city: 'Later' }) },
      ],
      { source: 'csv' },
    );
    expect(result.outcomes.map((o) => o.outcome)).toEqual(['skipped', 'created']);
    const rows = await stored(first.organisationId, 'csv:TWICE');
    expect(rows.map((r) => r.city)).toEqual(['Later']);
  });

  it('stores nothing on a dry run, and answers what would happen', async () => {
    const result = await intake.receive(
      first.organisationId,
      [
        { externalKey: 'csv:SHOP-1', body: bare({ city: 'Houten' }) },
        { externalKey: 'csv:DRY-NEW', body: bare({ order_number: 'DRY-NEW' }) },
      ],
      { source: 'csv', dryRun: true },
    );
    expect(result).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    expect(await stored(first.organisationId, 'csv:DRY-NEW')).toEqual([]);
    expect((await stored(first.organisationId, 'csv:SHOP-1'))[0]?.city).toBe('Zeist');
  });

  it("keeps each organisation's keys apart: the same key in another organisation is a new order there", async () => {
    const result = await intake.receive(second.organisationId, [{ externalKey: 'csv:SHOP-1', body: bare({ city: 'Breda' }) }], { source: 'csv' });
    expect(result.created).toBe(1);
    expect((await stored(first.organisationId, 'csv:SHOP-1'))[0]?.city).toBe('Zeist');
    expect((await stored(second.organisationId, 'csv:SHOP-1'))[0]).toMatchObject({ city: 'Breda', courierId: await testCourierId(second) });
  });

  it('stores each key once when two arrivals race', async () => {
    const body = bare({ order_number: 'RACE' });
    const results = await Promise.all([1, 2, 3].map(() => intake.receive(first.organisationId, [{ externalKey: 'shop:s1:race', body }], { source: 'shop' })));
    expect(await stored(first.organisationId, 'shop:s1:race')).toHaveLength(1);
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(1);
  });
});

describe('order API with the shared defaults', () => {
  it('makes an order of only a recipient and lines labelable', async () => {
    const answer = await request(server, { method: 'POST', path: '/api/order/create', token: first.token, body: bare({ order_number: 'API-1', order_date: '2026-11-23 10:23:45 +0100' }) });
    expect(answer.status).toBe(200);
    const order = (answer.body as { data: { id: string; courier_id: string; shipment_type: string; status: string; order_date: string; shipment: { packages: { weight: number }[] } } }).data;
    expect(order).toMatchObject({ courier_id: courierId, shipment_type: 'parcel', status: 'ready', order_date: '2026-11-23T09:23:45.000Z', shipment: { packages: [{ weight: 700 }] } });
    const labelId = await labelFor(first, order.id);
    expect(labelId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an order date it cannot read with a Dutch message on the field', async () => {
    const answer = await request(server, { method: 'POST', path: '/api/order/create', token: first.token, body: orderInput({ order_date: '31-02-2026' }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fields: { order_date: [expect.stringContaining('Geen geldige besteldatum')] } });
  });
});
