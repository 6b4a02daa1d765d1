import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { createCourierRepository } from '../couriers/repository';
import { createSettingsCrypto } from '../couriers/settings-crypto';
import type { Database } from '../db/client';
import { createTrackingRepository } from './repository';
import { createTrackingService } from './service';

/** The scheduled tracking refresh (docs/tracking.md). */
export const trackingRefreshQueue = 'tracking-refresh';
export const trackingRefreshCron = '*/5 * * * *';

/**
 * Every five minutes: refresh the labels younger than 30 days that are still travelling,
 * in batches. "stately" keeps at most one run queued and one running, so a slow run is
 * never doubled by the next tick.
 */
export async function registerTrackingJobs(
  boss: PgBoss,
  deps: { db: Database; log: FastifyBaseLogger; schedule?: boolean; config?: Pick<AppConfig, 'carrierTimeoutMs' | 'testCarrierTimeScale'> },
): Promise<void> {
  const service = createTrackingService({
    repository: createTrackingRepository(deps.db),
    couriers: createCourierRepository(deps.db),
    crypto: await createSettingsCrypto(deps.db),
    timeoutMs: deps.config?.carrierTimeoutMs ?? 20_000,
    timeScale: deps.config?.testCarrierTimeScale ?? 60,
    log: deps.log,
  });
  await boss.createQueue(trackingRefreshQueue, { name: trackingRefreshQueue, policy: 'stately' });
  await boss.work(trackingRefreshQueue, async () => {
    const totals = await service.refreshDue({ now: new Date(), batchSize: 100, maxAgeDays: 30 });
    deps.log.info(totals, 'tracking refreshed');
  });
  if (deps.schedule !== false) await boss.schedule(trackingRefreshQueue, trackingRefreshCron);
}
