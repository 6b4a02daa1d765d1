import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredPayloads } from '../auth/adapter';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { registerTrackingJobs } from '../tracking/jobs';

/**
 * The durable job queue (pg-boss in its own schema of the same database). Bulk
 * labels, tracking, shop sync and e-mail run here in later areas; each area adds
 * its queue and worker in `registerWorkers`.
 */
export interface JobQueue {
  boss: PgBoss;
  stop: () => Promise<void>;
}

export const queues = {
  oidcCleanup: 'oidc-cleanup',
  /** Large label selections (labels/jobs.ts); its worker runs in the app's queue (app-queue.ts). */
  labelJobs: 'label-jobs',
} as const;

export async function startJobQueue(deps: { databaseUrl: string; db: Database; log: FastifyBaseLogger; schedule?: boolean; config?: AppConfig }): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: deps.databaseUrl, max: 4, application_name: 'verzendhuis-jobs' });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  await boss.start();
  await registerWorkers(boss, deps);
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}

async function registerWorkers(boss: PgBoss, deps: { db: Database; log: FastifyBaseLogger; schedule?: boolean; config?: AppConfig }): Promise<void> {
  await boss.createQueue(queues.oidcCleanup);
  await boss.work(queues.oidcCleanup, async () => {
    const removed = await deleteExpiredPayloads(deps.db);
    deps.log.info({ removed }, 'expired login sessions and tokens removed');
  });
  if (deps.schedule !== false) await boss.schedule(queues.oidcCleanup, '17 * * * *');
  await registerTrackingJobs(boss, deps);
}
