import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiError } from '@verzendhuis/contract/client';
import type { OrderInput } from '@verzendhuis/contract/order';
import { createOrders, orderInput, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { orders, organisations, plans } from '../db/schema';

const { server, first, second } = testServerForFile();
let courierId: string;

/** The factory's order to Amsterdam as a web shop sends it: contact details, a signature, one line. */
function validOrder(overrides: Partial<OrderInput> = {}): OrderInput {
  return orderInput({
    order_number: 'WEB-1001',
    name: 'Jan Jansen',
    email: 'jan@voorbeeld.nl',
    phone: '0612345678',
    courier_id: courierId,
    shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: true, insurance: '0' } },
    order_items: [{ name: 'Theepot', quantity: 2, unit_price_inc_btw: 19.99, weight: 600, sku: 'TP-1', ean_code: '8712345678906' }],
    ...overrides,
  });
}

async function orderCount(organisationId: string) {
  const [row] = await server.database.db.select({ n: count() }).from(orders).where(eq(orders.organisationId, organisationId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  courierId = await testCourierId(first);
});

describe('couriers', () => {
  it('gives every organisation its own Testvervoerder with the metadata the form needs', async () => {
    const mine = await first.api.couriers.list();
    const theirs = await second.api.couriers.list();
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ service_class: 'test', service_name: 'Testvervoerder', is_active: true });
    expect(mine.data[0]?.meta.order_fields.map((f) => f.name)).toEqual(expect.arrayContaining(['signature', 'insurance', 'delivery_date']));
    expect(theirs.data[0]?.id).not.toBe(courierId);
    const meta = await first.api.couriers.meta();
    expect(meta.data.map((m) => m.class)).toContain('test');
  });

  it('answers 404 for another organisation’s courier', async () => {
    const error = await second.api.couriers.get(courierId).catch((e: unknown) => e);
    expect((error as ApiError).body).toMatchObject({ status: 404, type: 'not_found' });
  });
});

