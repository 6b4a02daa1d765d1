import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@verzendhuis/server/config';
import { freePort } from '@verzendhuis/server/db/embedded';
import { startRuntime } from '@verzendhuis/server/runtime';
import { api } from './api';

/**
 * `npm run bench -- <name>`: starts the server on a throw-away embedded database
 * (or DATABASE_URL) and runs one benchmark against it over HTTP.
 */
const benchmarks: Record<string, (baseUrl: string) => Promise<void>> = { api };

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'api';
  const run = benchmarks[name];
  if (!run) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benchmarks).join(', ')}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-bench-'));
  const port = await freePort();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO: '1', DATA_DIR: dataDir }, { port, host: '127.0.0.1' });
  const runtime = await startRuntime(config, { jobs: false, log: () => undefined });
  try {
    console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, ${config.databaseUrl ? 'DATABASE_URL' : 'embedded PostgreSQL 15'}`);
    await run(config.publicUrl);
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
