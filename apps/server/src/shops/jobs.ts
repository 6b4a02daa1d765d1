import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue';
import type { ShopService } from './service';

/** The scheduled pull of the shops' orders (docs/shops.md). */
export const shopSyncQueue = 'shop-sync';
/** Every minute the queue looks for shops whose last pull is older than SHOP_SYNC_INTERVAL. */
export const shopSyncCron = '* * * * *';
/** Shops pulled per run at most; the rest are due at the next tick. */
export const shopSyncBatch = 50;

/**
 * "stately" keeps at most one run queued and one running, so a slow run is never doubled;
 * each shop is claimed by its pull besides (one pull per shop, also against "Nu ophalen").
 */
export async function registerShopJobs(
  queue: JobQueue,
  deps: { shops: ShopService; log: FastifyBaseLogger; shopSyncIntervalMinutes: number },
  options: { schedule: boolean },
): Promise<void> {
  await queue.work(shopSyncQueue, { policy: 'stately' }, async () => {
    const totals = await deps.shops.syncDue({ now: new Date(), intervalMs: deps.shopSyncIntervalMinutes * 60_000, limit: shopSyncBatch });
    if (totals.pulled > 0) deps.log.info(totals, 'shops pulled');
  });
  if (options.schedule) await queue.schedule(shopSyncQueue, shopSyncCron);
}
