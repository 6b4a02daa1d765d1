import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInput } from '@verzendhuis/contract/order';
import { startFakePostnl, type FakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { readJson, startTestServer, type TestOrganisation, type TestServer } from '../../test-support/server';
import { invoiceItems, labels, tickets } from '../db/schema';

let server: TestServer;
let postnl: FakePostnl;
let first: TestOrganisation;
let second: TestOrganisation;

beforeAll(async () => {
  postnl = await startFakePostnl({ apikey: 'retour-sleutel' });
  server = await startTestServer();
  first = await server.createOrganisation();
  second = await server.createOrganisation();
});
afterAll(async () => {
  await server?.close();
  await postnl?.close();
});

async function call(who: TestOrganisation, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await readJson(response) };
}

async function orders(org: TestOrganisation, count: number, overrides: Partial<OrderInput> = {}): Promise<string[]> {
  const courier = overrides.courier_id ?? (await org.api.couriers.list()).data[0]?.id;
  const result = await org.api.orders.bulk(
    Array.from({ length: count }, (_, i) => ({
      order_number: `A-${Math.random().toString(36).slice(2, 8)}-${i}`,
      name: 'Jan Jansen',
      address_1: 'Damrak',
      housenumber: '1',
      zipcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      shipment_type: 'parcel',
      shipment: { packages: [{ weight: 800 }], courier_fields: {} },
      ...overrides,
      courier_id: courier,
    })),
  );
  return result.data.map((d) => d.id);
}

async function labelled(org: TestOrganisation, count: number, overrides: Partial<OrderInput> = {}): Promise<{ orderIds: string[]; labelIds: string[] }> {
  const orderIds = await orders(org, count, overrides);
  const { body } = await call(org, 'POST', '/order/label/create', { order_ids: orderIds });
  expect(body.status).toBe('success');
  const byOrder = new Map<string, string>(body.data.map((d: { order_id: string; id: string }) => [d.order_id, d.id]));
  return { orderIds, labelIds: orderIds.map((id) => byOrder.get(id) as string) };
}

async function row(id: string) {
  const [found] = await server.database.db.select().from(labels).where(eq(labels.id, id));
  return found;
}

describe('the label answer (GET label/ and label/{id})', () => {
  it('carries the order lines, validators, invoice items, ticket and return fields; another organisation sees none of it', async () => {
    const { labelIds } = await labelled(first, 1, {
      email: 'jan@voorbeeld.nl',
      order_items: [{ name: 'Mok', quantity: 2, unit_price_inc_btw: 7.5, sku: 'MOK-1', weight: 350 }],
    });
    const id = labelIds[0] as string;
    const plain = await call(first, 'GET', `/label/${id}`);
    expect(plain.body.data).toMatchObject({
      order_items: [{ name: 'Mok', quantity: 2, unit_price_inc_btw: 7.5, sku: 'MOK-1', weight: 350 }],
      validators: { is_export: false },
      invoice_items: [],
      ticket: null,
      marker: null,
      payment: null,
      reason_retour: null,
      printed_at: null,
      email: 'jan@voorbeeld.nl',
      address_2: null,
    });
    expect(plain.body.data.shipment.packages[0]).toMatchObject({ weight: 800, pickup_url: null, courier_class: 'test' });

    await server.database.db.insert(invoiceItems).values({
      organisationId: first.organisationId,
      labelId: id,
      type: 'label_price',
      parts: [{ id: 'base', description: 'Pakket tot 2 kg', unit_price: '5.95' }],
      totalCents: 595,
    });
    const [ticket] = await server.database.db.insert(tickets).values({ organisationId: first.organisationId, labelId: id, subject: 'Pakket zoek' }).returning();
    const detail = await call(first, 'GET', `/label/${id}`);
    expect(detail.body.data.invoice_items).toMatchObject([{ type: 'label_price', total: '5.95', parts: [{ description: 'Pakket tot 2 kg', unit_price: '5.95' }] }]);
    expect(detail.body.data.ticket).toEqual({ id: ticket?.id });
    const list = await call(first, 'GET', `/label/?search=${encodeURIComponent(detail.body.data.order_number)}`);
    expect(list.body.data[0]).toMatchObject({ id, ticket: { id: ticket?.id }, invoice_items: [{ type: 'label_price' }], order_items: [{ name: 'Mok' }] });

    expect((await call(second, 'GET', `/label/${id}`)).status).toBe(404);
    expect((await call(second, 'GET', '/label/')).body.data).toEqual([]);
  });
});

