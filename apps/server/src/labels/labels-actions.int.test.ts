import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { labelledOrders, readyOrders, request, requestLabels, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { invoiceItems, labels, tickets } from '../db/schema';

const postnl = startForFile(() => startFakePostnl({ apikey: 'retour-sleutel' }));
const { server, first, second } = testServerForFile();

// Raw SQL in this file only where the API cannot make the state: an invoice item and a
// ticket of a label (made by billing and support), and a label the carrier canceled.

async function row(id: string) {
  const [found] = await server.database.db.select().from(labels).where(eq(labels.id, id));
  return found;
}

describe('the label answer (GET label/ and label/{id})', () => {
  it('carries the order lines, validators, invoice items, ticket and return fields; another organisation sees none of it', async () => {
    const { labelIds } = await labelledOrders(first, 1, {
      email: 'jan@voorbeeld.nl',
      order_items: [{ name: 'Mok', quantity: 2, unit_price_inc_btw: 7.5, sku: 'MOK-1', weight: 350 }],
    });
    const id = labelIds[0] as string;
    const plain = await request(server, { path: `/api/label/${id}`, token: first.token });
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
    const detail = await request(server, { path: `/api/label/${id}`, token: first.token });
    expect(detail.body.data.invoice_items).toMatchObject([{ type: 'label_price', total: '5.95', parts: [{ description: 'Pakket tot 2 kg', unit_price: '5.95' }] }]);
    expect(detail.body.data.ticket).toEqual({ id: ticket?.id });
    const list = await request(server, { path: `/api/label/?search=${encodeURIComponent(detail.body.data.order_number)}`, token: first.token });
    expect(list.body.data[0]).toMatchObject({ id, ticket: { id: ticket?.id }, invoice_items: [{ type: 'label_price' }], order_items: [{ name: 'Mok' }] });

    expect((await request(server, { path: `/api/label/${id}`, token: second.token })).status).toBe(404);
    expect((await request(server, { path: '/api/label/', token: second.token })).body.data).toEqual([]);
  });
});

describe('status filters of label/ and label/count', () => {
  it('takes a comma list of statuses, so one tab shows several', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelledOrders(org, 3);
    const [ready, printed, delivered] = labelIds as [string, string, string];
    await request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: [printed] } });
    expect((await request(server, { method: 'POST', path: `/api/label/${delivered}`, token: org.token, body: { status: 'completed' } })).status).toBe(200);

    const labelsTab = await request(server, { path: '/api/label/?status=ready,printed,canceled&is_returned=false', token: org.token });
    expect(labelsTab.body.data.map((l: { id: string }) => l.id).sort()).toEqual([ready, printed].sort());
    expect(labelsTab.body.meta.total).toBe(2);
    expect((await request(server, { path: '/api/label/?status=completed', token: org.token })).body.data.map((l: { id: string }) => l.id)).toEqual([delivered]);
    expect((await request(server, { path: '/api/label/count?status=ready,printed', token: org.token })).body.data.count).toBe(2);
    expect((await request(server, { path: '/api/label/count?status=shipped,delayed,error', token: org.token })).body.data.count).toBe(0);
    expect((await request(server, { path: '/api/label/count?status=ready,printed,completed', token: second.token })).body.data.count).toBe(0);

    const bad = await request(server, { path: '/api/label/?status=ready,verloren', token: org.token });
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('validation');
    expect(JSON.stringify(bad.body.fields)).toContain('Onbekende status');
  });
});

