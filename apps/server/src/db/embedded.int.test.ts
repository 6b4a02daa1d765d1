import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
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
