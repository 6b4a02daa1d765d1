import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { oidcPayloads } from '../db/schema';
import { queues, startJobQueue, type JobQueue } from './queue';

let server: TestServer;
let jobs: JobQueue;

beforeAll(async () => {
  server = await startTestServer();
  jobs = await startJobQueue({ databaseUrl: server.database.url, db: server.database.db, log: pino({ level: 'silent' }), schedule: false });
});
afterAll(async () => {
  await jobs?.stop();
  await server?.close();
});

describe('the durable job queue', () => {
  it('runs the clean-up job that removes expired login records', async () => {
    await server.database.db.insert(oidcPayloads).values([
      { id: 'verlopen', type: 'Session', payload: {}, expiresAt: new Date(Date.now() - 1000) },
      { id: 'geldig', type: 'Session', payload: {}, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await jobs.boss.send(queues.oidcCleanup, {});
    const deadline = Date.now() + 15_000;
    let remaining = ['verlopen', 'geldig'];
    while (Date.now() < deadline && remaining.includes('verlopen')) {
      await new Promise((r) => setTimeout(r, 200));
      remaining = (await server.database.db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.type, 'Session'))).map((r) => r.id);
    }
    expect(remaining).toEqual(['geldig']);
  });
});
