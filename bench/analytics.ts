import type pg from 'pg';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import type { BenchContext } from './run';
import { measure } from './measure';

const carriers = ['test', 'postnl', 'dhl', 'dpd', 'gls'];
const countries = ['NL', 'NL', 'NL', 'NL', 'BE', 'DE', 'FR', 'LU', 'AT', 'ES'];
const types = ['parcel', 'parcel', 'parcel', 'mailbox', 'pallet'];
const reasons = ['changed_mind', 'item_too_big', 'item_too_small', 'item_damaged', 'wrong_item_received', 'other'];
const literal = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * Labels made inside PostgreSQL (generate_series) over two years, with shipped and
 * delivered moments, delays, errors and returns with reasons; each INSERT statement is
 * counted by the analytics triggers as one aggregate.
 */
async function seed(pool: pg.Pool, organisationId: string, courierId: string, orderIds: string[], from: number, to: number): Promise<void> {
  await pool.query(
    `INSERT INTO labels (organisation_id, order_id, courier_id, courier_class, status, is_active, is_return, shipment_type, order_snapshot,
                         reason_retour, created_at, updated_at, shipped_at, delivered_at, delayed_at)
     SELECT $1, ($3::uuid[])[1 + g % ${orderIds.length}], $2,
            (${literal(carriers)})[1 + abs(hashint8(g)) % ${carriers.length}],
            CASE WHEN g % 50 = 0 THEN 'error' WHEN g % 10 < 8 THEN 'completed' ELSE 'shipped' END,
            g % 200 <> 0, g % 12 = 0,
            (${literal(types)})[1 + abs(hashint8(g + 11)) % ${types.length}],
            jsonb_build_object('country', (${literal(countries)})[1 + abs(hashint8(g + 7)) % ${countries.length}], 'order_number', 'B-' || g),
            CASE WHEN g % 12 = 0 THEN jsonb_build_array(jsonb_build_object('reason', (${literal(reasons)})[1 + abs(hashint8(g + 5)) % ${reasons.length}])) END,
            c, c, c + interval '6 hours',
            CASE WHEN g % 10 < 8 THEN c + interval '6 hours' + (abs(hashint8(g + 3)) % 96) * interval '1 hour' END,
            CASE WHEN g % 25 = 0 THEN c + interval '30 hours' END
     FROM generate_series($4::bigint, $5::bigint) AS g,
          LATERAL (SELECT now() - (g % 730) * interval '1 day' - ((g * 7919) % 86400) * interval '1 second' AS c) t`,
    [organisationId, courierId, orderIds, from, to],
  );
}

/** `npm run bench -- analytics [labels]`: every analytics call over a million labels of one organisation, 20 times each. */
export async function analytics({ baseUrl, runtime, args }: BenchContext): Promise<void> {
  const total = Number(args[0] ?? 1_000_000);
  const { pool } = runtime.database;
  const demo = await pool.query<{ id: string; courier: string }>(
    `SELECT o.id, (SELECT c.id FROM couriers c WHERE c.organisation_id = o.id LIMIT 1) AS courier
     FROM organisations o JOIN users u ON u.organisation_id = o.id WHERE u.email = 'demo@voorbeeld.nl'`,
  );
  const organisationId = demo.rows[0]?.id ?? '';
  const courierId = demo.rows[0]?.courier ?? '';
  await pool.query(`INSERT INTO organisation_addons (organisation_id, code) VALUES ($1, 'ANALYTICS') ON CONFLICT DO NOTHING`, [organisationId]);
  // The labels' orders: a thousand, made in SQL like bench/orders.ts's.
  const orders = await pool.query<{ id: string }>(
    `INSERT INTO orders (organisation_id, order_number, order_date, status, name, address_1, housenumber, zipcode, city, country,
                         currency, courier_id, shipment_type, courier_fields, packages, source)
     SELECT $1, 'ANALYTICS-' || g, now(), 'ready', 'Klant ' || g, 'Damrak', '1', '1012 LG', 'Amsterdam', 'NL', 'EUR', $2, 'parcel', '{}', '[{"weight": 1000}]', 'test'
     FROM generate_series(1, 1000) AS g RETURNING id`,
    [organisationId, courierId],
  );
  const orderIds = orders.rows.map((r) => r.id);
  if (orderIds.length === 0) throw new Error('the demo organisation has no orders');

  console.log(`seeding ${total.toLocaleString('nl-NL')} labels over two years in one organisation …`);
  const seedStart = performance.now();
  const batch = 100_000;
  for (let from = 1; from <= total; from += batch) await seed(pool, organisationId, courierId, orderIds, from, Math.min(total, from + batch - 1));
  await pool.query('ANALYZE analytics_label_daily; ANALYZE analytics_return_reason_daily; ANALYZE analytics_mail_daily');
  const rows = await pool.query<{ n: number; labels: number }>(`SELECT count(*)::int AS n, sum(labels)::int AS labels FROM analytics_label_daily WHERE organisation_id = $1 AND dimension = 'all'`, [organisationId]);
  console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; analytics_label_daily: ${rows.rows[0]?.n} rows holding ${rows.rows[0]?.labels} labels`);

  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const twoYears = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
  const calls: [string, string][] = [
    ['meta', '/api/analytics/meta'],
    ['label (1 year)', `/api/analytics/label?start=${yearAgo}&end=${today}`],
    ['label/trends day (2 years)', `/api/analytics/label/trends?start=${twoYears}&end=${today}&granularity=day`],
    ['label/trends week (1 year)', `/api/analytics/label/trends?start=${yearAgo}&end=${today}&granularity=week`],
    ['label/trends month (2 years)', `/api/analytics/label/trends?start=${twoYears}&end=${today}&granularity=month`],
    ['label/breakdown (2 years)', `/api/analytics/label/breakdown?start=${twoYears}&end=${today}`],
    ['label/total (1 year)', `/api/analytics/label/total?start=${yearAgo}&end=${today}`],
    ['delivery (2 years)', `/api/analytics/delivery?start=${twoYears}&end=${today}`],
    ['delivery/trends week (2 years)', `/api/analytics/delivery/trends?start=${twoYears}&end=${today}&granularity=week`],
    ['delivery/breakdown (2 years)', `/api/analytics/delivery/breakdown?start=${twoYears}&end=${today}`],
    ['return-reason (2 years)', `/api/analytics/return-reason?start=${twoYears}&end=${today}`],
  ];
  let worst = 0;
  for (const [label, path] of calls) {
    const first = await fetch(`${baseUrl}${path}`, { headers });
    if (first.status !== 200) throw new Error(`${path}: ${first.status} ${await first.text()}`);
    const result = await measure(`GET ${label}`, 20, async () => {
      const r = await fetch(`${baseUrl}${path}`, { headers });
      await r.arrayBuffer();
    });
    worst = Math.max(worst, result.p95);
  }
  console.log(`slowest p95 ${worst.toFixed(2)} ms (target under 100 ms)`);
}
