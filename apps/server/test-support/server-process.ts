import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { waitUntil } from './wait';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process printed so far (for a failure message). */
  output: () => string;
  /** `kill -9`: the process ends at once, in the middle of whatever it does. */
  kill: () => Promise<void>;
  /** SIGTERM: the clean stop of main.ts. */
  stop: () => Promise<void>;
}

/**
 * The real server as a process of its own (`apps/server/src/main.ts`, as `npm start` runs
 * it without building the web app), on the PostgreSQL of `DATABASE_URL`: for what only a
 * real process shows, such as being killed in the middle of a request. Answers once
 * /api/health answers; fails with the process's output when it exits first.
 */
export async function startServerProcess(options: { port: number; databaseUrl: string; env?: Record<string, string> }): Promise<ServerProcess> {
  // node with tsx's loader, not the tsx command: one process, so a signal reaches the server itself.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DEMO: '0',
      // With TEST_LOG_DIR (CI), at debug level, and its output kept there for the scan for secrets (tools/scan-test-logs.ts).
      LOG_LEVEL: process.env.TEST_LOG_DIR ? 'debug' : 'warn',
      PDOK_URL: 'http://localhost:9',
      LABEL_DRAW_THREADS: '0',
      // The tests' fake carriers and shops listen on localhost (docs/security.md).
      ALLOW_PRIVATE_OUTBOUND: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const logDir = process.env.TEST_LOG_DIR;
  if (logDir) {
    child.once('exit', () => {
      mkdirSync(logDir, { recursive: true });
      writeFileSync(path.join(logDir, `process-${options.port}-${child.pid ?? 0}.log`), output);
    });
  }
  const url = `http://localhost:${options.port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
        return fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      (ok) => ok,
      { timeoutMs: 60_000, intervalMs: 100, what: `the server on port ${options.port}` },
    );
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  return { url, pid: child.pid ?? 0, output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
