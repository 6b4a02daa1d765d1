import http from 'node:http';

/**
 * The load bench's client, in a process of its own (forked by load.ts), so that its CPU is
 * not the server's: `connections` closed loops over keep-alive connections, each picking a
 * call by weight, for `seconds`. Every minute it sends its counts; at the end the latencies
 * per kind (p50/p95/p99) and the errors.
 */
export interface DriverPlan {
  baseUrl: string;
  token: string;
  seconds: number;
  connections: number;
  orderIds: string[];
  labelIds: string[];
  courierId: string;
  searches: string[];
}

export type DriverMessage =
  | { type: 'minute'; minute: number; requests: number; errors: number }
  | { type: 'token'; token: string }
  | { type: 'done'; seconds: number; kinds: Record<string, { n: number; errors: number; p50: number; p95: number; p99: number; max: number }>; samples: string[] };

interface Call {
  kind: string;
  weight: number;
  run: () => Promise<void>;
}

const plan = await new Promise<DriverPlan>((resolve) => process.once('message', (message) => resolve(message as DriverPlan)));
// An access token lives 5 minutes: the parent logs in again before it ends and sends the new one, as the web app renews.
process.on('message', (message: { type?: string; token?: string }) => {
  if (message.type === 'token' && message.token) plan.token = message.token;
});
const url = new URL(plan.baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;
const times = new Map<string, number[]>();
const errors = new Map<string, number>();
const samples: string[] = [];
let requests = 0;
let errorCount = 0;

/** One request; its time goes to `kind`; a status outside 2xx is an error. Returns the body. */
function request(kind: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<string> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, text: string) => {
      const took = performance.now() - started;
      requests += 1;
      let list = times.get(kind);
      if (!list) times.set(kind, (list = []));
      list.push(took);
      if (status < 200 || status >= 300) {
        errorCount += 1;
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
        if (samples.length < 5) samples.push(`${kind} ${method} ${path}: ${status} ${text.slice(0, 200)}`);
      }
      resolve(text);
    };
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { authorization: `Bearer ${plan.token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(res.statusCode ?? 0, (res.headers['content-type'] ?? '').includes('json') ? Buffer.concat(chunks).toString('utf8') : ''));
        res.on('error', (error) => done(0, String(error)));
      },
    );
    req.on('error', (error) => done(0, String(error)));
    req.end(payload);
  });
}

let created = 0;
const newOrder = () => ({
  order_number: `LOAD-${process.pid}-${++created}`,
  name: pick(['Lotte Visser', 'Daan de Jong', 'Zoë Łukasz-Müller', 'Sem van Dijk']),
  address_1: 'Damrak',
  housenumber: String(1 + (created % 200)),
  zipcode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
  email: `load${created}@voorbeeld.nl`,
  courier_id: plan.courierId,
  shipment_type: 'parcel',
  shipment: { packages: [{ weight: 750 }], courier_fields: {} },
});

const calls: Call[] = [
  { kind: 'list orders', weight: 30, run: async () => void (await request('list orders', 'GET', `/api/order/?tab=${pick(['orders', 'orders', 'orders', 'problematic', 'other'])}&sort=${pick(['-order_date', 'order_date', '-created_at', 'order_number'])}&page=${1 + Math.floor(Math.random() * 20)}`)) },
  { kind: 'search orders', weight: 20, run: async () => void (await request('search orders', 'GET', `/api/order/?tab=orders&search=${encodeURIComponent(pick(plan.searches))}`)) },
  { kind: 'order detail', weight: 20, run: async () => void (await request('order detail', 'GET', `/api/order/${pick(plan.orderIds)}`)) },
  { kind: 'list labels', weight: 8, run: async () => void (await request('list labels', 'GET', `/api/label/?page=${1 + Math.floor(Math.random() * 3)}`)) },
  { kind: 'tab counters', weight: 6, run: async () => void (await request('tab counters', 'GET', '/api/order/count')) },
  { kind: 'create order', weight: 8, run: async () => void (await request('create order', 'POST', '/api/order/create', newOrder())) },
  {
    kind: 'create label',
    weight: 5,
    run: async () => {
      const made = JSON.parse((await request('create order', 'POST', '/api/order/create', newOrder())) || '{}') as { data?: { id: string } };
      if (made.data) await request('create label', 'POST', '/api/order/label/create', { order_ids: [made.data.id] });
    },
  },
  {
    kind: 'label PDF',
    weight: 3,
    run: async () => {
      const start = Math.floor(Math.random() * Math.max(1, plan.labelIds.length - 4));
      await request('label PDF', 'POST', '/api/label/pdf', { label_ids: plan.labelIds.slice(start, start + 4), format: 'a4' });
    },
  },
];
const totalWeight = calls.reduce((sum, call) => sum + call.weight, 0);
const choose = (): Call => {
  let r = Math.random() * totalWeight;
  for (const call of calls) if ((r -= call.weight) < 0) return call;
  return calls[0]!;
};

const started = performance.now();
const end = started + plan.seconds * 1000;
let minute = 0;
let lastRequests = 0;
let lastErrors = 0;
const ticker = setInterval(() => {
  minute += 1;
  process.send?.({ type: 'minute', minute, requests: requests - lastRequests, errors: errorCount - lastErrors } satisfies DriverMessage);
  lastRequests = requests;
  lastErrors = errorCount;
}, 60_000);

await Promise.all(
  Array.from({ length: plan.connections }, async () => {
    while (performance.now() < end) await choose().run();
  }),
);
clearInterval(ticker);
const seconds = (performance.now() - started) / 1000;
const kinds: Extract<DriverMessage, { type: 'done' }>['kinds'] = {};
for (const [kind, list] of times) {
  list.sort((a, b) => a - b);
  const at = (q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
  kinds[kind] = { n: list.length, errors: errors.get(kind) ?? 0, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: list.at(-1) ?? 0 };
}
process.send?.({ type: 'done', seconds, kinds, samples } satisfies DriverMessage, () => {
  agent.destroy();
  process.exit(0);
});
