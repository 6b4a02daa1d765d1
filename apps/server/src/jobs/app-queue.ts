import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

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

export interface AppQueue {
  /**
   * Sends a job. The id makes it idempotent (a second send of the same id adds
   * nothing); with `db` the job is written inside the caller's transaction.
   */
  send: (queue: string, data: object, options: { id: string; db?: SqlExecutor; retryLimit: number; retryDelaySeconds: number; expireInSeconds: number }) => Promise<void>;
  /** Wakes this process's workers of a queue now instead of at their next poll. */
  notify: (queue: string) => void;
  /**
   * Runs `workers` jobs of a queue at a time in this process. The signal aborts when
   * the app stops: a handler then stops at a safe point and throws, so the job is
   * retried (by the next process) instead of being marked complete.
   */
  work: <T>(queue: string, workers: number, handler: (job: QueueJob<T>, signal: AbortSignal) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The job queue as the HTTP app uses it: pg-boss on the app's own connection pool
 * (no extra connections), without maintenance or schedules (those stay with the
 * process queue of queue.ts, which shares the pgboss schema). Requests send jobs
 * here and the workers that need the app's services run here, so background work
 * runs wherever the app runs: the server, the API tests and the benchmarks.
 */
export async function startAppQueue(deps: { pool: pg.Pool; log: FastifyBaseLogger }): Promise<AppQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => deps.pool.query(text, values) },
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'app job queue error'));
  await boss.start();
  const workerIds = new Map<string, string[]>();
  const stopping = new AbortController();
  const created = new Set<string>();

  return {
    async send(queue, data, options) {
      await boss.send(queue, data, {
        id: options.id,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        expireInSeconds: options.expireInSeconds,
        ...(options.db ? { db: options.db as PgBoss.Db } : {}),
      });
    },
    notify(queue) {
      for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
    },
    async work<T>(queue: string, workers: number, handler: (job: QueueJob<T>, signal: AbortSignal) => Promise<void>) {
      if (!created.has(queue)) {
        await boss.createQueue(queue);
        created.add(queue);
      }
      const ids: string[] = [];
      for (let i = 0; i < workers; i++) {
        ids.push(
          await boss.work<T>(queue, { includeMetadata: true, batchSize: 1 }, async ([job]) => {
            if (!job) return;
            await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }, stopping.signal);
          }),
        );
      }
      workerIds.set(queue, [...(workerIds.get(queue) ?? []), ...ids]);
    },
    async stop() {
      stopping.abort();
      await boss.stop({ graceful: true, timeout: 15_000, close: false });
    },
  };
}
