import pg from 'pg';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import type { BenchContext } from './run';
import { measure } from './measure';

const firstNames = ['Emma', 'Daan', 'Sophie', 'Lucas', 'Julia', 'Sem', 'Tess', 'Finn', 'Lotte', 'Milan', 'Anna', 'Levi', 'Fleur', 'Bram', 'Sanne', 'Jens', 'Lieke', 'Thijs', 'Noor', 'Ruben', 'Mila', 'Luuk', 'Evi', 'Noah', 'Saar', 'Jesse', 'Lisa', 'Stijn', 'Roos', 'Tim', 'Iris', 'Gijs', 'Femke', 'Koen', 'Maud', 'Joris', 'Sara', 'Niels', 'Eva', 'Wouter'];
const lastNames = ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Smits', 'de Graaf', 'van der Meer', 'van der Linden', 'Kok', 'Jacobs', 'de Haan', 'Vermeulen', 'van den Heuvel', 'van der Veen', 'van den Broek', 'de Bruijn', 'de Bruin', 'van der Heijden', 'Schouten', 'van Beek', 'Willems', 'van Vliet', 'van de Ven', 'Hoekstra', 'Maas', 'Verhoeven', 'Koster', 'van Dam', 'van der Wal', 'Prins', 'Blom', 'Huisman', 'Peeters', 'de Jonge', 'Kuipers', 'van Veen', 'Post', 'Kuiper', 'Veenstra', 'Kramer', 'van den Brink', 'Scholten'];
const places = [['Damrak', '1012 LG', 'Amsterdam'], ['Coolsingel', '3011 AD', 'Rotterdam'], ['Oudegracht', '3511 AB', 'Utrecht'], ['Grote Markt', '9711 LV', 'Groningen'], ['Vrijthof', '6211 LD', 'Maastricht'], ['Stratumseind', '5611 ER', 'Eindhoven'], ['Lange Voorhout', '2514 EA', 'Den Haag'], ['Breestraat', '2311 CS', 'Leiden']];
const statuses = ['ready', 'ready', 'ready', 'incomplete', 'warning', 'error', 'ready', 'pending'];

const literal = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Rows made inside PostgreSQL (generate_series): a million orders in about a minute.
 * Names and places come from hashes of the row number, so they do not follow the dates.
 */
export async function seed(pool: pg.Pool, organisationId: string, courierId: string | null, from: number, to: number, prefix: string): Promise<void> {
  await pool.query(
    `INSERT INTO orders (organisation_id, order_number, order_date, status, name, address_1, housenumber, zipcode, city, country, email, phone,
                         currency, courier_id, shipment_type, courier_fields, packages, source)
     SELECT $1, $2 || lpad(g::text, 7, '0'),
            now() - (g % 400) * interval '1 day' - ((g * 7919) % 86400) * interval '1 second',
            (${literal(statuses)})[1 + g % ${statuses.length}],
            (${literal(firstNames)})[1 + abs(hashint8(g)) % ${firstNames.length}] || ' ' || (${literal(lastNames)})[1 + abs(hashint8(g + 7777777)) % ${lastNames.length}],
            (${literal(places.map((p) => p[0] ?? ''))})[1 + abs(hashint8(g + 3333333)) % ${places.length}],
            (1 + g % 250)::text,
            (${literal(places.map((p) => p[1] ?? ''))})[1 + abs(hashint8(g + 3333333)) % ${places.length}],
            (${literal(places.map((p) => p[2] ?? ''))})[1 + abs(hashint8(g + 3333333)) % ${places.length}],
            'NL', 'klant' || g || '@voorbeeld.nl', '06' || lpad(((g * 104729) % 100000000)::text, 8, '0'),
            'EUR', $3, 'parcel', '{}', '[{"weight": 1000}]', 'test'
     FROM generate_series($4::bigint, $5::bigint) AS g`,
    [organisationId, prefix, courierId, from, to],
  );
}

interface Recorded {
  text: string;
  values: unknown[];
}

