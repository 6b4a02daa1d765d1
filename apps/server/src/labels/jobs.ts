import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LabelCreateResponse } from '@verzendhuis/contract/label';
import type { LabelJob, LabelJobStatus } from '@verzendhuis/contract/label-job';
import { AppError } from '@verzendhuis/domain/errors';
import { labelJobMessages } from '@verzendhuis/domain/label-job-texts';
import { queues, type JobQueue, type QueueJob } from '../jobs/queue';
import type { AbandonedLabelJob, LabelJobRepository, LabelJobResult, LabelJobRow, LabelJobSummary } from './job-repository';
import type { LabelRecovery } from './recovery';
import type { LabelJobStarter, LabelService } from './service';

/**
 * Large selections (docs/labels.md, "Grote selecties"): the request answers the
 * warnings and runs the pre-checks, then stores a `label_jobs` row and a queue job;
 * a worker makes the labels in chunks and writes the progress and the outcomes after
 * each chunk, so that a retry (after a crash or a stop) goes on where it was.
 */

/** Orders per step: after each step the progress and the outcomes so far are written down. */
export const labelJobChunkSize = 100;

/** Jobs one process works on at the same time (each labels `labelConcurrency` orders at once). */
export const labelJobWorkers = 2;

/** How far back GET label/job/ looks: long enough to come back to a job's result the same day. */
const recentMs = 24 * 60 * 60 * 1000;
const recentLimit = 20;

/**
 * An attempt that stopped or failed is retried by the queue (5 s later). One that crashed
 * is sent again by the recovery as soon as its instance is dead (labels/recovery.ts), not
 * when its queue job expires: the expiry is only pg-boss's own bound on a handler.
 */
const queueOptions = { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 3600 };
/** Attempts a job gets, crashed ones included: the first and the queue's retries. */
export const labelJobMaxAttempts = queueOptions.retryLimit + 1;