describe('order/create and order/{id}', () => {
  it('stores a complete order as ready, with its lines and money as decimals', async () => {
    const { data } = await first.api.orders.create(validOrder());
    expect(data).toMatchObject({ status: 'ready', status_info: [], order_number: 'WEB-1001', zipcode: '1012 LG', shipment_packages: 1, validators: { is_export: false } });
    expect(data.order_items[0]).toMatchObject({ name: 'Theepot', quantity: 2, unit_price_inc_btw: 19.99, weight: 600 });
    expect((await first.api.orders.get(data.id)).data.id).toBe(data.id);
  });

  it('stores an order with problems with its status and Dutch status_info per field', async () => {
    const { data } = await first.api.orders.create(
      validOrder({ zipcode: '12', email: 'geen-mail', name: '', country: 'US', state_province_code: null, shipment: { packages: [{ weight: 32_000 }], courier_fields: {} } }),
    );
    expect(data.status).toBe('error');
    const byField = Object.fromEntries(data.status_info.map((i) => [i.field, i.message]));
    expect(byField.name).toBe('Naam is verplicht.');
    expect(byField.zipcode).toMatch(/postcode klopt niet/);
    expect(byField.email).toBe('Vul een geldig e-mailadres in.');
    expect(byField.state_province_code).toBe('Kies een staat of provincie.');
    expect(byField['shipment.packages.0.weight']).toBe('Een pakket mag maximaal 31,5 kg wegen.');
    expect(data.validators.is_export).toBe(true);
  });

  it('weighs a package without weight by its order lines, so that its label carries that weight', async () => {
    // Created over the API with only a recipient and lines of 500 g: no package given.
    const { shipment: _none, ...withoutPackages } = validOrder({ order_number: 'GEWICHT-1', order_items: [{ name: 'Boek', quantity: 1, unit_price_inc_btw: 12.5, weight: 500 }] });
    const { data } = await first.api.orders.create(withoutPackages);
    expect(data.status).toBe('ready');
    expect(data.shipment.packages).toEqual([{ weight: 500 }]);
    const created = await first.api.labels.create({ order_ids: [data.id] });
    expect(created.status).toBe('success');
    const label = await first.api.labels.get(created.data[0]?.id ?? '');
    expect(label.data.shipment.packages.map((p) => p.weight)).toEqual([500]);
  });

  it('makes a package of 0 g with weightless lines an error on its weight, never a ready order', async () => {
    const { data } = await first.api.orders.create(validOrder({ order_number: 'GEWICHT-0', shipment: { packages: [{ weight: 0 }], courier_fields: { signature: true, insurance: '0' } }, order_items: [{ name: 'Boek', quantity: 1, unit_price_inc_btw: 12.5 }] }));
    expect(data.status).toBe('error');
    expect(data.status_info).toContainEqual(expect.objectContaining({ field: 'shipment.packages.0.weight', status: 'error' }));
    const refused = await first.api.labels.create({ order_ids: [data.id] });
    expect(refused.data).toEqual([]);
  });

  it('refuses malformed input with field errors and stores nothing', async () => {
    const before = await orderCount(first.organisationId);
    const response = await request(server, { method: 'POST', path: '/api/order/create', token: first.token, body: { ...validOrder(), country: 'XX', order_items: [{ name: 'x', quantity: 0, unit_price_inc_btw: 1.555 }] } });
    expect(response.status).toBe(400);
    const body = response.body;
    expect(body).toMatchObject({ type: 'validation', message_code: 'form_invalid' });
    expect(body.fields.country).toEqual(['Kies een land uit de lijst.']);
    expect(body.fields['order_items.0.quantity']).toEqual(['Het aantal is minimaal 1.']);
    expect(body.fields['order_items.0.unit_price_inc_btw']).toEqual(['Gebruik hoogstens twee cijfers achter de komma.']);
    expect(await orderCount(first.organisationId)).toBe(before);
  });

  it("refuses another organisation's courier and an unknown one on the courier_id field, and stores nothing", async () => {
    const theirs = (await second.api.couriers.list()).data[0]?.id ?? '';
    const unknown = '00000000-0000-4000-8000-000000000000';
    const message = 'Deze vervoerder hoort niet bij je account. Kies een van je vervoerders.';
    const before = await orderCount(first.organisationId);
    for (const courierId of [theirs, unknown]) {
      const created = await request(server, { method: 'POST', path: '/api/order/create', token: first.token, body: validOrder({ order_number: 'VREEMD-1', courier_id: courierId }) });
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ type: 'validation', message_code: 'form_invalid', fields: { courier_id: [message] } });
    }
    const { data: mine } = await first.api.orders.create(validOrder({ order_number: 'EIGEN-1' }));
    const updated = await request(server, { method: 'POST', path: `/api/order/${mine.id}`, token: first.token, body: validOrder({ order_number: 'EIGEN-1', courier_id: theirs }) });
    expect(updated.status).toBe(400);
    expect(updated.body.fields).toEqual({ courier_id: [message] });
    // In a bulk, only that order is refused; the others are stored.
    const bulk = await first.api.orders.bulk([validOrder({ order_number: 'BULK-OK' }), validOrder({ order_number: 'BULK-VREEMD', courier_id: unknown })]);
    expect(bulk.status).toBe('partial');
    expect(bulk.data.map((d) => d.index)).toEqual([0]);
    expect(bulk.errors).toEqual([expect.objectContaining({ index: 1, order_number: 'BULK-VREEMD', fields: { courier_id: [message] } })]);
    expect(await orderCount(first.organisationId)).toBe(before + 2);
    expect((await first.api.orders.get(mine.id)).data.courier_id).not.toBe(theirs);
  });

  it('updates an order and replaces its lines; another organisation gets 404', async () => {
    const { data: created } = await first.api.orders.create(validOrder({ order_number: 'WEB-2002' }));
    const { data } = await first.api.orders.update(created.id, validOrder({ order_number: 'WEB-2002', name: 'Piet Pieters', order_items: [] }));
    expect(data).toMatchObject({ name: 'Piet Pieters', order_items: [] });
    const response = await request(server, { method: 'POST', path: `/api/order/${created.id}`, token: second.token, body: validOrder({ name: 'Inbreker' }) });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Order niet gevonden.');
    expect((await request(server, { path: `/api/order/${created.id}`, token: second.token })).status).toBe(404);
    expect((await first.api.orders.get(created.id)).data.name).toBe('Piet Pieters');
  });
});

