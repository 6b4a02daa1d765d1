import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Zip, ZipDeflate } from 'fflate';
import type { GdprExport, GdprOverview, GdprSettingsBody } from '@verzendhuis/contract/gdpr';
import { writeCsv } from '@verzendhuis/domain/csv-file';
import { AppError, notFound, validationError } from '@verzendhuis/domain/errors';
import { exportCell, retentionCutoff } from '@verzendhuis/domain/gdpr';
import { anonymisedName, exportValidDays, gdprErrorMessages } from '@verzendhuis/domain/gdpr-texts';
import { queues, type JobQueue, type QueueJob } from '../jobs/queue';
import { exportTables, type GdprExportRow, type GdprRepository } from './repository';

/**
 * GDPR (issue 15 part 6, docs/gdpr.md): the export of all of an organisation's data as a
 * ZIP of JSON and CSV files, made by a job on the queue and kept in PostgreSQL in chunks
 * (so every process can serve it) until it expires; and the retention period after which
 * recipients of orders and labels are anonymised, nightly and on demand.
 */

/** Rows read from a table at once: one page of the export, and a progress step. */
export const exportPageSize = 1000;
/** Bytes of the ZIP stored per chunk row. */
const chunkBytes = 1024 * 1024;
/** Exports listed on the screen: those of the last weeks. */
const listedDays = 30;
/** A crashed attempt is tried again when its queue job expires. */
const queueOptions = { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 3600 };

export interface GdprExportJobData {
  exportId: string;
  organisationId: string;
}

