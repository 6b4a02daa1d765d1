import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
}

// Timestamps travel as ISO strings in the API; keep pg's Date parsing for timestamptz.
export function connect(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock that start-up work (migrations, reference data) runs under: one process at a time per database. */
const startLockKey = 7_147_001;

/**
 * Runs `work` while this process holds the database's start lock (a session advisory lock
 * on a connection of its own): processes starting together against one database (several
 * `npm start` behind a load balancer, docs/scaling.md) migrate one after another; the later
 * ones find the migrations applied. The lock ends with the connection if the process dies.
 */
export async function underStartLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [startLockKey]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [startLockKey]);
    }
  } finally {
    client.release();
  }
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Creates the database of `url` when it does not exist yet (embedded default, tests). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
