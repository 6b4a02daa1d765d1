import { z } from 'zod';
import { statusInfoSchema } from './user';

export const labelStatuses = ['ready', 'printed', 'shipped', 'delayed', 'error', 'canceled', 'completed'] as const;

/** order/label/create (orders spec §7 and §4 label creation flow). */
export const labelCreateBodySchema = z.object({
  order_ids: z.array(z.uuid()).min(1, { error: 'Kies minstens één bestelling.' }).max(500, { error: 'Maak in één keer labels voor hoogstens 500 bestellingen.' }),
  is_return: z.boolean().default(false),
  return_fallback: z.boolean().default(false),
  force: z.boolean().default(false),
});
export type LabelCreateBody = z.input<typeof labelCreateBodySchema>;

export const labelCreateResponseSchema = z.object({
  /** warning: nothing was made; confirm the warnings and send again with force. */
  status: z.enum(['success', 'partial', 'failed', 'warning']),
  data: z.array(z.object({ id: z.uuid(), order_id: z.uuid(), shipment_id: z.uuid() })),
  errors: z.array(z.object({ order_id: z.string(), order_number: z.string().nullable(), message: z.string() })),
  warnings: z.array(z.object({ order_id: z.uuid(), order_number: z.string().nullable(), type: z.enum(['duplicate', 'order_warning']), message: z.string() })),
});
export type LabelCreateResponse = z.infer<typeof labelCreateResponseSchema>;

export const labelPackageSchema = z.object({
  package_number: z.number().int(),
  weight: z.number().int(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
  courier_class: z.string(),
  courier_id: z.uuid(),
});

export const labelSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  order_number: z.string().nullable(),
  order_date: z.string().nullable(),
  order_status: z.string().nullable(),
  status: z.string(),
  error_status: z.string().nullable(),
  status_info: z.array(statusInfoSchema),
  is_active: z.boolean(),
  is_return: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  tracking_date: z.string().nullable(),
  courier_id: z.uuid(),
  name: z.string().nullable(),
  company_name: z.string().nullable(),
  address_1: z.string().nullable(),
  housenumber: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  shipment: z.object({
    tracking_number: z.string().nullable(),
    shipment_type: z.string(),
    courier_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    packages: z.array(labelPackageSchema),
  }),
});
export type Label = z.infer<typeof labelSchema>;

export const labelListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
  sort: z.string().max(64).optional(),
  search: z.string().trim().max(200).optional(),
  status: z.enum(labelStatuses).optional(),
  is_returned: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export const startPositionSchema = z.number().int().min(1, { error: 'Kies positie 1, 2, 3 of 4.' }).max(4, { error: 'Kies positie 1, 2, 3 of 4.' });

/** label/pdf: the labels' package files on A6 pages or four to an A4 sheet. */
export const labelPdfBodySchema = z.object({
  label_ids: z.array(z.uuid()).min(1).max(10_000),
  format: z.enum(['a4', 'a6']).default('a6'),
  /** The first sheet's start position (A4 only); a list is accepted, its first entry counts. */
  positions: z.union([startPositionSchema, z.array(startPositionSchema).max(4)]).optional(),
});
export type LabelPdfBody = z.input<typeof labelPdfBodySchema>;

export const labelBulkUpdateBodySchema = z.object({
  label_ids: z.array(z.uuid()).min(1).max(10_000),
  action: z.enum(['deactivate', 'deliver_labels']),
});
export const labelBulkUpdateResponseSchema = z.object({ status: z.literal('success'), data: z.object({ affected: z.number().int() }) });
export const labelCountQuerySchema = z.object({
  status: z.enum(labelStatuses).optional(),
  is_returned: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export const labelCountResponseSchema = z.object({ data: z.object({ count: z.number().int() }) });
/** labelcounters/: packages labelled this calendar month, what the plan's quota counts. */
export const labelCountersResponseSchema = z.object({ data: z.object({ labels: z.number().int(), quota: z.number().int().nullable() }) });
