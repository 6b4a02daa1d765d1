import type { OrderRetryUpdateResponse } from '@verzendhuis/contract/order';
import { labelErrorMessages } from '@verzendhuis/domain/label-errors';
import { shopWriteBackTexts } from '@verzendhuis/domain/shops-texts';
import { queues, type JobQueue, type QueueJob } from '../jobs/queue';
import { ShopError, type ShopFulfilment } from './adapter';
import type { ShopWriteBackRepository, WriteBackTarget } from './write-back-repository';

/**
 * The write-back (docs/shopify.md, "Write-back"): when a label is made for an order that
 * came from a shop, the shop hears of it through its adapter's fulfil (WooCommerce: status
 * completed and a note; Shopify: a fulfilment with tracking). The obligation is recorded
 * with the finish of the label (labels.write_back = pending, in the same transaction); the
 * sending runs as a job on the one queue, so it never holds up label creation, and the queue
 * tries it `writeBackAttempts` times. Success makes the state done; the last failed attempt
 * (or refused credentials, which no retry mends) makes it failed and puts a warning of type
 * order_update_failed on the label, and the label page's retry (order/retry-update) tries
 * again at once and clears it. A write-back still pending `writeBackGraceMs` after the finish
 * (the process died before queueing it, or the queue was unreachable) is queued again by the
 * label recovery's beat (`resendPending`). Return labels tell the shop nothing.
 */

export interface WriteBackJobData {
  organisationId: string;
  labelId: string;
}

/** The shop an order came from, as far as the write-back needs it. */
export interface WriteBackShop {
  name: string;
  isActive: boolean;
  /** Whether a platform adapter of the shop's class is registered. */
  linkable: boolean;
}

const queueOptions = { retryLimit: 3, expireInSeconds: 300 };
export const writeBackAttempts = queueOptions.retryLimit + 1;
/**
 * A write-back pending this long after its label was finished (or last queued again) is
 * queued again. The request queues it right after the finish; longer than the queue's own
 * attempts usually take (three retries 30 s apart), so a write-back still being retried is
 * rarely sent again (which would add nothing: the job id is the label's).
 */
export const writeBackGraceMs = 5 * 60_000;
const resendBatch = 500;

type Attempt = { ok: true } | { ok: false; message: string; retryable: boolean };

/** The shop's id of an order, from our external key shop:<shop id>:<the shop's id> (which may hold colons itself). */
export function shopOrderId(externalKey: string | null, shopId: string): string | null {
  const prefix = `shop:${shopId}:`;
  return externalKey?.startsWith(prefix) ? externalKey.slice(prefix.length) || null : null;
}

