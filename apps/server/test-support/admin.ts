import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/**
 * `npm run admin -- …` as the operator runs it (the same script, in its own process),
 * against a test server's database; answers the exit code and what it printed.
 *
 *     const result = await runAdmin(server.database.url, 'operator', 'list');
 */
export async function runAdmin(databaseUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runAdminWith({ DATABASE_URL: databaseUrl }, ...args);
}

/** `runAdmin` with its own environment: `{DATABASE_URL: '', DATA_DIR: dir}` for the embedded PostgreSQL under `dir`. */
export async function runAdminWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['apps/server/src/admin/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
