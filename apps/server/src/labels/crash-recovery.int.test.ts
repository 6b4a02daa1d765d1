import { randomBytes } from 'node:crypto';
import { and, eq, inArray, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { createOrganisation, orderInput, readyOrders, request, requestLabels, type RawResponse, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { waitUntil, waitUntilBlockedBy } from '../../test-support/wait';
import { connect, ensureDatabase, type DatabaseHandle } from '../db/client';
import { freePort } from '../db/embedded';
import { labelRequests, labels, orders } from '../db/schema';

/**
 * A server killed with SIGKILL in the middle of label creation (docs/labels.md, "Na een
 * crash"): a direct request with an Idempotency-Key and a label job, both waiting on a
 * carrier call, while a second server shares the database. The server is started again
 * on the same database: what the carrier confirmed is finished, the rest is released with
 * a Dutch message, the key answers and the orders can be labelled again.
 *
 * The servers are real processes (`main.ts`); the PostNL fake holds the calls it is told
 * to. Raw SQL in this file only to read states no API shows (a claim being made, a
 * released claim) and to hold an order's row lock, as a long transaction of another
 * request would.
 */

const apiKey = 'crash-sleutel';
const postnl = startForFile(() => startFakePostnl({ apikey: apiKey }));
const interrupted = 'Het maken van dit label is onderbroken doordat de server stopte; er is geen label gemaakt. Probeer het opnieuw.';

let database: DatabaseHandle;
let databaseUrl: string;
const started: ServerProcess[] = [];
beforeAll(async () => {
  databaseUrl = await ensureDatabase(inject('adminDatabaseUrl'), `t_${randomBytes(6).toString('hex')}`);
  database = connect(databaseUrl);
});
afterAll(async () => {
  for (const server of started) await server.kill();
  await database?.close();
});

/** A server process on this file's database; every one shares one public URL, so a token of one is good at the others. */
async function serverOn(port: number, publicUrl: string): Promise<ServerProcess> {
  const server = await startServerProcess({
    port,
    databaseUrl,
    // Three orders or fewer are made in the request, more by a job; a held carrier call is not timed out during the test.
    env: { PUBLIC_URL: publicUrl, LABEL_JOB_THRESHOLD: '3', CARRIER_TIMEOUT_MS: '60000', TEST_CARRIER_TIME_SCALE: '1' },
  });
  started.push(server);
  return server;
}

async function linkPostnl(org: TestOrganisation): Promise<string> {
  const linked = await request({ url: org.serverUrl }, {
    method: 'POST',
    path: '/api/courier/create',
    token: org.token,
    body: { courier_class: 'postnl', fields: { api_key: apiKey, customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } },
  });
  expect(linked.status).toBe(200);
  return linked.body.data.id as string;
}

const postnlOrder = (courierId: string, orderNumber: string) => ({
  order_number: orderNumber,
  courier_id: courierId,
  shipment_type: 'standard',
  shipment: { packages: [{ weight: 900 }], courier_fields: { signature: false, no_neighbours: false, insurance: '0' } },
});

async function labelRows(orderIds: string[]) {
  return database.db.select().from(labels).where(inArray(labels.orderId, orderIds));
}

describe('a server killed during label creation', () => {
  it('recovers on its next start: finishes what the carrier confirmed, releases the rest, answers the key and labels the orders again', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    let server = await serverOn(port, url);
    const org = await createOrganisation({ url, database });
    const other = await createOrganisation({ url, database });
    const courierId = await linkPostnl(org);
    const stamp = Date.now().toString(36).toUpperCase();

    // A direct request of three orders: A's label comes from PostNL but cannot be stored
    // before the kill (its order row is locked), B's PostNL call is still open, C is made.
    const [orderA = ''] = await readyOrders(org, 1, postnlOrder(courierId, `${stamp}-A`));
    const [orderB = ''] = await readyOrders(org, 1, postnlOrder(courierId, `${stamp}-B`));
    const [orderC = ''] = await readyOrders(org, 1, { order_number: `${stamp}-C` });
    // A label job of four orders (above the threshold of 3): E's PostNL call stays open.
    const [orderD = '', orderF = '', orderG = ''] = await readyOrders(org, 3, { order_number: `${stamp}-DFG` });
    const [orderE = ''] = await readyOrders(org, 1, postnlOrder(courierId, `${stamp}-E`));
    const holdA = postnl.hold(`${stamp}-A`);
    const holdB = postnl.hold(`${stamp}-B`);
    const holdE = postnl.hold(`${stamp}-E`);

    const key = `crash-${stamp}`;
    const direct = requestLabels(org, { order_ids: [orderA, orderB, orderC] }, key).catch((error: unknown) => error);
    const queued = await requestLabels(org, { order_ids: [orderD, orderE, orderF, orderG] });
    expect(queued.body.status).toBe('queued');
    const jobId = queued.body.job.id as string;
    await waitUntil(async () => [holdA.waiting(), holdB.waiting(), holdE.waiting()], (w) => w.every((n) => n === 1), { timeoutMs: 30_000, what: 'the three PostNL calls open' });
    await waitUntil(async () => (await labelRows([orderC, orderD, orderF, orderG])).filter((l) => l.status === 'ready').length, (n) => n === 4, { what: 'C, D, F and G labelled' });

    // A's order row is held by another transaction; PostNL answers A, whose label then waits for the row.
    // Meanwhile a second server starts on the same database: the first one's work is live, and it must leave it alone.
    const whileLive: { claimB?: (typeof labels.$inferSelect)[]; repeat?: RawResponse } = {};
    await database.db
      .transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderA)).for('update');
        holdA.release();
        await waitUntilBlockedBy(tx, database.pool, { timeoutMs: 20_000 });
        const second = await serverOn(await freePort(), url);
        whileLive.claimB = await labelRows([orderB]);
        whileLive.repeat = await requestLabels({ ...org, serverUrl: second.url }, { order_ids: [orderA, orderB, orderC] }, key);
        await second.stop();
        // kill -9 while B's and E's carrier calls are open and A waits to be stored.
        await server.kill();
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(whileLive.claimB).toMatchObject([{ status: 'creating', isActive: true }]);
    expect(whileLive.repeat?.status, JSON.stringify(whileLive.repeat?.body)).toBe(409);
    expect(whileLive.repeat?.body.message_code).toBe('request_in_progress');
    expect(await direct).toBeInstanceOf(Error);
    holdB.release();
    holdE.release();

    // Started again on the same database and port: recovered before it answers.
    server = await serverOn(port, url);

    // A: PostNL made it and its packages were stored: finished, the order is labelled.
    const [labelA] = (await labelRows([orderA])).filter((l) => l.isActive);
    expect(labelA).toMatchObject({ status: 'ready', isActive: true });
    expect(labelA?.trackingNumber).toMatch(/^3SDEVC\d+$/);
    expect((await org.api.orders.get(orderA)).data).toMatchObject({ status: 'completed', shipment_ids: [labelA?.id] });
    // B: released with a Dutch status, not silently deleted; the order is still open.
    const [claimB] = await labelRows([orderB]);
    expect(claimB).toMatchObject({ status: 'canceled', isActive: false, errorStatus: 'interrupted' });
    expect(claimB?.statusInfo.map((i) => i.message)).toEqual([interrupted]);
    expect((await org.api.orders.get(orderB)).data).toMatchObject({ status: 'ready', shipment_ids: [] });

    // The same Idempotency-Key gets the request's real answer now.
    const retried = await requestLabels(org, { order_ids: [orderA, orderB, orderC] }, key);
    expect(retried.status).toBe(200);
    const labelC = (await labelRows([orderC]))[0];
    expect(retried.body).toMatchObject({ status: 'partial', warnings: [], errors: [{ order_id: orderB, order_number: `${stamp}-B`, message: interrupted }] });
    expect(retried.body.data).toEqual(expect.arrayContaining([{ id: labelA?.id, order_id: orderA, shipment_id: labelA?.id }, { id: labelC?.id, order_id: orderC, shipment_id: labelC?.id }]));
    expect(retried.body.data).toHaveLength(2);
    const [stored] = await database.db.select().from(labelRequests).where(and(eq(labelRequests.organisationId, org.organisationId), eq(labelRequests.idempotencyKey, key)));
    expect(stored?.response).toEqual(retried.body);

    // B can be labelled again, without force.
    const again = await requestLabels(org, { order_ids: [orderB] }, `${key}-opnieuw`);
    expect(again.body).toMatchObject({ status: 'success', errors: [] });

    // The job resumed: D, F and G count as made, E is made now; one label per order.
    const job = await waitUntil(
      async () => (await request(server, { path: `/api/label/job/${jobId}`, token: org.token })).body.data,
      (data) => data.status === 'done' || data.status === 'failed',
      { timeoutMs: 30_000, intervalMs: 100, what: 'the label job resumed and finished' },
    );
    expect(job).toMatchObject({ status: 'done', total: 4, processed: 4, made: 4, failed: 0 });
    const active = (await labelRows([orderD, orderE, orderF, orderG])).filter((l) => l.isActive);
    expect(active.map((l) => l.orderId).sort()).toEqual([orderD, orderE, orderF, orderG].sort());
    expect(active.every((l) => l.status === 'ready')).toBe(true);

    // The orders tab and its counters agree; the other organisation saw and changed nothing.
    const tab = (await org.api.orders.list({ tab: 'orders', page_size: 100 })).data;
    expect(tab).toEqual([]);
    expect((await org.api.orders.count()).data.orders).toBe(0);
    expect((await request(server, { path: '/api/label/', token: other.token })).body.data).toEqual([]);
    const theirs = await requestLabels(other, { order_ids: [orderB] }, key);
    expect(theirs.body).toMatchObject({ status: 'failed', errors: [{ order_id: orderB, message: 'Order niet gevonden.' }] });
    expect((await request(server, { path: `/api/label/job/${jobId}`, token: other.token })).status).toBe(404);
  });

  it('a label job of many orders killed half-way resumes on the next start: one label per order, none made twice at PostNL', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    let server = await serverOn(port, url);
    const org = await createOrganisation({ url, database });
    const courierId = await linkPostnl(org);
    const stamp = `M${Date.now().toString(36).toUpperCase()}`;
    // 24 orders PostNL answers at once, then 16 whose calls it holds: the kill comes with the first 24 made and at least 8 calls open.
    const create = async (group: string, count: number) => {
      const made = await org.api.orders.bulk(Array.from({ length: count }, (_, i) => orderInput({ ...postnlOrder(courierId, `${stamp}-${group}-${i}`) }, i)));
      expect(made.errors).toEqual([]);
      return made.data.map((d) => d.id);
    };
    const quick = await create('SNEL', 24);
    const held = await create('WACHT', 16);
    const all = [...quick, ...held];
    const hold = postnl.hold(`${stamp}-WACHT`);
    const queued = await requestLabels(org, { order_ids: all });
    expect(queued.body.status).toBe('queued');
    const jobId = queued.body.job.id as string;
    await waitUntil(async () => (await labelRows(quick)).filter((l) => l.status === 'ready').length, (n) => n === quick.length, { timeoutMs: 60_000, what: 'the first 24 labelled' });
    await waitUntil(async () => hold.waiting(), (n) => n >= 8, { timeoutMs: 30_000, what: 'at least eight PostNL calls open' });

    // kill -9 in the middle of the job; PostNL then answers the open calls, to no one.
    await server.kill();
    hold.release();
    server = await serverOn(port, url);

    const job = await waitUntil(
      async () => (await request(server, { path: `/api/label/job/${jobId}`, token: org.token })).body.data,
      (data) => data.status === 'done' || data.status === 'failed',
      { timeoutMs: 90_000, intervalMs: 200, what: 'the label job resumed and finished' },
    );
    expect(job).toMatchObject({ status: 'done', total: all.length, processed: all.length });
    const reported = [...job.result.data, ...job.result.errors].map((d: { order_id: string }) => d.order_id).sort();
    expect(reported).toEqual([...all].sort());
    // Each order: one active ready label, or (a claim the kill interrupted) a Dutch error and no label.
    const rows = await labelRows(all);
    const active = rows.filter((l) => l.isActive);
    expect(active.every((l) => l.status === 'ready')).toBe(true);
    expect(new Set(active.map((l) => l.orderId)).size).toBe(active.length);
    expect(active.map((l) => l.orderId).sort()).toEqual(job.result.data.map((d: { order_id: string }) => d.order_id).sort());
    for (const error of job.result.errors as { message: string }[]) expect(error.message).toBe(interrupted);
    // PostNL made one label for each labelled order and none twice (answers that reached no one are no label).
    const numbers = (group: string, count: number) => Array.from({ length: count }, (_, i) => `${stamp}-${group}-${i}`);
    for (const reference of [...numbers('SNEL', 24), ...numbers('WACHT', 16)]) expect(postnl.made.get(reference) ?? 0, reference).toBeLessThanOrEqual(1);
    expect([...postnl.made.entries()].filter(([reference]) => reference.startsWith(stamp)).reduce((sum, [, n]) => sum + n, 0)).toBe(active.length);
  });
});