export function toGdprExportDto(row: GdprExportRow): GdprExport {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    processed: row.processed,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

const encoder = new TextEncoder();

export function createGdprService(deps: { repository: GdprRepository; queue: JobQueue; log: FastifyBaseLogger; now?: () => Date }) {
  const { repository, queue } = deps;
  const now = deps.now ?? (() => new Date());

  async function overview(organisationId: string): Promise<GdprOverview> {
    const scoped = repository.for(organisationId);
    const settings = await scoped.settings();
    const exports = await scoped.exportsSince(new Date(now().getTime() - listedDays * 24 * 3600 * 1000));
    return {
      retention_months: settings?.retentionMonths ?? null,
      last_anonymised_at: settings?.lastAnonymisedAt?.toISOString() ?? null,
      last_anonymised_orders: settings?.lastAnonymisedOrders ?? 0,
      last_anonymised_labels: settings?.lastAnonymisedLabels ?? 0,
      exports: exports.map(toGdprExportDto),
    };
  }

  /** Writes the ZIP of one export into its chunks, table by table, the progress after every page. */
  async function writeExport(organisationId: string, exportId: string, signal: AbortSignal): Promise<number> {
    const scoped = repository.for(organisationId);
    const total = (await scoped.countRows()) * 2; // every row is written twice: JSON and CSV
    await scoped.startExport(exportId, total);

    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let position = 0;
    let size = 0;
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else if (data.length > 0) {
        pending.push(data);
        pendingBytes += data.length;
        size += data.length;
      }
    });
    const flush = async (all: boolean) => {
      if (failure) throw failure;
      if (pendingBytes === 0 || (!all && pendingBytes < chunkBytes)) return;
      const bytes = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await scoped.writeChunk(exportId, position++, bytes);
    };
    const file = (name: string) => {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      return entry;
    };

    let processed = 0;
    const step = async (rows: number) => {
      if (signal.aborted) throw new Error('the job queue stops');
      processed += rows;
      await scoped.progress(exportId, processed);
      await flush(false);
    };

    const written: string[] = [];
    for (const spec of exportTables) {
      const json = file(`${spec.file}.json`);
      let first = true;
      json.push(encoder.encode('['));
      const exists = await scoped.readTable(spec, exportPageSize, async (_columns, rows) => {
        const text = rows.map((row) => (first ? ((first = false), '\n') : ',\n') + JSON.stringify(row)).join('');
        json.push(encoder.encode(text));
        await step(rows.length);
      });
      json.push(encoder.encode(first ? ']\n' : '\n]\n'), true);
      if (!exists) continue;

      const csv = file(`${spec.file}.csv`);
      let header = true;
      // A BOM, so that Excel reads the file as UTF-8.
      csv.push(encoder.encode('\uFEFF'));
      await scoped.readTable(spec, exportPageSize, async (columns, rows) => {
        const lines = rows.map((row) => columns.map((c) => exportCell(row[c])));
        csv.push(encoder.encode(writeCsv(header ? [columns, ...lines] : lines)));
        header = false;
        await step(rows.length);
      });
      csv.push(new Uint8Array(0), true);
      written.push(spec.file);
    }
    const manifest = file('manifest.json');
    manifest.push(encoder.encode(JSON.stringify({ organisation_id: organisationId, export_id: exportId, created_at: now().toISOString(), files: written.flatMap((f) => [`${f}.json`, `${f}.csv`]) }, null, 2)), true);
    zip.end();
    await flush(true);
    return size;
  }

  return {
    /** GET gdpr/. */
    overview,

    /** POST gdpr/export: one export at a time per organisation. */
    async startExport(organisationId: string, userId: string | null): Promise<GdprExport> {
      const scoped = repository.for(organisationId);
      if (await scoped.hasRunningExport()) throw new AppError({ type: 'usage', messageCode: 'gdpr_export_running', message: gdprErrorMessages.gdpr_export_running });
      const row = await scoped.createExport(userId, (exportId, db) => queue.send(queues.gdprExport, { exportId, organisationId } satisfies GdprExportJobData, { ...queueOptions, db }));
      queue.notify(queues.gdprExport);
      return toGdprExportDto(row);
    },

    async export(organisationId: string, id: string): Promise<GdprExport> {
      const row = await repository.for(organisationId).export(id);
      if (!row) throw notFound('gdpr_export_not_found');
      return toGdprExportDto(row);
    },

    /** GET gdpr/export/{id}/download: the ZIP as a stream read chunk by chunk from the database. */
    async download(organisationId: string, id: string): Promise<{ fileName: string; sizeBytes: number; stream: Readable }> {
      const scoped = repository.for(organisationId);
      const row = await scoped.export(id);
      if (!row) throw notFound('gdpr_export_not_found');
      if (row.status !== 'done' || !row.expiresAt || row.expiresAt <= now()) {
        throw new AppError({ type: 'usage', messageCode: 'gdpr_export_not_ready', message: gdprErrorMessages.gdpr_export_not_ready });
      }
      let position = 0;
      const stream = Readable.from(
        (async function* () {
          for (;;) {
            const chunks = await scoped.chunks(id, position, 4);
            for (const chunk of chunks) yield chunk.bytes;
            if (chunks.length < 4) return;
            position = chunks.at(-1)!.position + 1;
          }
        })(),
      );
      const day = row.createdAt.toISOString().slice(0, 10);
      return { fileName: `verzendhuis-export-${day}.zip`, sizeBytes: row.sizeBytes ?? 0, stream };
    },

    /** PATCH gdpr/: the retention period (null: off). */
    async saveSettings(organisationId: string, body: GdprSettingsBody): Promise<GdprOverview> {
      await repository.for(organisationId).saveRetention(body.retention_months);
      return overview(organisationId);
    },

    /** POST gdpr/anonymise: what the retention period covers, now. */
    async anonymise(organisationId: string): Promise<{ orders: number; labels: number }> {
      const scoped = repository.for(organisationId);
      const months = (await scoped.settings())?.retentionMonths;
      if (!months) throw validationError({ retention_months: [gdprErrorMessages.gdpr_retention_invalid] });
      return scoped.anonymise(retentionCutoff(now(), months), anonymisedName);
    },

    /** The queue's worker: makes the ZIP; on the last attempt a failure ends the export as failed. */
    async runExport(job: QueueJob<GdprExportJobData>, signal: AbortSignal): Promise<void> {
      const { exportId, organisationId } = job.data;
      const scoped = repository.for(organisationId);
      const row = await scoped.export(exportId);
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
      try {
        const sizeBytes = await writeExport(organisationId, exportId, signal);
        await scoped.finishExport(exportId, { status: 'done', sizeBytes, expiresAt: new Date(now().getTime() + exportValidDays * 24 * 3600 * 1000) });
      } catch (error) {
        deps.log.error({ err: error, exportId }, 'gdpr export failed');
        if (job.retryCount < job.retryLimit || signal.aborted) throw error;
        await scoped.finishExport(exportId, { status: 'failed' });
      }
    },

    /** The nightly job: expired exports removed, then every organisation's retention applied. */
    async sweep(): Promise<void> {
      const at = now();
      const expired = await repository.crossOrganisation.expireExports(at);
      for (const { organisationId, retentionMonths } of await repository.crossOrganisation.retentionSettings()) {
        const counts = await repository.for(organisationId).anonymise(retentionCutoff(at, retentionMonths), anonymisedName);
        if (counts.orders + counts.labels > 0) deps.log.info({ organisationId, ...counts }, 'recipients anonymised after the retention period');
      }
      deps.log.info({ expired }, 'gdpr sweep done');
    },
  };
}

export type GdprService = ReturnType<typeof createGdprService>;