describe('POST label/{id}', () => {
  it('deletes and marks delivered only the caller’s label; delivered stays delivered', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelledOrders(org, 2);
    const [a, b] = labelIds as [string, string];

    const theirs = await request(server, { method: 'POST', path: `/api/label/${a}`, token: second.token, body: { status: 'completed' } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Label niet gevonden.');
    expect((await row(a))?.status).toBe('ready');

    const delivered = await request(server, { method: 'POST', path: `/api/label/${a}`, token: org.token, body: { status: 'completed' } });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'success', data: { id: a, status: 'completed' } });
    const back = await request(server, { method: 'POST', path: `/api/label/${a}`, token: org.token, body: { status: 'ready' } });
    expect(back.status).toBe(400);
    expect(back.body.fields.status).toEqual(['Een label kan alleen als bezorgd (completed) worden gemarkeerd.']);
    expect((await row(a))?.status).toBe('completed');

    expect((await request(server, { method: 'POST', path: `/api/label/${b}`, token: second.token, body: { is_active: false } })).status).toBe(404);
    const deleted = await request(server, { method: 'POST', path: `/api/label/${b}`, token: org.token, body: { is_active: false } });
    expect(deleted.body).toMatchObject({ status: 'success', data: { id: b, is_active: false } });
    expect((await request(server, { path: `/api/label/${b}`, token: org.token })).status).toBe(404);
    expect((await request(server, { method: 'POST', path: `/api/label/${b}`, token: org.token, body: { is_active: true } })).status).toBe(400);
    expect((await request(server, { method: 'POST', path: `/api/label/${b}`, token: org.token, body: { status: 'completed' } })).status).toBe(404);
    expect((await row(b))?.isActive).toBe(false);
  });

  it('refuses a canceled label as delivered and writes nothing of a refused change', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelledOrders(org, 1);
    const id = labelIds[0] as string;
    await server.database.db.update(labels).set({ status: 'canceled' }).where(eq(labels.id, id));
    const refused = await request(server, { method: 'POST', path: `/api/label/${id}`, token: org.token, body: { status: 'completed', is_active: false } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: 'validation', message: 'Een geannuleerd label kan niet als bezorgd worden gemarkeerd.', fields: { status: ['Een geannuleerd label kan niet als bezorgd worden gemarkeerd.'] } });
    expect(await row(id)).toMatchObject({ status: 'canceled', isActive: true });

    const marker = await request(server, { method: 'POST', path: `/api/label/${id}`, token: org.token, body: { marker: 'confirm', is_active: false } });
    expect(marker.status).toBe(400);
    expect(marker.body.message).toBe('Alleen een retourlabel kan worden gemarkeerd.');
    expect(await row(id)).toMatchObject({ isActive: true, marker: null });

    const empty = await request(server, { method: 'POST', path: `/api/label/${id}`, token: org.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { message: string }) => e.message)).toContain('Geef aan wat er aan het label verandert: is_active, status of marker.');
    const unknown = await request(server, { method: 'POST', path: `/api/label/${id}`, token: org.token, body: { name: 'Iemand anders' } });
    expect(unknown.status).toBe(400);
    // the bulk call follows the same rule
    expect((await request(server, { method: 'POST', path: '/api/label/updatebulklabels', token: org.token, body: { label_ids: [id], action: 'deliver_labels' } })).body.data.affected).toBe(0);
  });
});

describe('label/pdf marks labels printed', () => {
  it('makes ready labels printed once, keeps the first printed_at and leaves later statuses alone', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelledOrders(org, 2);
    const [a, b] = labelIds as [string, string];
    await request(server, { method: 'POST', path: `/api/label/${b}`, token: org.token, body: { status: 'completed' } });
    const pdf = (who: TestOrganisation, ids: string[]) => request(server, { method: 'POST', path: '/api/label/pdf', token: who.token, body: { label_ids: ids } });

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
    expect((await request(server, { path: `/api/label/${a}`, token: org.token })).body.data).toMatchObject({ status: 'printed', printed_at: once?.printedAt?.toISOString() });
  });
});

