import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the metrics read at scrape time (docs/observability.md). */
export interface MetricsSources {
  pool: pg.Pool;
  /** The pg-boss job table: how many jobs of each queue are in each state. */
  jobCounts: () => Promise<{ queue: string; state: string; count: number }[]>;
  /** Per carrier class: seconds since the next label its tracking refresh asks about became due; 0 when none is. */
  trackingLagSeconds: () => Promise<{ carrier: string; seconds: number }[]>;
}

export type LabelOutcome = 'made' | 'refused';

/**
 * The process's Prometheus metrics (prom-client), one registry built once by the
 * composition root (services.ts): the HTTP histogram, labels made and refused, carrier
 * calls, and the gauges read at scrape time (jobs, tracking lag, database pool).
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const labels = new Counter({
    name: 'verzendhuis_labels_total',
    help: 'Labels asked of a carrier, by carrier class and outcome (made, refused)',
    labelNames: ['carrier', 'outcome'] as const,
    registers: [registry],
  });
  const carrierDuration = new Histogram({
    name: 'verzendhuis_carrier_request_duration_seconds',
    help: 'HTTP calls to carriers, by carrier class and adapter call',
    labelNames: ['carrier', 'call'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30],
    registers: [registry],
  });
  // Read first, before the scrape's own queries below take connections of the pool.
  new Gauge({
    name: 'verzendhuis_db_pool_connections',
    help: 'Connections of the database pool: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, sources.pool.totalCount);
      this.set({ state: 'idle' }, sources.pool.idleCount);
      this.set({ state: 'waiting' }, sources.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'verzendhuis_jobs',
    help: 'Jobs in the pg-boss job table, by queue and state (read at scrape time)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await sources.jobCounts()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'verzendhuis_tracking_lag_seconds',
    help: 'Per carrier class, how long the next label the tracking refresh asks about has been due (0: up to date)',
    labelNames: ['carrier'] as const,
    registers: [registry],
    async collect() {
      for (const row of await sources.trackingLagSeconds()) this.set({ carrier: row.carrier }, row.seconds);
    },
  });
  return {
    registry,
    /** One label asked of a carrier (labels/service.ts), once per label. */
    label(carrier: string, outcome: LabelOutcome): void {
      labels.inc({ carrier, outcome });
    },
    /** Times one HTTP call of a carrier adapter (carriers/registry.ts). */
    async carrierCall<T>(carrier: string, call: string, work: () => Promise<T>): Promise<T> {
      const end = carrierDuration.startTimer({ carrier, call });
      try {
        return await work();
      } finally {
        end();
      }
    },
    /** One answered HTTP request; `route` is the route's pattern, never the raw URL. */
    request(method: string, route: string, statusCode: number, seconds: number): void {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Compares two strings in constant time (of their hashes, so their lengths leak nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics (outside /api and the OpenAPI document): 404 unless METRICS_TOKEN is set,
 * then 401 without `Authorization: Bearer <token>`. Every answered request is timed by
 * its route pattern (unknown paths as one route, so a scan cannot grow the series).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | null, errors: { notFound: () => unknown; unauthorized: () => unknown }): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send(errors.notFound());
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !sameSecret(given, token)) return reply.status(401).header('www-authenticate', 'Bearer').send(errors.unauthorized());
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
