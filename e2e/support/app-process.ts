import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface AppProcess {
  url: string;
  /** Its DATA_DIR (the embedded database), for an operator command beside it (`npm run admin`). */
  dataDir?: string;
  stop: () => Promise<void>;
}

/**
 * A second instance of the app, as `npm start` runs it, with its own embedded
 * database, for scenarios that need other settings (maintenance).
 */
export async function startAppProcess(options: { port: number; env?: Record<string, string> }): Promise<AppProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-e2e-app-'));
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(options.port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ALLOW_PRIVATE_OUTBOUND: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/config`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      // The embedded PostgreSQL may still be writing its last files as the app exits.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    },
  };
}
