import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { faultByRatio } from '@verzendhuis/test-fakes/fake-http-server';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { readyOrders, request, requestLabels, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { ensureBillingReferenceData } from '../billing/reference-data';
import { invoiceItems, labels, orders, plans } from '../db/schema';

/**
 * Bulk label creation against a carrier that faults (docs/faults.md): a label job of
 * FAULT_ORDERS orders (default 200, to stay fast in CI; `FAULT_ORDERS=1000` runs the number) through
 * PostNL on the platform contract (so every label is invoiced), while the fake PostNL
 * times out, answers 5xx, answers HTML, answers JSON of the wrong shape, a label that is
 * not a PDF, or closes the connection mid-answer, on a third of the orders. Every order
 * ends with exactly one label or a Dutch error, PostNL made none twice (its own count per
 * Reference), every label has its one invoice item and no item is without a label; a
 * retry of the failed orders, with PostNL healthy again, makes their labels and no second one.
 *
 * Raw SQL in this file only to read what no API shows together (the labels and invoice
 * items of all orders at once) and to lift the trial plan's label quota (the operator's).
 */

const count = Number(process.env.FAULT_ORDERS ?? 200);
const postnl = startForFile(() => startFakePostnl({ apikey: 'platform-sleutel' }));
// A job above 20 orders; a carrier call that hangs is given up after 2 s (long enough for a drawn label on a busy machine).
const { server, first } = testServerForFile({ config: { labelJobThreshold: 20, carrierTimeoutMs: 2000 }, organisations: [{}] });

let courierId: string;
beforeAll(async () => {
  await ensureBillingReferenceData(server.database.db, {
    platformContracts: JSON.stringify([{ courier_class: 'postnl', name: 'PostNL via Verzendhuis', fields: { api_key: 'platform-sleutel', customer_code: 'VZHS', customer_number: '555', base_url: postnl.url } }]),
  });
  await server.database.db.update(plans).set({ labelQuota: null }).where(eq(plans.id, 'trial'));
  courierId = (await first.api.couriers.create({ courier_class: 'postnl', fields: { contract: 'platform' } })).data.id;
});

async function labelJob(org: TestOrganisation, orderIds: string[]) {
  const { body } = await requestLabels(org, { order_ids: orderIds });
  expect(body.status, JSON.stringify(body)).toBe('queued');
  return waitUntil(
    async () => (await request(server, { path: `/api/label/job/${body.job.id}`, token: org.token })).body.data,
    (data) => data.status === 'done' || data.status === 'failed',
    { timeoutMs: 170_000, intervalMs: 200, what: `label job ${body.job.id} finished` },
  );
}

/** The active labels (with their status) and the invoice items of the orders' labels, read together. */
async function state(orderIds: string[]) {
  const rows = await server.database.db.select({ id: labels.id, orderId: labels.orderId, status: labels.status, isActive: labels.isActive }).from(labels).where(inArray(labels.orderId, orderIds));
  const items = rows.length === 0 ? [] : await server.database.db.select({ labelId: invoiceItems.labelId, type: invoiceItems.type }).from(invoiceItems).where(inArray(invoiceItems.labelId, rows.map((r) => r.id)));
  return { rows, active: rows.filter((r) => r.isActive), items };
}

/** Every order has one active ready label or none; every active label one label_price item, and no item is of a label that is not active. */
function expectConsistent(s: Awaited<ReturnType<typeof state>>, orderIds: string[]) {
  const perOrder = new Map(orderIds.map((id) => [id, 0]));
  for (const l of s.active) perOrder.set(l.orderId, (perOrder.get(l.orderId) ?? 0) + 1);
  expect([...perOrder.values()].filter((n) => n > 1)).toEqual([]);
  expect(s.active.filter((l) => l.status !== 'ready')).toEqual([]);
  const itemsPerLabel = new Map<string, number>();
  for (const i of s.items) itemsPerLabel.set(i.labelId ?? '', (itemsPerLabel.get(i.labelId ?? '') ?? 0) + 1);
  const activeIds = new Set(s.active.map((l) => l.id));
  expect(s.active.filter((l) => itemsPerLabel.get(l.id) !== 1).map((l) => l.id)).toEqual([]);
  expect([...itemsPerLabel.keys()].filter((id) => !activeIds.has(id))).toEqual([]);
}

describe('bulk labels against a faulting carrier', () => {
  it('gives every order one label or a Dutch error, none twice, billing consistent; the retry makes the rest once', { timeout: 300_000 }, async () => {
    const orderIds = await readyOrders(first, count, { courier_id: courierId, shipment_type: 'standard', shipment: { packages: [{ weight: 900 }], courier_fields: { signature: false, no_neighbours: false, insurance: '0' } } });
    const numbers = new Map((await server.database.db.select({ id: orders.id, number: orders.orderNumber }).from(orders).where(and(eq(orders.organisationId, first.organisationId), inArray(orders.id, orderIds)))).map((o) => [o.id, o.number ?? '']));
    postnl.labelFaults = faultByRatio({ ratio: 1 / 3, seed: 'bulk' });

    const job = await labelJob(first, orderIds);
    expect(job).toMatchObject({ status: 'done', total: count, processed: count });
    const made: string[] = job.result.data.map((d: { order_id: string }) => d.order_id);
    const failed: { order_id: string; message: string }[] = job.result.errors;
    // Each order reported once: made or failed.
    expect([...made, ...failed.map((e) => e.order_id)].sort()).toEqual([...orderIds].sort());
    expect(failed.length).toBeGreaterThan(count / 5);
    expect(made.length).toBeGreaterThan(count / 2);
    // Clear Dutch errors: the carrier's texts, never its garbage.
    const messages = new Set(failed.map((e) => e.message));
    const clear = ['unavailable', 'timeout', 'unreadable'].map((k) => carrierLabelTexts[k as 'unavailable' | 'timeout' | 'unreadable']('PostNL'));
    clear.push(carrierLabelTexts.refused('PostNL', carrierLabelTexts.noLabelInAnswer), carrierLabelTexts.refused('PostNL', carrierLabelTexts.labelNotPdf));
    expect([...messages].filter((m) => !clear.includes(m))).toEqual([]);

    let s = await state(orderIds);
    expectConsistent(s, orderIds);
    expect(s.active.map((l) => l.orderId).sort()).toEqual([...made].sort());
    // PostNL's side: a label for each made order, none for a failed one, none twice.
    for (const id of made) expect(postnl.made.get(numbers.get(id) ?? ''), `order ${numbers.get(id)}`).toBe(1);
    for (const e of failed) expect(postnl.made.get(numbers.get(e.order_id) ?? '') ?? 0, `order ${numbers.get(e.order_id)}: ${e.message}`).toBe(0);

    // The retry of the failed orders, with PostNL healthy again: each gets its label, none a second.
    postnl.labelFaults = null;
    const retry = await labelJob(first, failed.map((e) => e.order_id));
    expect(retry).toMatchObject({ status: 'done', failed: 0, made: failed.length });
    // The whole selection once more: every order already has its label, the request only warns.
    const again = await requestLabels(first, { order_ids: orderIds });
    expect(again.body).toMatchObject({ status: 'warning', data: [] });
    expect(again.body.warnings).toHaveLength(count);
    s = await state(orderIds);
    expectConsistent(s, orderIds);
    expect(s.active).toHaveLength(count);
    for (const id of orderIds) expect(postnl.made.get(numbers.get(id) ?? ''), `order ${numbers.get(id)}`).toBe(1);
  });
});