/** The queue job id of a resume: the same for every process that sends this resume, so it is sent once. */
function resumeJobId(jobId: string, attempts: number): string {
  const hex = createHash('sha256').update(`label-job-resume:${jobId}:${attempts}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface LabelJobData {
  jobId: string;
  organisationId: string;
}

const resultStatus = (result: LabelJobResult): 'success' | 'partial' | 'failed' =>
  result.errors.length === 0 ? 'success' : result.data.length === 0 ? 'failed' : 'partial';

export function summaryOf(row: LabelJobRow): LabelJobSummary {
  const { request, result, ...rest } = row;
  return { ...rest, isReturn: request.is_return, made: result.data.length, failed: result.errors.length };
}

/** The API's job; the full result only when given (a finished job's detail), never in lists. */
export function toLabelJobDto(job: LabelJobSummary, result: LabelJobResult | null): LabelJob {
  const finished = job.status === 'done' || job.status === 'failed';
  return {
    id: job.id,
    status: job.status as LabelJobStatus,
    is_return: job.isReturn,
    total: job.total,
    processed: job.processed,
    made: job.made,
    failed: job.failed,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
    result: finished && result ? { status: resultStatus(result), data: result.data, errors: result.errors } : null,
    error: (job.error as LabelJob['error']) ?? null,
  };
}

function queuedAnswer(job: LabelJobSummary): LabelCreateResponse {
  return { status: 'queued', job: { id: job.id, status: job.status as LabelJobStatus, total: job.total, processed: job.processed }, data: [], errors: [], warnings: [] };
}

/**
 * The label jobs of the API: the label service's way into the background (store the job
 * and send it, in one transaction; it is the service's LabelJobStarter) and the progress
 * calls of label/job/.
 */
export function createLabelJobService(deps: { jobs: LabelJobRepository; queue: Pick<JobQueue, 'send' | 'notify'>; threshold: number }) {
  const starter: LabelJobStarter = {
    threshold: deps.threshold,
    async findActive(organisationId, requestHash) {
      const job = await deps.jobs.for(organisationId).findActive(requestHash);
      return job ? queuedAnswer(job) : null;
    },
    async start(organisationId, job) {
      // Nothing left to label (every order was refused up front): the answer is known now.
      if (job.orderIds.length === 0) return { status: 'failed', data: [], errors: job.errors, warnings: [] };
      const { job: row, created } = await deps.jobs.for(organisationId).create(
        {
          request: { order_ids: job.orderIds, is_return: job.isReturn, force: job.force, request_hash: job.requestHash },
          total: job.total,
          result: { data: [], errors: job.errors },
        },
        (jobId, db) => deps.queue.send(queues.labelJobs, { jobId, organisationId } satisfies LabelJobData, { id: jobId, db, ...queueOptions }),
      );
      if (created) deps.queue.notify(queues.labelJobs);
      return queuedAnswer(row);
    },
  };

  return {
    ...starter,

    /** A running job whose attempt died with its instance: to the queue again (the recovery's resume). */
    async resume(job: AbandonedLabelJob): Promise<void> {
      await deps.queue.send(queues.labelJobs, { jobId: job.id, organisationId: job.organisationId } satisfies LabelJobData, { id: resumeJobId(job.id, job.attempts), ...queueOptions });
      deps.queue.notify(queues.labelJobs);
    },

    /** label/job/: the organisation's jobs of the last 24 hours, newest first, without their results. */
    async recent(organisationId: string): Promise<LabelJob[]> {
      const jobs = await deps.jobs.for(organisationId).listSince(new Date(Date.now() - recentMs), recentLimit);
      return jobs.map((job) => toLabelJobDto(job, null));
    },

    /** label/job/{id}: while it runs the progress only (a poll does not read the order list and outcomes); when finished, with its result. */
    async get(organisationId: string, id: string): Promise<LabelJob> {
      const jobs = deps.jobs.for(organisationId);
      const notFound = () => new AppError({ type: 'not_found', messageCode: 'label_job_not_found', message: labelJobMessages.notFound });
      const job = await jobs.summary(id);
      if (!job) throw notFound();
      if (job.status === 'queued' || job.status === 'running') return toLabelJobDto(job, null);
      const row = await jobs.get(id);
      if (!row) throw notFound();
      return toLabelJobDto(summaryOf(row), row.result);
    },
  };
}

export type LabelJobService = ReturnType<typeof createLabelJobService>;

export class LabelJobStopped extends Error {
  constructor() {
    super('label job stopped: the app is stopping; it goes on in a later attempt');
    this.name = 'LabelJobStopped';
  }
}

/**
 * The worker's side. `run` works a job to its end and may run again on the same job
 * at any time: orders the job already reported are skipped, and on a resumed job
 * (status running when picked up) the claims an earlier attempt left behind are
 * recovered (finished when the carrier's label was stored, else released) and the labels
 * it made but could not write down count as made, so that no order gets a second label.
 * One attempt at a time (a lock); each attempt is counted, and past
 * `labelJobMaxAttempts` the job fails.
 */
export function createLabelJobRunner(deps: {
  jobs: LabelJobRepository;
  service: Pick<LabelService, 'labelOrders'>;
  /** Claims of a resumed job's orders that their instance left behind (labels/recovery.ts). */
  recovery: Pick<LabelRecovery, 'recoverOrders'>;
  /** This process's instance: an attempt is marked as its own. */
  instance: { id: () => number | null };
  log: FastifyBaseLogger;
  chunkSize?: number;
}) {
  const chunkSize = deps.chunkSize ?? labelJobChunkSize;

  async function run(data: LabelJobData, signal?: AbortSignal): Promise<'done' | 'busy' | 'skipped'> {
    const { organisationId, jobId } = data;
    const lock = await deps.jobs.crossOrganisation.lock(jobId);
    if (!lock) return 'busy';
    try {
      const jobs = deps.jobs.for(organisationId);
      const job = await jobs.get(jobId);
      if (!job || (job.status !== 'queued' && job.status !== 'running')) return 'skipped';
      if (job.attempts >= labelJobMaxAttempts) {
        await jobs.finish(jobId, { status: 'failed', error: { message_code: 'label_job_failed', message: labelJobMessages.failed } });
        deps.log.error({ jobId, attempts: job.attempts }, 'label job failed: no attempts left');
        return 'done';
      }
      const resumed = job.status === 'running';
      await jobs.markRunning(jobId, deps.instance.id());
      const reported = new Set([...job.result.data.map((d) => d.order_id), ...job.result.errors.map((e) => e.order_id)]);
      const remaining = job.request.order_ids.filter((id) => !reported.has(id));
      const options = { is_return: job.request.is_return, force: job.request.force };
      for (let start = 0; start < remaining.length; start += chunkSize) {
        if (signal?.aborted) throw new LabelJobStopped();
        const chunk = remaining.slice(start, start + chunkSize);
        const outcome: LabelJobResult = { data: [], errors: [] };
        let todo = chunk;
        if (resumed) {
          const recovered = await deps.recovery.recoverOrders(organisationId, chunk);
          const made = await jobs.labelsMadeSince(chunk, job.createdAt, job.request.is_return);
          for (const [orderId, labelId] of made) outcome.data.push({ id: labelId, order_id: orderId, shipment_id: labelId });
          todo = chunk.filter((id) => !made.has(id));
          if (made.size > 0 || recovered > 0) deps.log.info({ jobId, made: made.size, recovered }, 'label job resumed: earlier labels counted, abandoned claims recovered');
        }
        if (todo.length > 0) {
          const labelled = await deps.service.labelOrders(organisationId, todo, options);
          outcome.data.push(...labelled.data);
          outcome.errors.push(...labelled.errors);
        }
        await jobs.append(jobId, outcome);
      }
      await jobs.finish(jobId, { status: 'done' });
      return 'done';
    } finally {
      await lock.release();
    }
  }

  return {
    run,
    /** The queue's handler: a failure is retried by the queue; after the last attempt the job is marked failed. */
    async handle(job: QueueJob<LabelJobData>, signal: AbortSignal): Promise<void> {
      try {
        await run(job.data, signal);
      } catch (error) {
        const last = job.retryCount >= job.retryLimit;
        deps.log[error instanceof LabelJobStopped ? 'info' : 'error']({ err: error, jobId: job.data.jobId, attempt: job.retryCount + 1, last }, 'label job attempt ended early');
        if (!last) throw error;
        await deps.jobs.for(job.data.organisationId).finish(job.data.jobId, { status: 'failed', error: { message_code: 'label_job_failed', message: labelJobMessages.failed } });
      }
    },
  };
}

export type LabelJobRunner = ReturnType<typeof createLabelJobRunner>;
