import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, ImportMapping, ImportSummary } from '@verzendhuis/contract/order-import';
import { readCsv, type CsvTable } from '@verzendhuis/domain/csv-file';
import { detectLayout, headerKey, locateField, mappingIsComplete, readOrders, rowError, type ColumnMapping, type CsvOrder, type ImportLayout, type ImportRowError } from '@verzendhuis/domain/csv-import';
import { AppError, notFound } from '@verzendhuis/domain/errors';
import { generalErrorMessages } from '@verzendhuis/domain/messages';
import { importErrorMessages } from '@verzendhuis/domain/import-texts';
import { queues, type JobQueue, type QueueJob } from '../jobs/queue';
import type { IncomingOrder, OrderIntake } from '../orders/intake';
import { storedErrorLimit, type ImportJobRow, type ImportRepository } from './repository';

/**
 * The CSV import (issue 12 §2; docs/import.md): a file is read and recognised by the
 * domain (`csv-file`, `csv-import`), its orders go through the one order intake
 * (defaults, shipping rules, validation; key `csv:<order number>`, so a second import of
 * the same file updates instead of duplicating), in chunks. A file with more rows than
 * the threshold is stored with a queue job and imported by the worker, which writes its
 * progress after every chunk.
 */

/** The largest file order/import takes. */
export const maxImportBytes = 50 * 1024 * 1024;
/** The most data rows one import takes (a Shopify export of 100,000 line items is well under). */
export const maxImportRows = 200_000;
/** Orders given to the intake at once: one batch of inserts each, and a progress step of a job. */
export const importChunkSize = 1000;

const recentMs = 24 * 60 * 60 * 1000;
const recentLimit = 10;
/** A crashed attempt is tried again when its queue job expires: 15 minutes, far above the 20 s of 100,000 rows. */
const queueOptions = { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 900 };

export interface ImportJobData {
  jobId: string;
  organisationId: string;
}

interface Counts {
  created: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
}

export function refuseImport(messageCode: 'import_empty_file' | 'import_not_csv' | 'import_unknown_layout' | 'import_no_file'): AppError {
  return new AppError({ type: 'validation', messageCode, message: importErrorMessages[messageCode] });
}

/** The file read and recognised, or the refusal of the whole file. */
async function readFile(bytes: Uint8Array, remembered: (key: string) => Promise<ColumnMapping | null>): Promise<{ table: CsvTable; layout: ImportLayout }> {
  const table = readCsv(bytes);
  if ('failure' in table) throw refuseImport(table.failure === 'empty' ? 'import_empty_file' : 'import_not_csv');
  if (table.rows.length === 0) throw refuseImport('import_empty_file');
  if (table.rows.length > maxImportRows) {
    throw new AppError({ type: 'validation', messageCode: 'import_too_many_rows', message: importErrorMessages.import_too_many_rows({ maxRows: maxImportRows }) });
  }
  const layout = detectLayout(table.headers, await remembered(headerKey(table.headers)));
  if (!layout) throw refuseImport('import_unknown_layout');
  return { table, layout };
}

