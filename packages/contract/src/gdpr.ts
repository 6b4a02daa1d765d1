import { z } from 'zod';
import { gdprErrorMessages, retentionBounds } from '@verzendhuis/domain/gdpr-texts';

/**
 * GDPR (issue 15 part 6, docs/gdpr.md): GET gdpr/ (the retention period and the exports),
 * POST gdpr/export (a ZIP made in the background), GET gdpr/export/{id}/download,
 * PATCH gdpr/ (the retention period) and POST gdpr/anonymise (now instead of tonight).
 */

export const gdprExportStatuses = ['queued', 'running', 'done', 'failed', 'expired'] as const;

export const gdprExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(gdprExportStatuses),
  /** Rows to write and written: the progress of a running export. */
  total: z.number().int(),
  processed: z.number().int(),
  size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Until when a finished export can be downloaded. */
  expires_at: z.string().nullable(),
});
export type GdprExport = z.infer<typeof gdprExportSchema>;

export const gdprOverviewSchema = z.object({
  /** Null: recipients are never anonymised. */
  retention_months: z.number().int().nullable(),
  last_anonymised_at: z.string().nullable(),
  last_anonymised_orders: z.number().int(),
  last_anonymised_labels: z.number().int(),
  /** The exports of the last weeks, newest first. */
  exports: z.array(gdprExportSchema),
});
export type GdprOverview = z.infer<typeof gdprOverviewSchema>;
export const gdprOverviewResponseSchema = z.object({ data: gdprOverviewSchema });

export const gdprExportResponseSchema = z.object({ data: gdprExportSchema });

export const gdprSettingsBodySchema = z.object({
  retention_months: z
    .number({ error: gdprErrorMessages.gdpr_retention_invalid })
    .int({ error: gdprErrorMessages.gdpr_retention_invalid })
    .min(retentionBounds.min, { error: gdprErrorMessages.gdpr_retention_invalid })
    .max(retentionBounds.max, { error: gdprErrorMessages.gdpr_retention_invalid })
    .nullable(),
});
export type GdprSettingsBody = z.input<typeof gdprSettingsBodySchema>;

export const gdprAnonymiseResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ orders: z.number().int(), labels: z.number().int() }),
});
