import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@verzendhuis/server/db/embedded';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const stamps = ['apps/web/dist/.build-stamp', 'apps/server/dist/.build-stamp'];

/** Runs `npm <args>` in its own process group until /api/health answers 200; the seconds it took, then stops it. */
async function toHealth(args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', args, { cwd: repositoryRoot, detached: true, stdio: 'ignore', env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm ${args.join(' ')} exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * `npm run bench -- start [N]`: seconds from `npm start` to /api/health answering. First
 * start: both build stamps removed (web app and server built again) on an empty DATA_DIR
 * (initdb). Second start: nothing changed, the same DATA_DIR (N times, the median). Then
 * `npm run serve` (the release) on the same DATA_DIR. Rebuilds this checkout's dist folders.
 */
export async function startBench(args: string[]): Promise<void> {
  const runs = Number(args[0] ?? 3);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-bench-start-'));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as a user of its own under root
  try {
    for (const stamp of stamps) await rm(path.join(repositoryRoot, stamp), { force: true });
    const first = await toHealth(['start'], dataDir);
    const second: number[] = [];
    for (let i = 0; i < runs; i++) second.push(await toHealth(['start'], dataDir));
    const serve: number[] = [];
    for (let i = 0; i < runs; i++) serve.push(await toHealth(['run', 'serve'], dataDir));
    console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}, node ${process.version}`);
    console.log('| run | to /api/health |\n| --- | --- |');
    console.log(`| first \`npm start\` (web and server built, new database) | ${first.toFixed(1)} s |`);
    console.log(`| second \`npm start\` (nothing changed), median of ${runs} | ${median(second).toFixed(1)} s (${second.map((s) => s.toFixed(1)).join(', ')}) |`);
    console.log(`| \`npm run serve\`, median of ${runs} | ${median(serve).toFixed(1)} s (${serve.map((s) => s.toFixed(1)).join(', ')}) |`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
