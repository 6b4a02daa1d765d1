import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appInstances } from '../db/schema';

/**
 * The app processes on one database (docs/labels.md, "Na een crash"). A process
 * registers itself as an instance, holds an advisory lock on its id on a connection of
 * its own and renews its heartbeat over it. It is live while both hold: a killed process
 * loses its session (and so its lock) at once, one that hangs or lost its database stops
 * its heartbeat. What it claims (labels being made, a request's answer, a running label
 * job) carries its id, so that another process, or this one's next start, can tell a
 * live claim from one a crash left behind; the labels area recovers the latter.
 *
 * Like the job queue this is the process's own machinery, not an organisation's data:
 * its SQL lives here, and the repositories use `instanceIsDead` in their queries.
 */

/** How long a heartbeat keeps an instance live. */
export const instanceLeaseSeconds = 30;
/** How often a live instance renews its heartbeat (well inside the lease). */
export const instanceHeartbeatMs = 10_000;

/** The first key of the instance locks (the second is the instance id): two int keys, apart from every one-key lock. */
export const instanceLockClass = 741_100;

/**
 * SQL: the instance in `claimedBy` is dead (no row, a heartbeat older than the lease, or no
 * session holding its lock). A null `claimedBy` counts as dead here: callers that keep
 * claims without an instance apart check for null themselves.
 */
export function instanceIsDead(claimedBy: SQLWrapper): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${appInstances} AS live
    WHERE live.id = ${claimedBy} AND live.heartbeat_at > now() - make_interval(secs => ${instanceLeaseSeconds})
      AND EXISTS (SELECT 1 FROM pg_locks AS k WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 2
        AND k.classid = ${instanceLockClass}::oid AND k.objid = live.id::oid
        AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())))`;
}

/** A registered instance: its id, and the session that holds its lock. */
export interface InstanceRegistration {
  id: number;
  /** Renews the heartbeat; after a lost session it connects again and takes the lock back first. */
  heartbeat: () => Promise<void>;
  /** A clean stop: the row goes (whatever still names it counts as dead) and the session ends. */
  close: () => Promise<void>;
}

/** Registers this process (or, in a test, another one) as an instance and takes its lock. */
export async function registerInstance(db: Database): Promise<InstanceRegistration> {
  // A session outside the app's pool: the lock must outlive any pooled connection and never wait for one.
  const session = async (): Promise<pg.Client> => {
    const client = new pg.Client(db.$client.options);
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  let client = await session();
  const inserted = await client.query<{ id: number }>('INSERT INTO app_instances (host, pid) VALUES ($1, $2) RETURNING id', [os.hostname(), process.pid]);
  const id = inserted.rows[0]!.id;
  await client.query('SELECT pg_advisory_lock($1, $2)', [instanceLockClass, id]);
  let lost = false;
  const watch = (watched: pg.Client) => {
    watched.on('error', () => (lost = true));
    watched.on('end', () => (lost = true));
  };
  watch(client);
  const renew = () => client.query('UPDATE app_instances SET heartbeat_at = now() WHERE id = $1', [id]);
  return {
    id,
    async heartbeat() {
      if (!lost) {
        try {
          await renew();
          return;
        } catch {
          lost = true;
        }
      }
      // The session is gone (and its lock with it): a new one takes the same lock back. The old
      // one may still be ending on the server: then the heartbeat stays stale until the next try.
      const next = await session();
      const { rows } = await next.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [instanceLockClass, id]);
      if (!rows[0]?.locked) {
        await next.end().catch(() => undefined);
        throw new Error(`instance ${id}: its lock is still held by the lost session`);
      }
      await client.end().catch(() => undefined);
      client = next;
      lost = false;
      watch(client);
      await renew();
    },
    async close() {
      // A database already stopping (its server got the same signal) leaves the row: its stale heartbeat marks it dead.
      await client.query('DELETE FROM app_instances WHERE id = $1', [id]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** This process as an instance: registered at start, its heartbeat renewed while it runs, gone at a clean stop. */
export interface InstanceLease {
  /** This process's instance id; null before start. */
  id: () => number | null;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Removes the rows of instances dead for a day: nothing names them any more (older claims are recovered by age). */
  forgetLongDead: () => Promise<void>;
}

export function createInstanceLease(deps: { db: Database; log: FastifyBaseLogger }): InstanceLease {
  let registration: InstanceRegistration | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped: Promise<void> | null = null;
  return {
    id: () => registration?.id ?? null,
    async start() {
      if (registration) throw new Error('the instance lease is already started');
      const live = await registerInstance(deps.db);
      registration = live;
      timer = setInterval(() => {
        live.heartbeat().catch((error: unknown) => deps.log.warn({ err: error, instance: live.id }, 'instance heartbeat failed; trying again'));
      }, instanceHeartbeatMs);
      timer.unref();
    },
    stop() {
      stopped ??= (async () => {
        if (timer) clearInterval(timer);
        await registration?.close();
      })();
      return stopped;
    },
    async forgetLongDead() {
      await deps.db.delete(appInstances).where(sql`${appInstances.heartbeatAt} < now() - interval '1 day'`);
    },
  };
}
