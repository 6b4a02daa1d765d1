import { z } from 'zod';
import { labelCreateResponseSchema, labelJobStatuses } from './label';
import { messageCodeSchema } from './common';

export { labelJobStatuses };
export type LabelJobStatus = (typeof labelJobStatuses)[number];

/**
 * A large selection's labels, made in the background (orders spec §4; docs/labels.md
 * "Grote selecties"). `total` orders were asked for; `processed` of them have an
 * outcome so far: `made` got a label, `failed` did not (each with its reason in the result).
 */
export const labelJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(labelJobStatuses),
  is_return: z.boolean(),
  total: z.number().int(),
  processed: z.number().int(),
  made: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  /**
   * Once the job is done (or stopped): the same answer a small selection gets at once,
   * one entry per order in `data` (labels made) or `errors` (with a Dutch reason).
   * Null while it runs and in lists.
   */
  result: z
    .object({
      status: z.enum(['success', 'partial', 'failed']),
      data: labelCreateResponseSchema.shape.data,
      errors: labelCreateResponseSchema.shape.errors,
    })
    .nullable(),
  /** Why a job stopped before the end (status failed), in Dutch. */
  error: z.object({ message_code: messageCodeSchema, message: z.string() }).nullable(),
});
export type LabelJob = z.infer<typeof labelJobSchema>;

/** GET label/job/: the organisation's jobs of the last day, newest first (without results). */
export const labelJobListResponseSchema = z.object({ data: z.array(labelJobSchema) });
export const labelJobResponseSchema = z.object({ data: labelJobSchema });
