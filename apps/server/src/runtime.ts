import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { connect, ensureDatabase, runMigrations, underStartLock, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres, superviseEmbedded, type EmbeddedDatabase } from './db/embedded';
import { createOrganisationRepository } from './organisation/repository';
import { ensureReferenceData } from './organisation/plans';
import { ensureBillingReferenceData } from './billing/reference-data';
import { seedDemo } from './seed/demo';
import { createServices, type Services } from './services';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The composition root of this process: its services, queue and drawing threads. */
  services: Services;
  url: string;
  /** Stops the HTTP app, the queue and the drawing threads, the database; once. */
  stop: () => Promise<void>;
}

/**
 * Prepares a database: migrations, reference data and (optionally) the demo organisation,
 * under the database's start lock, so processes starting together do this one at a time.
 */
export async function prepareDatabase(database: DatabaseHandle, options: PrepareOptions): Promise<{ demoCreated: boolean }> {
  return underStartLock(database.pool, () => prepareLocked(database, options));
}

interface PrepareOptions {
  seedDemo: boolean;
  platformContracts?: string | null;
}

/** prepareDatabase's work, for a caller that holds the start lock already. */
async function prepareLocked(database: DatabaseHandle, options: PrepareOptions): Promise<{ demoCreated: boolean }> {
  await runMigrations(database.db);
  const repository = createOrganisationRepository(database.db);
  await ensureReferenceData(repository);
  await ensureBillingReferenceData(database.db, { platformContracts: options.platformContracts });
  return { demoCreated: options.seedDemo ? await seedDemo(repository) : false };
}

/**
 * Starts everything of one server process: the database (embedded unless
 * DATABASE_URL), migrations, the composition root (services, the job queue, the
 * drawing threads) and the HTTP app. `jobs: false` runs no schedules (benches); the
 * queue still works what the app sends it (label jobs).
 */
export async function startRuntime(config: AppConfig, options: { jobs?: boolean; log?: (m: string) => void; logger?: FastifyBaseLogger } = {}): Promise<Runtime> {
  const log = options.log ?? (options.logger ? (m: string) => options.logger?.info(m) : (m: string) => console.log(m));
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log(`starting the embedded PostgreSQL in ${config.dataDir}/postgres`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, notice: log });
    databaseUrl = await ensureDatabase(embedded.url, 'verzendhuis');
  }
  const database = connect(databaseUrl);
  let services: Services | null = null;
  try {
    // Under the start lock up to a started queue: processes starting together on one database
    // (docs/scaling.md) would otherwise race in migrations and pg-boss's set-up (a deadlock).
    const { demoCreated, made } = await underStartLock(database.pool, async () => {
      const prepared = await prepareLocked(database, { seedDemo: config.seedDemo, platformContracts: config.platformContracts });
      const made = await createServices({ config, database, ...(options.logger ? { log: options.logger } : {}) });
      services = made;
      await made.start({ schedule: options.jobs !== false });
      return { ...prepared, made };
    });
    services = made;
    const app = await buildApp({ services });
    await app.listen({ port: config.port, host: config.host });
    // The drawing thread loads its PDF and barcode libraries now, not on a user's first label.
    void services.labelDrawing.warm().catch((error: unknown) => app.log.warn({ err: error }, 'label drawing thread did not start; labels are drawn when asked'));
    if (demoCreated) app.log.info('demo organisation created');
    const running = services;
    // The app's own PostgreSQL is started again when it dies (docs/faults.md); an external one is the operator's.
    const supervisor = embedded ? superviseEmbedded(embedded, { check: async () => void (await database.pool.query('SELECT 1')), log: (m) => app.log.warn(m) }) : null;
    let stopped: Promise<void> | null = null;
    return {
      app,
      database,
      services: running,
      url: config.publicUrl,
      stop: () => {
        stopped ??= (async () => {
          await supervisor?.stop();
          await app.close();
          await running.stop();
          await database.close();
          await embedded?.stop();
        })();
        return stopped;
      },
    };
  } catch (error) {
    await services?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