export function createShopWriteBack(deps: {
  repository: ShopWriteBackRepository;
  /** The organisation's shop; null when there is none. */
  loadShop: (organisationId: string, shopId: string) => Promise<WriteBackShop | null>;
  /**
   * Tells the shop through its adapter (ShopService.fulfil, which marks the link for a
   * refresh when the shop refuses the credentials); throws ShopError.
   */
  fulfil: (organisationId: string, shopId: string, fulfilment: ShopFulfilment) => Promise<void>;
  /** The carrier's display name of a courier class. */
  carrierName: (courierClass: string) => string;
  queue: Pick<JobQueue, 'send'>;
  /** Seconds between two attempts (SHOP_WRITE_BACK_RETRY_DELAY). */
  retryDelaySeconds?: number;
  log: { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };
}) {
  async function attempt(organisationId: string, target: WriteBackTarget): Promise<Attempt> {
    if (!target.shopId) return { ok: true };
    const shop = await deps.loadShop(organisationId, target.shopId);
    const externalId = shopOrderId(target.externalKey, target.shopId);
    if (!shop || !shop.isActive || !shop.linkable || !externalId) return { ok: false, message: shopWriteBackTexts.shopGone, retryable: false };
    try {
      await deps.fulfil(organisationId, target.shopId, { externalId, trackingNumber: target.trackingNumber ?? '', trackingUrl: target.trackingUrl, carrierName: deps.carrierName(target.courierClass) });
      return { ok: true };
    } catch (error) {
      if (error instanceof ShopError) {
        return { ok: false, message: shopWriteBackTexts.failed(shop.name, error.message), retryable: error.kind !== 'unauthorized' && error.kind !== 'not_found' };
      }
      deps.log.error({ err: error, organisationId, labelId: target.labelId }, 'shop write-back failed unexpectedly');
      return { ok: false, message: shopWriteBackTexts.failed(shop.name, shopWriteBackTexts.unexpected), retryable: true };
    }
  }

  /** A label the write-back is for: active, not a return, of an order from a shop. */
  const concerns = (target: WriteBackTarget): boolean => target.isActive && !target.isReturn && !!target.shopId;
  /** The shop was told, or the write-back failed for good (the warning and the retry take over): no job sends it again. */
  const settled = (target: WriteBackTarget): boolean => target.writeBack === 'done' || target.writeBack === 'failed';

  /**
   * Queues the write-back of a label. Never throws (the label is made, whatever the queue
   * does: a write-back that could not be queued stays pending and the recovery queues it
   * later). The job's id is the label's, so while pg-boss keeps the job (12 hours after it
   * ends) a second send adds nothing; after that one would add a job, which the handler
   * drops unless the label's write-back is still pending.
   */
  async function queueWriteBack(organisationId: string, labelId: string): Promise<boolean> {
    try {
      await deps.queue.send(queues.shopWriteBack, { organisationId, labelId } satisfies WriteBackJobData, { ...queueOptions, retryDelaySeconds: deps.retryDelaySeconds ?? 30, id: labelId });
      return true;
    } catch (error) {
      deps.log.error({ err: error, organisationId, labelId }, 'shop write-back could not be queued; the recovery queues it later');
      return false;
    }
  }

  return {
    /** A label was made for an order from a shop (its write-back is pending since the finish): it is queued now. */
    async labelMade(organisationId: string, labelId: string): Promise<void> {
      await queueWriteBack(organisationId, labelId);
    },

    /**
     * The recovery's beat (labels/recovery.ts): queues the write-backs still pending
     * `writeBackGraceMs` after their label was finished, of every organisation; how many.
     */
    async resendPending(): Promise<number> {
      const pending = await deps.repository.crossOrganisation.takePending(new Date(Date.now() - writeBackGraceMs), resendBatch);
      let queued = 0;
      for (const { organisationId, labelId } of pending) if (await queueWriteBack(organisationId, labelId)) queued += 1;
      return queued;
    },

    /** The queue's worker: one attempt; a failure is retried by the queue until the last attempt, which leaves the warning. */
    async handle(job: QueueJob<WriteBackJobData>): Promise<void> {
      const { organisationId, labelId } = job.data;
      const repository = deps.repository.for(organisationId);
      const target = await repository.target(labelId);
      if (!target || !concerns(target) || settled(target)) return;
      const outcome = await attempt(organisationId, target);
      if (outcome.ok) {
        await repository.markDone(labelId);
        return;
      }
      const last = job.retryCount >= job.retryLimit || !outcome.retryable;
      deps.log.warn({ organisationId, labelId, attempt: job.retryCount + 1, last, reason: outcome.message }, 'shop write-back failed');
      if (!last) throw new Error(outcome.message);
      await repository.markFailed(labelId, outcome.message);
    },

    /** order/retry-update: tries each of the caller's labels once more, now; a success clears the warning. */
    async retry(organisationId: string, labelIds: string[]): Promise<OrderRetryUpdateResponse> {
      const repository = deps.repository.for(organisationId);
      const answer: OrderRetryUpdateResponse = { status: 'success', data: [], errors: [] };
      for (const labelId of [...new Set(labelIds)]) {
        const target = await repository.target(labelId);
        if (!target || !target.isActive) {
          answer.errors.push({ label_id: labelId, message: labelErrorMessages.label_not_found });
          continue;
        }
        if (!concerns(target)) {
          // A return label or one of a manual order: there is no shop to tell, so nothing is wrong.
          if (target.hasWarning) await repository.clearFailed(labelId);
          answer.data.push({ label_id: labelId });
          continue;
        }
        const outcome = await attempt(organisationId, target);
        if (outcome.ok) {
          await repository.markDone(labelId);
          answer.data.push({ label_id: labelId });
        } else {
          await repository.markFailed(labelId, outcome.message);
          answer.errors.push({ label_id: labelId, message: outcome.message });
        }
      }
      answer.status = answer.errors.length === 0 ? 'success' : answer.data.length === 0 ? 'failed' : 'partial';
      return answer;
    },
  };
}

export type ShopWriteBack = ReturnType<typeof createShopWriteBack>;