describe('the tab counters with a search (order/count?search=)', () => {
  it('counts each tab exactly up to 100, one walk over the matches', async () => {
    const org = await server.createOrganisation();
    await createOrders(org, 104, { name: 'Wim Teller', email: 'fout' }); // incomplete: the orders tab and its problematic part
    await createOrders(org, 3, { name: 'Wim Teller' });
    await createOrders(org, 2, { name: 'Els Teller', email: 'fout' });
    expect((await org.api.orders.count({ search: 'teller' })).data).toEqual({ orders: 100, problematic: 100, other: 0 });
    expect((await org.api.orders.count({ search: 'wim tel' })).data).toEqual({ orders: 100, problematic: 100, other: 0 });
    expect((await org.api.orders.count({ search: 'els' })).data).toEqual({ orders: 2, problematic: 2, other: 0 });
    expect((await org.api.orders.count({ search: 'niemand' })).data).toEqual({ orders: 0, problematic: 0, other: 0 });
    // another organisation's orders are not counted
    expect((await first.api.orders.count({ search: 'teller' })).data).toEqual({ orders: 0, problematic: 0, other: 0 });
  });
});

describe('order lists and counters', () => {
  let list: TestOrganisation;
  beforeAll(async () => {
    list = await server.createOrganisation();
    const base = validOrder({ courier_id: await testCourierId(list) });
    await list.api.orders.bulk([
      { ...base, order_number: 'A-1', name: 'Anna de Vries', zipcode: '3511 AB', city: 'Utrecht', order_date: '2026-11-01T10:00:00Z' },
      { ...base, order_number: 'A-2', name: 'Bram Bakker', email: 'bram.bakker@voorbeeld.nl', order_date: '2026-11-03T10:00:00Z' },
      { ...base, order_number: 'A-3', name: 'Cees Smit', email: 'fout', order_date: '2026-11-02T10:00:00Z' },
      { ...base, order_number: 'A-4', name: 'Dirk Visser', order_status: 'on-hold', order_date: '2026-11-04T10:00:00Z' },
    ]);
  });

  it('pages the orders tab sorted by order date, newest first by default', async () => {
    const page1 = await list.api.orders.list({ page_size: 2 });
    expect(page1.meta).toEqual({ total: 4, page: 1, page_size: 2, total_is_lower_bound: false });
    expect(page1.data.map((o) => o.order_number)).toEqual(['A-4', 'A-2']);
    const page2 = await list.api.orders.list({ page_size: 2, page: 2 });
    expect(page2.data.map((o) => o.order_number)).toEqual(['A-3', 'A-1']);
    const byName = await list.api.orders.list({ sort: 'name' });
    expect(byName.data.map((o) => o.name)).toEqual(['Anna de Vries', 'Bram Bakker', 'Cees Smit', 'Dirk Visser']);
  });

  it('searches name, order number and postcode, with or without the space', async () => {
    expect((await list.api.orders.list({ search: 'bakker' })).data.map((o) => o.order_number)).toEqual(['A-2']);
    expect((await list.api.orders.list({ search: 'A-3' })).data.map((o) => o.order_number)).toEqual(['A-3']);
    expect((await list.api.orders.list({ search: '3511 ab' })).data.map((o) => o.order_number)).toEqual(['A-1']);
    expect((await list.api.orders.list({ search: '3511AB' })).meta.total).toBe(1);
    // a whole e-mail address (one word of search_words), in any case
    expect((await list.api.orders.list({ search: 'Bram.Bakker@voorbeeld.nl' })).data.map((o) => o.order_number)).toEqual(['A-2']);
    // sorted by a column without a tab index: the search indexes find the rows
    expect((await list.api.orders.list({ search: 'anna', sort: '-name' })).data.map((o) => o.order_number)).toEqual(['A-1']);
    expect((await list.api.orders.list({ search: 'de vr', sort: 'country' })).data.map((o) => o.order_number)).toEqual(['A-1']);
    expect((await first.api.orders.list({ search: 'bakker' })).data).toEqual([]);
  });

  it('counts the tabs from the kept counters, and the problematic ones', async () => {
    expect((await list.api.orders.count()).data).toEqual({ orders: 4, problematic: 1, other: 0 });
    expect((await list.api.orders.list({ tab: 'problematic' })).data.map((o) => o.order_number)).toEqual(['A-3']);
    expect((await list.api.orders.count({ search: 'smit' })).data).toEqual({ orders: 1, problematic: 1, other: 0 });
  });

  it('deletes only the caller’s orders, for good, and the counters follow', async () => {
    const ids = (await list.api.orders.list()).data.map((o) => o.id);
    const other = await second.api.orders.bulkUpdate({ order_ids: ids, action: 'delete' });
    expect(other.data.affected).toBe(0);
    const mine = await list.api.orders.bulkUpdate({ order_ids: ids.slice(0, 2), action: 'delete' });
    expect(mine.data.affected).toBe(2);
    expect((await list.api.orders.count()).data.orders).toBe(2);
    const error = await list.api.orders.get(ids[0] ?? '').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
  });
});

