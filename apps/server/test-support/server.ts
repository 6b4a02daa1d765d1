import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { connect, ensureDatabase, type DatabaseHandle } from '../src/db/client';
import { freePort } from '../src/db/embedded';
import { prepareDatabase } from '../src/runtime';
import { createOrganisation, type TestOrganisation } from './factories';

export interface TestServer {
  url: string;
  config: AppConfig;
  database: DatabaseHandle;
  close: () => Promise<void>;
  /** Registers an organisation with one user and logs that user in (`createOrganisation` of factories.ts). */
  createOrganisation: (input?: { name?: string }) => Promise<TestOrganisation>;
}

/**
 * The real server over real HTTP, on a fresh database of the test PostgreSQL.
 */
export async function startTestServer(overrides: Partial<AppConfig> & { env?: NodeJS.ProcessEnv } = {}): Promise<TestServer> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await ensureDatabase(inject('adminDatabaseUrl'), name);
  const database = connect(databaseUrl);
  await prepareDatabase(database, { seedDemo: false });
  const port = await freePort();
  const { env, ...rest } = overrides;
  // Tests talk to localhost only: the address lookup points at a closed port unless a test brings a fake.
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PDOK_URL: 'http://localhost:9', ...env }, { port, host: '127.0.0.1', databaseUrl, ...rest });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://localhost:${port}`;

  return {
    url,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
    createOrganisation: (input = {}) => createOrganisation({ url, database }, input),
  };
}
