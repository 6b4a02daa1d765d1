import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import type { OrderBulkUpdateBody, OrderInput } from '@verzendhuis/contract/order';
import { orderBulkEditTexts, orderRequestTexts } from '@verzendhuis/domain/orders-texts';
import { orderInput, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { orders } from '../db/schema';

/** updatebulkorders with values: the bulk edit of the orders table (docs/orders.md, "Bulk bewerken"). */

const { server, first, second } = testServerForFile();
let testCourier: string;
let postnlCourier: string;
let secondCourier: string;

function order(courierId: string | null, overrides: Partial<OrderInput> = {}): OrderInput {
  return orderInput({
    order_number: 'BULK-1',
    name: 'Jan Jansen',
    email: 'jan@voorbeeld.nl',
    courier_id: courierId,
    shipment_type: courierId ? 'parcel' : null,
    shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: false, insurance: '500', reference: 'R-1' } },
    order_items: [{ name: 'Theepot', quantity: 1, unit_price_inc_btw: 19.99, weight: 600 }],
    ...overrides,
  });
}

async function create(who: TestOrganisation, input: OrderInput): Promise<string> {
  return (await who.api.orders.create(input)).data.id;
}

/** An order without a courier: arriving, it gets the first active courier; the user's edit takes it away. */
async function withoutCourier(who: TestOrganisation, input: OrderInput): Promise<string> {
  const id = await create(who, input);
  await who.api.orders.update(id, input);
  return id;
}

/** The stored rows of these orders, as the database has them (every column). */
async function rows(ids: string[]) {
  const found = await server.database.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);
  return found;
}

async function refusal(who: TestOrganisation, body: OrderBulkUpdateBody): Promise<ApiError> {
  const error = await who.api.orders.bulkUpdate(body).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected a refusal');
  return error;
}

