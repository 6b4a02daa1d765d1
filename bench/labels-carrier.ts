import { postnlCarrier } from '@verzendhuis/server/carriers/postnl/adapter';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import type { BenchContext } from './run';

/**
 * `labels-carrier [N=1000] [--latency MS=300]`: N orders → labels with a PostNL (the fake,
 * answering every label call after MS ms) over HTTP, as one request whose background job
 * is polled until done. Prints the time, the most label calls PostNL had open at once and
 * the most calls that started in any 60 s, beside the adapter's budget (labelBudget).
 */
export async function labelsCarrier({ baseUrl, runtime, args }: BenchContext): Promise<void> {
  const latencyAt = args.indexOf('--latency');
  const latency = latencyAt >= 0 ? Number(args[latencyAt + 1]) : 300;
  const count = Number(args.find((a, i) => !a.startsWith('--') && i !== latencyAt + 1) ?? 1000);
  if (!Number.isInteger(count) || count < 1 || !(latency >= 0)) throw new Error('labels-carrier: [N] [--latency MS]');
  const postnl = await startFakePostnl({ apikey: 'bench-sleutel', labelLatencyMs: latency });
  try {
    await runtime.database.pool.query(`UPDATE organisations SET plan_id = 'zakelijk' WHERE id = (SELECT organisation_id FROM users WHERE email = 'demo@voorbeeld.nl')`);
    const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
    const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response;
    };
    const linked = (await (
      await call('/api/courier/create', { courier_class: 'postnl', fields: { api_key: 'bench-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } })
    ).json()) as { data: { id: string } };
    const courier = linked.data.id;

    const orderIds: string[] = [];
    for (let i = 0; i < count; i += 500) {
      const batch = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
        order_number: `PC-${i + j}`,
        name: 'Zoë de Vries',
        address_1: 'Damrak',
        housenumber: String(1 + ((i + j) % 200)),
        zipcode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
        courier_id: courier,
        shipment_type: 'standard',
        shipment: { packages: [{ weight: 750 }], courier_fields: {} },
      }));
      const result = (await (await call('/api/order/bulk', { orders: batch })).json()) as { data: { id: string }[] };
      orderIds.push(...result.data.map((d) => d.id));
    }

    type Outcome = { data: { id: string }[]; errors: unknown[] };
    const start = performance.now();
    const cpu = process.cpuUsage();
    const answer = (await (await call('/api/order/label/create', { order_ids: orderIds })).json()) as Outcome & { status: string; job?: { id: string } };
    let outcome: Outcome = answer;
    if (answer.status === 'queued' && answer.job) {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const job = ((await (await fetch(`${baseUrl}/api/label/job/${answer.job.id}`, { headers })).json()) as { data: { status: string; result: Outcome | null; error: unknown } }).data;
        if (job.status === 'failed') throw new Error(`label job failed: ${JSON.stringify(job.error)}`);
        if (job.status === 'done' && job.result) {
          outcome = job.result;
          break;
        }
      }
    }
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    if (outcome.errors.length > 0) throw new Error(`label errors: ${JSON.stringify(outcome.errors.slice(0, 3))}`);
    // The most calls that arrived within any 60 s.
    const arrived = postnl.labelCalls.arrivedAt;
    let mostInMinute = 0;
    for (let first = 0, last = 0; last < arrived.length; last++) {
      while (arrived[last]! - arrived[first]! >= 60_000) first++;
      mostInMinute = Math.max(mostInMinute, last - first + 1);
    }
    const budget = postnlCarrier.labelBudget;
    console.log(`PostNL answering in ${latency} ms, budget ${budget.concurrency} at a time and ${budget.perMinute ?? '∞'} a minute`);
    console.log(
      `${count} orders → ${outcome.data.length} labels: ${seconds.toFixed(2)} s (${(count / seconds).toFixed(1)} labels/s); PostNL had at most ${postnl.labelCalls.mostOpen} calls open, ${mostInMinute} started in the busiest 60 s; cpu ${((used.user + used.system) / 1000 / count).toFixed(2)} ms/label (this process)`,
    );
  } finally {
    await postnl.close();
  }
}
