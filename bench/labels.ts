import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { labelsSheet } from './labels-sheet';
import type { BenchContext } from './run';

/**
 * 1,000 orders → labels with the Testvervoerder → one A4 PDF, end to end over HTTP
 * (one create request; above LABEL_JOB_THRESHOLD a background job, polled until done);
 * then the PDF step alone (labels-sheet.ts) for 1,000 and 10,000 labels.
 * `labels [N] [--repeat R] [--skip-sheet]`: the end-to-end run R times (new orders each
 * time) with the median, since a shared 2-core machine varies from run to run; without
 * the sheet step.
 */
/**
 * CPU time (ms) of the local PostgreSQL server: the postmaster and its live backends, and
 * what its ended children used. Null for a server elsewhere (DATABASE_URL on another host).
 */
async function postgresCpuMs(pool: Pool): Promise<number | null> {
  try {
    const { rows } = await pool.query<{ data_directory: string }>('SHOW data_directory');
    const postmaster = Number(readFileSync(path.join(rows[0]!.data_directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // Fields after the command (which may hold spaces): state ppid ... utime(14) stime(15) cutime(16) cstime(17).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      if (pid !== postmaster && ppid !== postmaster) continue;
      total += Number(fields[11]) + Number(fields[12]);
      if (pid === postmaster) total += Number(fields[13]) + Number(fields[14]);
    }
    return (total / ticks) * 1000;
  } catch {
    return null;
  }
}

export async function labels({ baseUrl, runtime, args }: BenchContext): Promise<void> {
  const repeatAt = args.indexOf('--repeat');
  const repeat = repeatAt >= 0 ? Number(args[repeatAt + 1]) : 1;
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error(`labels: --repeat must be a whole number >= 1, got ${args[repeatAt + 1]}`);
  const count = Number(args.find((a, i) => !a.startsWith('--') && (repeatAt < 0 || i !== repeatAt + 1)) ?? 1000);
  // The demo organisation on a plan without a label quota.
  await runtime.database.pool.query(`UPDATE organisations SET plan_id = 'zakelijk' WHERE id = (SELECT organisation_id FROM users WHERE email = 'demo@voorbeeld.nl')`);
  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const courier = ((await (await fetch(`${baseUrl}/api/courier/`, { headers })).json()) as { data: { id: string }[] }).data[0]?.id;
  const totals: number[] = [];
  for (let run = 0; run < repeat; run++) {
    const orderIds: string[] = [];
    for (let i = 0; i < count; i += 500) {
      const batch = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
        order_number: `LB-${run}-${i + j}`,
        name: 'Zoë Łukasz-Müller',
        address_1: 'Damrak',
        housenumber: String(1 + ((i + j) % 200)),
        zipcode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
        courier_id: courier,
        shipment_type: 'parcel',
        shipment: { packages: [{ weight: 750 }], courier_fields: {} },
      }));
      const result = (await (await call('/api/order/bulk', { orders: batch })).json()) as { data: { id: string }[] };
      orderIds.push(...result.data.map((d) => d.id));
    }

    // One request for the whole selection, as the web app sends it: a large one answers
    // `queued` and its job is polled (as the dashboard does) until it is done.
    type Outcome = { data: { id: string }[]; errors: unknown[] };
    const start = performance.now();
    const appCpu = process.cpuUsage();
    const dbCpu = await postgresCpuMs(runtime.database.pool);
    const answer = (await (await call('/api/order/label/create', { order_ids: orderIds })).json()) as Outcome & { status: string; job?: { id: string } };
    const answered = performance.now();
    let outcome: Outcome = answer;
    let polls = 0;
    if (answer.status === 'queued' && answer.job) {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        polls += 1;
        const job = ((await (await fetch(`${baseUrl}/api/label/job/${answer.job.id}`, { headers })).json()) as { data: { status: string; result: Outcome | null; error: unknown } }).data;
        if (job.status === 'failed') throw new Error(`label job failed: ${JSON.stringify(job.error)}`);
        if (job.status === 'done' && job.result) {
          outcome = job.result;
          break;
        }
      }
    }
    if (outcome.errors.length > 0) throw new Error(`label errors: ${JSON.stringify(outcome.errors.slice(0, 3))}`);
    const labelIds = outcome.data.map((d) => d.id);
    const labelled = performance.now();
    // The app's CPU (every thread: HTTP, jobs, the drawing threads; the bench's own polling is small) and PostgreSQL's.
    const appUsed = process.cpuUsage(appCpu);
    const dbAfter = await postgresCpuMs(runtime.database.pool);
    const appMs = (appUsed.user + appUsed.system) / 1000;
    console.log(
      `labels step CPU: app ${(appMs / count).toFixed(2)} ms/label${dbCpu !== null && dbAfter !== null ? `, PostgreSQL ${((dbAfter - dbCpu) / count).toFixed(2)} ms/label` : ''} (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
    const pdf = await (await call('/api/label/pdf', { label_ids: labelIds, format: 'a4', positions: 1 })).arrayBuffer();
    const done = performance.now();
    totals.push(done - start);
    const path = answer.status === 'queued' ? `background job, answered in ${(answered - start).toFixed(0)} ms, ${polls} polls` : 'in the request';
    console.log(`${count} orders → labels (${path}): ${((labelled - start) / 1000).toFixed(2)} s; → A4 PDF: ${((done - labelled) / 1000).toFixed(2)} s; end to end ${((done - start) / 1000).toFixed(2)} s`);
    console.log(`A4 PDF: ${(pdf.byteLength / 1024).toFixed(0)} KB, ${(pdf.byteLength / 1024 / count).toFixed(1)} KB per label`);
  }
  if (repeat > 1) {
    const sorted = [...totals].sort((a, b) => a - b);
    console.log(`end to end over ${repeat} runs: median ${(sorted[Math.floor((repeat - 1) / 2)]! / 1000).toFixed(2)} s, fastest ${(sorted[0]! / 1000).toFixed(2)} s, slowest ${(sorted.at(-1)! / 1000).toFixed(2)} s`);
  }

  if (args.includes('--skip-sheet')) return;
  await labelsSheet({ args: ['1000'] });
  await labelsSheet({ args: ['10000'] });
}
