import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrganisation, readyOrders, request, requestLabels, type TestOrganisation } from '../../test-support/factories';
import { waitUntil } from '../../test-support/wait';
import { loadConfig } from '../config';
import { startRuntime, type Runtime } from '../runtime';
import { ensureDatabase } from './client';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

/**
 * PostgreSQL going away under a running app (docs/faults.md): the app's own embedded
 * server killed with SIGKILL, and an external one (DATABASE_URL) stopped and started
 * again, each while requests run. Meanwhile every answer is a 200 or a 503 with the error
 * body (`database_unavailable`), never a 500; afterwards the same process answers again,
 * its logins work and its job queue (pg-boss) makes a label job's labels, without a
 * restart of its own. The app runs in this process as `npm start` runs it (startRuntime);
 * the external PostgreSQL is one of this file's own, so the shared test server is left alone.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-pg-restart-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function runtimeOn(options: { dataDir: string; databaseUrl?: string }): Promise<Runtime> {
  const port = await freePort();
  const config = loadConfig(
    { LOG_LEVEL: 'silent', NODE_ENV: 'test', PDOK_URL: 'http://localhost:9', PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: options.dataDir, DEMO: '0', LABEL_DRAW_THREADS: '0' },
    { port, host: '127.0.0.1', databaseUrl: options.databaseUrl ?? null, labelJobThreshold: 2 },
  );
  const runtime = await startRuntime(config, { jobs: false, log: () => undefined });
  cleanups.push(() => runtime.stop());
  return runtime;
}

/** The runtime's address (its PUBLIC_URL is its own port on localhost). */
const server = (runtime: Runtime) => ({ url: runtime.url });

/** Requests the whole time until `stop`: health, the user's orders; the statuses seen, and any answer that is neither 200 nor the 503 of an absent database. */
function traffic(runtime: Runtime, org: TestOrganisation) {
  const seen = new Map<number, number>();
  const wrong: unknown[] = [];
  let running = true;
  const loop = async (path: string, token?: string) => {
    while (running) {
      const answer = await request(server(runtime), { path, token }).catch((error: unknown) => ({ status: 0, body: String(error) }));
      seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
      if (answer.status !== 200 && !(answer.status === 503 && answer.body?.message_code === 'database_unavailable' && answer.body?.message)) wrong.push(answer);
    }
  };
  const loops = [loop('/api/health'), loop('/api/order/', org.token), loop('/api/order/', org.token)];
  return {
    seen,
    wrong,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Waits for health 200, then proves the process works: a new organisation logs in and a label job (the queue) finishes. */
async function worksAgain(runtime: Runtime) {
  await waitUntil(async () => (await request(server(runtime), { path: '/api/health' }).catch(() => ({ status: 0 }))).status, (s) => s === 200, { timeoutMs: 60_000, intervalMs: 200, what: 'health answers 200 again' });
  const org = await createOrganisation({ url: server(runtime).url, database: runtime.database });
  const ids = await readyOrders(org, 3);
  const { body } = await requestLabels(org, { order_ids: ids });
  expect(body.status).toBe('queued');
  const job = await waitUntil(
    async () => (await request(server(runtime), { path: `/api/label/job/${body.job.id}`, token: org.token })).body.data,
    (data) => data.status === 'done' || data.status === 'failed',
    { timeoutMs: 60_000, intervalMs: 200, what: 'the label job after the restart' },
  );
  expect(job).toMatchObject({ status: 'done', made: 3, failed: 0 });
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number.parseInt((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
}

describe('PostgreSQL restarted under a running app', () => {
  it('the app’s own embedded PostgreSQL killed: started again by the app, which answers 503 meanwhile and then works on', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir();
    const runtime = await runtimeOn({ dataDir });
    const org = await createOrganisation({ url: server(runtime).url, database: runtime.database });
    const before = await postmasterPid(dataDir);
    const load = traffic(runtime, org);
    await waitUntil(async () => load.seen.get(200) ?? 0, (n) => n >= 5, { what: 'requests answered before' });

    process.kill(before, 'SIGKILL');
    await waitUntil(async () => load.seen.get(503) ?? 0, (n) => n >= 1, { timeoutMs: 30_000, what: 'a 503 while the database is away' });
    await waitUntil(async () => postmasterPid(dataDir).catch(() => before), (pid) => pid !== before && Number.isFinite(pid), { timeoutMs: 60_000, what: 'a new postmaster' });
    await worksAgain(runtime);
    await load.stop();
    expect(load.wrong).toEqual([]);
    expect((await request(server(runtime), { path: '/api/order/', token: org.token })).status).toBe(200);
  });

  it('an external PostgreSQL (DATABASE_URL) stopped and started: 503 with the error body while it is away, then the app works on', { timeout: 180_000 }, async () => {
    const pgDir = await tempDir();
    const port = await freePort();
    let external: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir: pgDir, port, notice: () => undefined });
    cleanups.push(() => external.stop());
    const databaseUrl = await ensureDatabase(external.url, 'verzendhuis');
    const runtime = await runtimeOn({ dataDir: await tempDir(), databaseUrl });
    const org = await createOrganisation({ url: server(runtime).url, database: runtime.database });
    const load = traffic(runtime, org);
    await waitUntil(async () => load.seen.get(200) ?? 0, (n) => n >= 5, { what: 'requests answered before' });

    await external.stop();
    const health = await waitUntil(async () => request(server(runtime), { path: '/api/health' }), (a) => a.status === 503, { timeoutMs: 30_000, what: 'health 503' });
    expect(health.body).toMatchObject({ status: 503, message_code: 'database_unavailable', type: 'usage', errors: [{ field: null }] });
    expect(health.body.message).toMatch(/database/);
    const orders = await request(server(runtime), { path: '/api/order/', token: org.token });
    expect(orders.status).toBe(503);

    external = await startEmbeddedPostgres({ dataDir: pgDir, port, notice: () => undefined });
    await worksAgain(runtime);
    await load.stop();
    expect(load.wrong).toEqual([]);
  });
});
