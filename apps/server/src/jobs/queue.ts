import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The one durable job queue of a process: pg-boss in the schema `pgboss` of the same
 * database, on the app's own connection pool. The composition root (services.ts) makes
 * it, starts it and gives it the workers (jobs/workers.ts); requests send jobs through
 * it (label jobs), and where the process runs the scheduled work it also keeps the
 * schedules and pg-boss's maintenance.
 */

export const queues = {
  oidcCleanup: 'oidc-cleanup',
  /** Large label selections (labels/jobs.ts). */
  labelJobs: 'label-jobs',
  /** Large CSV imports (imports/service.ts). */
  importJobs: 'import-jobs',
  /** Telling a shop that its order got a label (shops/write-back.ts). */
  shopWriteBack: 'shop-write-back',
  /** One tracking e-mail to send (tracking-mail/service.ts). */
  trackingMail: 'tracking-mail',
  /** One account e-mail to send: a registration's confirmation link or "you already have an account" (auth/registration.ts). */
  accountMail: 'account-mail',
  /** A GDPR export (gdpr/service.ts). */
  gdprExport: 'gdpr-export',
  /** Nightly: expired GDPR exports removed, recipients past the retention period anonymised (gdpr/service.ts). */
  gdprSweep: 'gdpr-sweep',
  /** Daily: each open invoice collected once on its organisation's ready mandate (payments/service.ts). */
  invoiceCollection: 'invoice-collection',
  /** Hourly: every ended billing period with items becomes an invoice (invoices/service.ts). */
  invoiceClosing: 'invoice-closing',
  /** Hourly: each paid plan's and add-on's next month or year charged once (organisation/renewals.ts). */
  subscriptionRenewal: 'subscription-renewal',
} as const;

/** Runs SQL on a connection of the caller: a job sent this way is part of the caller's transaction. */
export interface SqlExecutor {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
}

export interface QueueJob<T> {
  id: string;
  data: T;
  /** 0 on the first attempt; equal to retryLimit on the last one. */
  retryCount: number;
  retryLimit: number;
}

export interface SendOptions {
  /** Makes the send idempotent: a second send of the same id adds nothing. */
  id?: string;
  /** Writes the job inside the caller's transaction. */
  db?: SqlExecutor;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
}

export interface JobQueue {
  /**
   * Starts pg-boss. With `schedule` this process keeps the schedules (cron) and the
   * queue's maintenance (expiring, archiving); without, it only sends and works.
   */
  start: (options: { schedule: boolean }) => Promise<void>;
  send: (queue: string, data: object, options?: SendOptions) => Promise<void>;
  /** Wakes this process's workers of a queue now instead of at their next poll. */
  notify: (queue: string) => void;
  /**
   * Runs `workers` jobs of a queue at a time in this process (the queue is made when
   * missing, with `policy`). The signal aborts when the queue stops: a handler then
   * stops at a safe point and throws, so the job is retried (by the next process)
   * instead of being marked complete.
   */
  work: <T>(queue: string, options: { workers?: number; policy?: 'standard' | 'stately' }, handler: (job: QueueJob<T>, signal: AbortSignal) => Promise<void>) => Promise<void>;
  /** Sends a job to the queue at every tick of `cron`; only where the process runs the schedules. */
  schedule: (queue: string, cron: string) => Promise<void>;
  /** Lets the running jobs finish (they are told to stop, at most 15 s), then ends; once. */
  stop: () => Promise<void>;
  /** Throws unless pg-boss is started (and not stopping) and its schema answers (GET /api/ready). */
  ready: () => Promise<void>;
  /** How many jobs of each queue are in each state, from pg-boss's job table (the metric verzendhuis_jobs). */
  counts: () => Promise<{ queue: string; state: string; count: number }[]>;
}

export function createJobQueue(deps: { pool: pg.Pool; log: FastifyBaseLogger }): JobQueue {
  let boss: PgBoss | null = null;
  let stopped: Promise<void> | null = null;
  const workerIds = new Map<string, string[]>();
  const stopping = new AbortController();
  const created = new Set<string>();

  function started(): PgBoss {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  }

  return {
    async start({ schedule }) {
      if (boss) throw new Error('the job queue is already started');
      boss = new PgBoss({
        db: { executeSql: (text, values) => deps.pool.query(text, values) },
        supervise: schedule,
        schedule,
        migrate: true,
      });
      boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
      await boss.start();
    },
    async send(queue, data, options = {}) {
      await started().send(queue, data, {
        ...(options.id ? { id: options.id } : {}),
        ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
        ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
        ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
        ...(options.db ? { db: options.db as PgBoss.Db } : {}),
      });
    },
    notify(queue) {
      for (const id of workerIds.get(queue) ?? []) boss?.notifyWorker(id);
    },
    async work<T>(queue: string, options: { workers?: number; policy?: 'standard' | 'stately' }, handler: (job: QueueJob<T>, signal: AbortSignal) => Promise<void>) {
      const pgBoss = started();
      if (!created.has(queue)) {
        await pgBoss.createQueue(queue, options.policy ? { name: queue, policy: options.policy } : undefined);
        created.add(queue);
      }
      const ids: string[] = [];
      for (let i = 0; i < (options.workers ?? 1); i++) {
        ids.push(
          await pgBoss.work<T>(queue, { includeMetadata: true, batchSize: 1 }, async ([job]) => {
            if (!job) return;
            await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }, stopping.signal);
          }),
        );
      }
      workerIds.set(queue, [...(workerIds.get(queue) ?? []), ...ids]);
    },
    async schedule(queue, cron) {
      await started().schedule(queue, cron);
    },
    async ready() {
      if (!boss || stopping.signal.aborted) throw new Error('the job queue is not running');
      await deps.pool.query('SELECT version FROM pgboss.version');
    },
    async counts() {
      // Every queue in every state, 0 included, so that a series never disappears between scrapes.
      const { rows } = await deps.pool.query<{ queue: string; state: string; count: number }>(
        `SELECT q.name AS queue, s.state::text AS state, count(j.id)::int AS count
           FROM pgboss.queue q CROSS JOIN unnest(enum_range(NULL::pgboss.job_state)) AS s(state)
           LEFT JOIN pgboss.job j ON j.name = q.name AND j.state = s.state
          GROUP BY q.name, s.state`,
      );
      return rows;
    },
    stop() {
      stopped ??= (async () => {
        stopping.abort();
        // The pool is the app's: the database handle closes it.
        await boss?.stop({ graceful: true, timeout: 15_000, close: false });
      })();
      return stopped;
    },
  };
}
