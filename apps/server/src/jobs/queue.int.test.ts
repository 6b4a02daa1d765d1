import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { oidcPayloads } from '../db/schema';
import { queues } from './queue';

const { server } = testServerForFile({ organisations: [] });
// Another process on the same database (no schedules) sends the job.
const jobs = otherProcessForFile(server);

describe('the durable job queue', () => {
  it('runs the clean-up job that removes expired login records', async () => {
    // Raw SQL: login records that expired a moment ago; a real login lives for days.
    await server.database.db.insert(oidcPayloads).values([
      { id: 'verlopen', type: 'Session', payload: {}, expiresAt: new Date(Date.now() - 1000) },
      { id: 'geldig', type: 'Session', payload: {}, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await jobs.queue.send(queues.oidcCleanup, {});
    const remaining = await waitUntil(
      async () => (await server.database.db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.type, 'Session'))).map((r) => r.id),
      (ids) => !ids.includes('verlopen'),
      { timeoutMs: 15_000, what: 'the clean-up job removed the expired session' },
    );
    expect(remaining).toEqual(['geldig']);
  });
});
