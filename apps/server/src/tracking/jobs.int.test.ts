import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestServer, type TestOrganisation, type TestServer } from '../../test-support/server';
import { labelPackages, labels } from '../db/schema';
import { createServices, type Services } from '../services';
import { trackingRefreshQueue } from './jobs';

let server: TestServer;
let jobs: Services;
let first: TestOrganisation;
let second: TestOrganisation;

beforeAll(async () => {
  server = await startTestServer({ testCarrierTimeScale: 1 });
  // Another process's composition root on the same database (no schedules): it sends the job.
  jobs = await createServices({ config: server.config, database: server.database });
  await jobs.start({ schedule: false });
  first = await server.createOrganisation();
  second = await server.createOrganisation();
});
afterAll(async () => {
  await jobs?.stop();
  await server?.close();
});

async function makeLabel(org: TestOrganisation, options: { hoursOld: number; delivered?: boolean }): Promise<string> {
  const courierId = (await org.api.couriers.list()).data.find((c) => c.service_class === 'test')?.id;
  const order = await org.api.orders.bulk([
    { order_number: `J-${Math.random().toString(36).slice(2, 8)}`, name: 'Bram Jansen', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL', courier_id: courierId, shipment_type: 'parcel', shipment: { packages: [{ weight: 500 }], courier_fields: {} } },
  ]);
  const response = await fetch(`${server.url}/api/order/label/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ order_ids: order.data.map((d) => d.id) }),
  });
  const id: string = (await readJson(response)).data[0].id;
  // A plain path (tracking number ending in 1), made `hoursOld` ago.
  await server.database.db.update(labelPackages).set({ trackingNumber: '3STEST000000001' }).where(eq(labelPackages.labelId, id));
  await server.database.db
    .update(labels)
    .set({ createdAt: sql`now() - make_interval(secs => ${options.hoursOld * 3600})`, ...(options.delivered ? { status: 'completed' } : {}) })
    .where(eq(labels.id, id));
  return id;
}

const rows = async (ids: string[]) =>
  Object.fromEntries(
    (await server.database.db.select({ id: labels.id, status: labels.status, trackingDate: labels.trackingDate }).from(labels).where(inArray(labels.id, ids))).map((r) => [r.id, r]),
  );

describe('the scheduled tracking refresh', () => {
  it('refreshes the travelling labels younger than 30 days of every organisation, and leaves the rest', async () => {
    const shipped = await makeLabel(first, { hoursOld: 3 });
    const old = await makeLabel(first, { hoursOld: 40 * 24 });
    const done = await makeLabel(first, { hoursOld: 3, delivered: true });
    const elsewhere = await makeLabel(second, { hoursOld: 25 });

    await jobs.queue.send(trackingRefreshQueue, {});
    const deadline = Date.now() + 20_000;
    let now = await rows([shipped, old, done, elsewhere]);
    while (Date.now() < deadline && (now[shipped]?.status !== 'shipped' || now[elsewhere]?.status !== 'completed')) {
      await new Promise((r) => setTimeout(r, 200));
      now = await rows([shipped, old, done, elsewhere]);
    }
    expect(now[shipped]?.status).toBe('shipped');
    expect(now[elsewhere]?.status).toBe('completed');
    expect(now[shipped]?.trackingDate).not.toBeNull();
    expect(now[old]).toMatchObject({ status: 'ready', trackingDate: null });
    expect(now[done]).toMatchObject({ status: 'completed', trackingDate: null });
  });

  it('walks all due labels in batches and skips the ones refreshed a moment ago (explicit now)', async () => {
    // The tracking service of the composition root (TEST_CARRIER_TIME_SCALE 1, as the server's).
    const service = jobs.tracking;
    await server.database.db.update(labels).set({ isActive: false });
    const ids = [await makeLabel(first, { hoursOld: 0 }), await makeLabel(first, { hoursOld: 0 }), await makeLabel(second, { hoursOld: 0 })];
    const inThreeHours = new Date(Date.now() + 3 * 3_600_000);
    expect(await service.refreshDue({ now: inThreeHours, batchSize: 2 })).toEqual({ checked: 3, changed: 3, failed: 0 });
    expect(Object.values(await rows(ids)).map((r) => r.status)).toEqual(['shipped', 'shipped', 'shipped']);
    expect(await service.refreshDue({ now: new Date(inThreeHours.getTime() + 60_000), batchSize: 2 })).toEqual({ checked: 0, changed: 0, failed: 0 });
    expect(await service.refreshDue({ now: new Date(Date.now() + 30 * 3_600_000), batchSize: 2 })).toEqual({ checked: 3, changed: 3, failed: 0 });
    expect(Object.values(await rows(ids)).map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
  });
});