describe('return labels', () => {
  it('makes a return label for a labelled order, which is no duplicate of the outgoing label; a second return is', async () => {
    const org = await server.createOrganisation();
    const { orderIds, labelIds } = await labelledOrders(org, 1);
    const orderId = orderIds[0] as string;
    const made = await requestLabels(org, { order_ids: [orderId], is_return: true });
    expect(made.body).toMatchObject({ status: 'success', errors: [], warnings: [] });
    const returnId = made.body.data[0].id as string;
    expect((await request(server, { path: `/api/label/${returnId}`, token: org.token })).body.data).toMatchObject({ is_return: true, order_id: orderId });
    // the order's shipment ids stay its outgoing labels
    expect((await org.api.orders.get(orderId)).data.shipment_ids).toEqual(labelIds);
    // the labels tab lists the outgoing label, a return filter the return
    expect((await request(server, { path: '/api/label/?is_returned=true', token: org.token })).body.data.map((l: { id: string }) => l.id)).toEqual([returnId]);

    const again = await requestLabels(org, { order_ids: [orderId], is_return: true });
    expect(again.body).toMatchObject({ status: 'warning', data: [], warnings: [{ order_id: orderId, type: 'duplicate', message: 'Deze bestelling heeft al een retourlabel.' }] });
    const forced = await requestLabels(org, { order_ids: [orderId], is_return: true, return_fallback: true, force: true });
    expect(forced.body.status).toBe('success');
    const returns = await server.database.db.select().from(labels).where(inArray(labels.orderId, [orderId]));
    expect(returns.filter((l) => l.isReturn)).toHaveLength(2);

    // another organisation cannot make a return label of this order
    const theirs = await requestLabels(second, { order_ids: [orderId], is_return: true });
    expect(theirs.body.errors).toEqual([{ order_id: orderId, order_number: null, message: 'Order niet gevonden.' }]);
  });

  it('refuses PostNL return labels to Germany per order with the Dutch reason; other orders go on', async () => {
    const org = await server.createOrganisation();
    const linked = await request(server, {
      method: 'POST',
      path: '/api/courier/create',
      token: org.token,
      body: { courier_class: 'postnl', fields: { api_key: 'retour-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } },
    });
    expect(linked.status).toBe(200);
    const courierId = linked.body.data.id as string;
    const postnlOrder = { courier_id: courierId, shipment_type: 'standard', shipment: { packages: [{ weight: 900 }], courier_fields: { signature: false, no_neighbours: false, insurance: '0' } } };
    const [toGermany] = await readyOrders(org, 1, { ...postnlOrder, order_number: 'RET-DE', address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin', country: 'DE' });
    const [toNetherlands] = await readyOrders(org, 1, { ...postnlOrder, order_number: 'RET-NL' });
    const [viaTest] = await readyOrders(org, 1, { order_number: 'RET-TEST', country: 'FR', address_1: 'Rue de Rivoli', housenumber: '10', zipcode: '75001', city: 'Paris' });
    const ids = [toGermany, toNetherlands, viaTest] as string[];

    const { body } = await requestLabels(org, { order_ids: ids, is_return: true });
    expect(body.status).toBe('partial');
    expect(body.errors).toEqual([{ order_id: toGermany, order_number: 'RET-DE', message: 'Voor deze vervoerder kunnen geen retourlabels worden gemaakt voor bestellingen naar dit land.' }]);
    expect(body.data.map((d: { order_id: string }) => d.order_id).sort()).toEqual([toNetherlands, viaTest].sort());
    expect(await server.database.db.select().from(labels).where(eq(labels.orderId, toGermany as string))).toEqual([]);
    // the return_fallback flag does not lift the rule
    const fallback = await requestLabels(org, { order_ids: [toGermany], is_return: true, return_fallback: true, force: true });
    expect(fallback.body.status).toBe('failed');
    expect(postnl.requests.some((r) => JSON.stringify(r.body).includes('RET-DE'))).toBe(false);
  });
});

describe('POST return/{id}', () => {
  it('marks only the caller’s return labels, in Dutch when refused', async () => {
    const org = await server.createOrganisation();
    const { orderIds, labelIds } = await labelledOrders(org, 1);
    const outgoing = labelIds[0] as string;
    const made = await requestLabels(org, { order_ids: orderIds, is_return: true });
    const returnId = made.body.data[0].id as string;

    const marked = await request(server, { method: 'POST', path: `/api/return/${returnId}`, token: org.token, body: { marker: 'item_missing' } });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'success', data: { id: returnId, marker: 'item_missing' } });
    expect((await request(server, { method: 'POST', path: `/api/label/${returnId}`, token: org.token, body: { marker: 'confirm' } })).body.data.marker).toBe('confirm');

    const notReturn = await request(server, { method: 'POST', path: `/api/return/${outgoing}`, token: org.token, body: { marker: 'confirm' } });
    expect(notReturn.status).toBe(400);
    expect(notReturn.body).toMatchObject({ type: 'validation', message: 'Alleen een retourlabel kan worden gemarkeerd.' });
    const badMarker = await request(server, { method: 'POST', path: `/api/return/${returnId}`, token: org.token, body: { marker: 'kwijt' } });
    expect(badMarker.status).toBe(400);
    expect(badMarker.body.fields.marker).toEqual(['Kies een markering: confirm, action_required, item_missing of refuse.']);

    const theirs = await request(server, { method: 'POST', path: `/api/return/${returnId}`, token: second.token, body: { marker: 'refuse' } });
    expect(theirs.status).toBe(404);
    expect((await row(returnId))?.marker).toBe('confirm');
  });
});

describe('deleting a label gives its order back', () => {
  const deleteOne = (who: TestOrganisation, id: string) => request(server, { method: 'POST', path: `/api/label/${id}`, token: who.token, body: { is_active: false } });
  const deleteMany = (who: TestOrganisation, ids: string[]) => request(server, { method: 'POST', path: '/api/label/updatebulklabels', token: who.token, body: { label_ids: ids, action: 'deactivate' } });
  const ordersTab = async (who: TestOrganisation) => (await who.api.orders.list({ tab: 'orders', page_size: 100 })).data.map((o) => o.id);

  it('puts the order back in Bestellingen, re-checked and without the label, ready for a new label (POST label/{id} and updatebulklabels)', async () => {
    const org = await server.createOrganisation();
    const { orderIds, labelIds } = await labelledOrders(org, 3);
    const [one, two, three] = orderIds as [string, string, string];
    expect((await org.api.orders.count()).data.orders).toBe(0);

    // Another organisation deletes nothing and changes none of the orders.
    expect((await deleteOne(second, labelIds[0] as string)).status).toBe(404);
    expect((await deleteMany(second, labelIds as string[])).body.data.affected).toBe(0);
    expect((await org.api.orders.get(one)).data).toMatchObject({ status: 'completed', shipment_ids: [labelIds[0]] });
    expect(await ordersTab(org)).toEqual([]);

    expect((await deleteOne(org, labelIds[0] as string)).status).toBe(200);
    expect((await deleteMany(org, [labelIds[1] as string, labelIds[2] as string])).body.data.affected).toBe(2);
    for (const id of orderIds) expect((await org.api.orders.get(id)).data).toMatchObject({ status: 'ready', status_info: [], shipment_ids: [] });
    expect((await ordersTab(org)).sort()).toEqual([...orderIds].sort());
    expect((await org.api.orders.count()).data).toMatchObject({ orders: 3, problematic: 0 });
    // The second organisation's tab and counters stay as they were.
    expect((await second.api.orders.list({ tab: 'orders', page_size: 100 })).data.map((o) => o.id)).not.toContain(one);

    // A new label without force: no duplicate question, and the order leaves the tab again.
    const again = await requestLabels(org, { order_ids: [one, two, three] });
    expect(again.body).toMatchObject({ status: 'success', warnings: [], errors: [] });
    const newIds = new Map<string, string>(again.body.data.map((d: { order_id: string; id: string }) => [d.order_id, d.id]));
    expect((await org.api.orders.get(one)).data.shipment_ids).toEqual([newIds.get(one)]);
    expect((await org.api.orders.count()).data.orders).toBe(0);
  });

  it('keeps an order with another active label shipped, and leaves the order alone when a return label is deleted', async () => {
    const org = await server.createOrganisation();
    const { orderIds, labelIds } = await labelledOrders(org, 1);
    const orderId = orderIds[0] as string;
    const first = labelIds[0] as string;
    const forced = await requestLabels(org, { order_ids: [orderId], force: true });
    const secondLabel = forced.body.data[0].id as string;
    const made = await requestLabels(org, { order_ids: [orderId], is_return: true });
    const returnId = made.body.data[0].id as string;

    expect((await deleteOne(org, returnId)).status).toBe(200);
    expect((await org.api.orders.get(orderId)).data).toMatchObject({ status: 'completed', shipment_ids: [first, secondLabel] });

    expect((await deleteOne(org, first)).status).toBe(200);
    expect((await org.api.orders.get(orderId)).data).toMatchObject({ status: 'completed', shipment_ids: [secondLabel] });
    expect(await ordersTab(org)).toEqual([]);

    expect((await deleteMany(org, [secondLabel])).body.data.affected).toBe(1);
    expect((await org.api.orders.get(orderId)).data).toMatchObject({ status: 'ready', shipment_ids: [] });
    expect(await ordersTab(org)).toEqual([orderId]);
  });

  it('re-checks the order with the rules of today: a courier deleted since the label makes it an error', async () => {
    const org = await server.createOrganisation();
    const { orderIds, labelIds } = await labelledOrders(org, 1);
    const orderId = orderIds[0] as string;
    const courierId = (await org.api.orders.get(orderId)).data.courier_id as string;
    await org.api.couriers.update(courierId, { is_active: false });

    expect((await deleteOne(org, labelIds[0] as string)).status).toBe(200);
    const order = (await org.api.orders.get(orderId)).data;
    expect(order).toMatchObject({ status: 'error', shipment_ids: [] });
    expect(order.status_info.map((i) => i.message)).toContain('Kies een vervoerder die niet is verwijderd');
    expect((await org.api.orders.count()).data).toMatchObject({ orders: 1, problematic: 1 });
  });
});
