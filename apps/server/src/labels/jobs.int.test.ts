import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { createOrders, readyOrders, request, requestLabels, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { labelJobs, labels, plans } from '../db/schema';
import { queues } from '../jobs/queue';
import { createLabelJobRepository } from './job-repository';

/** Selections above 5 orders run as a job here (the default is higher). */
const threshold = 5;

const { server, first, second } = testServerForFile({ config: { labelJobThreshold: threshold } });

// Raw SQL in this file only where the API cannot make the state: a plan quota (the
// operator's) and a job that stopped half-way (a worker that died).

/** Waits until the job has finished (the worker runs in the test server's own queue); its progress and result. */
async function finished(org: TestOrganisation, id: string) {
  return waitUntil(
    async () => (await request(server, { path: `/api/label/job/${id}`, token: org.token })).body.data,
    (data) => data.status === 'done' || data.status === 'failed',
    { timeoutMs: 25_000, intervalMs: 100, what: `job ${id} finished` },
  );
}

/** Active labels per order (a claim released after a crash stays, inactive). */
async function labelsPerOrder(orderIds: string[]): Promise<Map<string, number>> {
  const rows = await server.database.db.select({ orderId: labels.orderId }).from(labels).where(and(inArray(labels.orderId, orderIds), eq(labels.isActive, true)));
  const counts = new Map(orderIds.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.orderId, (counts.get(row.orderId) ?? 0) + 1);
  return counts;
}

const orderIdsOf = (entries: { order_id: string }[]) => entries.map((e) => e.order_id).sort();

/** Sends the job to the queue again, `times` times at once, as a retry or a resume does. */
async function sendAgain(org: TestOrganisation, jobId: string, times: number): Promise<void> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => server.database.pool.query(text, values) }, supervise: false, schedule: false, migrate: false });
  await boss.start();
  try {
    for (let i = 0; i < times; i++) await boss.send(queues.labelJobs, { jobId, organisationId: org.organisationId }, { id: randomUUID() });
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

describe('large selections as a background job', () => {
  it('answers queued, makes every label in the background and reports each order once; only for its own organisation', async () => {
    const good = await readyOrders(first, 9);
    const [incomplete] = await createOrders(first, 1, { name: '' });
    const [theirs] = await readyOrders(second, 1);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const selection = [...good, incomplete!, theirs!, unknown];
    const ordersBefore = (await first.api.orders.count()).data.orders;

    const { status, body } = await requestLabels(first, { order_ids: selection });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'queued', data: [], errors: [], warnings: [], job: { total: 12 } });
    expect(['queued', 'running', 'done']).toContain(body.job.status);

    const job = await finished(first, body.job.id);
    expect(job).toMatchObject({ status: 'done', total: 12, processed: 12, made: 9, failed: 3, is_return: false, error: null });
    expect(job.finished_at).not.toBeNull();
    expect(job.result.status).toBe('partial');
    expect(orderIdsOf(job.result.data)).toEqual([...good].sort());
    expect(orderIdsOf(job.result.errors)).toEqual([incomplete, theirs, unknown].sort());
    const messages = new Map(job.result.errors.map((e: { order_id: string; message: string }) => [e.order_id, e.message]));
    expect(messages.get(incomplete!)).toBe('Deze bestelling is niet compleet. Los eerst de problemen op.');
    expect(messages.get(theirs!)).toBe('Order niet gevonden.');
    expect(messages.get(unknown)).toBe('Order niet gevonden.');
    expect([...(await labelsPerOrder(good)).values()]).toEqual(good.map(() => 1));
    expect((await labelsPerOrder([theirs!])).get(theirs!)).toBe(0);
    expect((await first.api.orders.count()).data.orders).toBe(ordersBefore - 9);
    // The labels are the organisation's own, ready to print.
    const label = await request(server, { path: `/api/label/${job.result.data[0].id}`, token: first.token });
    expect(label.status).toBe(200);
    expect(label.body.data.shipment.packages[0].tracking_number).toMatch(/^3STEST/);

    // The list finds it (progress only); the other organisation sees neither.
    const list = await request(server, { path: '/api/label/job/', token: first.token });
    expect(list.body.data[0]).toMatchObject({ id: job.id, status: 'done', made: 9, failed: 3, result: null });
    const foreign = await request(server, { path: `/api/label/job/${job.id}`, token: second.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ type: 'not_found', message_code: 'label_job_not_found', message: 'Deze labeltaak bestaat niet (meer).' });
    expect((await request(server, { path: '/api/label/job/', token: second.token })).body.data).toEqual([]);
    expect((await request(server, { path: `/api/label/${job.result.data[0].id}`, token: second.token })).status).toBe(404);
  });

  it('keeps small selections as they were: labels in the answer, no job', async () => {
    const ids = await readyOrders(first, threshold);
    const { body } = await requestLabels(first, { order_ids: ids });
    expect(body.status).toBe('success');
    expect(body.job).toBeUndefined();
    expect(orderIdsOf(body.data)).toEqual([...ids].sort());
  });

  it('answers a repeat with the same Idempotency-Key with the same job and makes no second label', async () => {
    const ids = await readyOrders(first, 8);
    const once = await requestLabels(first, { order_ids: ids }, 'groot-1');
    const again = await requestLabels(first, { order_ids: ids }, 'groot-1');
    expect(again.body.job.id).toBe(once.body.job.id);
    await finished(first, once.body.job.id);
    const late = await requestLabels(first, { order_ids: ids }, 'groot-1');
    expect(late.body.job.id).toBe(once.body.job.id);
    expect([...(await labelsPerOrder(ids)).values()]).toEqual(ids.map(() => 1));
    const jobs = await server.database.db.select().from(labelJobs).where(eq(labelJobs.organisationId, first.organisationId));
    expect(jobs.filter((j) => j.id === once.body.job.id)).toHaveLength(1);
  });

  it('makes one label per order when the same large selection comes three times at once without a key', async () => {
    const ids = await readyOrders(first, 10);
    const answers = await Promise.all([1, 2, 3].map(() => requestLabels(first, { order_ids: ids })));
    for (const answer of answers) expect(answer.status).toBe(200);
    for (const answer of answers.filter((a) => a.body.status === 'queued')) await finished(first, answer.body.job.id);
    expect([...(await labelsPerOrder(ids)).values()]).toEqual(ids.map(() => 1));
  });

  it('one store of the same selection while its job is queued: the second request gets the first job', async () => {
    const repository = createLabelJobRepository(server.database.db);
    const org = await server.createOrganisation();
    const values = { request: { order_ids: [randomUUID()], is_return: false, force: false, request_hash: 'zelfde' }, total: 6, result: { data: [], errors: [] } };
    const sent: string[] = [];
    // Not sent to the queue: the job stays queued.
    const send = async (jobId: string) => void sent.push(jobId);
    const [a, b] = await Promise.all([repository.for(org.organisationId).create(values, send), repository.for(org.organisationId).create(values, send)]);
    expect(a.job.id).toBe(b.job.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(sent).toEqual([a.job.id]);
    // Another organisation's equal request is its own.
    const other = await repository.for(second.organisationId).create(values, send);
    expect(other.job.id).not.toBe(a.job.id);
  });

  it('still answers the warnings and the pre-checks in the request, making no job', async () => {
    const org = await server.createOrganisation();
    const labelled = await readyOrders(org, 1);
    await requestLabels(org, { order_ids: labelled });
    const fresh = await readyOrders(org, 6);
    const warned = await requestLabels(org, { order_ids: [...labelled, ...fresh] });
    expect(warned.body).toMatchObject({ status: 'warning', data: [], warnings: [{ order_id: labelled[0], type: 'duplicate' }] });

    await server.database.db.update(plans).set({ labelQuota: 3 }).where(eq(plans.id, 'trial'));
    try {
      const refused = await requestLabels(org, { order_ids: fresh });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ message_code: 'quota_exceeded', fields: { quota: ['3'], used: ['1'], requested: ['6'] } });
    } finally {
      await server.database.db.update(plans).set({ labelQuota: 50 }).where(eq(plans.id, 'trial'));
    }
    expect((await request(server, { path: '/api/label/job/', token: org.token })).body.data).toEqual([]);
    expect([...(await labelsPerOrder(fresh)).values()]).toEqual(fresh.map(() => 0));
  });

  it.each([false, true])('resumes a job that stopped half-way (force %s) without a second label or a false error', async (force) => {
    const org = await server.createOrganisation();
    const ids = await readyOrders(org, 8);
    const { body } = await requestLabels(org, { order_ids: ids, force });
    const done = await finished(org, body.job.id);
    expect(done.made).toBe(8);

    // As if the worker had stopped after writing down 3 outcomes, while it had made all
    // 8 labels, and while a ninth order of the job was with the carrier (its claim left behind).
    const [extra] = await readyOrders(org, 1);
    const courierId = await testCourierId(org);
    const db = server.database.db;
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await db.insert(labels).values({
      organisationId: org.organisationId,
      orderId: extra!,
      courierId,
      courierClass: 'test',
      status: 'creating',
      shipmentType: 'parcel',
      orderSnapshot: {},
      createdAt: minutesAgo(5),
    });
    const [job] = await db.select().from(labelJobs).where(eq(labelJobs.id, body.job.id));
    const result = job!.result as { data: unknown[]; errors: unknown[] };
    await db
      .update(labelJobs)
      .set({
        status: 'running',
        total: 9,
        processed: 3,
        finishedAt: null,
        createdAt: minutesAgo(10),
        request: sql`jsonb_set(${labelJobs.request}, '{order_ids}', (${labelJobs.request}->'order_ids') || ${JSON.stringify([extra])}::jsonb)`,
        result: { data: result.data.slice(0, 3), errors: [] },
      })
      .where(eq(labelJobs.id, body.job.id));

    // The queue runs the handler on the same job again, twice at once.
    await sendAgain(org, body.job.id, 2);
    const resumed = await finished(org, body.job.id);

    expect(resumed).toMatchObject({ status: 'done', total: 9, processed: 9, made: 9, failed: 0 });
    expect(orderIdsOf(resumed.result.data)).toEqual([...ids, extra!].sort());
    expect(resumed.result.errors).toEqual([]);
    const counts = await labelsPerOrder([...ids, extra!]);
    expect([...counts.values()]).toEqual([...ids, extra!].map(() => 1));
    const extraLabels = await db.select({ status: labels.status, isActive: labels.isActive, errorStatus: labels.errorStatus }).from(labels).where(eq(labels.orderId, extra!));
    // The claim left behind is released with its reason, and the order labelled anew.
    expect(extraLabels).toEqual(expect.arrayContaining([{ status: 'ready', isActive: true, errorStatus: null }, { status: 'canceled', isActive: false, errorStatus: 'interrupted' }]));
  });

  it('fails a job with the Dutch message once its attempts are used up (crashed ones count), keeping what was made', async () => {
    const org = await server.createOrganisation();
    const ids = await readyOrders(org, 6);
    const { body } = await requestLabels(org, { order_ids: ids });
    await finished(org, body.job.id);
    // As if it had crashed on every attempt: running, with all six attempts started.
    await server.database.db.update(labelJobs).set({ status: 'running', attempts: 6, finishedAt: null }).where(eq(labelJobs.id, body.job.id));
    await sendAgain(org, body.job.id, 1);
    const failed = await finished(org, body.job.id);
    expect(failed).toMatchObject({ status: 'failed', made: 6, error: { message_code: 'label_job_failed', message: expect.stringMatching(/^Het maken van de labels is onderbroken/) } });
    expect([...(await labelsPerOrder(ids)).values()]).toEqual(ids.map(() => 1));
  });
});
