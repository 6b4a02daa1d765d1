import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { createLogger } from '../src/http/request-log';
import { loadConfig, type AppConfig } from '../src/config';
import { connect, ensureDatabase, type DatabaseHandle } from '../src/db/client';
import { freePort } from '../src/db/embedded';
import { prepareDatabase } from '../src/runtime';
import { createServices, type Services } from '../src/services';
import { createOrganisation, type OrganisationInput, type TestOrganisation } from './factories';
import { madeInBeforeAll, startForFile } from './for-file';

/**
 * With TEST_LOG_DIR set (CI, .ci/run), each test server logs at debug level, as JSON,
 * to a file of its own there: tools/scan-test-logs.ts then looks for the tests' secrets
 * in every line (docs/observability.md).
 */
function testLog(name: string) {
  const dir = process.env.TEST_LOG_DIR;
  if (!dir) return undefined;
  return createLogger({ level: 'debug', destination: pino.destination({ dest: path.join(dir, `${name}.log`), mkdir: true, sync: true }) });
}

export interface TestServer {
  url: string;
  config: AppConfig;
  database: DatabaseHandle;
  close: () => Promise<void>;
  /** Registers an organisation with one user and logs that user in (`createOrganisation` of factories.ts). */
  createOrganisation: (input?: OrganisationInput) => Promise<TestOrganisation>;
}

export type TestServerOverrides = Partial<AppConfig> & { env?: NodeJS.ProcessEnv };

/**
 * The real server over real HTTP, on a fresh database of the test PostgreSQL.
 */
export async function startTestServer(overrides: TestServerOverrides = {}): Promise<TestServer> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await ensureDatabase(inject('adminDatabaseUrl'), name);
  const database = connect(databaseUrl);
  await prepareDatabase(database, { seedDemo: false });
  const port = await freePort();
  const { env, ...rest } = overrides;
  // Tests talk to localhost only: the address lookup points at a closed port unless a test brings a fake.
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PDOK_URL: 'http://localhost:9', ALLOW_PRIVATE_OUTBOUND: '1', ...env }, { port, host: '127.0.0.1', databaseUrl, ...rest });
  const log = testLog(name);
  const app = await buildApp({ config, database, ...(log ? { log } : {}) });
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

export interface TestFile {
  server: TestServer;
  /** The organisation a test works in. */
  first: TestOrganisation;
  /** Another one, which must see nothing of the first. */
  second: TestOrganisation;
}

/**
 * The start of an API test file: a test server with its organisations (two unless
 * `organisations` says otherwise), started before the file's tests and closed after them:
 *
 *     const { server, first, second } = testServerForFile({ config: { labelJobThreshold: 5 } });
 *
 * `config` may be a function, for the address of a fake started before (`startForFile`).
 */
export function testServerForFile(options: { config?: TestServerOverrides | (() => TestServerOverrides); organisations?: OrganisationInput[] } = {}): TestFile {
  const started = startForFile(async () => {
    const server = await startTestServer(typeof options.config === 'function' ? options.config() : options.config);
    const organisations: TestOrganisation[] = [];
    for (const input of options.organisations ?? [{}, {}]) organisations.push(await server.createOrganisation(input));
    return { server, organisations, close: server.close };
  });
  const organisation = (index: number, what: string) => () => {
    const made = started.organisations[index];
    if (!made) throw new Error(`testServerForFile made no ${what} organisation: ask for it in \`organisations\``);
    return made;
  };
  return {
    server: madeInBeforeAll('the test server', () => started.server),
    first: madeInBeforeAll('the first organisation', organisation(0, 'first')),
    second: madeInBeforeAll('the second organisation', organisation(1, 'second')),
  };
}

/**
 * A second process on the test server's database, started for the file: its own
 * composition root (no schedules), which sends and works jobs as another server would.
 *
 *     const { server } = testServerForFile();
 *     const other = otherProcessForFile(server);
 *     await other.queue.send(queues.oidcCleanup, {});
 */
export function otherProcessForFile(server: Pick<TestServer, 'config' | 'database'>): Services {
  return startForFile(
    async () => {
      const services = await createServices({ config: server.config, database: server.database });
      await services.start({ schedule: false });
      return services;
    },
    (services) => services.stop(),
  );
}
