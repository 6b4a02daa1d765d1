import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { labelPackages, labels } from '../db/schema';
import { trackingRefreshQueue } from './jobs';

const { server, first, second } = testServerForFile({ config: { testCarrierTimeScale: 1 } });
// Another process on the same database (no schedules) sends the job.
const jobs = otherProcessForFile(server);

/** A label of the Testvervoerder; raw SQL gives it a plain path (tracking number ending in 1) and makes it `hoursOld` old, which the API cannot. */
async function makeLabel(org: TestOrganisation, options: { hoursOld: number; delivered?: boolean }): Promise<string> {
  const [id = ''] = (await labelledOrders(org, 1, { name: 'Bram Jansen', shipment: { packages: [{ weight: 500 }], courier_fields: {} } })).labelIds;
  if (options.delivered) await request(server, { method: 'POST', path: `/api/label/${id}`, token: org.token, body: { status: 'completed' } });
  await server.database.db.update(labelPackages).set({ trackingNumber: '3STEST000000001' }).where(eq(labelPackages.labelId, id));
  await server.database.db
    .update(labels)
    .set({ createdAt: sql`now() - make_interval(secs => ${options.hoursOld * 3600})` })
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
    const now = await waitUntil(
      () => rows([shipped, old, done, elsewhere]),
      (seen) => seen[shipped]?.status === 'shipped' && seen[elsewhere]?.status === 'completed',
      { timeoutMs: 20_000, what: 'the refresh job moved the labels' },
    );
    expect(now[shipped]?.status).toBe('shipped');
    expect(now[elsewhere]?.status).toBe('completed');
    expect(now[shipped]?.trackingDate).not.toBeNull();
    expect(now[old]).toMatchObject({ status: 'ready', trackingDate: null });
    expect(now[done]).toMatchObject({ status: 'completed', trackingDate: null });
  });

  it('walks all due labels in batches and skips the ones refreshed a moment ago (explicit now)', async () => {
    // The tracking service of the composition root (TEST_CARRIER_TIME_SCALE 1, as the server's).
    const service = jobs.tracking;
    // Raw SQL: the labels of the test before leave the due set, across organisations.
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