describe('status filters of label/ and label/count', () => {
  it('takes a comma list of statuses, so one tab shows several', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelled(org, 3);
    const [ready, printed, delivered] = labelIds as [string, string, string];
    await fetch(`${server.url}/api/label/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label_ids: [printed] }),
    });
    expect((await call(org, 'POST', `/label/${delivered}`, { status: 'completed' })).status).toBe(200);

    const labelsTab = await call(org, 'GET', '/label/?status=ready,printed,canceled&is_returned=false');
    expect(labelsTab.body.data.map((l: { id: string }) => l.id).sort()).toEqual([ready, printed].sort());
    expect(labelsTab.body.meta.total).toBe(2);
    expect((await call(org, 'GET', '/label/?status=completed')).body.data.map((l: { id: string }) => l.id)).toEqual([delivered]);
    expect((await call(org, 'GET', '/label/count?status=ready,printed')).body.data.count).toBe(2);
    expect((await call(org, 'GET', '/label/count?status=shipped,delayed,error')).body.data.count).toBe(0);
    expect((await call(second, 'GET', '/label/count?status=ready,printed,completed')).body.data.count).toBe(0);

    const bad = await call(org, 'GET', '/label/?status=ready,verloren');
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('validation');
    expect(JSON.stringify(bad.body.fields)).toContain('Onbekende status');
  });
});

describe('POST label/{id}', () => {
  it('deletes and marks delivered only the caller’s label; delivered stays delivered', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelled(org, 2);
    const [a, b] = labelIds as [string, string];

    const theirs = await call(second, 'POST', `/label/${a}`, { status: 'completed' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Label niet gevonden.');
    expect((await row(a))?.status).toBe('ready');

    const delivered = await call(org, 'POST', `/label/${a}`, { status: 'completed' });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'success', data: { id: a, status: 'completed' } });
    const back = await call(org, 'POST', `/label/${a}`, { status: 'ready' });
    expect(back.status).toBe(400);
    expect(back.body.fields.status).toEqual(['Een label kan alleen als bezorgd (completed) worden gemarkeerd.']);
    expect((await row(a))?.status).toBe('completed');

    expect((await call(second, 'POST', `/label/${b}`, { is_active: false })).status).toBe(404);
    const deleted = await call(org, 'POST', `/label/${b}`, { is_active: false });
    expect(deleted.body).toMatchObject({ status: 'success', data: { id: b, is_active: false } });
    expect((await call(org, 'GET', `/label/${b}`)).status).toBe(404);
    expect((await call(org, 'POST', `/label/${b}`, { is_active: true })).status).toBe(400);
    expect((await call(org, 'POST', `/label/${b}`, { status: 'completed' })).status).toBe(404);
    expect((await row(b))?.isActive).toBe(false);
  });

  it('refuses a canceled label as delivered and writes nothing of a refused change', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelled(org, 1);
    const id = labelIds[0] as string;
    await server.database.db.update(labels).set({ status: 'canceled' }).where(eq(labels.id, id));
    const refused = await call(org, 'POST', `/label/${id}`, { status: 'completed', is_active: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: 'validation', message: 'Een geannuleerd label kan niet als bezorgd worden gemarkeerd.', fields: { status: ['Een geannuleerd label kan niet als bezorgd worden gemarkeerd.'] } });
    expect(await row(id)).toMatchObject({ status: 'canceled', isActive: true });

    const marker = await call(org, 'POST', `/label/${id}`, { marker: 'confirm', is_active: false });
    expect(marker.status).toBe(400);
    expect(marker.body.message).toBe('Alleen een retourlabel kan worden gemarkeerd.');
    expect(await row(id)).toMatchObject({ isActive: true, marker: null });

    const empty = await call(org, 'POST', `/label/${id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { message: string }) => e.message)).toContain('Geef aan wat er aan het label verandert: is_active, status of marker.');
    const unknown = await call(org, 'POST', `/label/${id}`, { name: 'Iemand anders' });
    expect(unknown.status).toBe(400);
    // the bulk call follows the same rule
    expect((await call(org, 'POST', '/label/updatebulklabels', { label_ids: [id], action: 'deliver_labels' })).body.data.affected).toBe(0);
  });
});

describe('label/pdf marks labels printed', () => {
  it('makes ready labels printed once, keeps the first printed_at and leaves later statuses alone', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelled(org, 2);
    const [a, b] = labelIds as [string, string];
    await call(org, 'POST', `/label/${b}`, { status: 'completed' });
    const pdf = (who: TestOrganisation, ids: string[]) =>
      fetch(`${server.url}/api/label/pdf`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ label_ids: ids }) });

    expect((await pdf(second, [a])).status).toBe(404);
    expect((await row(a))?.printedAt).toBeNull();

    expect((await pdf(org, [a, b])).status).toBe(200);
    const once = await row(a);
    expect(once).toMatchObject({ status: 'printed' });
    expect(once?.printedAt).toBeInstanceOf(Date);
    expect(await row(b)).toMatchObject({ status: 'completed' });
    expect((await row(b))?.printedAt).toBeInstanceOf(Date);

    await pdf(org, [a]);
    expect((await row(a))?.printedAt?.toISOString()).toBe(once?.printedAt?.toISOString());
    expect((await call(org, 'GET', `/label/${a}`)).body.data).toMatchObject({ status: 'printed', printed_at: once?.printedAt?.toISOString() });
  });
});

