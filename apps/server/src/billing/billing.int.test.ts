import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { readyOrders, request, requestLabels, testCourierId } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { invoiceItems, labels, platformContracts } from '../db/schema';
import { ensureBillingReferenceData } from './reference-data';
import { createBillingRepository } from './repository';

const postnl = startForFile(() => startFakePostnl({ apikey: 'platform-sleutel' }));
const { server, first, second } = testServerForFile();
let proxyId: string;
let ownTestId: string;

// Raw SQL in this file only where the API cannot make the state: a platform contract the
// operator switched off, and a second invoice item for a label (which the unique index refuses).

async function itemsOfOrders(orderIds: string[]) {
  const made = await server.database.db.select({ id: labels.id }).from(labels).where(inArray(labels.orderId, orderIds));
  if (made.length === 0) return { labels: 0, items: [] };
  const items = await server.database.db.select().from(invoiceItems).where(inArray(invoiceItems.labelId, made.map((l) => l.id)));
  return { labels: made.length, items };
}

beforeAll(async () => {
  proxyId = (await first.api.couriers.create({ courier_class: 'test', fields: { contract: 'platform' } })).data.id;
  ownTestId = await testCourierId(first);
});

describe('label-price/', () => {
  it('lists the prices of the classes with a platform contract, the same for every organisation', async () => {
    const { status, body } = await request(server, { path: '/api/label-price/', token: first.token });
    expect(status).toBe(200);
    expect(new Set(body.data.map((r: { courier_class: string }) => r.courier_class))).toEqual(new Set(['test']));
    expect(body.data[0]).toMatchObject({ courier_class: 'test', shipment_type: 'letterbox', zone: 'NL', max_weight: 2000, option: null, unit_price: '3.45' });
    expect(body.data).toContainEqual(expect.objectContaining({ shipment_type: 'parcel', zone: 'NL', option: 'signature', max_weight: null, unit_price: '0.30' }));
    const eu = await request(server, { path: '/api/label-price/', query: { shipment_type: 'parcel', zone: 'EU' }, token: first.token });
    expect(eu.body.data.length).toBeGreaterThan(0);
    expect(eu.body.data.every((r: { zone: string; shipment_type: string }) => r.zone === 'EU' && r.shipment_type === 'parcel')).toBe(true);
    expect((await request(server, { path: '/api/label-price/', token: second.token })).body).toEqual(body);
    expect((await request(server, { path: '/api/label-price/', query: { courier_class: 'postnl' }, token: first.token })).body.data).toEqual([]);
    expect((await request(server, { path: '/api/label-price/', query: { zone: 'MARS' }, token: first.token })).status).toBe(400);
    expect((await request(server, { path: '/api/label-price/' })).status).toBe(401);
  });
});

