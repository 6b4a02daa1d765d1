import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { carriedPostgresMajor, startEmbeddedPostgres } from './embedded';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-major-'));
  dirs.push(dir);
  return dir;
}

/** A DATA_DIR as an older release left it: a PostgreSQL data directory whose PG_VERSION names `major`. */
async function dataDirOfMajor(major: string): Promise<string> {
  const dir = await tempDir();
  const pgDir = path.join(dir, 'postgres');
  await mkdir(path.join(pgDir, 'base', '1'), { recursive: true, mode: 0o700 });
  await writeFile(path.join(pgDir, 'PG_VERSION'), `${major}\n`, { mode: 0o600 });
  await writeFile(path.join(pgDir, 'postgresql.conf'), "listen_addresses = ''\n", { mode: 0o600 });
  await writeFile(path.join(pgDir, 'base', '1', '1259'), Buffer.alloc(8192, 7), { mode: 0o600 });
  await writeFile(path.join(dir, 'postgres-password'), 'old-secret\n', { mode: 0o600 });
  return dir;
}

/** Every entry under `dir` (itself included): its path, kind, mode, size, modification time and content hash. */
async function fingerprint(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string) => {
    const info = await stat(at);
    const rel = path.relative(dir, at) || '.';
    if (info.isDirectory()) {
      out.push(`${rel} dir ${info.mode.toString(8)} ${info.mtimeMs}`);
      for (const name of (await readdir(at)).sort()) await walk(path.join(at, name));
    } else {
      const hash = createHash('sha256').update(await readFile(at)).digest('hex');
      out.push(`${rel} file ${info.mode.toString(8)} ${info.size} ${info.mtimeMs} ${hash}`);
    }
  };
  await walk(dir);
  return out;
}

/** `node_modules/.bin/tsx <script> …args` in its own process on `dataDir` (no DATABASE_URL): exit code and output. */
async function run(script: string, dataDir: string, ...args: string[]): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '8829', NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [script, ...args], { cwd: root, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('a data directory of another PostgreSQL major', () => {
  it('is refused by the app and by the admin command, with every file unchanged, naming the backup and restore that move it', async () => {
    const dir = await dataDirOfMajor('15');
    const before = await fingerprint(dir);

    const app = await run('apps/server/src/main.ts', dir);
    const admin = await run('apps/server/src/admin/cli.ts', dir, 'operator', 'list');
    const direct = await startEmbeddedPostgres({ dataDir: dir, notice: () => undefined }).then(
      async (db) => {
        await db.stop();
        return 'started';
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );

    for (const { code, output } of [app, admin]) {
      expect(code).not.toBe(0);
      expect(output).toContain(`made by PostgreSQL 15; this release carries PostgreSQL ${carriedPostgresMajor()}`);
      expect(output).toContain('npm run admin -- backup FILE');
      expect(output).toContain('npm run admin -- restore FILE');
    }
    expect(direct).toContain('Nothing was changed');
    expect(await fingerprint(dir)).toEqual(before);
  });

  it('is refused when newer than the carried one too, while a fresh DATA_DIR is made by the carried major', async () => {
    const newer = await dataDirOfMajor(String(carriedPostgresMajor() + 1));
    const before = await fingerprint(newer);
    await expect(startEmbeddedPostgres({ dataDir: newer, notice: () => undefined })).rejects.toThrow(/never opens a data directory of another major/);
    expect(await fingerprint(newer)).toEqual(before);

    const fresh = await tempDir();
    const db = await startEmbeddedPostgres({ dataDir: fresh, notice: () => undefined });
    await db.stop();
    expect(carriedPostgresMajor()).toBeGreaterThanOrEqual(18);
    expect((await readFile(path.join(fresh, 'postgres', 'PG_VERSION'), 'utf8')).trim()).toBe(String(carriedPostgresMajor()));
  });
});