export function toImportJobDto(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    status: row.status as ImportJob['status'],
    file_name: row.fileName,
    rows: row.rows,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    error_count: row.errorCount,
    errors: row.errors,
    error: (row.error as ImportJob['error']) ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function createImportService(deps: { imports: ImportRepository; intake: OrderIntake; queue: JobQueue; jobThreshold: number; log: FastifyBaseLogger }) {
  const { imports, intake, queue } = deps;

  /** One chunk of orders through the intake; its validation messages placed on their lines and columns. */
  async function receive(organisationId: string, table: CsvTable, layout: ImportLayout, orders: CsvOrder[], dryRun: boolean): Promise<Counts> {
    const counts: Counts = { created: 0, updated: 0, skipped: 0, errors: [] };
    const incoming: IncomingOrder[] = orders.map((o) => ({ externalKey: `csv:${o.orderNumber}`, body: o.body }));
    const result = await intake.receive(organisationId, incoming, { source: 'csv', dryRun });
    counts.created += result.created;
    counts.updated += result.updated;
    counts.skipped += result.skipped;
    for (const outcome of result.outcomes) {
      if (outcome.outcome !== 'error') continue;
      const order = orders[outcome.index]!;
      for (const [path, messages] of Object.entries(outcome.fields)) {
        const at = locateField(order, layout, table.headers, path);
        for (const message of messages) counts.errors.push(rowError(at.line, at.field, message));
      }
    }
    return counts;
  }

  /**
   * Every readable order of a file through the intake, chunk by chunk, `onChunk` after each
   * in the file's order. The next chunk is already read and checked while the database
   * stores the one before (two chunks in flight: one core prepares, the other stores).
   */
  async function receiveAll(organisationId: string, table: CsvTable, layout: ImportLayout, orders: CsvOrder[], dryRun: boolean, onChunk?: (counts: Counts, processed: number) => Promise<void>): Promise<Counts> {
    const total: Counts = { created: 0, updated: 0, skipped: 0, errors: [] };
    const chunkAt = async (start: number): Promise<{ counts: Counts; size: number }> => {
      const chunk = orders.slice(start, start + importChunkSize);
      const readable = chunk.filter((o) => o.errors.length === 0);
      const counts = readable.length > 0 ? await receive(organisationId, table, layout, readable, dryRun) : { created: 0, updated: 0, skipped: 0, errors: [] };
      counts.errors.push(...chunk.flatMap((o) => o.errors));
      counts.errors.sort((a, b) => a.line - b.line);
      return { counts, size: chunk.length };
    };
    let next = orders.length > 0 ? chunkAt(0) : null;
    for (let start = 0; next; start += importChunkSize) {
      const current = next;
      next = start + importChunkSize < orders.length ? chunkAt(start + importChunkSize) : null;
      // A failure of the chunk ahead is raised when its turn comes; until then it must not go unhandled.
      next?.catch(() => undefined);
      const { counts, size } = await current;
      total.created += counts.created;
      total.updated += counts.updated;
      total.skipped += counts.skipped;
      total.errors.push(...counts.errors);
      await onChunk?.(counts, size);
    }
    return total;
  }

  const sortByLine = (errors: ImportRowError[]) => errors.sort((a, b) => a.line - b.line);

  return {
    /** POST order/import: the summary of a file (stored unless `dryRun`), or the job of a large file. */
    async importFile(organisationId: string, file: { name: string; bytes: Buffer }, options: { dryRun: boolean }): Promise<ImportSummary> {
      const scoped = imports.for(organisationId);
      const { table, layout } = await readFile(file.bytes, (key) => scoped.mapping(key));
      const reading = readOrders(table, layout);
      const base = { rows: table.rows.length, orders: reading.orders.length, layout: layout.kind, dry_run: options.dryRun };

      if (!options.dryRun && table.rows.length > deps.jobThreshold) {
        const job = await scoped.createJob({ fileName: file.name, file: file.bytes, rows: table.rows.length, total: reading.orders.length }, (jobId, db) =>
          queue.send(queues.importJobs, { jobId, organisationId } satisfies ImportJobData, { ...queueOptions, db }),
        );
        queue.notify(queues.importJobs);
        const errors = sortByLine([...reading.rowErrors, ...reading.orders.flatMap((o) => o.errors)]);
        return { ...base, created: 0, updated: 0, skipped: 0, errors: errors.slice(0, storedErrorLimit), error_count: errors.length, job_id: job.id };
      }

      const counts = await receiveAll(organisationId, table, layout, reading.orders, options.dryRun);
      const errors = sortByLine([...reading.rowErrors, ...counts.errors]);
      return { ...base, created: counts.created, updated: counts.updated, skipped: counts.skipped, errors: errors.slice(0, storedErrorLimit), error_count: errors.length, job_id: null };
    },

    async job(organisationId: string, id: string): Promise<ImportJob> {
      const row = await imports.for(organisationId).job(id);
      if (!row) throw notFound('import_job_not_found');
      return toImportJobDto(row);
    },

    async recentJobs(organisationId: string): Promise<ImportJob[]> {
      return (await imports.for(organisationId).jobsSince(new Date(Date.now() - recentMs), recentLimit)).map(toImportJobDto);
    },

    async mappings(organisationId: string): Promise<ImportMapping[]> {
      return imports.for(organisationId).mappings();
    },

    async saveMapping(organisationId: string, body: ImportMapping): Promise<ImportMapping> {
      if (!mappingIsComplete(body.mapping)) throw new AppError({ type: 'validation', messageCode: 'import_mapping_invalid', message: importErrorMessages.import_mapping_invalid, fields: { mapping: [importErrorMessages.import_mapping_invalid] } });
      const headers = body.headers.map((h) => h.trim());
      await imports.for(organisationId).saveMapping({ headerKey: headerKey(headers), headers, mapping: body.mapping as Record<string, string> });
      return { headers, mapping: body.mapping };
    },

    /**
     * The queue's worker: imports a stored file from where an earlier attempt got (the
     * orders already through the intake are passed over), writing the progress after
     * every chunk; on the last attempt a failure ends the job as failed.
     */
    async runJob(job: QueueJob<ImportJobData>): Promise<void> {
      const { jobId, organisationId } = job.data;
      const scoped = imports.for(organisationId);
      const bytes = await scoped.file(jobId);
      const stored = await scoped.job(jobId);
      if (!bytes || !stored) return;
      try {
        await scoped.markRunning(jobId);
        const { table, layout } = await readFile(bytes, (key) => scoped.mapping(key));
        const reading = readOrders(table, layout);
        if (stored.processed === 0 && reading.rowErrors.length > 0) await scoped.progress(jobId, { processed: 0, created: 0, updated: 0, skipped: 0, errors: reading.rowErrors });
        await receiveAll(organisationId, table, layout, reading.orders.slice(stored.processed), false, (counts, processed) => scoped.progress(jobId, { processed, ...counts }));
        await scoped.finish(jobId, { status: 'done' });
      } catch (error) {
        deps.log.error({ err: error, jobId }, 'import job failed');
        if (job.retryCount < job.retryLimit) throw error;
        const known = error instanceof AppError ? { message_code: error.messageCode, message: error.message } : { message_code: 'default', message: generalErrorMessages.default };
        await scoped.finish(jobId, { status: 'failed', error: known });
      }
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
