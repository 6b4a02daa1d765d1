import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@verzendhuis/server/config';
import { freePort } from '@verzendhuis/server/db/embedded';
import { startRuntime, type Runtime } from '@verzendhuis/server/runtime';
import { analytics } from './analytics';
import { api } from './api';
import { hostileInput } from './hostile-input';
import { importBench } from './import';
import { labels } from './labels';
import { labelsCarrier } from './labels-carrier';
import { load } from './load';
import { orders } from './orders';
import { registration } from './registration';
import { startBench } from './start';
import { trackingFreshness } from './tracking-freshness';

export interface BenchContext {
  baseUrl: string;
  runtime: Runtime;
  args: string[];
}

/**
 * `npm run bench -- <name> [args]`: starts the server on a throw-away embedded
 * database (or DATABASE_URL) and runs one benchmark against it over HTTP.
 */
const benchmarks: Record<string, (context: BenchContext) => Promise<void>> = { analytics, api, 'hostile-input': hostileInput, import: importBench, labels, 'labels-carrier': labelsCarrier, load, soak: (context) => load(context, { minutes: 10 }), orders, registration, tracking: trackingFreshness };

async function main(): Promise<void> {
  const [name = 'api', ...args] = process.argv.slice(2);
  // `start` measures the app's own start (npm start, npm run serve): no server of ours beside it.
  if (name === 'start') return startBench(args);
  const run = benchmarks[name];
  if (!run) throw new Error(`unknown benchmark ${name}; known: start, ${Object.keys(benchmarks).join(', ')}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-bench-'));
  const port = await freePort();
  // Benches call fakes on localhost (the carrier of labels-carrier): private addresses allowed unless set.
  const config = loadConfig({ ALLOW_PRIVATE_OUTBOUND: '1', ...process.env, LOG_LEVEL: 'warn', DEMO: '1', DATA_DIR: dataDir }, { port, host: '127.0.0.1' });
  const runtime = await startRuntime(config, { jobs: false, log: () => undefined });
  try {
    console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${config.databaseUrl ? 'DATABASE_URL' : 'embedded PostgreSQL 15'}`);
    await run({ baseUrl: config.publicUrl, runtime, args });
    if (process.env.BENCH_KEEP) {
      // To look at plans by hand: the database stays up until Ctrl-C.
      console.log(`kept running; database ${runtime.database.url}`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
