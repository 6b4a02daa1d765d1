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

/**
 * The DATA_DIR of the app at E2E_BASE_URL: `.ci/run` passes it as E2E_APP_DATA_DIR, so a
 * test can read what that app keeps for it (the outbox of registration mails).
 */
export function baseAppDataDir(): string {
  const dir = process.env.E2E_APP_DATA_DIR;
  if (!dir) throw new Error('E2E_APP_DATA_DIR is not set: the DATA_DIR of the app at E2E_BASE_URL (e2e/README.md)');
  return dir;
}

/**
 * The confirmation link of the newest registration of `email`, read from the app's outbox of
 * account e-mails (no SMTP_URL: docs/auth.md), waiting a little for it to be stored.
 */
export async function confirmationLinkOnApp(dataDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await sqlOnApp(
      dataDir,
      `SELECT body_text FROM account_mails WHERE recipient = $1 AND kind = 'confirm_registration' ORDER BY created_at DESC LIMIT 1`,
      [email.trim().toLowerCase()],
    );
    const text = (rows[0] as { body_text?: string } | undefined)?.body_text ?? '';
    const link = /https?:\/\/\S+\/bevestigen\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail to ${email} in the app's outbox`);
}