describe('label_price invoice items of proxy labels', () => {
  it('a proxy label gets exactly one item with the price table’s parts; only its organisation sees it', async () => {
    const ids = await readyOrders(first, 1, { courier_id: proxyId, shipment: { packages: [{ weight: 800 }, { weight: 12_000 }], courier_fields: { signature: true, insurance: '500' } } });
    const { body } = await requestLabels(first, { order_ids: ids });
    expect(body.status).toBe('success');
    const { items } = await itemsOfOrders(ids);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ organisationId: first.organisationId, type: 'label_price', totalCents: 495 + 30 + 150 + 1195 + 30 + 150 });
    expect(items[0]?.parts.map((p) => `${p.description} ${p.unit_price}`)).toEqual([
      'Pakket 1: Testvervoerder Pakket Nederland tot 2 kg 4.95',
      'Pakket 1: Toeslag verzekering tot € 500 1.50',
      'Pakket 1: Toeslag handtekening bij aflevering 0.30',
      'Pakket 2: Testvervoerder Pakket Nederland tot 23 kg 11.95',
      'Pakket 2: Toeslag verzekering tot € 500 1.50',
      'Pakket 2: Toeslag handtekening bij aflevering 0.30',
    ]);
    const repository = createBillingRepository(server.database.db);
    const labelId = body.data[0].id as string;
    const mine = await repository.for(first.organisationId).invoiceItemsOf([labelId]);
    expect(mine.get(labelId)).toEqual([{ id: items[0]?.id, type: 'label_price', parts: items[0]?.parts, total: '20.50' }]);
    expect((await repository.for(second.organisationId).invoiceItemsOf([labelId])).size).toBe(0);
  });

  it('a repeated request with the same Idempotency-Key charges once', async () => {
    const ids = await readyOrders(first, 2, { courier_id: proxyId });
    const once = await requestLabels(first, { order_ids: ids }, 'factuur-1');
    const again = await requestLabels(first, { order_ids: ids }, 'factuur-1');
    expect(again.body).toEqual(once.body);
    const { labels: made, items } = await itemsOfOrders(ids);
    expect(made).toBe(2);
    expect(items.map((i) => i.totalCents)).toEqual([495, 495]);
  });

  it('five requests at once make one label and one item', async () => {
    const ids = await readyOrders(first, 1, { courier_id: proxyId });
    const answers = await Promise.all(Array.from({ length: 5 }, () => requestLabels(first, { order_ids: ids })));
    expect(answers.map((a) => a.body.status), JSON.stringify(answers.map((a) => a.body))).toContain('success');
    const { labels: made, items } = await itemsOfOrders(ids);
    expect(made).toBe(1);
    expect(items).toHaveLength(1);
  });

  it('the unique index refuses a second label_price item for a label', async () => {
    const ids = await readyOrders(first, 1, { courier_id: proxyId });
    await requestLabels(first, { order_ids: ids });
    const [label] = await server.database.db.select().from(labels).where(eq(labels.orderId, ids[0] ?? ''));
    await expect(
      server.database.db.insert(invoiceItems).values({ organisationId: first.organisationId, labelId: label?.id ?? '', type: 'label_price', parts: [], totalCents: 1 }),
    ).rejects.toThrow();
    expect((await itemsOfOrders(ids)).items).toHaveLength(1);
  });

  it('an own-contract label is not invoiced', async () => {
    const ids = await readyOrders(first, 2, { courier_id: ownTestId });
    expect((await requestLabels(first, { order_ids: ids })).body.status).toBe('success');
    expect(await itemsOfOrders(ids)).toEqual({ labels: 2, items: [] });
  });

  it('an unknown price is that order’s error: no label, no item, the other orders go on', async () => {
    const [abroad] = await readyOrders(first, 1, { courier_id: proxyId, country: 'DE', zipcode: '10115', city: 'Berlin', address_1: 'Unter den Linden', shipment_type: 'letterbox' });
    const [good] = await readyOrders(first, 1, { courier_id: proxyId });
    const { body } = await requestLabels(first, { order_ids: [abroad ?? '', good ?? ''] });
    expect(body.status).toBe('partial');
    expect(body.errors).toEqual([{ order_id: abroad, order_number: expect.any(String), message: 'Prijs onbekend voor test letterbox: country.' }]);
    expect(await itemsOfOrders([abroad ?? ''])).toEqual({ labels: 0, items: [] });
    expect((await itemsOfOrders([good ?? ''])).items).toHaveLength(1);
  });

  it('a proxy courier whose platform contract was switched off makes no label', async () => {
    const ids = await readyOrders(first, 1, { courier_id: proxyId });
    const proxy = await first.api.couriers.get(proxyId);
    await server.database.db.update(platformContracts).set({ isActive: false }).where(eq(platformContracts.id, proxy.data.proxied_id ?? ''));
    try {
      const { body } = await requestLabels(first, { order_ids: ids });
      expect(body.errors.map((e: { message: string }) => e.message)).toEqual(['Deze vervoerder is niet actief!']);
      expect(await itemsOfOrders(ids)).toEqual({ labels: 0, items: [] });
    } finally {
      await server.database.db.update(platformContracts).set({ isActive: true }).where(eq(platformContracts.id, proxy.data.proxied_id ?? ''));
    }
  });

  it('a proxy PostNL label calls PostNL with the platform’s credentials and is priced from PostNL’s table', async () => {
    await ensureBillingReferenceData(server.database.db, {
      platformContracts: JSON.stringify([{ courier_class: 'postnl', name: 'PostNL via Verzendhuis', fields: { api_key: 'platform-sleutel', customer_code: 'VZHS', customer_number: '555', base_url: postnl.url } }]),
    });
    const linked = await first.api.couriers.create({ courier_class: 'postnl', fields: { contract: 'platform' } });
    const ids = await readyOrders(first, 1, { courier_id: linked.data.id, shipment_type: 'standard', shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: true, no_neighbours: false, insurance: '0' } } });
    const { body } = await requestLabels(first, { order_ids: ids });
    expect(body.status).toBe('success');
    expect(postnl.requests.every((r) => r.apikey === 'platform-sleutel')).toBe(true);
    expect(postnl.requests.some((r) => r.path === '/shipment/v2_2/label')).toBe(true);
    const { items } = await itemsOfOrders(ids);
    expect(items.map((i) => i.totalCents)).toEqual([565 + 35]);
    // The price table now also shows PostNL, whose platform contract exists.
    expect((await request(server, { path: '/api/label-price/', query: { courier_class: 'postnl', zone: 'NL' }, token: second.token })).body.data.length).toBeGreaterThan(0);
  });
});
