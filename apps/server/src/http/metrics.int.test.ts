import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { startFakeGls } from '@verzendhuis/test-fakes/fake-gls';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { labelledOrders, linkFakeCarrier, readyOrders, request, requestLabels } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { buildApp } from '../app';
import { connect, ensureDatabase } from '../db/client';
import { freePort } from '../db/embedded';
import { prepareDatabase } from '../runtime';
import { createServices } from '../services';
import { createMetrics, registerMetrics } from './metrics';

/**
 * GET /metrics, /api/health and /api/ready (docs/observability.md): the metrics behind
 * METRICS_TOKEN with the named series after a label made and one refused; readiness
 * while the database and the job queue go away and come back.
 */

const token = 'metrics-token-of-this-test-0123456789';
// A PostNL that knows another API key: every label asked of it is refused.
const postnl = startForFile(() => startFakePostnl({ apikey: 'een-andere-sleutel' }));
const gls = startForFile(() => startFakeGls({ subscriptionKey: 'gls-sleutel', username: 'gls-gebruiker', password: 'gls-wachtwoord' }));
const { server, first, second } = testServerForFile({ config: { metricsToken: token } });

const scrape = (authorization?: string) => request(server, { path: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series in the exposition text; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers 404 while METRICS_TOKEN is not set', async () => {
    const app = Fastify();
    const pool = new pg.Pool({ max: 1 });
    registerMetrics(app, createMetrics({ pool, jobCounts: async () => [], trackingLagSeconds: async () => [] }), null, { notFound: () => ({ status: 404 }), unauthorized: () => ({ status: 401 }) });
    const answer = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(404);
    await app.close();
    await pool.end();
  });

  it('answers 401 with the error body without the bearer token, also to a user or with a wrong token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${token}x`, `Basic ${Buffer.from(`x:${token}`).toString('base64')}`, `Bearer ${second.token}`]) {
      const answer = await scrape(authorization);
      expect(answer.status, authorization).toBe(401);
      expect(answer.body).toMatchObject({ status: 401, message_code: 'metrics_unauthorized', type: 'authentication' });
      expect(answer.body.message).toMatch(/token/);
    }
  });

  it('counts a label made and one refused, times the carrier call and every request by its route pattern', async () => {
    const { labelIds } = await labelledOrders(first, 1);
    const postnlId = await linkFakeCarrier(first, 'postnl', postnl.url);
    const [refusedOrder] = await readyOrders(first, 1, { courier_id: postnlId, shipment_type: 'standard' });
    const refused = await requestLabels(first, { order_ids: [refusedOrder] });
    expect(refused.body.errors).toHaveLength(1);
    // Linking GLS checks its credentials at GLS: that call is timed too.
    await linkFakeCarrier(first, 'gls', `${gls.url}/V1/api`);
    // Another organisation's own request is timed like any other, under the same pattern.
    expect((await request(server, { path: `/api/label/${labelIds[0]}`, token: second.token })).status).toBe(404);
    expect((await request(server, { path: `/api/label/${labelIds[0]}`, token: first.token })).status).toBe(200);

    const answer = await request(server, { path: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body as string;
    expect(valueOf(text, 'verzendhuis_labels_total{carrier="test",outcome="made"}')).toBe(1);
    expect(valueOf(text, 'verzendhuis_labels_total{carrier="postnl",outcome="refused"}')).toBe(1);
    expect(valueOf(text, 'verzendhuis_labels_total{carrier="postnl",outcome="made"}')).toBeUndefined();
    expect(valueOf(text, 'verzendhuis_carrier_request_duration_seconds_count{carrier="postnl",call="createShipment"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'verzendhuis_carrier_request_duration_seconds_count{carrier="gls",call="verifySettings"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/label/:id",status_code="200"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/label/:id",status_code="404"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/api/order/label/create",status_code="200"}')).toBeGreaterThanOrEqual(2);
    // The route's pattern, never the raw URL.
    expect(text).not.toContain(labelIds[0]);
    expect(valueOf(text, 'verzendhuis_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'verzendhuis_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'verzendhuis_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    // Every queue in every state, 0 included: the label jobs' queue has none waiting.
    expect(valueOf(text, 'verzendhuis_jobs{queue="label-jobs",state="created"}')).toBe(0);
    // The Testvervoerder's new label is due for its first tracking update: its lag is a number, at least 0.
    expect(valueOf(text, 'verzendhuis_tracking_lag_seconds{carrier="test"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'verzendhuis_tracking_lag_seconds{carrier="postnl"}')).toBe(0);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('/api/health and /api/ready', () => {
  it('ready answers 503 while the job queue or the database is away, health only while the database is', async () => {
    const admin = inject('adminDatabaseUrl');
    const name = `t_ready_${Date.now().toString(36)}`;
    const database = connect(await ensureDatabase(admin, name));
    await prepareDatabase(database, { seedDemo: false });
    const services = await createServices({ config: { ...server.config, databaseUrl: null }, database });
    await services.start({ schedule: false });
    const app = await buildApp({ services });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const own = { url: `http://localhost:${port}` };
    const adminPool = new pg.Pool({ connectionString: admin, max: 1 });
    const status = async (path: string) => {
      const answer = await request(own, { path });
      return { status: answer.status, code: answer.body?.message_code as string | undefined, message: answer.body?.message as string | undefined };
    };
    try {
      expect(await status('/api/ready')).toMatchObject({ status: 200 });
      expect(await status('/api/health')).toMatchObject({ status: 200 });

      // The database refuses every connection: both answer 503 with the error body.
      await adminPool.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await adminPool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      for (const path of ['/api/ready', '/api/health']) {
        const answer = await status(path);
        expect(answer, path).toMatchObject({ status: 503, code: 'database_unavailable' });
        expect(answer.message).toMatch(/database/);
      }
      await adminPool.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      expect(await status('/api/ready')).toMatchObject({ status: 200 });

      // The queue stops (as when the process is shutting down): not ready, yet alive.
      await services.queue.stop();
      const notReady = await status('/api/ready');
      expect(notReady).toMatchObject({ status: 503, code: 'queue_unavailable' });
      expect(notReady.message).toMatch(/achtergrondtaken/);
      expect(await status('/api/health')).toMatchObject({ status: 200 });
    } finally {
      await app.close();
      // The instance lease's own connection was ended with the others: its goodbye may fail.
      await services.stop().catch(() => undefined);
      await database.close();
      await adminPool.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
      await adminPool.end();
    }
  });
});
