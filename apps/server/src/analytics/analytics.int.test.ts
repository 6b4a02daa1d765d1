import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsErrorMessages } from '@verzendhuis/domain/analytics';
import { labelsFor, readyOrders, request, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';

/**
 * The analytics calls (docs/analytics.md) against a seeded data set with known figures.
 * Raw SQL only for what the API cannot make: the ANALYTICS add-on (part of plans, enabled
 * by the operator here), labels made on known days in the past (time passing), a PostNL
 * carrier class without a PostNL contract, carrier events at known moments, the reasons a
 * consumer gave in the return portal, and tracking e-mails sent earlier.
 */

const { server, first, second } = testServerForFile();

const march = { start: '2026-03-01', end: '2026-03-31' };

async function run(statement: ReturnType<typeof sql>) {
  return server.database.db.execute(statement);
}

async function enableAnalytics(org: TestOrganisation) {
  await run(sql`INSERT INTO organisation_addons (organisation_id, code) VALUES (${org.organisationId}, 'ANALYTICS') ON CONFLICT DO NOTHING`);
}

async function madeAt(labelId: string, at: string) {
  await run(sql`UPDATE labels SET created_at = ${at}::timestamptz WHERE id = ${labelId}`);
}

async function event(labelId: string, name: string, status: string, at: string) {
  await run(sql`INSERT INTO tracking_events (organisation_id, label_id, package_id, event, status, occurred_at)
    SELECT organisation_id, label_id, id, ${name}, ${status}, ${at}::timestamptz FROM label_packages WHERE label_id = ${labelId}`);
}

async function mail(org: TestOrganisation, labelId: string, status: string, state: string, sentAt: string, isTest = false) {
  await run(sql`INSERT INTO tracking_mails (organisation_id, label_id, mail_status, state, subject, html, body_text, is_test, sent_at)
    VALUES (${org.organisationId}, ${isTest ? null : labelId}, ${status}, ${state}, 'Onderwerp', '<p>x</p>', 'x', ${isTest}, ${sentAt}::timestamptz)`);
}

function get(org: TestOrganisation, path: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return request(server, { method: 'GET', path: `/api/analytics/${path}${search ? `?${search}` : ''}`, token: org.token });
}

let ids: Record<string, string> = {};

beforeAll(async () => {
  await enableAnalytics(first);
  await enableAnalytics(second);
  // First: L1-L3 and L5 to the Netherlands, L4 to Belgium, returns R1 (of L1) and R2 (of L2), L6 deleted.
  const nl = await readyOrders(first, 5);
  const be = await readyOrders(first, 1, { country: 'BE', zipcode: '1000', city: 'Brussel', address_1: 'Grote Markt', housenumber: '1' });
  const [l1 = '', l2 = '', l3 = '', l5 = '', l6 = ''] = await labelsFor(first, nl);
  const [l4 = ''] = await labelsFor(first, be);
  const [r1 = '', r2 = ''] = await labelsFor(first, [nl[0] ?? '', nl[1] ?? ''], { isReturn: true });
  ids = { l1, l2, l3, l4, l5, l6, r1, r2 };
  // L6 is deleted through the API: it counts nowhere. Deleted while new: a delete first cancels the
  // label at its carrier, and the Testvervoerder refuses once its (back-dated) parcel was picked up.
  const deleted = await request(server, { method: 'POST', path: `/api/label/${l6}`, token: first.token, body: { is_active: false } });
  expect(deleted.status).toBe(200);
  // Amsterdam days: 2 March 2026 is a Monday (CET, UTC+1).
  for (const id of [l1, l2, l3, l6]) await madeAt(id, '2026-03-02T09:00:00Z');
  await madeAt(l4, '2026-03-03T09:00:00Z');
  // 23:30 UTC on Sunday 8 March is 00:30 on Monday 9 March in Amsterdam.
  await madeAt(l5, '2026-03-08T23:30:00Z');
  await run(sql`UPDATE labels SET courier_class = 'postnl' WHERE id = ${l5}`);
  for (const id of [r1, r2]) await madeAt(id, '2026-03-05T09:00:00Z');
  await run(sql`UPDATE labels SET reason_retour = '[{"reason":"item_too_big"}]'::jsonb WHERE id = ${r1}`);
  await run(sql`UPDATE labels SET reason_retour = '[{"reason":"item_damaged"},{"reason":"other","comment":"kapot"}]'::jsonb WHERE id = ${r2}`);
  // L1: 18 hours, on time (NL, next working day); L2: 66 hours, late; L4: 39 hours, on time (BE, 2 working days); L3 delayed.
  await event(l1, 'at_depot', 'shipped', '2026-03-02T17:00:00Z');
  await event(l1, 'delivered', 'completed', '2026-03-03T11:00:00Z');
  await event(l2, 'at_depot', 'shipped', '2026-03-02T17:00:00Z');
  await event(l2, 'delivered', 'completed', '2026-03-05T11:00:00Z');
  await event(l4, 'at_depot', 'shipped', '2026-03-03T17:00:00Z');
  await event(l4, 'delivered', 'completed', '2026-03-05T08:00:00Z');
  await event(l3, 'delivery_delayed', 'delayed', '2026-03-03T10:00:00Z');
  // Sent: L1 shipped and delivered; not counted: a failed mail and a test mail.
  await mail(first, l1, 'shipped', 'sent', '2026-03-02T18:00:00Z');
  await mail(first, l1, 'delivered', 'outbox', '2026-03-03T12:00:00Z');
  await mail(first, l2, 'shipped', 'failed', '2026-03-02T18:00:00Z');
  await mail(first, l2, 'delivered', 'sent', '2026-03-05T12:00:00Z', true);
  // Second: two labels on the same day, which never count for the first.
  const theirs = await labelsFor(second, await readyOrders(second, 2));
  for (const id of theirs) await madeAt(id, '2026-03-02T09:00:00Z');
});

describe('the seeded figures', () => {
  it('meta names the carriers, countries and shipment types, and the first and last day', async () => {
    const { data } = await first.api.analytics.meta();
    expect(data).toEqual({ carriers: ['postnl', 'test'], countries: ['BE', 'NL'], shipment_types: ['parcel'], first_day: '2026-03-02', last_day: '2026-03-09' });
  });

  it('label sums the period, without the deleted label, with the tracking e-mails sent', async () => {
    const { data } = await first.api.analytics.label(march);
    expect(data).toEqual({
      labels: 7,
      outgoing: 5,
      returns: 2,
      delivered: 3,
      delayed: 1,
      errors: 0,
      tracking_mails_sent: 2,
      tracking_mails_by_status: [
        { mail_status: 'delivered', sent: 1 },
        { mail_status: 'shipped', sent: 1 },
      ],
    });
  });

  it('label/trends per week start on Monday and fill empty weeks with zero', async () => {
    const { data } = await first.api.analytics.labelTrends({ ...march, granularity: 'week' });
    const zero = { labels: 0, outgoing: 0, returns: 0, delayed: 0, errors: 0, tracking_mails_sent: 0 };
    expect(data).toEqual({
      granularity: 'week',
      points: [
        { period: '2026-02-23', ...zero },
        { period: '2026-03-02', labels: 6, outgoing: 4, returns: 2, delayed: 1, errors: 0, tracking_mails_sent: 2 },
        { period: '2026-03-09', ...zero, labels: 1, outgoing: 1 },
        { period: '2026-03-16', ...zero },
        { period: '2026-03-23', ...zero },
        { period: '2026-03-30', ...zero },
      ],
    });
  });

  it('label/trends per day and per month', async () => {
    const days = await first.api.analytics.labelTrends({ start: '2026-03-01', end: '2026-03-03', granularity: 'day' });
    expect(days.data.points.map((p) => [p.period, p.labels])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 3],
      ['2026-03-03', 1],
    ]);
    const months = await first.api.analytics.labelTrends({ start: '2026-02-15', end: '2026-03-15', granularity: 'month' });
    expect(months.data.points.map((p) => [p.period, p.labels])).toEqual([
      ['2026-02-01', 0],
      ['2026-03-01', 7],
    ]);
  });

  it('label/breakdown by carrier, country and shipment type', async () => {
    const { data } = await first.api.analytics.labelBreakdown(march);
    expect(data.carriers).toEqual([
      { key: 'test', labels: 6, returns: 2 },
      { key: 'postnl', labels: 1, returns: 0 },
    ]);
    expect(data.countries).toEqual([
      { key: 'NL', labels: 6, returns: 2 },
      { key: 'BE', labels: 1, returns: 0 },
    ]);
    expect(data.shipment_types).toEqual([{ key: 'parcel', labels: 7, returns: 2 }]);
  });

  it('label/total compares with the period of equal length before', async () => {
    expect((await first.api.analytics.labelTotal(march)).data).toEqual({ total: 7, previous_total: 0, previous_start: '2026-01-29', previous_end: '2026-02-28', change: null });
    expect((await first.api.analytics.labelTotal({ start: '2026-03-09', end: '2026-03-15' })).data).toEqual({
      total: 1,
      previous_total: 6,
      previous_start: '2026-03-02',
      previous_end: '2026-03-08',
      change: -0.8333,
    });
  });

  it('delivery: average hours and on-time share, per carrier', async () => {
    const { data } = await first.api.analytics.delivery(march);
    expect(data).toEqual({
      delivered: 3,
      average_delivery_hours: 41,
      on_time: 2,
      on_time_share: 0.6667,
      delayed: 1,
      errors: 0,
      carriers: [
        { key: 'test', delivered: 3, average_delivery_hours: 41, on_time: 2, on_time_share: 0.6667 },
        { key: 'postnl', delivered: 0, average_delivery_hours: null, on_time: 0, on_time_share: null },
      ],
    });
  });

  it('delivery/breakdown per country and delivery/trends per week', async () => {
    const { data } = await first.api.analytics.deliveryBreakdown(march);
    expect(data.countries).toEqual([
      { key: 'NL', delivered: 2, average_delivery_hours: 42, on_time: 1, on_time_share: 0.5 },
      { key: 'BE', delivered: 1, average_delivery_hours: 39, on_time: 1, on_time_share: 1 },
    ]);
    const trends = await first.api.analytics.deliveryTrends({ start: '2026-03-02', end: '2026-03-15', granularity: 'week' });
    expect(trends.data.points).toEqual([
      { period: '2026-03-02', delivered: 3, average_delivery_hours: 41, on_time: 2, on_time_share: 0.6667, delayed: 1, errors: 0 },
      { period: '2026-03-09', delivered: 0, average_delivery_hours: null, on_time: 0, on_time_share: null, delayed: 0, errors: 0 },
    ]);
  });

  it('return-reason: the rate against outgoing labels and every reason given', async () => {
    const { data } = await first.api.analytics.returnReason(march);
    expect(data).toEqual({
      outgoing: 5,
      returns: 2,
      return_rate: 0.4,
      reasons: [
        { reason: 'item_damaged', count: 1 },
        { reason: 'item_too_big', count: 1 },
        { reason: 'other', count: 1 },
      ],
    });
  });

  it('a label deleted after counting leaves the figures, and a restored count follows every change', async () => {
    await run(sql`UPDATE labels SET is_active = false WHERE id = ${ids.l5}`);
    expect((await first.api.analytics.label(march)).data.labels).toBe(6);
    await run(sql`UPDATE labels SET is_active = true WHERE id = ${ids.l5}`);
    expect((await first.api.analytics.label(march)).data.labels).toBe(7);
  });
});

