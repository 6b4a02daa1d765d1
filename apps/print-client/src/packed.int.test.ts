import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type FakePrintServer, startFakePrintServer } from '@verzendhuis/test-fakes/fake-print-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

/**
 * The print client packed into one file (`npm run print-client:pack`) runs with plain
 * `node` outside the repository: it pairs, takes a job and writes it to its folder.
 */
let dir = '';
let server: FakePrintServer;
let child: ChildProcess | null = null;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'packed-print-client-'));
  server = await startFakePrintServer();
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

it('runs as one file with node: pairs, prints a job into its folder, stops on SIGTERM', async () => {
  const bundle = path.join(dir, 'verzendhuis-print-client.cjs');
  await promisify(execFile)(process.execPath, [path.join(import.meta.dirname, '..', 'pack.mjs'), bundle]);
  const folder = path.join(dir, 'labels');
  const started = spawn(process.execPath, [bundle], {
    cwd: dir, // no node_modules anywhere up from here: everything is in the file
    env: { PATH: '', HOME: dir, PRINT_CLIENT_PORT: '0', PRINT_FOLDER: folder, PRINT_CLIENT_STATE: path.join(dir, 'state.json'), PRINT_SERVER_URL: server.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let output = '';
  started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await vi.waitFor(
    () => {
      const match = /luistert op (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) throw new Error(`not started: ${output}`);
      return match[1]!;
    },
    { timeout: 15_000, interval: 50 },
  );
  const post = (route: string, body: unknown) => fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const { printer_client_id: id } = await post('/connect', { code: server.issueCode() });
  await post('/setlabelprinter', { name: `Map: ${folder}` });
  await vi.waitFor(() => expect(server.clients.get(id as string)?.selected).toBe(`Map: ${folder}`), { timeout: 10_000, interval: 20 });
  const jobId = server.sendJob(id as string, { content: '%PDF-1.7' });
  await vi.waitFor(() => expect(server.jobs.get(jobId)?.result).toEqual({ status: 'printed' }), { timeout: 10_000, interval: 20 });
  expect(await readdir(folder)).toEqual([expect.stringContaining(jobId)]);
  const exited = new Promise<number | null>((resolve) => started.once('exit', resolve));
  started.kill('SIGTERM');
  expect(await exited).toBe(0);
});
