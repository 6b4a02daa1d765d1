import { sql } from 'drizzle-orm';
import type pg from 'pg';

/**
 * Waiting in tests is waiting for a condition, never for a fixed time: reads the value
 * until `done` holds for it and answers it, or fails after `timeoutMs` with the last one.
 */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, options: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${options.what ?? 'condition'} not reached in ${options.timeoutMs ?? 15_000} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}

/** Anything that runs SQL on one connection: a drizzle transaction. */
interface Session {
  execute: (query: ReturnType<typeof sql>) => Promise<{ rows: unknown[] }>;
}

/**
 * The handshake of a lock test: answers once another connection waits on a lock that the
 * session (a transaction holding row locks) holds, read on `pool` from pg_stat_activity.
 */
export async function waitUntilBlockedBy(session: Session, pool: pg.Pool, options: { timeoutMs?: number } = {}): Promise<void> {
  const { rows } = await session.execute(sql`SELECT pg_backend_pid() AS pid`);
  const pid = Number((rows[0] as { pid: number | string }).pid);
  await waitUntil(
    async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))', [pid])).rows[0]?.n ?? 0,
    (waiting) => waiting > 0,
    { timeoutMs: options.timeoutMs ?? 10_000, intervalMs: 10, what: `a statement waiting on the locks of backend ${pid}` },
  );
}