describe('isolation', () => {
  it('the second organisation sees only its own labels, and its calls change nothing of the first', async () => {
    const before = (await first.api.analytics.label(march)).data;
    const theirs = await second.api.analytics.label(march);
    expect(theirs.data).toMatchObject({ labels: 2, outgoing: 2, returns: 0, delivered: 0, tracking_mails_sent: 0 });
    expect((await second.api.analytics.meta()).data).toEqual({ carriers: ['test'], countries: ['NL'], shipment_types: ['parcel'], first_day: '2026-03-02', last_day: '2026-03-02' });
    expect((await second.api.analytics.returnReason(march)).data.reasons).toEqual([]);
    expect((await first.api.analytics.label(march)).data).toEqual(before);
  });

  it('an organisation without the ANALYTICS add-on gets a Dutch 403 on every call', async () => {
    const third = await server.createOrganisation();
    for (const path of ['meta', 'label', 'label/trends', 'label/breakdown', 'label/total', 'delivery', 'delivery/trends', 'delivery/breakdown', 'return-reason']) {
      const answer = await get(third, path, { ...march, granularity: 'week' });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatchObject({ message_code: 'analytics_addon_inactive', message: analyticsErrorMessages.analytics_addon_inactive, type: 'authorization' });
    }
  });
});

