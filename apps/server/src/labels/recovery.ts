import type { FastifyBaseLogger } from 'fastify';
import type { LabelCreateResponse } from '@verzendhuis/contract/label';
import { labelServerTexts as labelTexts } from '@verzendhuis/domain/labels-texts';
import { instanceLeaseSeconds, type InstanceLease } from '../jobs/instance';
import type { OrderRepository } from '../orders/repository';
import type { AbandonedLabelJob, LabelJobRepository } from './job-repository';
import type { AbandonedClaim, InterruptedRequest, LabelRepository } from './repository';

/**
 * What a crash leaves of label creation, made right (docs/labels.md, "Na een crash").
 * A process killed in the middle of a request or a label job leaves claims (labels in
 * status creating), a request without its answer and a job marked running. Each carries
 * the instance that made it (jobs/instance.ts); once that instance is dead,
 * or a claim is older than any live request can hold one (the carrier timeout and a
 * margin), the recovery
 *
 * - finishes the labels whose carrier's answer was stored (the finish did not run),
 * - releases the other claims with a Dutch status (kept, inactive: nothing is deleted
 *   silently, nothing is blocked),
 * - stores the answer of a request with an Idempotency-Key from what it made, so the same
 *   key answers for real,
 * - sends a dead instance's running label job to the queue again,
 * - queues the shop write-backs still pending a while after their label was finished (the
 *   process died between the finish and the queueing; shops/write-back.ts).
 *
 * It runs at start (before the server answers), every third of the lease, and on demand:
 * for a key asked again and for an order found busy. A live instance's work is never
 * touched, also not that of another process on the same database.
 */

/** A claim older than the carrier timeout plus this cannot belong to a live request or job attempt. */
export const claimMarginMs = 60_000;
/** A pending request stored before requests named their instance counts as cut off after this. */
const legacyRequestMs = 60 * 60_000;
/** How often the recovery looks (a third of the lease: a dead instance's work waits at most about the lease). */
export const recoveryIntervalMs = (instanceLeaseSeconds * 1000) / 3;
const batch = 500;

export interface RecoveryOutcome {
  finished: number;
  released: number;
  answered: number;
  resumed: number;
  /** Shop write-backs queued again. */
  writeBacks: number;
  /** Tracking e-mails queued again. */
  trackingMails: number;
}

