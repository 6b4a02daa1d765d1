import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { connect, ensureDatabase, runMigrations, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { createOrganisationRepository } from './organisation/repository';
import { ensureReferenceData } from './organisation/plans';
import { ensureBillingReferenceData } from './billing/reference-data';
import { seedDemo } from './seed/demo';
import { warmLabelDrawing } from './documents/label-drawing';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  jobs: JobQueue | null;
  url: string;
  stop: () => Promise<void>;
}

/** Prepares a database: migrations, reference data and (optionally) the demo organisation. */
export async function prepareDatabase(database: DatabaseHandle, options: { seedDemo: boolean; platformContracts?: string | null }): Promise<{ demoCreated: boolean }> {
  await runMigrations(database.db);
  const repository = createOrganisationRepository(database.db);
  await ensureReferenceData(repository);
  await ensureBillingReferenceData(database.db, { platformContracts: options.platformContracts });
  return { demoCreated: options.seedDemo ? await seedDemo(repository) : false };
}

/**
 * Starts everything of one server process: the database (embedded unless
 * DATABASE_URL), migrations, the HTTP app and the job queue.
 */
export async function startRuntime(config: AppConfig, options: { jobs?: boolean; log?: (m: string) => void } = {}): Promise<Runtime> {
  const log = options.log ?? ((m: string) => console.log(m));
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log(`starting the embedded PostgreSQL in ${config.dataDir}/postgres`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, notice: log });
    databaseUrl = await ensureDatabase(embedded.url, 'verzendhuis');
  }
  const database = connect(databaseUrl);
  try {
    const { demoCreated } = await prepareDatabase(database, { seedDemo: config.seedDemo, platformContracts: config.platformContracts });
    const app = await buildApp({ config, database });
    await app.listen({ port: config.port, host: config.host });
    // The drawing thread loads its PDF and barcode libraries now, not on a user's first label.
    void warmLabelDrawing().catch((error: unknown) => app.log.warn({ err: error }, 'label drawing thread did not start; labels are drawn when asked'));
    const jobs = options.jobs === false ? null : await startJobQueue({ databaseUrl, db: database.db, log: app.log, config });
    if (demoCreated) app.log.info('demo organisation created');
    return {
      app,
      database,
      jobs,
      url: config.publicUrl,
      stop: async () => {
        await app.close();
        await jobs?.stop();
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