beforeAll(async () => {
  testCourier = await testCourierId(first);
  secondCourier = await testCourierId(second);
  postnlCourier = (
    await first.api.couriers.create({ courier_class: 'postnl', fields: { api_key: 'geheime-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: 'http://localhost:9' } })
  ).data.id;
});
describe('updatebulkorders with values', () => {
  it('sets only the given values on each chosen order, re-validates them and counts the result', async () => {
    const ready = await create(first, order(testCourier, { order_number: 'V-1' }));
    const noCity = await create(first, order(testCourier, { order_number: 'V-2', city: null }));
    const twoPackages = await create(first, order(testCourier, { order_number: 'V-3', shipment: { packages: [{ weight: 700 }, { weight: 900 }], courier_fields: { signature: true } } }));
    const ids = [ready, noCity, twoPackages];

    const result = await first.api.orders.bulkUpdate({ order_ids: ids, action: 'update', values: { package_count: 3, courier_fields: { reference: 'BULK' } } });
    expect(result).toEqual({ status: 'success', data: { affected: 3, skipped: 0, statuses: { ready: 2, warning: 0, incomplete: 1, error: 0 } } });

    const [a, b, c] = await Promise.all(ids.map(async (id) => (await first.api.orders.get(id)).data));
    // New packages take the weight of the last one; options merged key by key.
    expect(a?.shipment).toEqual({ packages: [{ weight: 1200 }, { weight: 1200 }, { weight: 1200 }], courier_fields: { signature: false, insurance: '500', reference: 'BULK' } });
    expect(c?.shipment).toEqual({ packages: [{ weight: 700 }, { weight: 900 }, { weight: 900 }], courier_fields: { signature: true, reference: 'BULK' } });
    expect(b?.status).toBe('incomplete');
    expect(b?.status_info.map((i) => i.field)).toEqual(['city']);
    // Nothing else changed.
    expect(a).toMatchObject({ order_number: 'V-1', courier_id: testCourier, shipment_type: 'parcel', name: 'Jan Jansen', status: 'ready' });
    expect(a?.order_items).toHaveLength(1);

    // A weight over 31.5 kg is stored and makes the orders errors, per package.
    const heavy = await first.api.orders.bulkUpdate({ order_ids: [ready, twoPackages], action: 'update', values: { weight: 32_000, package_count: 1 } });
    expect(heavy.data).toEqual({ affected: 2, skipped: 0, statuses: { ready: 0, warning: 0, incomplete: 0, error: 2 } });
    const stored = (await first.api.orders.get(ready)).data;
    expect(stored.shipment.packages).toEqual([{ weight: 32_000 }]);
    expect(stored.status_info.map((i) => i.field)).toEqual(['shipment.packages.0.weight']);
  });

  it('moves orders to another courier with its default type and options, or the type given, and applies the letterbox rule', async () => {
    const one = await create(first, order(testCourier, { order_number: 'C-1' }));
    const two = await create(first, order(testCourier, { order_number: 'C-2' }));
    const moved = await first.api.orders.bulkUpdate({ order_ids: [one], action: 'update', values: { courier_id: postnlCourier } });
    expect(moved.data).toEqual({ affected: 1, skipped: 0, statuses: { ready: 1, warning: 0, incomplete: 0, error: 0 } });
    expect((await first.api.orders.get(one)).data).toMatchObject({
      courier_id: postnlCourier,
      shipment_type: 'standard',
      shipment: { courier_fields: { signature: false, no_neighbours: false, insurance: '0' } },
    });

    await first.api.orders.bulkUpdate({ order_ids: [two], action: 'update', values: { courier_id: postnlCourier, shipment_type: 'letterbox', courier_fields: { signature: true } } });
    expect((await first.api.orders.get(two)).data).toMatchObject({ courier_id: postnlCourier, shipment_type: 'letterbox', shipment: { courier_fields: { signature: false, insurance: '0' } } });

    // The orders now share PostNL: a type of PostNL alone, for both.
    await first.api.orders.bulkUpdate({ order_ids: [one, two], action: 'update', values: { shipment_type: 'standard' } });
    expect((await rows([one, two])).map((r) => r.shipmentType)).toEqual(['standard', 'standard']);
  });

  it('leaves orders with a label, deleted orders and other orders alone, and counts them as skipped', async () => {
    const open = await create(first, order(testCourier, { order_number: 'S-1' }));
    const labelled = await create(first, order(testCourier, { order_number: 'S-2' }));
    const deleted = await create(first, order(testCourier, { order_number: 'S-3' }));
    const pending = await create(first, order(testCourier, { order_number: 'S-4' }));
    await server.database.db.update(orders).set({ shipmentIds: [crypto.randomUUID()], status: 'completed' }).where(eq(orders.id, labelled));
    await server.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, pending));
    await first.api.orders.bulkUpdate({ order_ids: [deleted], action: 'delete' });
    const untouched = await rows([labelled, deleted, pending]);

    const result = await first.api.orders.bulkUpdate({ order_ids: [open, labelled, deleted, pending], action: 'update', values: { weight: 2500 } });
    expect(result.data).toEqual({ affected: 1, skipped: 3, statuses: { ready: 1, warning: 0, incomplete: 0, error: 0 } });
    expect(await rows([labelled, deleted, pending])).toEqual(untouched);
    expect((await rows([open]))[0]?.packages).toEqual([{ weight: 2500 }]);

    // Without values: re-validation only, of the open one; the others stay as they are.
    const again = await first.api.orders.bulkUpdate({ order_ids: [open, labelled, deleted, pending], action: 'update' });
    expect(again.data).toEqual({ affected: 1, skipped: 3, statuses: { ready: 1, warning: 0, incomplete: 0, error: 0 } });
    expect(await rows([labelled, deleted, pending])).toEqual(untouched);
  });

  it('refuses another organisation’s courier on values.courier_id, in Dutch, and writes nothing', async () => {
    const ids = [await create(first, order(testCourier, { order_number: 'R-1' })), await withoutCourier(first, order(null, { order_number: 'R-2' }))];
    const before = await rows(ids);
    const error = await refusal(first, { order_ids: ids, action: 'update', values: { courier_id: secondCourier, weight: 3000 } });
    expect(error.body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid', fields: { 'values.courier_id': [orderRequestTexts.courierNotOwned] } });
    const unknown = await refusal(first, { order_ids: ids, action: 'update', values: { courier_id: crypto.randomUUID() } });
    expect(unknown.body.fields).toEqual({ 'values.courier_id': [orderRequestTexts.courierNotOwned] });
    expect(await rows(ids)).toEqual(before);
  });

  it('is all or nothing: one order that cannot take the values stops the whole edit', async () => {
    // Without a courier an order may have up to 50 packages; the Testvervoerder takes 5.
    const free = await withoutCourier(first, order(null, { order_number: 'A-1' }));
    const capped = await create(first, order(testCourier, { order_number: 'A-2' }));
    const before = await rows([free, capped]);
    const tooMany = await refusal(first, { order_ids: [free, capped], action: 'update', values: { package_count: 6, weight: 100 } });
    expect(tooMany.body.fields).toEqual({ 'values.package_count': [orderBulkEditTexts.refusals.tooManyPackages(5)] });
    const wrongType = await refusal(first, { order_ids: [free, capped], action: 'update', values: { shipment_type: 'parcel' } });
    expect(wrongType.body.fields).toEqual({ 'values.shipment_type': [orderBulkEditTexts.refusals.shipmentTypeNotOfCourier] });
    expect(await rows([free, capped])).toEqual(before);
  });

  it('checks the values’ form with Dutch messages', async () => {
    const id = await create(first, order(testCourier, { order_number: 'F-1' }));
    const zero = await refusal(first, { order_ids: [id], action: 'update', values: { weight: 0, package_count: 51 } });
    expect(zero.body.fields).toEqual({ 'values.weight': [orderBulkEditTexts.refusals.weight], 'values.package_count': [orderBulkEditTexts.refusals.packageCount] });
    const withDelete = await refusal(first, { order_ids: [id], action: 'delete', values: { weight: 100 } });
    expect(Object.keys(withDelete.body.fields)).toEqual(['values']);
    expect((await first.api.orders.get(id)).data.is_active).toBe(true);
  });

  it('never changes a second organisation’s orders, whose ids count as skipped', async () => {
    const theirs = [await create(second, order(secondCourier, { order_number: 'T-1' })), await create(second, order(secondCourier, { order_number: 'T-2', city: null }))];
    const mine = await create(first, order(testCourier, { order_number: 'M-1' }));
    const before = await rows(theirs);

    const result = await first.api.orders.bulkUpdate({ order_ids: [mine, ...theirs], action: 'update', values: { weight: 4000, package_count: 2, courier_fields: { signature: true } } });
    expect(result.data).toEqual({ affected: 1, skipped: 2, statuses: { ready: 1, warning: 0, incomplete: 0, error: 0 } });
    const revalidated = await first.api.orders.bulkUpdate({ order_ids: theirs, action: 'update' });
    expect(revalidated.data).toEqual({ affected: 0, skipped: 2, statuses: { ready: 0, warning: 0, incomplete: 0, error: 0 } });
    expect((await first.api.orders.bulkUpdate({ order_ids: theirs, action: 'delete' })).data).toEqual({ affected: 0, skipped: 2 });
    expect(await rows(theirs)).toEqual(before);
    // Their own courier is not the caller's either.
    const theirCourier = await refusal(first, { order_ids: [mine], action: 'update', values: { courier_id: secondCourier } });
    expect(theirCourier.status).toBe(400);
    const stillTheirs = await server.database.db.select({ n: orders.id }).from(orders).where(and(eq(orders.organisationId, second.organisationId), eq(orders.isActive, true)));
    expect(stillTheirs.map((r) => r.n).sort()).toEqual([...theirs].sort());
  });
});
