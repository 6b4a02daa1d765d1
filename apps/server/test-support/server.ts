import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createApiClient } from '@verzendhuis/contract/client';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { connect, ensureDatabase, type DatabaseHandle } from '../src/db/client';
import { freePort } from '../src/db/embedded';
import { prepareDatabase } from '../src/runtime';
import { createOrganisationRepository } from '../src/organisation/repository';
import { createOrganisationService } from '../src/organisation/service';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';

export interface TestServer {
  url: string;
  config: AppConfig;
  database: DatabaseHandle;
  close: () => Promise<void>;
  /** Registers an organisation with one user and logs that user in. */
  createOrganisation: (input?: { name?: string }) => Promise<TestOrganisation>;
}

export interface TestOrganisation {
  organisationId: string;
  userId: string;
  email: string;
  password: string;
  token: string;
  api: ReturnType<typeof createApiClient>;
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
  const service = createOrganisationService({ repository: createOrganisationRepository(database.db), intercomSecret: null });

  return {
    url,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
    createOrganisation: async (input = {}) => {
      const suffix = randomBytes(4).toString('hex');
      const email = `gebruiker-${suffix}@voorbeeld.nl`;
      const password = `wachtwoord-${suffix}`;
      const user = await service.register({
        organisation_name: input.name ?? `Webwinkel ${suffix}`,
        name: `Gebruiker ${suffix}`,
        email,
        password,
        password_repeat: password,
      });
      const tokens = await loginWithPassword({ baseUrl: url, email, password });
      return {
        organisationId: user.organisationId,
        userId: user.id,
        email,
        password,
        token: tokens.access_token,
        api: createApiClient({ baseUrl: url, getToken: () => tokens.access_token }),
      };
    },
  };
}

/**
 * The JSON of a response, loosely typed for assertions (tests compare it with
 * expected values; the contract client is the typed way).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readJson(response: Response): Promise<any> {
  return response.json();
}