/** Records the SQL the server sends during one call, to replay it straight. */
function recordQueries(pool: pg.Pool): { take: () => Recorded[]; stop: () => void } {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  let recorded: Recorded[] = [];
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'object' && first && 'text' in first) {
      recorded.push({ text: String((first as { text: string }).text), values: (first as { values?: unknown[] }).values ?? (Array.isArray(second) ? second : []) });
    }
    else if (typeof first === 'string') recorded.push({ text: first, values: Array.isArray(second) ? second : [] });
    return original(...args);
  };
  return {
    take: () => {
      const out = recorded;
      recorded = [];
      return out;
    },
    stop: () => {
      (pool as unknown as { query: unknown }).query = original;
    },
  };
}

export async function orders({ baseUrl, runtime, args }: BenchContext): Promise<void> {
  const total = Number(args[0] ?? 1_000_000);
  const { pool } = runtime.database;

  // The measured organisation: the demo one, so we can log in.
  const demo = await pool.query<{ id: string; courier: string | null }>(
    `SELECT o.id, (SELECT c.id FROM couriers c WHERE c.organisation_id = o.id LIMIT 1) AS courier
     FROM organisations o JOIN users u ON u.organisation_id = o.id WHERE u.email = 'demo@voorbeeld.nl'`,
  );
  const organisationId = demo.rows[0]?.id ?? '';
  const courierId = demo.rows[0]?.courier ?? null;

  console.log(`seeding ${total.toLocaleString('nl-NL')} orders for one organisation and 99 others with 500-5,000 each …`);
  const seedStart = performance.now();
  const batch = 100_000;
  for (let from = 1; from <= total; from += batch) await seed(pool, organisationId, courierId, from, Math.min(total, from + batch - 1), 'BENCH-');
  for (let i = 0; i < 99; i++) {
    const other = await pool.query<{ id: string }>(`INSERT INTO organisations (name) VALUES ($1) RETURNING id`, [`Bench organisatie ${i + 1}`]);
    await seed(pool, other.rows[0]?.id ?? '', null, 1, 500 + ((i * 449) % 4500), `O${i}-`);
  }
  // Labels (a tenth of the orders, as label history grows) and an address book: their lists grow too.
  const labelCount = Math.round(total / 10);
  if (courierId) {
    await pool.query(
      `INSERT INTO labels (organisation_id, order_id, courier_id, courier_class, status, shipment_type, order_snapshot, tracking_number, created_at)
       SELECT organisation_id, id, $2, 'test', 'ready', 'parcel',
              jsonb_build_object('order_number', order_number, 'name', name, 'zipcode', zipcode, 'country', country),
              '3STEST' || lpad(row_number() OVER ()::text, 9, '0'), order_date
       FROM orders WHERE organisation_id = $1 AND order_number LIKE 'BENCH-%' ORDER BY order_number LIMIT $3`,
      [organisationId, courierId, labelCount],
    );
  }
  await pool.query(
    `INSERT INTO contacts (organisation_id, name, company_name, country, zipcode, housenumber, address_1, city, email)
     SELECT $1, name, 'Bedrijf ' || (g % 997), 'NL', zipcode, housenumber, address_1, city, email
     FROM (SELECT row_number() OVER () AS g, * FROM orders WHERE organisation_id = $1 AND order_number LIKE 'BENCH-%' LIMIT 10000) o`,
    [organisationId],
  );
  // What autovacuum does soon after a bulk load: statistics and the visibility map (index-only scans).
  await pool.query('VACUUM ANALYZE');
  console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  let loggedInAt = Date.now();
  const counts = await (await fetch(`${baseUrl}/api/order/count`, { headers })).json();
  console.log(`tab counters: ${JSON.stringify(counts)}`);

  const scenarios: [string, string][] = [
    ['orders tab, page 1, sort -order_date', '/api/order/?tab=orders&sort=-order_date'],
    ['orders tab, page 400, sort -order_date', '/api/order/?tab=orders&sort=-order_date&page=400'],
    ['search name "lotte visser"', `/api/order/?tab=orders&search=${encodeURIComponent('lotte visser')}`],
    ['search name "visser" (1.7% of rows)', '/api/order/?tab=orders&search=visser'],
    ['search order number', `/api/order/?tab=orders&search=BENCH-${String(Math.floor(total / 2)).padStart(7, '0')}`],
    ['search postcode "3511 AB"', `/api/order/?tab=orders&search=${encodeURIComponent('3511 AB')}`],
    ['search e-mail "klant…@voorbeeld.nl"', `/api/order/?tab=orders&search=${encodeURIComponent(`klant${Math.floor(total / 3)}@voorbeeld.nl`)}`],
    ['search order number prefix "BENCH-00012"', '/api/order/?tab=orders&search=BENCH-00012'],
    ['order/count', '/api/order/count'],
    ['order/count?search=visser', '/api/order/count?search=visser'],
    ['problematic tab, page 1', '/api/order/?tab=problematic'],
    ['other tab, page 1', '/api/order/?tab=other'],
    ...['order_date', 'created_at', '-created_at', 'order_number', '-order_number', 'name', '-name', 'country', 'status', '-status'].map(
      (sort): [string, string] => [`orders tab, sort ${sort}`, `/api/order/?tab=orders&sort=${sort}`],
    ),
    ['orders tab, sort name, page 100', '/api/order/?tab=orders&sort=name&page=100'],
    ['orders tab, 250 per page', '/api/order/?tab=orders&page_size=250'],
    ['labels, page 1', '/api/label/'],
    ['labels, page 100', '/api/label/?page=100'],
    ...['-created_at', 'created_at', 'status', 'order_number', 'name', 'country'].map((sort): [string, string] => [`labels, sort ${sort}`, `/api/label/?sort=${sort}`]),
    ['labels, search name "lotte visser"', `/api/label/?search=${encodeURIComponent('lotte visser')}`],
    ['labels, search order number', `/api/label/?search=BENCH-${String(Math.floor(labelCount / 2)).padStart(7, '0')}`],
    ['labels, search tracking number', `/api/label/?search=3STEST${String(Math.floor(labelCount / 3)).padStart(9, '0')}`],
    ['labels, search postcode "3511 AB"', `/api/label/?search=${encodeURIComponent('3511 AB')}`],
    ['labels, status filter', '/api/label/?status=ready'],
    ['label/count', '/api/label/count'],
    ['contacts, page 1', '/api/contacts'],
    ['contacts, search "visser"', '/api/contacts?search=visser'],
  ];
  const only = process.env.BENCH_ONLY;

  const recorder = recordQueries(pool);
  const direct = new pg.Pool({ connectionString: runtime.database.url, max: 4 });
  direct.on('error', () => undefined);
  try {
    console.log(`\n${'call'.padEnd(44)} over HTTP (median / p95)          SQL straight (median / p95)   overhead`);
    for (const [label, path] of scenarios) {
      if (only && !only.split('|').some((part) => label.includes(part))) continue;
      // An access token lives 5 minutes; a run on a busy machine takes longer.
      if (Date.now() - loggedInAt > 120_000) {
        const renewed = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
        headers.authorization = `Bearer ${renewed.access_token}`;
        loggedInAt = Date.now();
      }
      recorder.take();
      const response = await fetch(`${baseUrl}${path}`, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { meta?: { total: number } };
      // The order queries only; the token check's user lookup is our overhead.
      const queries = recorder.take().filter((q) => !/from "users"/i.test(q.text));
      if (process.env.BENCH_EXPLAIN) {
        for (const q of queries) {
          const plan = await direct.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
          console.log(`\n-- ${label}\n${q.text.slice(0, 400)}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
        }
      }
      const http = await measure(`  HTTP  ${label}`, 200, async () => {
        const r = await fetch(`${baseUrl}${path}`, { headers });
        await r.arrayBuffer();
      }, { quiet: true });
      const sqlOnly = await measure(`  SQL   ${label}`, 200, async () => {
        await Promise.all(queries.map((q) => direct.query(q.text, q.values)));
      }, { quiet: true });
      console.log(
        `${label.padEnd(44)} ${http.median.toFixed(2).padStart(6)} / ${http.p95.toFixed(2).padStart(6)} ms   ${sqlOnly.median.toFixed(2).padStart(14)} / ${sqlOnly.p95.toFixed(2).padStart(6)} ms   ${(http.median / Math.max(sqlOnly.median, 0.001)).toFixed(1)}x   (total ${body.meta?.total ?? '-'})`,
      );
    }
  } finally {
    recorder.stop();
    await direct.end();
  }
}
