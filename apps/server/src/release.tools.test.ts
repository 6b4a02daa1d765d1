import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@verzendhuis/contract/client';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { labelledOrders, request, type TestOrganisation } from '../test-support/factories';
import { waitUntil } from '../test-support/wait';

/**
 * The release (README "In production"): a copy of the repository, its node_modules
 * hard-linked (`cp -al`, no bytes copied), is built with `npm run build`, pruned with
 * `npm prune --omit=dev` and started with `npm run serve` on a fresh DATA_DIR. With tsx,
 * vite and esbuild gone from its node_modules, nothing can load them: the server, its
 * label-drawing thread (a Testvervoerder label is made) and `npm run admin` run on the
 * compiled output and the production dependencies alone.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const skippedNames = new Set(['node_modules', 'dist', '.git', 'data', '.tmp', 'coverage']);

let copy = '';
let dataDir = '';
let serve: ReturnType<typeof spawn> | null = null;
const metricsToken = 'release-metrics-token-0123456789';
let output = '';
let url = '';

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The directories holding a node_modules of the workspace: the root and each workspace. */
async function nodeModulesDirs(): Promise<string[]> {
  const dirs = ['.'];
  for (const parent of ['apps', 'packages']) {
    for (const name of await readdir(path.join(repositoryRoot, parent))) dirs.push(path.join(parent, name));
  }
  dirs.push('e2e', 'bench');
  return dirs.filter((dir) => existsSync(path.join(repositoryRoot, dir, 'node_modules')));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  copy = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-release-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-release-data-'));
  // Run as root, the embedded PostgreSQL runs as a user of its own: it must reach its
  // binaries in the copy and its data folder (mkdtemp makes both 0700).
  await chmod(copy, 0o755);
  await chmod(dataDir, 0o755);
  await cp(repositoryRoot, copy, { recursive: true, filter: (source) => !skippedNames.has(path.basename(source)) });
  for (const dir of await nodeModulesDirs()) execFileSync('cp', ['-al', path.join(repositoryRoot, dir, 'node_modules'), path.join(copy, dir, 'node_modules')]);
  // npm prune rewrites its hidden lock file: a copy of its own, not a link to ours.
  const hiddenLock = path.join(copy, 'node_modules/.package-lock.json');
  await rm(hiddenLock);
  await cp(path.join(repositoryRoot, 'node_modules/.package-lock.json'), hiddenLock);

  run('npm', ['run', 'build'], copy);
  run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], copy);

  const port = await freePort();
  url = `http://localhost:${port}`;
  serve = spawn('npm', ['run', 'serve'], {
    cwd: copy,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: '', PORT: String(port), DATA_DIR: dataDir, PDOK_URL: 'http://localhost:9', LOG_LEVEL: 'warn', LABEL_DRAW_THREADS: '1', METRICS_TOKEN: metricsToken },
  });
  serve.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  serve.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitUntil(
    async () => {
      if (serve?.exitCode !== null) throw new Error(`npm run serve exited (${serve?.exitCode}):\n${output}`);
      return fetch(`${url}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
    },
    (status) => status === 200,
    { timeoutMs: 90_000, intervalMs: 200, what: 'the release on /api/health' },
  );
}, 300_000);

afterAll(async () => {
  if (serve?.pid && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve?.once('exit', resolve));
    process.kill(-serve.pid, 'SIGTERM');
    await exited;
  }
  // The embedded PostgreSQL of the release stops with it; its files go with the folders.
  await rm(copy, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the release after npm prune --omit=dev', () => {
  it('has no build tool left to load', () => {
    for (const tool of ['tsx', 'vite', 'esbuild', 'typescript', 'drizzle-kit', 'vitest']) expect(existsSync(path.join(copy, 'node_modules', tool)), tool).toBe(false);
    expect(existsSync(path.join(copy, 'apps/server/dist/main.mjs'))).toBe(true);
  });

  it('serves the web app, the API and a label drawn on its worker thread', async () => {
    const index = await request({ url }, { path: '/' });
    expect(index.status).toBe(200);
    expect(String(index.body)).toMatch(/<script type="module"[^>]* src="\/assets\/index-[\w-]+\.js"/);
    const config = await request({ url }, { path: '/api/config' });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ maintenance: false });

    // The demo organisation (DEMO defaults to 1) makes a Testvervoerder label: its PDF is
    // drawn by dist/test-label-worker.mjs.
    const tokens = await loginWithPassword({ baseUrl: url, email: 'demo@voorbeeld.nl', password: 'demo1234' });
    const org: TestOrganisation = { serverUrl: url, organisationId: '', userId: '', email: '', password: '', token: tokens.access_token, api: createApiClient({ baseUrl: url, getToken: () => tokens.access_token }) };
    const { labelIds } = await labelledOrders(org, 1);
    const pdf = await request({ url }, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: labelIds } });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    // The metrics (prom-client, a runtime dependency) with the series the label just counted.
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^verzendhuis_labels_total\{carrier="test",outcome="made"\} 1$/m);
    for (const series of ['http_request_duration_seconds_bucket', 'verzendhuis_carrier_request_duration_seconds', 'verzendhuis_jobs', 'verzendhuis_tracking_lag_seconds', 'verzendhuis_db_pool_connections', 'process_cpu_seconds_total'])
      expect(text, series).toContain(series);
  });

  it('runs the operator commands from the compiled CLI', () => {
    const plans = run('npm', ['run', '--silent', 'admin', '--', 'plans'], copy, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect(plans).toMatch(/^trial\tProefperiode\t/m);
  });
});