export function createLabelRecovery(deps: {
  labels: LabelRepository;
  orders: OrderRepository;
  jobs: LabelJobRepository;
  /** This process's instance: it also clears the rows of long-dead ones. */
  instance: Pick<InstanceLease, 'forgetLongDead'>;
  /** Sends a dead instance's running job to the queue again (labels/jobs.ts). */
  resumeJob: (job: AbandonedLabelJob) => Promise<void>;
  carrierTimeoutMs: number;
  log: FastifyBaseLogger;
  /**
   * A label the recovery finishes may be for a shop's order: its write-back is queued too (it
   * checks the order itself); and every sweep queues the write-backs a crash left pending.
   */
  writeBack?: { labelMade: (organisationId: string, labelId: string) => Promise<void>; resendPending: () => Promise<number> };
  /** Every sweep also queues the tracking e-mails a crash left stored but unqueued (tracking-mail/service.ts). */
  trackingMail?: { resendPending: () => Promise<number> };
}) {
  const claimsBefore = () => new Date(Date.now() - deps.carrierTimeoutMs - claimMarginMs);
  const legacyBefore = () => new Date(Date.now() - legacyRequestMs);

  /** Finishes the confirmed claims and releases the others, one at a time (each its own transaction). */
  async function settle(claims: AbandonedClaim[]): Promise<Pick<RecoveryOutcome, 'finished' | 'released'>> {
    const outcome = { finished: 0, released: 0 };
    const before = claimsBefore();
    for (const claim of claims) {
      const labels = deps.labels.for(claim.organisationId);
      if (claim.confirmed) {
        await labels.finish({ id: claim.id, orderId: claim.orderId });
        outcome.finished += 1;
        await deps.writeBack?.labelMade(claim.organisationId, claim.id);
      } else if (await labels.releaseAbandoned(claim.id, before, { type: 'label_interrupted', field: null, message: labelTexts.interrupted, status: 'error' })) {
        outcome.released += 1;
      }
    }
    return outcome;
  }

  /**
   * The answer of a request a crash cut off, from its labels: the ones made (also by the
   * recovery) are its `data`, every other order an error (released, or never reached). A
   * request that had become a label job answers that job, as it would have.
   */
  async function answerOf(request: InterruptedRequest): Promise<LabelCreateResponse> {
    const job = await deps.jobs.for(request.organisationId).findActive(request.requestHash);
    if (job && job.createdAt >= request.createdAt) {
      return { status: 'queued', job: { id: job.id, status: job.status as 'queued' | 'running', total: job.total, processed: job.processed }, data: [], errors: [], warnings: [] };
    }
    const made = new Map<string, string>();
    for (const label of await deps.labels.for(request.organisationId).labelsOfRequest(request.idempotencyKey)) {
      if (label.status !== 'creating' && label.errorStatus !== 'interrupted') made.set(label.orderId, label.id);
    }
    const numbers = new Map((await deps.orders.for(request.organisationId).findMany(request.orderIds)).map(({ order }) => [order.id, order.orderNumber]));
    const data = [...made].map(([orderId, id]) => ({ id, order_id: orderId, shipment_id: id }));
    const errors = request.orderIds.filter((id) => !made.has(id)).map((id) => ({ order_id: id, order_number: numbers.get(id) ?? null, message: labelTexts.interrupted }));
    return { status: errors.length === 0 ? 'success' : data.length === 0 ? 'failed' : 'partial', data, errors, warnings: [] };
  }

  /** Settles the request's own claims, then stores and gives its answer; null when its claims are not all settled yet. */
  async function answer(request: InterruptedRequest): Promise<LabelCreateResponse | null> {
    const labels = deps.labels.for(request.organisationId);
    await settle(await labels.abandonedClaimsOf(request.orderIds, claimsBefore()));
    if ((await labels.labelsOfRequest(request.idempotencyKey)).some((l) => l.status === 'creating')) return null;
    const response = await answerOf(request);
    await labels.finishRequest(request.idempotencyKey, response);
    return response;
  }

  async function sweep(): Promise<RecoveryOutcome> {
    const outcome: RecoveryOutcome = { finished: 0, released: 0, answered: 0, resumed: 0, writeBacks: 0, trackingMails: 0 };
    for (;;) {
      const claims = await deps.labels.crossOrganisation.abandonedClaims(claimsBefore(), batch);
      const settled = await settle(claims);
      outcome.finished += settled.finished;
      outcome.released += settled.released;
      if (claims.length < batch || settled.finished + settled.released === 0) break;
    }
    for (const request of await deps.labels.crossOrganisation.interruptedRequests(legacyBefore(), batch)) {
      if (await answer(request)) outcome.answered += 1;
    }
    for (const job of await deps.jobs.crossOrganisation.abandoned()) {
      await deps.resumeJob(job);
      outcome.resumed += 1;
    }
    outcome.writeBacks = (await deps.writeBack?.resendPending()) ?? 0;
    outcome.trackingMails = (await deps.trackingMail?.resendPending()) ?? 0;
    await deps.instance.forgetLongDead();
    if (outcome.finished + outcome.released + outcome.answered + outcome.resumed + outcome.writeBacks + outcome.trackingMails > 0) deps.log.warn(outcome, 'label creation recovered after a crash');
    return outcome;
  }

  let timer: NodeJS.Timeout | null = null;
  // One sweep at a time in a process: a slow one is not overtaken by the next tick.
  let running: Promise<unknown> | null = null;
  return {
    /** Every abandoned claim, cut-off request and abandoned job of every organisation. */
    sweep,

    /** A request asked again while it has no answer: its answer when a crash cut it off, else null (it is live). */
    async answerInterrupted(organisationId: string, key: string): Promise<LabelCreateResponse | null> {
      const request = await deps.labels.for(organisationId).interruptedRequest(key, legacyBefore());
      return request ? answer(request) : null;
    },

    /** The abandoned claims of these orders (found busy, or of a resumed job) settled; how many. */
    async recoverOrders(organisationId: string, orderIds: string[]): Promise<number> {
      const settled = await settle(await deps.labels.for(organisationId).abandonedClaimsOf(orderIds, claimsBefore()));
      if (settled.finished + settled.released > 0) deps.log.warn({ organisationId, ...settled }, 'abandoned label claims recovered');
      return settled.finished + settled.released;
    },

    /**
     * The first sweep (awaited: a restarted server answers recovered; a failure is logged and
     * does not keep the server from starting), then one every `recoveryIntervalMs`.
     */
    async start(): Promise<void> {
      await sweep().catch((error: unknown) => deps.log.error({ err: error }, 'label recovery at start failed; it runs again shortly'));
      timer = setInterval(() => {
        running ??= sweep()
          .catch((error: unknown) => deps.log.error({ err: error }, 'label recovery failed; it runs again shortly'))
          .finally(() => (running = null));
      }, recoveryIntervalMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type LabelRecovery = ReturnType<typeof createLabelRecovery>;
