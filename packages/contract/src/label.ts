import { z } from 'zod';
import { labelTrackingMailSchema } from './tracking-mail';
import { labelMarkers, labelUpdateErrorTexts } from '@verzendhuis/domain/label-screens-texts';
import { labelSheetTexts } from '@verzendhuis/domain/labels-texts';
import { labelRequestTexts } from '@verzendhuis/domain/label-errors';
import { invoiceItemSchema } from './billing';
import { orderItemSchema, pickupPointSchema } from './order';
import { statusInfoSchema } from './user';
import { listMetaSchema } from './common';

export const labelStatuses = ['ready', 'printed', 'shipped', 'delayed', 'error', 'canceled', 'completed'] as const;
export type LabelStatus = (typeof labelStatuses)[number];
export { labelMarkers };

/** order/label/create (orders spec §7 and §4 label creation flow). */
export const labelCreateBodySchema = z.object({
  // Above LABEL_JOB_THRESHOLD orders the labels are made in a background job (label-job.ts).
  order_ids: z.array(z.uuid()).min(1, { error: labelRequestTexts.noOrders }).max(10_000, { error: labelRequestTexts.tooManyOrders }),
  is_return: z.boolean().default(false),
  return_fallback: z.boolean().default(false),
  force: z.boolean().default(false),
});
export type LabelCreateBody = z.input<typeof labelCreateBodySchema>;

export const labelJobStatuses = ['queued', 'running', 'done', 'failed'] as const;

export const labelCreateResponseSchema = z.object({
  /**
   * warning: nothing was made; confirm the warnings and send again with force.
   * queued: a large selection; its labels are made in the background `job`
   * (follow it with GET label/job/{id}), `data` and `errors` are empty here.
   */
  status: z.enum(['success', 'partial', 'failed', 'warning', 'queued']),
  job: z.object({ id: z.uuid(), status: z.enum(labelJobStatuses), total: z.number().int(), processed: z.number().int() }).optional(),
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
  /** A carrier's pickup page (with a Tracecode parameter); none of our carriers gives one yet. */
  pickup_url: z.string().nullable(),
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
  /** Returns: confirm, action_required, item_missing or refuse; null when not marked. */
  marker: z.string().nullable(),
  /** Returns: payment_method (organisation_paid, consumer_paid, store_credit, …). */
  payment: z.string().nullable(),
  /** Returns: the reasons the consumer gave. */
  reason_retour: z.array(z.object({ reason: z.string(), comment: z.string().nullable().optional(), item_id: z.string().nullable().optional() })).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  tracking_date: z.string().nullable(),
  /** First time the label went out in a PDF (label/pdf). */
  printed_at: z.string().nullable(),
  courier_id: z.uuid(),
  /** The shop of the label's order; null for manual and CSV orders. */
  service_id: z.uuid().nullable(),
  name: z.string().nullable(),
  company_name: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  housenumber: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The order lines of the label's order. */
  order_items: z.array(orderItemSchema),
  validators: z.object({ is_export: z.boolean() }),
  /** What the label costs (label_price, surcharge, refund), oldest first. */
  invoice_items: z.array(invoiceItemSchema),
  /** The newest investigation of this label, if any. */
  ticket: z.object({ id: z.uuid() }).nullable(),
  /** The pickup point the parcel goes to (the order's when its label was made; never on a return). */
  pickup_point: pickupPointSchema.nullable().optional(),
  shipment: z.object({
    tracking_number: z.string().nullable(),
    /** The first package's tracking page. */
    tracking_url: z.string().nullable(),
    shipment_type: z.string(),
    courier_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    packages: z.array(labelPackageSchema),
    /** Orders spec §3 Shipment.tracking_mails: the tracking e-mails of this label and what became of them (always sent by the server). */
    tracking_mails: z.array(labelTrackingMailSchema).optional(),
  }),
});
export type Label = z.infer<typeof labelSchema>;

/**
 * `status` of label/ and label/count: one status or a comma list (ready,printed,canceled),
 * so one tab can show several. Empty means no filter.
 */
export const labelStatusFilterSchema = z
  .string()
  .max(200)
  .transform((value) => [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(labelStatuses, { error: labelUpdateErrorTexts.unknownStatus })));

/** The keys labels sort on (label/ and label/pdf); a leading minus sorts descending. */
export const labelSortKeys = ['created_at', 'status', 'order_number', 'name', 'country'] as const;
export type LabelSortKey = (typeof labelSortKeys)[number];

