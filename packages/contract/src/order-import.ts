import { z } from 'zod';
import { importFields } from '@verzendhuis/domain/csv-import';
import { importErrorMessages } from '@verzendhuis/domain/import-texts';
import { messageCodeSchema } from './common';

/**
 * POST order/import (multipart, field `file`) and its background jobs and remembered
 * column mappings (issue 12 §2; docs/import.md).
 */

export const importQuerySchema = z.object({
  /** 1 or true: the same summary, nothing stored. */
  dry_run: z.enum(['0', '1', 'true', 'false']).optional(),
});
export const isDryRun = (query: { dry_run?: string }): boolean => query.dry_run === '1' || query.dry_run === 'true';

export const importErrorSchema = z.object({
  /** The line in the file (the header is line 1; a quoted newline does not start a line, as in Excel). */
  line: z.number().int(),
  /** The file's column, or null for the row as a whole. */
  field: z.string().nullable(),
  /** In Dutch, naming the line and the column. */
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importLayoutKinds = ['template', 'shopify', 'woocommerce', 'custom'] as const;

export const importSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** The first thousand problems, in the order of the file. */
  errors: z.array(importErrorSchema),
  /** Every problem, also those beyond the first thousand. */
  error_count: z.number().int(),
  /** Data rows of the file and the orders they make. */
  rows: z.number().int(),
  orders: z.number().int(),
  layout: z.enum(importLayoutKinds),
  dry_run: z.boolean(),
  /** A large file is imported in the background: its job (GET order/import/job/{id}); the counts then stay 0. */
  job_id: z.uuid().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importResponseSchema = z.object({ data: importSummarySchema });

export const importJobStatuses = ['queued', 'running', 'done', 'failed'] as const;

export const importJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(importJobStatuses),
  file_name: z.string(),
  rows: z.number().int(),
  /** Orders in the file; `processed` of them have been through the intake. */
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  error_count: z.number().int(),
  /** The first thousand problems (in the list: empty). */
  errors: z.array(importErrorSchema),
  error: z.object({ message_code: messageCodeSchema, message: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
export const importJobResponseSchema = z.object({ data: importJobSchema });
export const importJobListResponseSchema = z.object({ data: z.array(importJobSchema) });

const fieldSchema = z.enum(importFields as [string, ...string[]]);
export const columnMappingSchema = z.partialRecord(fieldSchema, z.string().trim().min(1).max(200));

export const importMappingSchema = z.object({
  headers: z.array(z.string().max(200)).min(1).max(500),
  mapping: columnMappingSchema,
});
export type ImportMapping = z.infer<typeof importMappingSchema>;
/** PUT order/import/mapping: remembers a mapping for files with exactly these columns. */
export const importMappingBodySchema = importMappingSchema.refine(
  (body) => Object.values(body.mapping).every((column) => column === undefined || body.headers.some((h) => h.trim().toLowerCase() === column.trim().toLowerCase())),
  { error: importErrorMessages.import_mapping_invalid, path: ['mapping'] },
);
export const importMappingListResponseSchema = z.object({ data: z.array(importMappingSchema) });
export const importMappingResponseSchema = z.object({ data: importMappingSchema });
