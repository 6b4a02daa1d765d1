import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { importJobs, importMappings } from '../db/schema';
import type { SqlExecutor } from '../jobs/queue';

export type ImportJobRow = Omit<typeof importJobs.$inferSelect, 'file'>;
export interface ImportRowErrorRow {
  line: number;
  field: string | null;
  message: string;
}

/** A job keeps its first errors only: enough to fix a file, bounded for a file of 100,000 bad rows. */
export const storedErrorLimit = 1000;

const jobColumns = {
  id: importJobs.id,
  organisationId: importJobs.organisationId,
  status: importJobs.status,
  fileName: importJobs.fileName,
  rows: importJobs.rows,
  total: importJobs.total,
  processed: importJobs.processed,
  created: importJobs.created,
  updated: importJobs.updated,
  skipped: importJobs.skipped,
  errorCount: importJobs.errorCount,
  errors: importJobs.errors,
  error: importJobs.error,
  createdAt: importJobs.createdAt,
  updatedAt: importJobs.updatedAt,
  finishedAt: importJobs.finishedAt,
};

/** The CSV import's remembered column mappings and background jobs (docs/import.md). */
export function createImportRepository(db: Database) {
  return {
    /** The mappings and import jobs of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      const job = (id: string) => and(eq(importJobs.organisationId, organisationId), eq(importJobs.id, id));
      return {
        async mappings(): Promise<{ headers: string[]; mapping: Record<string, string> }[]> {
          return db
            .select({ headers: importMappings.headers, mapping: importMappings.mapping })
            .from(importMappings)
            .where(eq(importMappings.organisationId, organisationId))
            .orderBy(desc(importMappings.updatedAt));
        },

        async mapping(headerKey: string): Promise<Record<string, string> | null> {
          const [row] = await db
            .select({ mapping: importMappings.mapping })
            .from(importMappings)
            .where(and(eq(importMappings.organisationId, organisationId), eq(importMappings.headerKey, headerKey)));
          return row?.mapping ?? null;
        },

        async saveMapping(values: { headerKey: string; headers: string[]; mapping: Record<string, string> }): Promise<void> {
          await db
            .insert(importMappings)
            .values({ organisationId, ...values })
            .onConflictDoUpdate({
              target: [importMappings.organisationId, importMappings.headerKey],
              set: { headers: values.headers, mapping: values.mapping, updatedAt: new Date() },
            });
        },

        /** Stores a job with its file and sends its queue job in the same transaction. */
        async createJob(values: { fileName: string; file: Buffer; rows: number; total: number }, send: (jobId: string, db: SqlExecutor) => Promise<void>): Promise<ImportJobRow> {
          const client = await db.$client.connect();
          try {
            await client.query('BEGIN');
            const { rows } = await client.query<{ id: string }>(
              `INSERT INTO import_jobs (organisation_id, status, file_name, file, rows, total) VALUES ($1, 'queued', $2, $3, $4, $5) RETURNING id`,
              [organisationId, values.fileName, values.file, values.rows, values.total],
            );
            const id = rows[0]!.id;
            await send(id, { executeSql: (text, params) => client.query(text, params) });
            await client.query('COMMIT');
            const stored = await this.job(id);
            if (!stored) throw new Error(`import job ${id} vanished`);
            return stored;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          } finally {
            client.release();
          }
        },

        async job(id: string): Promise<ImportJobRow | null> {
          const [row] = await db.select(jobColumns).from(importJobs).where(job(id));
          return row ?? null;
        },

        async jobsSince(since: Date, limit: number): Promise<ImportJobRow[]> {
          return db
            .select({ ...jobColumns, errors: sql<ImportRowErrorRow[]>`'[]'::jsonb` })
            .from(importJobs)
            .where(and(eq(importJobs.organisationId, organisationId), gte(importJobs.createdAt, since)))
            .orderBy(desc(importJobs.createdAt))
            .limit(limit);
        },

        /** The job's file, while it is queued or running. */
        async file(id: string): Promise<Buffer | null> {
          const [row] = await db.select({ file: importJobs.file }).from(importJobs).where(and(job(id), inArray(importJobs.status, ['queued', 'running'])));
          return row?.file ?? null;
        },

        async markRunning(id: string): Promise<void> {
          await db.update(importJobs).set({ status: 'running', updatedAt: new Date() }).where(and(job(id), inArray(importJobs.status, ['queued', 'running'])));
        },

        /** Adds one chunk's counts and errors (the first thousand are kept) to the progress. */
        async progress(id: string, chunk: { processed: number; created: number; updated: number; skipped: number; errors: ImportRowErrorRow[] }): Promise<void> {
          await db
            .update(importJobs)
            .set({
              processed: sql`${importJobs.processed} + ${chunk.processed}`,
              created: sql`${importJobs.created} + ${chunk.created}`,
              updated: sql`${importJobs.updated} + ${chunk.updated}`,
              skipped: sql`${importJobs.skipped} + ${chunk.skipped}`,
              errorCount: sql`${importJobs.errorCount} + ${chunk.errors.length}`,
              errors: sql`CASE WHEN jsonb_array_length(${importJobs.errors}) >= ${storedErrorLimit} THEN ${importJobs.errors}
                ELSE (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(${importJobs.errors} || ${JSON.stringify(chunk.errors.slice(0, storedErrorLimit))}::jsonb) WITH ORDINALITY AS t(e, n) WHERE n <= ${storedErrorLimit}) END`,
              updatedAt: new Date(),
            })
            .where(job(id));
        },

        async finish(id: string, outcome: { status: 'done' } | { status: 'failed'; error: { message_code: string; message: string } }): Promise<void> {
          const now = new Date();
          await db
            .update(importJobs)
            .set({ status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, file: null, finishedAt: now, updatedAt: now })
            .where(job(id));
        },
      };
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