export const labelListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
  sort: z.string().max(64).optional(),
  search: z.string().trim().max(200).optional(),
  status: labelStatusFilterSchema.optional(),
  is_returned: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export const labelListResponseSchema = z.object({
  data: z.array(labelSchema),
  meta: listMetaSchema.extend({
    /** True when total stopped counting at its bound (1,000, or a page beyond the one asked): "meer dan 1000". */
    total_is_lower_bound: z.boolean(),
  }),
});

export const startPositionSchema = z
  .number({ error: labelSheetTexts.position })
  .int({ error: labelSheetTexts.position })
  .min(1, { error: labelSheetTexts.position })
  .max(4, { error: labelSheetTexts.position });

/**
 * label/pdf: the labels' package files on A6 pages or four to an A4 sheet. `positions`
 * (A4 only) is the first sheet's start position, or the list of the first sheet's
 * positions to use ([2, 4]: the labels go to 2 and 4, then every later sheet from 1).
 */
export const labelPdfBodySchema = z.object({
  label_ids: z.array(z.uuid()).min(1).max(10_000),
  format: z.enum(['a4', 'a6']).default('a6'),
  positions: z.union([startPositionSchema, z.array(startPositionSchema).min(1, { error: labelSheetTexts.positionsEmpty }).max(4)]).optional(),
});
export type LabelPdfBody = z.input<typeof labelPdfBodySchema>;

/** label/pdf?sort=: the order of the labels in the file; without it, the order of label_ids. */
export const labelPdfQuerySchema = z.object({
  sort: z
    .string()
    .refine((value) => (labelSortKeys as readonly string[]).includes(value.replace(/^-/, '')), { error: labelSheetTexts.unknownSort })
    .optional(),
});
export type LabelPdfQuery = z.input<typeof labelPdfQuerySchema>;

export const labelBulkUpdateBodySchema = z.object({
  label_ids: z.array(z.uuid()).min(1).max(10_000),
  action: z.enum(['deactivate', 'deliver_labels']),
});
/**
 * label/updatebulklabels: how many changed; for a delete, the labels whose carrier refused
 * the cancel (they stay, each with the carrier's reason) and a notice when some carrier
 * has no cancel call and was not informed.
 */
export const labelBulkUpdateResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    affected: z.number().int(),
    errors: z.array(z.object({ label_id: z.uuid(), message: z.string() })).optional(),
    notice: z.string().optional(),
  }),
});
/** POST label/{id}: the label; a delete whose carrier has no cancel call says in `notice` that the carrier was not informed. */
export const labelUpdateResponseSchema = z.object({ status: z.literal('success'), data: labelSchema, notice: z.string().optional() });
export const labelCountQuerySchema = z.object({
  status: labelStatusFilterSchema.optional(),
  is_returned: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export const labelCountResponseSchema = z.object({ data: z.object({ count: z.number().int() }) });
/** labelcounters/: packages labelled this calendar month, what the plan's quota counts. */
export const labelCountersResponseSchema = z.object({ data: z.object({ labels: z.number().int(), quota: z.number().int().nullable() }) });
export type LabelCounters = z.infer<typeof labelCountersResponseSchema>['data'];

/**
 * POST label/{id}: what a user may change on a label. Deleting (is_active false) and
 * delivered (status completed) cannot be undone; a canceled label cannot be delivered;
 * a marker only on a return label (null clears it).
 */
export const labelUpdateBodySchema = z
  .strictObject({
    is_active: z.literal(false, { error: labelUpdateErrorTexts.onlyDelete }).optional(),
    status: z.literal('completed', { error: labelUpdateErrorTexts.onlyDeliver }).optional(),
    marker: z.enum(labelMarkers, { error: labelUpdateErrorTexts.unknownMarker }).nullable().optional(),
  })
  .refine((body) => body.is_active !== undefined || body.status !== undefined || body.marker !== undefined, { error: labelUpdateErrorTexts.nothingToChange });
export type LabelUpdateBody = z.input<typeof labelUpdateBodySchema>;

/** POST return/{id}: mark a return label. */
export const returnMarkBodySchema = z.object({
  marker: z.enum(labelMarkers, { error: labelUpdateErrorTexts.unknownMarker }),
});
export type ReturnMarkBody = z.input<typeof returnMarkBodySchema>;
