import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * One SQL statement on the database of an app started by `startAppProcess` (its embedded
 * PostgreSQL under DATA_DIR, found through postmaster.pid and the password file the app
 * wrote): for the few facts a browser test needs that no screen sets yet.
 */
export async function sqlOnApp(dataDir: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const root = path.join(dataDir, 'postgres');
  const port = Number.parseInt((await readFile(path.join(root, 'postmaster.pid'), 'utf8')).split('\n')[3] ?? '', 10);
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'verzendhuis', password, database: 'verzendhuis' });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
