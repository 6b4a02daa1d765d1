import { and, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { LabelCreateResponse } from '@verzendhuis/contract/label';
import { creatingLabelStatus } from '@verzendhuis/domain/label-rules';
import type { Database } from '../db/client';
import type { SqlExecutor } from '../jobs/queue';
import { labelJobs, labels } from '../db/schema';
import { instanceIsDead } from '../jobs/instance';

/** What a job was asked: the orders left for the worker (in this order) and the request's options. */
export interface LabelJobRequest {
  order_ids: string[];
  is_return: boolean;
  force: boolean;
  /** The selection's fingerprint: a repeat while the job runs answers this job. */
  request_hash: string;
}

export interface LabelJobResult {
  data: LabelCreateResponse['data'];
  errors: LabelCreateResponse['errors'];
}

export type LabelJobRow = Omit<typeof labelJobs.$inferSelect, 'request' | 'result'> & { request: LabelJobRequest; result: LabelJobResult };
/** A job without its (possibly long) order list and result: what lists and progress need. */
export type LabelJobSummary = Omit<LabelJobRow, 'request' | 'result' | 'attempts' | 'claimedBy'> & { isReturn: boolean; made: number; failed: number };

/** A running job whose attempt died with its instance: to be resumed. */
export interface AbandonedLabelJob {
  id: string;
  organisationId: string;
  attempts: number;
}

const summaryColumns = {
  id: labelJobs.id,
  organisationId: labelJobs.organisationId,
  status: labelJobs.status,
  total: labelJobs.total,
  processed: labelJobs.processed,
  error: labelJobs.error,
  createdAt: labelJobs.createdAt,
  updatedAt: labelJobs.updatedAt,
  finishedAt: labelJobs.finishedAt,
  isReturn: sql<boolean>`coalesce((${labelJobs.request}->>'is_return')::boolean, false)`,
  made: sql<number>`coalesce(jsonb_array_length(${labelJobs.result}->'data'), 0)::int`,
  failed: sql<number>`coalesce(jsonb_array_length(${labelJobs.result}->'errors'), 0)::int`,
};

const activeStatuses = ['queued', 'running'];

export function createLabelJobRepository(db: Database) {
  // The pool behind drizzle, for the calls that need one connection of their own; read when used.
  const connect = () => db.$client.connect();

  return {
    /** The label jobs of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      /** The organisation's labels of these orders made since a moment (a job's start). */
      const labelsOfOrdersSince = (orderIds: string[], since: Date) => [eq(labels.organisationId, organisationId), inArray(labels.orderId, orderIds), gte(labels.createdAt, since)];

      return {
        /**
         * Stores a new job and sends its queue job in one transaction, unless the same
         * selection already has a job that is queued or running: then that one. The
         * organisation is locked for the check, so two equal requests at once make one job.
         */
        async create(
          values: { request: LabelJobRequest; total: number; result: LabelJobResult },
          send: (jobId: string, db: SqlExecutor) => Promise<void>,
        ): Promise<{ job: LabelJobSummary; created: boolean }> {
          const client = await connect();
          try {
            await client.query('BEGIN');
            await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('label_jobs:' || $1, 0))`, [organisationId]);
            const existing = await client.query<{ id: string }>(
              `SELECT id FROM label_jobs WHERE organisation_id = $1 AND status = ANY($2) AND request->>'request_hash' = $3 ORDER BY created_at DESC LIMIT 1`,
              [organisationId, activeStatuses, values.request.request_hash],
            );
            let id = existing.rows[0]?.id;
            const created = !id;
            if (!id) {
              const inserted = await client.query<{ id: string }>(
                `INSERT INTO label_jobs (organisation_id, status, request, total, processed, result) VALUES ($1, 'queued', $2, $3, $4, $5) RETURNING id`,
                [organisationId, JSON.stringify(values.request), values.total, values.result.data.length + values.result.errors.length, JSON.stringify(values.result)],
              );
              id = inserted.rows[0]!.id;
              await send(id, { executeSql: (text, params) => client.query(text, params) });
            }
            await client.query('COMMIT');
            const job = await this.summary(id);
            if (!job) throw new Error(`label job ${id} vanished`);
            return { job, created };
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          } finally {
            client.release();
          }
        },

        async findActive(requestHash: string): Promise<LabelJobSummary | null> {
          const [row] = await db
            .select(summaryColumns)
            .from(labelJobs)
            .where(and(eq(labelJobs.organisationId, organisationId), inArray(labelJobs.status, activeStatuses), sql`${labelJobs.request}->>'request_hash' = ${requestHash}`))
            .orderBy(desc(labelJobs.createdAt))
            .limit(1);
          return row ?? null;
        },

        async summary(id: string): Promise<LabelJobSummary | null> {
          const [row] = await db.select(summaryColumns).from(labelJobs).where(and(eq(labelJobs.organisationId, organisationId), eq(labelJobs.id, id)));
          return row ?? null;
        },

        async get(id: string): Promise<LabelJobRow | null> {
          const [row] = await db.select().from(labelJobs).where(and(eq(labelJobs.organisationId, organisationId), eq(labelJobs.id, id)));
          if (!row) return null;
          // Both columns are written only by this repository, in these shapes.
          const result = (row.result ?? { data: [], errors: [] }) as unknown as LabelJobResult;
          return { ...row, request: row.request as unknown as LabelJobRequest, result: { data: result.data ?? [], errors: result.errors ?? [] } };
        },

        /** The organisation's jobs since a moment, newest first. */
        async listSince(since: Date, limit: number): Promise<LabelJobSummary[]> {
          return db
            .select(summaryColumns)
            .from(labelJobs)
            .where(and(eq(labelJobs.organisationId, organisationId), gte(labelJobs.createdAt, since)))
            .orderBy(desc(labelJobs.createdAt))
            .limit(limit);
        },

        /** An attempt starts: counted, and marked as this instance's (a dead instance's running job is resumed). */
        async markRunning(id: string, claimedBy: number | null): Promise<void> {
          await db
            .update(labelJobs)
            .set({ status: 'running', attempts: sql`${labelJobs.attempts} + 1`, claimedBy, updatedAt: new Date() })
            .where(and(eq(labelJobs.organisationId, organisationId), eq(labelJobs.id, id), inArray(labelJobs.status, activeStatuses)));
        },

        /** Adds one chunk's outcomes to the result and the progress, at once. */
        async append(id: string, chunk: LabelJobResult): Promise<void> {
          await db
            .update(labelJobs)
            .set({
              processed: sql`${labelJobs.processed} + ${chunk.data.length + chunk.errors.length}`,
              result: sql`jsonb_build_object(
                'data', coalesce(${labelJobs.result}->'data', '[]'::jsonb) || ${JSON.stringify(chunk.data)}::jsonb,
                'errors', coalesce(${labelJobs.result}->'errors', '[]'::jsonb) || ${JSON.stringify(chunk.errors)}::jsonb)`,
              updatedAt: new Date(),
            })
            .where(and(eq(labelJobs.organisationId, organisationId), eq(labelJobs.id, id)));
        },

        async finish(id: string, outcome: { status: 'done' } | { status: 'failed'; error: { message_code: string; message: string } }): Promise<void> {
          const now = new Date();
          await db
            .update(labelJobs)
            .set({ status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, claimedBy: null, finishedAt: now, updatedAt: now })
            .where(and(eq(labelJobs.organisationId, organisationId), eq(labelJobs.id, id)));
        },

        /**
         * Labels of these orders made since a moment (the job's start): on a resume, the
         * ones an earlier attempt made before it could write them down.
         */
        async labelsMadeSince(orderIds: string[], since: Date, isReturn: boolean): Promise<Map<string, string>> {
          if (orderIds.length === 0) return new Map();
          const rows = await db
            .select({ id: labels.id, orderId: labels.orderId })
            .from(labels)
            .where(and(...labelsOfOrdersSince(orderIds, since), eq(labels.isReturn, isReturn), eq(labels.isActive, true), ne(labels.status, creatingLabelStatus)))
            .orderBy(labels.createdAt);
          return new Map(rows.map((r) => [r.orderId, r.id]));
        },
      };
    },

    /** Across organisations: what the queue's worker needs before it knows whose job it has. */
    crossOrganisation: {
      /** Running jobs whose attempt's instance is dead (killed, or its heartbeat stopped): nobody works on them. */
      async abandoned(): Promise<AbandonedLabelJob[]> {
        return db
          .select({ id: labelJobs.id, organisationId: labelJobs.organisationId, attempts: labelJobs.attempts })
          .from(labelJobs)
          .where(and(eq(labelJobs.status, 'running'), isNotNull(labelJobs.claimedBy), instanceIsDead(labelJobs.claimedBy)));
      },

      /**
       * Only one attempt works on a job at a time: a session lock held on a connection
       * of its own for the whole run (it goes when the process does). Null when
       * another attempt holds it.
       */
      async lock(id: string): Promise<{ release: () => Promise<void> } | null> {
        const client = await connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended('label_job:' || $1, 0)) AS locked`, [id]);
          if (!rows[0]?.locked) {
            client.release();
            return null;
          }
        } catch (error) {
          client.release();
          throw error;
        }
        return {
          release: async () => {
            try {
              await client.query(`SELECT pg_advisory_unlock(hashtextextended('label_job:' || $1, 0))`, [id]);
              client.release();
            } catch (error) {
              client.release(error as Error);
            }
          },
        };
      },
    },
  };
}

export type LabelJobRepository = ReturnType<typeof createLabelJobRepository>;
export type OrganisationLabelJobs = ReturnType<LabelJobRepository['for']>;