describe('return labels', () => {
  it('makes a return label for a labelled order, which is no duplicate of the outgoing label; a second return is', async () => {
    const org = await server.createOrganisation();
    const { orderIds, labelIds } = await labelled(org, 1);
    const orderId = orderIds[0] as string;
    const made = await call(org, 'POST', '/order/label/create', { order_ids: [orderId], is_return: true });
    expect(made.body).toMatchObject({ status: 'success', errors: [], warnings: [] });
    const returnId = made.body.data[0].id as string;
    expect((await call(org, 'GET', `/label/${returnId}`)).body.data).toMatchObject({ is_return: true, order_id: orderId });
    // the order's shipment ids stay its outgoing labels
    expect((await org.api.orders.get(orderId)).data.shipment_ids).toEqual(labelIds);
    // the labels tab lists the outgoing label, a return filter the return
    expect((await call(org, 'GET', '/label/?is_returned=true')).body.data.map((l: { id: string }) => l.id)).toEqual([returnId]);

    const again = await call(org, 'POST', '/order/label/create', { order_ids: [orderId], is_return: true });
    expect(again.body).toMatchObject({ status: 'warning', data: [], warnings: [{ order_id: orderId, type: 'duplicate', message: 'Deze bestelling heeft al een retourlabel.' }] });
    const forced = await call(org, 'POST', '/order/label/create', { order_ids: [orderId], is_return: true, return_fallback: true, force: true });
    expect(forced.body.status).toBe('success');
    const returns = await server.database.db.select().from(labels).where(inArray(labels.orderId, [orderId]));
    expect(returns.filter((l) => l.isReturn)).toHaveLength(2);

    // another organisation cannot make a return label of this order
    const theirs = await call(second, 'POST', '/order/label/create', { order_ids: [orderId], is_return: true });
    expect(theirs.body.errors).toEqual([{ order_id: orderId, order_number: null, message: 'Order niet gevonden.' }]);
  });

  it('refuses PostNL return labels to Germany per order with the Dutch reason; other orders go on', async () => {
    const org = await server.createOrganisation();
    const linked = await call(org, 'POST', '/courier/create', {
      courier_class: 'postnl',
      fields: { api_key: 'retour-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url },
    });
    expect(linked.status).toBe(200);
    const courierId = linked.body.data.id as string;
    const postnlOrder = { courier_id: courierId, shipment_type: 'standard', shipment: { packages: [{ weight: 900 }], courier_fields: { signature: false, no_neighbours: false, insurance: '0' } } };
    const [toGermany] = await orders(org, 1, { ...postnlOrder, order_number: 'RET-DE', address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin', country: 'DE' });
    const [toNetherlands] = await orders(org, 1, { ...postnlOrder, order_number: 'RET-NL' });
    const [viaTest] = await orders(org, 1, { order_number: 'RET-TEST', country: 'FR', address_1: 'Rue de Rivoli', housenumber: '10', zipcode: '75001', city: 'Paris' });
    const ids = [toGermany, toNetherlands, viaTest] as string[];

    const { body } = await call(org, 'POST', '/order/label/create', { order_ids: ids, is_return: true });
    expect(body.status).toBe('partial');
    expect(body.errors).toEqual([{ order_id: toGermany, order_number: 'RET-DE', message: 'Voor deze vervoerder kunnen geen retourlabels worden gemaakt voor bestellingen naar dit land.' }]);
    expect(body.data.map((d: { order_id: string }) => d.order_id).sort()).toEqual([toNetherlands, viaTest].sort());
    expect(await server.database.db.select().from(labels).where(eq(labels.orderId, toGermany as string))).toEqual([]);
    // the return_fallback flag does not lift the rule
    const fallback = await call(org, 'POST', '/order/label/create', { order_ids: [toGermany], is_return: true, return_fallback: true, force: true });
    expect(fallback.body.status).toBe('failed');
    expect(postnl.requests.some((r) => JSON.stringify(r.body).includes('RET-DE'))).toBe(false);
  });
});

describe('POST return/{id}', () => {
  it('marks only the caller’s return labels, in Dutch when refused', async () => {
    const org = await server.createOrganisation();
    const { orderIds, labelIds } = await labelled(org, 1);
    const outgoing = labelIds[0] as string;
    const made = await call(org, 'POST', '/order/label/create', { order_ids: orderIds, is_return: true });
    const returnId = made.body.data[0].id as string;

    const marked = await call(org, 'POST', `/return/${returnId}`, { marker: 'item_missing' });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'success', data: { id: returnId, marker: 'item_missing' } });
    expect((await call(org, 'POST', `/label/${returnId}`, { marker: 'confirm' })).body.data.marker).toBe('confirm');

    const notReturn = await call(org, 'POST', `/return/${outgoing}`, { marker: 'confirm' });
    expect(notReturn.status).toBe(400);
    expect(notReturn.body).toMatchObject({ type: 'validation', message: 'Alleen een retourlabel kan worden gemarkeerd.' });
    const badMarker = await call(org, 'POST', `/return/${returnId}`, { marker: 'kwijt' });
    expect(badMarker.status).toBe(400);
    expect(badMarker.body.fields.marker).toEqual(['Kies een markering: confirm, action_required, item_missing of refuse.']);

    const theirs = await call(second, 'POST', `/return/${returnId}`, { marker: 'refuse' });
    expect(theirs.status).toBe(404);
    expect((await row(returnId))?.marker).toBe('confirm');
  });
});
