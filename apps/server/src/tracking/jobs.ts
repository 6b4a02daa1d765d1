import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue';
import type { TrackingService } from './service';

/** The scheduled tracking refresh (docs/tracking.md). */
export const trackingRefreshQueue = 'tracking-refresh';
export const trackingRefreshCron = '* * * * *';
/** The scheduled refresh follows labels made in the last this many days. */
export const trackingMaxAgeDays = 30;

/**
 * Every minute: refresh the due labels younger than 30 days that are still travelling, most
 * overdue first, as far as each carrier's budget per minute reaches (docs/tracking.md,
 * "Freshness"). "stately" keeps at most one run queued and one running, so a slow run is
 * never doubled by the next tick, and the budgets (held by the process that runs the job)
 * are spent by one process at a time.
 */
export async function registerTrackingJobs(queue: JobQueue, deps: { tracking: TrackingService; log: FastifyBaseLogger }, options: { schedule: boolean }): Promise<void> {
  await queue.work(trackingRefreshQueue, { policy: 'stately' }, async () => {
    const totals = await deps.tracking.refreshDue({ now: new Date(), batchSize: 100, maxAgeDays: trackingMaxAgeDays });
    deps.log.info(totals, 'tracking refreshed');
  });
  if (options.schedule) await queue.schedule(trackingRefreshQueue, trackingRefreshCron);
}