describe('order/bulk', () => {
  it('reports each order’s fate and stores the good ones', async () => {
    const before = await orderCount(second.organisationId);
    const result = await second.api.orders.bulk([validOrder({ order_number: 'B-1', courier_id: null }), { country: 'NL', order_items: 'geen lijst' } as unknown as OrderInput, validOrder({ order_number: 'B-3', courier_id: null })]);
    expect(result.status).toBe('partial');
    expect(result.data.map((d) => d.index)).toEqual([0, 2]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ index: 1 });
    expect(Object.keys(result.errors[0]?.fields ?? {})).toContain('order_items');
    expect(await orderCount(second.organisationId)).toBe(before + 2);
  });
});

describe('re-validation', () => {
  it('order/update and a bulk update re-check stored orders, e.g. after a courier is deactivated', async () => {
    const org = await server.createOrganisation();
    const courier = await testCourierId(org);
    const { data } = await org.api.orders.create(validOrder({ courier_id: courier }));
    expect(data.status).toBe('ready');
    await org.api.couriers.update(courier, { is_active: false });
    expect((await org.api.orders.revalidate()).data.affected).toBe(1);
    expect((await org.api.orders.get(data.id)).data.status).toBe('error');
    await org.api.couriers.update(courier, { is_active: true });
    await org.api.orders.bulkUpdate({ order_ids: [data.id], action: 'update' });
    expect((await org.api.orders.get(data.id)).data.status).toBe('ready');
    expect((await org.api.orders.reset([data.id])).data.affected).toBe(1);
    expect((await second.api.orders.reset([data.id])).data.affected).toBe(0);
  });
});

describe('order/generatetestorders', () => {
  it('makes realistic orders on a trial plan only', async () => {
    const org = await server.createOrganisation();
    expect((await org.api.orders.generateTestOrders(7)).data.affected).toBe(7);
    const { data } = await org.api.orders.list({ page_size: 50 });
    expect(data).toHaveLength(7);
    expect(data.every((o) => ['NL', 'BE', 'DE'].includes(o.country) && o.status === 'ready')).toBe(true);
    // Raw SQL: a plan change is the operator's, no call of the API.
    await server.database.db.update(organisations).set({ planId: 'groei' }).where(eq(organisations.id, org.organisationId));
    const error = await org.api.orders.generateTestOrders(1).catch((e: unknown) => e);
    expect((error as ApiError).body).toMatchObject({ status: 403, type: 'authorization' });
    expect((await server.database.db.select().from(plans)).length).toBeGreaterThan(1);
  });
});

describe('shops and contacts', () => {
  it('list only the organisation’s own', async () => {
    // Raw SQL: shops come with the web shop connections and contacts with the address book, neither of which the API has yet.
    await server.database.pool.query(
      "INSERT INTO shops (organisation_id, service_class, label) VALUES ($1, 'woocommerce', 'Mijn winkel')",
      [first.organisationId],
    );
    await server.database.pool.query(
      "INSERT INTO contacts (organisation_id, name, country, zipcode, address_1, city) VALUES ($1, 'Magazijn Noord', 'NL', '9711 LV', 'Grote Markt 5', 'Groningen')",
      [first.organisationId],
    );
    expect((await first.api.shops.list()).data.map((s) => s.label)).toEqual(['Mijn winkel']);
    expect((await second.api.shops.list()).data).toEqual([]);
    expect((await first.api.contacts.list({ search: 'noord' })).data.map((c) => c.name)).toEqual(['Magazijn Noord']);
    expect((await first.api.contacts.list({ search: 'zuid' })).data).toEqual([]);
    expect((await second.api.contacts.list()).data).toEqual([]);
  });
});
