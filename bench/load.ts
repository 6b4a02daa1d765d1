import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import type { DriverMessage, DriverPlan } from './load-driver';
import { seed } from './orders';
import type { BenchContext } from './run';

/**
 * `npm run bench -- load [--seconds S | --minutes M] [--connections C] [--orders N]`:
 * a mixed workload (order lists and searches, order detail, label list, tab counters,
 * create order, create label, label PDF) from a second process (load-driver.ts) over
 * keep-alive connections against this process's server, on N (100,000) seeded orders.
 * Prints requests per second, p50/p95/p99 per kind and the errors, and the server's CPU
 * per request. Every minute (and with `soak`, for 10 minutes) the server's RSS and heap
 * after a full GC, and at the end the heap's trend (least squares, after the first minute).
 */
export async function load({ baseUrl, runtime, args }: BenchContext, defaults: { minutes?: number } = {}): Promise<void> {
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? Number(args[at + 1]) : undefined;
  };
  const seconds = option('seconds') ?? (option('minutes') ?? defaults.minutes ?? 1) * 60;
  const connections = option('connections') ?? 16;
  const orderCount = option('orders') ?? 100_000;
  const { pool } = runtime.database;

  const demo = await pool.query<{ id: string; courier: string }>(
    `SELECT o.id, (SELECT c.id FROM couriers c WHERE c.organisation_id = o.id LIMIT 1) AS courier
     FROM organisations o JOIN users u ON u.organisation_id = o.id WHERE u.email = 'demo@voorbeeld.nl'`,
  );
  const organisationId = demo.rows[0]?.id ?? '';
  const courierId = demo.rows[0]?.courier ?? '';
  // A plan without a label quota: the soak makes thousands.
  await pool.query(`UPDATE organisations SET plan_id = 'zakelijk' WHERE id = $1`, [organisationId]);
  const seedStart = performance.now();
  for (let from = 1; from <= orderCount; from += 100_000) await seed(pool, organisationId, courierId, from, Math.min(orderCount, from + 99_999), 'LOADSEED-');
  await pool.query('VACUUM ANALYZE orders');
  console.log(`seeded ${orderCount.toLocaleString('en')} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  // Labels to print: 40 orders labelled in one request (below the job threshold).
  const bulk = await fetch(`${baseUrl}/api/order/bulk`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      orders: Array.from({ length: 40 }, (_, i) => ({
        order_number: `LOADPDF-${i}`,
        name: 'Lotte Visser',
        address_1: 'Oudegracht',
        housenumber: String(i + 1),
        zipcode: '3511 AB',
        city: 'Utrecht',
        country: 'NL',
        courier_id: courierId,
        shipment_type: 'parcel',
        shipment: { packages: [{ weight: 750 }], courier_fields: {} },
      })),
    }),
  });
  const bulkIds = ((await bulk.json()) as { data: { id: string }[] }).data.map((d) => d.id);
  const labelled = await fetch(`${baseUrl}/api/order/label/create`, { method: 'POST', headers, body: JSON.stringify({ order_ids: bulkIds }) });
  const labelIds = ((await labelled.json()) as { data: { id: string }[] }).data.map((d) => d.id);
  if (labelIds.length === 0) throw new Error('load: no labels made for the PDF calls');
  const orderIds = (await pool.query<{ id: string }>(`SELECT id FROM orders WHERE organisation_id = $1 ORDER BY random() LIMIT 2000`, [organisationId])).rows.map((r) => r.id);
  const searches = ['lotte visser', 'visser', 'de jong', '3511 AB', '1012', `LOADSEED-${String(Math.floor(orderCount / 2)).padStart(7, '0')}`, 'LOADSEED-00012', 'Emma'];

  // A full GC before each memory sample, so the heap is what is kept, not what waits for collection.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const memory = () => {
    gc();
    const m = process.memoryUsage();
    return { rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20 };
  };
  const samples = [{ minute: 0, ...memory() }];
  console.log(`machine load before: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`);
  console.log(`driver: ${connections} keep-alive connections for ${seconds} s; server RSS ${samples[0]!.rss.toFixed(0)} MB, heap ${samples[0]!.heap.toFixed(1)} MB`);

  // Renewed at half its lifetime, as the web app does before a token ends.
  const renew = setInterval(() => {
    loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' })
      .then((renewed) => driver.send({ type: 'token', token: renewed.access_token }))
      .catch((error: unknown) => console.error(`load: renewing the token failed: ${String(error)}`));
  }, (tokens.expires_in * 1000) / 2);
  const driver = fork(fileURLToPath(new URL('./load-driver.ts', import.meta.url)), [], { stdio: 'inherit' });
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await new Promise<Extract<DriverMessage, { type: 'done' }>>((resolve, reject) => {
    driver.on('message', (message: DriverMessage) => {
      if (message.type === 'token') return;
      if (message.type === 'minute') {
        const m = memory();
        samples.push({ minute: message.minute, ...m });
        console.log(`minute ${String(message.minute).padStart(2)}: ${(message.requests / 60).toFixed(0)} req/s, ${message.errors} errors; server RSS ${m.rss.toFixed(0)} MB, heap ${m.heap.toFixed(1)} MB; load ${os.loadavg()[0]?.toFixed(2)}`);
      } else resolve(message);
    });
    driver.once('exit', (code) => reject(new Error(`load driver ended with ${code} before its results`)));
    driver.send({ baseUrl, token: tokens.access_token, seconds, connections, orderIds, labelIds, courierId, searches } satisfies DriverPlan);
  });
  clearInterval(renew);
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - wallBefore;
  const end = memory();

  const kinds = Object.entries(result.kinds).sort((a, b) => b[1].n - a[1].n);
  const total = kinds.reduce((sum, [, k]) => sum + k.n, 0);
  const errorTotal = kinds.reduce((sum, [, k]) => sum + k.errors, 0);
  console.log(`\n${'kind'.padEnd(16)} ${'requests'.padStart(9)} ${'errors'.padStart(7)}     p50      p95      p99      max (ms)`);
  for (const [kind, k] of kinds) {
    console.log(`${kind.padEnd(16)} ${String(k.n).padStart(9)} ${String(k.errors).padStart(7)} ${[k.p50, k.p95, k.p99, k.max].map((v) => v.toFixed(1).padStart(8)).join(' ')}`);
  }
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `\n${total} requests in ${result.seconds.toFixed(1)} s: ${(total / result.seconds).toFixed(0)} req/s, ${errorTotal} errors; ` +
      `server CPU ${(cpuMs / 1000).toFixed(1)} s (${((cpuMs / wall) * 100).toFixed(0)}% of one core), ${(cpuMs / Math.max(total, 1)).toFixed(2)} ms CPU per request (PostgreSQL's own CPU not included)`,
  );
  console.log(`machine load after: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}; server RSS ${end.rss.toFixed(0)} MB, heap ${end.heap.toFixed(1)} MB`);
  for (const sample of result.samples) console.log(`error: ${sample}`);

  // The heap's trend after the first minute (warm-up: caches, JIT, pools filling).
  const steady = samples.filter((s) => s.minute >= 1);
  if (steady.length >= 3) {
    const slope = (key: 'rss' | 'heap') => {
      const mx = steady.reduce((s, p) => s + p.minute, 0) / steady.length;
      const my = steady.reduce((s, p) => s + p[key], 0) / steady.length;
      const num = steady.reduce((s, p) => s + (p.minute - mx) * (p[key] - my), 0);
      const den = steady.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
      return num / den;
    };
    console.log(`trend from minute 1 to ${steady.at(-1)!.minute}: heap ${slope('heap').toFixed(2)} MB/min, RSS ${slope('rss').toFixed(2)} MB/min`);
  }
  if (errorTotal > 0) process.exitCode = 1;
}