describe('bad periods', () => {
  it.each([
    [{}, 'analytics_period_missing', 'start'],
    [{ start: '2026-03-01' }, 'analytics_period_missing', 'end'],
    [{ start: '2026-02-30', end: '2026-03-01' }, 'analytics_date_invalid', 'start'],
    [{ start: '2026-03-01', end: '1-3-2026' }, 'analytics_date_invalid', 'end'],
    [{ start: '2026-03-02', end: '2026-03-01' }, 'analytics_end_before_start', 'end'],
    [{ start: '2024-01-01', end: '2026-01-02' }, 'analytics_period_too_long', 'end'],
  ] as const)('%j is refused with %s', async (query, code, field) => {
    const answer = await get(first, 'label', query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message_code: code, message: analyticsErrorMessages[code], type: 'validation', fields: { [field]: [analyticsErrorMessages[code]] } });
  });

  it('two years exactly is allowed; trends need a granularity of day, week or month', async () => {
    expect((await get(first, 'label', { start: '2024-03-01', end: '2026-02-28' })).status).toBe(200);
    for (const granularity of [undefined, 'year']) {
      const answer = await get(first, 'label/trends', { ...march, ...(granularity ? { granularity } : {}) });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message_code: 'analytics_granularity_invalid', fields: { granularity: [analyticsErrorMessages.analytics_granularity_invalid] } });
    }
  });
});

