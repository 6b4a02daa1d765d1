import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { oidcPayloads } from '../db/schema';
import { createServices, type Services } from '../services';
import { queues } from './queue';

let server: TestServer;
let jobs: Services;

beforeAll(async () => {
  server = await startTestServer();
  // Another process's composition root on the same database sends the job (no schedules).
  jobs = await createServices({ config: server.config, database: server.database });
  await jobs.start({ schedule: false });
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
    await jobs.queue.send(queues.oidcCleanup, {});
    const deadline = Date.now() + 15_000;
    let remaining = ['verlopen', 'geldig'];
    while (Date.now() < deadline && remaining.includes('verlopen')) {
      await new Promise((r) => setTimeout(r, 200));
      remaining = (await server.database.db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.type, 'Session'))).map((r) => r.id);
    }
    expect(remaining).toEqual(['geldig']);
  });
});
