import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInput } from '@verzendhuis/contract/order';
import { startFakePostnl, type FakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { readJson, startTestServer, type TestOrganisation, type TestServer } from '../../test-support/server';
import { invoiceItems, labels, platformContracts } from '../db/schema';
import { ensureBillingReferenceData } from './reference-data';
import { createBillingRepository } from './repository';

let server: TestServer;
let postnl: FakePostnl;
let first: TestOrganisation;
let second: TestOrganisation;
let proxyId: string;
let ownTestId: string;

async function call(method: string, path: string, who: TestOrganisation | null, body?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { ...headers, ...(who ? { authorization: `Bearer ${who.token}` } : {}) };
  if (body !== undefined) all['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/api${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await readJson(response) };
}

async function orders(who: TestOrganisation, courierId: string, count: number, overrides: Partial<OrderInput> = {}): Promise<string[]> {
  const result = await who.api.orders.bulk(
    Array.from({ length: count }, (_, i) => ({
      order_number: `F-${Math.random().toString(36).slice(2, 8)}-${i}`,
      name: 'Fenna de Vries',
      address_1: 'Oudegracht',
      housenumber: '12',
      zipcode: '3511 AB',
      city: 'Utrecht',
      country: 'NL',
      courier_id: courierId,
      shipment_type: 'parcel',
      shipment: { packages: [{ weight: 800 }], courier_fields: {} },
      ...overrides,
    })),
  );
  expect(result.data.map((d) => d.status)).toEqual(Array.from({ length: count }, () => 'ready'));
  return result.data.map((d) => d.id);
}

const createLabels = (who: TestOrganisation, orderIds: string[], key?: string) =>
  call('POST', '/order/label/create', who, { order_ids: orderIds }, key ? { 'idempotency-key': key } : {});

async function itemsOfOrders(orderIds: string[]) {
  const made = await server.database.db.select({ id: labels.id }).from(labels).where(inArray(labels.orderId, orderIds));
  if (made.length === 0) return { labels: 0, items: [] };
  const items = await server.database.db.select().from(invoiceItems).where(inArray(invoiceItems.labelId, made.map((l) => l.id)));
  return { labels: made.length, items };
}

beforeAll(async () => {
  postnl = await startFakePostnl({ apikey: 'platform-sleutel' });
  server = await startTestServer();
  first = await server.createOrganisation();
  second = await server.createOrganisation();
  proxyId = (await call('POST', '/courier/create', first, { courier_class: 'test', fields: { contract: 'platform' } })).body.data.id;
  ownTestId = (await first.api.couriers.list()).data.find((c) => c.service_class === 'test' && c.proxied_id === null)?.id ?? '';
});
afterAll(async () => {
  await server?.close();
  await postnl?.close();
});

describe('label-price/', () => {
  it('lists the prices of the classes with a platform contract, the same for every organisation', async () => {
    const { status, body } = await call('GET', '/label-price/', first);
    expect(status).toBe(200);
    expect(new Set(body.data.map((r: { courier_class: string }) => r.courier_class))).toEqual(new Set(['test']));
    expect(body.data[0]).toMatchObject({ courier_class: 'test', shipment_type: 'letterbox', zone: 'NL', max_weight: 2000, option: null, unit_price: '3.45' });
    expect(body.data).toContainEqual(expect.objectContaining({ shipment_type: 'parcel', zone: 'NL', option: 'signature', max_weight: null, unit_price: '0.30' }));
    const eu = await call('GET', '/label-price/?shipment_type=parcel&zone=EU', first);
    expect(eu.body.data.length).toBeGreaterThan(0);
    expect(eu.body.data.every((r: { zone: string; shipment_type: string }) => r.zone === 'EU' && r.shipment_type === 'parcel')).toBe(true);
    expect((await call('GET', '/label-price/', second)).body).toEqual(body);
    expect((await call('GET', '/label-price/?courier_class=postnl', first)).body.data).toEqual([]);
    expect((await call('GET', '/label-price/?zone=MARS', first)).status).toBe(400);
    expect((await call('GET', '/label-price/', null)).status).toBe(401);
  });
});

describe('label_price invoice items of proxy labels', () => {
  it('a proxy label gets exactly one item with the price table’s parts; only its organisation sees it', async () => {
    const ids = await orders(first, proxyId, 1, { shipment: { packages: [{ weight: 800 }, { weight: 12_000 }], courier_fields: { signature: true, insurance: '500' } } });
    const { body } = await createLabels(first, ids);
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
    const mine = await repository.invoiceItemsOf(first.organisationId, [labelId]);
    expect(mine.get(labelId)).toEqual([{ id: items[0]?.id, type: 'label_price', parts: items[0]?.parts, total: '20.50' }]);
    expect((await repository.invoiceItemsOf(second.organisationId, [labelId])).size).toBe(0);
  });

  it('a repeated request with the same Idempotency-Key charges once', async () => {
    const ids = await orders(first, proxyId, 2);
    const once = await createLabels(first, ids, 'factuur-1');
    const again = await createLabels(first, ids, 'factuur-1');
    expect(again.body).toEqual(once.body);
    const { labels: made, items } = await itemsOfOrders(ids);
    expect(made).toBe(2);
    expect(items.map((i) => i.totalCents)).toEqual([495, 495]);
  });

  it('five requests at once make one label and one item', async () => {
    const ids = await orders(first, proxyId, 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => createLabels(first, ids)));
    expect(answers.map((a) => a.body.status), JSON.stringify(answers.map((a) => a.body))).toContain('success');
    const { labels: made, items } = await itemsOfOrders(ids);
    expect(made).toBe(1);
    expect(items).toHaveLength(1);
  });

  it('the unique index refuses a second label_price item for a label', async () => {
    const ids = await orders(first, proxyId, 1);
    await createLabels(first, ids);
    const [label] = await server.database.db.select().from(labels).where(eq(labels.orderId, ids[0] ?? ''));
    await expect(
      server.database.db.insert(invoiceItems).values({ organisationId: first.organisationId, labelId: label?.id ?? '', type: 'label_price', parts: [], totalCents: 1 }),
    ).rejects.toThrow();
    expect((await itemsOfOrders(ids)).items).toHaveLength(1);
  });

  it('an own-contract label is not invoiced', async () => {
    const ids = await orders(first, ownTestId, 2);
    expect((await createLabels(first, ids)).body.status).toBe('success');
    expect(await itemsOfOrders(ids)).toEqual({ labels: 2, items: [] });
  });

  it('an unknown price is that order’s error: no label, no item, the other orders go on', async () => {
    const [abroad] = await orders(first, proxyId, 1, { country: 'DE', zipcode: '10115', city: 'Berlin', address_1: 'Unter den Linden', shipment_type: 'letterbox' });
    const [good] = await orders(first, proxyId, 1);
    const { body } = await createLabels(first, [abroad ?? '', good ?? '']);
    expect(body.status).toBe('partial');
    expect(body.errors).toEqual([{ order_id: abroad, order_number: expect.any(String), message: 'Prijs onbekend voor test letterbox: country.' }]);
    expect(await itemsOfOrders([abroad ?? ''])).toEqual({ labels: 0, items: [] });
    expect((await itemsOfOrders([good ?? ''])).items).toHaveLength(1);
  });

  it('a proxy courier whose platform contract was switched off makes no label', async () => {
    const ids = await orders(first, proxyId, 1);
    const proxy = await first.api.couriers.get(proxyId);
    await server.database.db.update(platformContracts).set({ isActive: false }).where(eq(platformContracts.id, proxy.data.proxied_id ?? ''));
    try {
      const { body } = await createLabels(first, ids);
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
    const linked = await call('POST', '/courier/create', first, { courier_class: 'postnl', fields: { contract: 'platform' } });
    const ids = await orders(first, linked.body.data.id, 1, { shipment_type: 'standard', shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: true, no_neighbours: false, insurance: '0' } } });
    const { body } = await createLabels(first, ids);
    expect(body.status).toBe('success');
    expect(postnl.requests.every((r) => r.apikey === 'platform-sleutel')).toBe(true);
    expect(postnl.requests.some((r) => r.path === '/shipment/v2_2/label')).toBe(true);
    const { items } = await itemsOfOrders(ids);
    expect(items.map((i) => i.totalCents)).toEqual([565 + 35]);
    // The price table now also shows PostNL, whose platform contract exists.
    expect((await call('GET', '/label-price/?courier_class=postnl&zone=NL', second)).body.data.length).toBeGreaterThan(0);
  });
});