describe('exact under concurrent writes', () => {
  it('the daily figures equal a count of the labels after concurrent moves, deletes and events', async () => {
    const orders = await readyOrders(first, 12);
    const made = await labelsFor(first, orders);
    const pool = server.database.pool;
    await Promise.all(
      made.map(async (id, i) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(`UPDATE labels SET created_at = $2::timestamptz WHERE id = $1`, [id, `2026-04-0${(i % 3) + 1}T10:00:00Z`]);
          if (i % 4 === 0) await client.query(`UPDATE labels SET is_active = false WHERE id = $1`, [id]);
          if (i % 4 === 1) await client.query(`DELETE FROM labels WHERE id = $1`, [id]);
          if (i % 4 === 2)
            await client.query(
              `INSERT INTO tracking_events (organisation_id, label_id, package_id, event, status, occurred_at)
               SELECT organisation_id, label_id, id, 'delivered', 'completed', '2026-04-06T10:00:00Z' FROM label_packages WHERE label_id = $1`,
              [id],
            );
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }),
    );
    const { rows } = await run(sql`
      SELECT (SELECT coalesce(sum(labels), 0)::int FROM analytics_label_daily WHERE organisation_id = ${first.organisationId} AND dimension = 'all') AS kept,
        (SELECT count(*)::int FROM labels WHERE organisation_id = ${first.organisationId} AND is_active AND status <> 'creating') AS counted,
        (SELECT coalesce(sum(delivered), 0)::int FROM analytics_label_daily WHERE organisation_id = ${first.organisationId} AND dimension = 'all') AS kept_delivered,
        (SELECT count(*)::int FROM labels WHERE organisation_id = ${first.organisationId} AND is_active AND status <> 'creating' AND delivered_at IS NOT NULL) AS counted_delivered`);
    expect(rows[0]).toEqual({ kept: 7 + 6, counted: 7 + 6, kept_delivered: 3 + 3, counted_delivered: 3 + 3 });
    const april = await first.api.analytics.labelTrends({ start: '2026-04-01', end: '2026-04-03', granularity: 'day' });
    expect(april.data.points.map((p) => p.labels)).toEqual([2, 2, 2]);
  });
});
