import { createCarrierRegistry } from '@verzendhuis/server/carriers/registry';
import { createSettingsCrypto } from '@verzendhuis/server/couriers/settings-crypto';
import { createTrackingService } from '@verzendhuis/server/tracking/service';
import { parseDelayAfterHours, parseTrackingBudget, perCarrierValue } from '@verzendhuis/domain/tracking-freshness';
import { startFakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import type { BenchContext } from './run';

const option = (args: string[], name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

/**
 * `tracking [N] [--budget "postnl=600,dhl=300,test=600"] [--minutes 60] [--organisations 4]`:
 * N (100,000) open labels over a few organisations, 40 % PostNL and 30 % DHL (the fakes of
 * packages/test-fakes, over HTTP), 30 % Testvervoerder; statuses ready, printed, shipped
 * and delayed; made in the last three days, never asked. Then a simulated hour: the
 * scheduled refresh once a minute (`now` moves a minute each run, the runs themselves go
 * as fast as they can) within the budget per carrier. Prints per carrier the requests,
 * the labels asked at least once, the labels whose last check is at most an hour old at
 * the end ("kept fresh within one hour") and the p50/p95 age of the last check.
 */
export async function trackingFreshness({ runtime, args }: BenchContext): Promise<void> {
  const total = Number(args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 100_000);
  const budgetText = option(args, '--budget') ?? 'postnl=600,dhl=300,test=600';
  const minutes = Number(option(args, '--minutes') ?? 60);
  const organisations = Number(option(args, '--organisations') ?? 4);
  const budget = parseTrackingBudget(budgetText);
  const { pool, db } = runtime.database;

  const postnl = await startFakePostnl({ apikey: 'bench-sleutel' });
  const dhl = await startFakeDhl({ userId: 'bench', key: 'bench-sleutel' });
  try {
    console.log(`seeding ${total.toLocaleString('nl-NL')} open labels over ${organisations} organisations …`);
    const seedStart = performance.now();
    const orgIds: string[] = [];
    for (let i = 0; i < organisations; i++) {
      const org = await pool.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ($1) RETURNING id`, [`Tracking bench ${i + 1}`]);
      const id = org.rows[0]?.id ?? '';
      orgIds.push(id);
      const couriers = runtime.services.couriers;
      const test = await pool.query<{ id: string }>(`INSERT INTO couriers (organisation_id, service_class, label) VALUES ($1, 'test', 'Testvervoerder') RETURNING id`, [id]);
      const pn = await couriers.create(id, { courier_class: 'postnl', fields: { api_key: 'bench-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } });
      const dh = await couriers.create(id, { courier_class: 'dhl', fields: { user_id: 'bench', api_key: 'bench-sleutel', account_id: '01234567', base_url: dhl.url } });
      const per = Math.ceil(total / organisations);
      const from = i * per + 1;
      const to = Math.min(total, (i + 1) * per);
      // g % 10: 0-3 PostNL, 4-6 DHL, 7-9 Testvervoerder; statuses by g % 10 too, shifted.
      await pool.query(
        `WITH g AS (SELECT g, CASE WHEN g % 10 < 4 THEN 'postnl' WHEN g % 10 < 7 THEN 'dhl' ELSE 'test' END AS class FROM generate_series($2::bigint, $3::bigint) AS g),
         o AS (
           INSERT INTO orders (organisation_id, order_number, status, name, address_1, housenumber, zipcode, city, country, courier_id, shipment_type, source)
           SELECT $1, 'TB-' || g, 'shipped', 'Klant ' || g, 'Oudegracht', '12', '3511 AB', 'Utrecht', 'NL',
                  CASE class WHEN 'postnl' THEN $4::uuid WHEN 'dhl' THEN $5::uuid ELSE $6::uuid END, 'parcel', 'test'
           FROM g RETURNING id, order_number
         ),
         l AS (
           INSERT INTO labels (organisation_id, order_id, courier_id, courier_class, status, shipment_type, order_snapshot, tracking_number, created_at, printed_at)
           SELECT $1, o.id, CASE g.class WHEN 'postnl' THEN $4::uuid WHEN 'dhl' THEN $5::uuid ELSE $6::uuid END, g.class,
                  (ARRAY['ready','printed','printed','shipped','shipped','shipped','shipped','shipped','delayed','ready'])[1 + (g.g / 10) % 10],
                  'parcel', '{"shipment_receiver": {"zipcode": "3511AB", "country": "NL"}}'::jsonb,
                  CASE g.class WHEN 'postnl' THEN '3SDEVC' || lpad(g.g::text, 9, '0') WHEN 'dhl' THEN 'JVGL' || lpad(g.g::text, 12, '0') ELSE '3STEST' || lpad(g.g::text, 9, '0') END,
                  now() - ((g.g * 7919) % (72 * 3600)) * interval '1 second', NULL
           FROM o JOIN g ON o.order_number = 'TB-' || g.g
           RETURNING id, tracking_number
         )
         INSERT INTO label_packages (organisation_id, label_id, package_number, weight, tracking_number, label_file)
         SELECT $1, l.id, 1, 1000, l.tracking_number, '\\x'::bytea FROM l`,
        [id, from, to, pn.id, dh.id, test.rows[0]?.id],
      );
    }
    await pool.query('VACUUM ANALYZE labels, label_packages, orders');
    console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const service = createTrackingService({
      repository: runtime.services.repositories.tracking,
      couriers: runtime.services.repositories.couriers,
      crypto: await createSettingsCrypto(db),
      carriers: createCarrierRegistry({ labelDrawing: runtime.services.labelDrawing }),
      timeoutMs: 5000,
      timeScale: 1,
      delayAfterHours: parseDelayAfterHours(null),
      budgetPerMinute: budget,
      publicUrl: 'http://localhost',
    });

    const start = new Date();
    const runTimes: number[] = [];
    let checked = 0;
    let failed = 0;
    for (let minute = 0; minute < minutes; minute++) {
      const t = performance.now();
      const run = await service.refreshDue({ now: new Date(start.getTime() + minute * 60_000), batchSize: 100 });
      runTimes.push(performance.now() - t);
      checked += run.checked;
      failed += run.failed;
      if (minute % 10 === 9) console.log(`  minute ${minute + 1}: ${checked.toLocaleString('nl-NL')} labels asked so far`);
    }
    const end = new Date(start.getTime() + minutes * 60_000);
    const sorted = [...runTimes].sort((a, b) => a - b);
    console.log(
      `budget ${budgetText} per minute, ${minutes} simulated minutes: ${checked.toLocaleString('nl-NL')} refreshes (${failed} failed); one run took median ${((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(2)} s, max ${((sorted.at(-1) ?? 0) / 1000).toFixed(2)} s of wall time`,
    );
    const stats = await pool.query<{ class: string; labels: string; asked: string; fresh: string; p50: string | null; p95: string | null; statuses: string }>(
      `SELECT courier_class AS class, count(*) AS labels, count(tracking_date) AS asked,
              count(*) FILTER (WHERE tracking_date >= $2::timestamptz - interval '1 hour') AS fresh,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM $1::timestamptz - coalesce(tracking_date, created_at)) / 60)::numeric, 1) AS p50,
              round(percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM $1::timestamptz - coalesce(tracking_date, created_at)) / 60)::numeric, 1) AS p95,
              string_agg(DISTINCT status, ',') AS statuses
       FROM labels WHERE organisation_id = ANY($3::uuid[]) AND is_active AND status NOT IN ('completed', 'canceled')
       GROUP BY courier_class ORDER BY courier_class`,
      [end, end, orgIds],
    );
    console.log('carrier | budget/min | open labels at the end | asked at least once | last check ≤ 1 h old ("kept fresh") | p50 / p95 age of the last check (min; never asked: since made)');
    for (const r of stats.rows) {
      console.log(
        `${r.class.padEnd(7)} | ${String(perCarrierValue(budget, r.class)).padStart(10)} | ${Number(r.labels).toLocaleString('nl-NL').padStart(22)} | ${Number(r.asked).toLocaleString('nl-NL').padStart(19)} | ${Number(r.fresh).toLocaleString('nl-NL').padStart(37)} | ${r.p50} / ${r.p95}`,
      );
    }
    const delivered = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM labels WHERE organisation_id = ANY($1::uuid[]) AND status = 'completed'`, [orgIds]);
    console.log(`delivered during the hour (Testvervoerder timeline): ${Number(delivered.rows[0]?.n ?? 0).toLocaleString('nl-NL')}`);
    console.log(`requests seen by the fakes: PostNL ${postnl.requests.length.toLocaleString('nl-NL')}, DHL ${dhl.lookups.length.toLocaleString('nl-NL')}`);
  } finally {
    await postnl.close();
    await dhl.close();
  }
}
