import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../test-support/wait';
import { startEmbeddedPostgres } from './embedded';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-embedded-'));
  dirs.push(dir);
  return dir;
}

async function canQuery(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('SELECT 1 AS one');
  await client.end();
  return rows[0]?.one === 1;
}

describe('the embedded PostgreSQL', () => {
  it('starts again over a stale postmaster.pid of a dead process', async () => {
    const dir = await tempDir();
    const first = await startEmbeddedPostgres({ dataDir: dir, notice: () => undefined });
    await first.stop();
    await writeFile(path.join(dir, 'postgres', 'postmaster.pid'), '999999\n/tmp\n');
    const notices: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir: dir, notice: (m) => notices.push(m) });
    try {
      expect(await canQuery(second.url)).toBe(true);
      expect(notices.join('\n')).toContain('stale');
    } finally {
      await second.stop();
    }
  });

  it('leaves alone a process named postgres that a stale postmaster.pid names but that serves another directory', async () => {
    const dir = await tempDir();
    const first = await startEmbeddedPostgres({ dataDir: dir, notice: () => undefined });
    await first.stop();
    // A process named "postgres" (argv[0]) working elsewhere: the pid was reused, or another PostgreSQL has it.
    const stranger = spawn('bash', ['-c', 'exec -a postgres sleep 600'], { cwd: os.tmpdir(), stdio: 'ignore' });
    const exited = new Promise((resolve) => stranger.once('exit', resolve));
    try {
      const pid = stranger.pid ?? 0;
      await waitUntil(async () => (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0')[0], (name) => name === 'postgres', { what: 'the stranger named postgres' });
      await writeFile(path.join(dir, 'postgres', 'postmaster.pid'), `${pid}\n${path.join(dir, 'postgres')}\n`);
      const notices: string[] = [];
      const second = await startEmbeddedPostgres({ dataDir: dir, notice: (m) => notices.push(m) });
      try {
        expect(await canQuery(second.url)).toBe(true);
        expect(notices.join('\n')).toContain('left alone');
        expect(stranger.exitCode).toBeNull();
        expect(stranger.signalCode).toBeNull();
        expect(process.kill(pid, 0)).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      stranger.kill('SIGKILL');
      await exited;
    }
  });

  it('stops the orphaned server of a crashed app and starts its own', async () => {
    const dir = await tempDir();
    // One process (no tsx wrapper), so that SIGKILL hits the process that owns PostgreSQL.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'embedded-child.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => {
        const match = d.toString().match(/URL (\S+)/);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error('child exited')));
    });
    expect(await canQuery(url)).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const notices: string[] = [];
    const restarted = await startEmbeddedPostgres({ dataDir: dir, notice: (m) => notices.push(m) });
    try {
      expect(await canQuery(restarted.url)).toBe(true);
      expect(notices.join('\n')).toMatch(/orphaned|stale/);
    } finally {
      await restarted.stop();
    }
  });
});
