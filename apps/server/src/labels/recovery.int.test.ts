import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readyOrders, requestLabels, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { appInstances, labelRequests, labels } from '../db/schema';
import { instanceIsDead, instanceLockClass, registerInstance, type InstanceRegistration } from '../jobs/instance';
import { createLabelRepository } from './repository';
import { labelRequestHash } from './service';

/**
 * The recovery on demand, in one process (docs/labels.md, "Na een crash"): instances that
 * are live or dead, and what a dead one left behind met by the next request. The kill of
 * a real process is in crash-recovery.int.test.ts. Raw SQL here only for what no API
 * makes: an instance of another process (registered through its repository), its death
 * (its session ended by PostgreSQL, as a crash ends it) and its claims.
 */

const { server, first, second } = testServerForFile();
const interrupted = 'Het maken van dit label is onderbroken doordat de server stopte; er is geen label gemaakt. Probeer het opnieuw.';

const register = () => registerInstance(server.database.db);

async function isDead(id: number): Promise<boolean> {
  const { rows } = await server.database.db.execute<{ dead: boolean }>(sql`SELECT ${instanceIsDead(sql`${id}::int`)} AS dead`);
  return rows[0]?.dead ?? false;
}

/** Ends the instance's session as a crash would (PostgreSQL drops its lock with it). */
async function crash(instance: InstanceRegistration): Promise<void> {
  await server.database.pool.query(
    `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND classid = $1::oid AND objid = $2::oid AND granted`,
    [instanceLockClass, instance.id],
  );
  await waitForDeath(instance.id);
}

async function waitForDeath(id: number): Promise<void> {
  for (let i = 0; i < 100 && !(await isDead(id)); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await isDead(id)).toBe(true);
}

/** A label claim of another instance, as its request or job made it. */
async function claimOf(org: TestOrganisation, instance: InstanceRegistration, orderId: string, requestKey: string | null = null): Promise<string> {
  const claim = await createLabelRepository(server.database.db)
    .for(org.organisationId)
    .claim(
      { orderId, courierId: await testCourierId(org), courierClass: 'test', isReturn: false, shipmentType: 'parcel', courierFields: {}, orderSnapshot: {}, claimedBy: instance.id, requestKey },
      { force: false },
    );
  if (typeof claim === 'string') throw new Error(`no claim: ${claim}`);
  return claim.id;
}

describe('instances', () => {
  it('are live while their session holds the lock and the heartbeat is fresh; a lost session comes back with the same id', async () => {
    const instance = await register();
    expect(await isDead(instance.id)).toBe(false);

    // A heartbeat older than the lease: dead, though the session lives (a process that hangs).
    await server.database.db.update(appInstances).set({ heartbeatAt: sql`now() - interval '5 minutes'` }).where(eq(appInstances.id, instance.id));
    expect(await isDead(instance.id)).toBe(true);
    await instance.heartbeat();
    expect(await isDead(instance.id)).toBe(false);

    // The session ends (a crash, or a lost connection): dead at once. A live process's next heartbeat takes its lock back.
    await crash(instance);
    await instance.heartbeat();
    expect(await isDead(instance.id)).toBe(false);

    // A clean stop removes it.
    await instance.close();
    expect(await isDead(instance.id)).toBe(true);
    expect(await server.database.db.select().from(appInstances).where(eq(appInstances.id, instance.id))).toEqual([]);
  });
});

describe('what a dead instance left behind', () => {
  it('answers its request’s Idempotency-Key at once from what it made, and releases its claims with a Dutch status', async () => {
    const [made = '', atCarrier = '', notReached = ''] = await readyOrders(first, 3);
    const orderIds = [made, atCarrier, notReached];
    const key = `afgebroken-${Date.now()}`;
    const dead = await register();
    const repository = createLabelRepository(server.database.db).for(first.organisationId);
    await repository.startRequest(key, { requestHash: labelRequestHash({ order_ids: orderIds, is_return: false, force: false }), orderIds, claimedBy: dead.id });
    // The first order's label came back from the carrier and was stored, the second was still at the carrier, the third not started.
    const madeLabel = await claimOf(first, dead, made, key);
    expect(await repository.recordCarrierLabel(madeLabel, [{ packageNumber: 1, weight: 800, trackingNumber: '3STEST000000042', trackingUrl: null, labelFile: Buffer.from('%PDF-1.7') }])).toBe(true);
    const atCarrierLabel = await claimOf(first, dead, atCarrier, key);

    // While the instance lives, the key is in progress and the orders are busy.
    const live = await requestLabels(first, { order_ids: orderIds }, key);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ message_code: 'request_in_progress', message: 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.' });

    await crash(dead);
    // The other organisation's same key is its own request: it sees and changes nothing of this one.
    const theirs = await requestLabels(second, { order_ids: orderIds }, key);
    expect(theirs.body).toMatchObject({ status: 'failed', data: [] });

    const answered = await requestLabels(first, { order_ids: orderIds }, key);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({
      status: 'partial',
      data: [{ id: madeLabel, order_id: made, shipment_id: madeLabel }],
      errors: [
        { order_id: atCarrier, order_number: expect.any(String), message: interrupted },
        { order_id: notReached, order_number: expect.any(String), message: interrupted },
      ],
      warnings: [],
    });
    // The stored label was finished: the order is labelled. The other claim was released, kept with its reason.
    expect((await first.api.orders.get(made)).data).toMatchObject({ status: 'completed', shipment_ids: [madeLabel] });
    const [released] = await server.database.db.select().from(labels).where(eq(labels.id, atCarrierLabel));
    expect(released).toMatchObject({ status: 'canceled', isActive: false, errorStatus: 'interrupted', statusInfo: [{ type: 'label_interrupted', message: interrupted, status: 'error' }] });
    const [stored] = await server.database.db.select().from(labelRequests).where(and(eq(labelRequests.organisationId, first.organisationId), eq(labelRequests.idempotencyKey, key)));
    expect(stored?.response).toEqual(answered.body);
    // The same key again: the same answer. The orders not made are labelled by a new request, without force.
    expect((await requestLabels(first, { order_ids: orderIds }, key)).body).toEqual(answered.body);
    expect((await requestLabels(first, { order_ids: [atCarrier, notReached] })).body).toMatchObject({ status: 'success', errors: [] });
  });

  it('releases a dead instance’s claim when its order is asked for, and leaves a live instance’s claim alone', async () => {
    const [deadOrder = '', liveOrder = ''] = await readyOrders(first, 2);
    const dead = await register();
    const live = await register();
    const deadClaim = await claimOf(first, dead, deadOrder);
    const liveClaim = await claimOf(first, live, liveOrder);
    await crash(dead);

    const answer = await requestLabels(first, { order_ids: [deadOrder, liveOrder] });
    expect(answer.body).toMatchObject({ status: 'partial', errors: [{ order_id: liveOrder, message: 'Voor deze bestelling wordt al een label gemaakt.' }] });
    expect(answer.body.data.map((d: { order_id: string }) => d.order_id)).toEqual([deadOrder]);
    const rows = await server.database.db.select().from(labels).where(inArray(labels.id, [deadClaim, liveClaim]));
    expect(rows.find((r) => r.id === deadClaim)).toMatchObject({ status: 'canceled', isActive: false });
    expect(rows.find((r) => r.id === liveClaim)).toMatchObject({ status: 'creating', isActive: true });
    await live.close();
  });
});
