import { z } from 'zod';

export const orderFieldTypes = ['select', 'checkbox', 'date', 'text', 'number'] as const;

/** How a courier option is asked on the order form (orders spec §3 Order field definition). */
export const orderFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(orderFieldTypes),
  default: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  required: z.boolean(),
  /** ISO days, Monday 1 … Sunday 7, that a date field may not take. */
  unselectable_days_of_week: z.array(z.number().int().min(1).max(7)),
});
export type OrderField = z.infer<typeof orderFieldSchema>;

export const shipmentTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  /** A letterbox parcel: no signature, no insurance (the letterbox rule of the form). */
  is_letter: z.boolean(),
});
export type ShipmentType = z.infer<typeof shipmentTypeSchema>;

export const courierMetaSchema = z.object({
  class: z.string(),
  name: z.string(),
  images: z.object({ mark: z.string() }),
  max_packages: z.number().int().min(1),
  shipment_types: z.array(shipmentTypeSchema),
  order_fields: z.array(orderFieldSchema),
  supports_returns: z.boolean(),
  supports_pickup_points: z.boolean(),
  /** Whether a shipment can be withdrawn at the carrier before it travels. */
  supports_cancel: z.boolean(),
  /** Whether the carrier can push tracking events to a webhook URL (POST courier/{id}/webhook; docs/tracking.md). Absent: no. */
  supports_tracking_webhook: z.boolean().optional(),
});
export type CourierMeta = z.infer<typeof courierMetaSchema>;

export const courierSchema = z.object({
  id: z.uuid(),
  proxied_id: z.uuid().nullable(),
  service_class: z.string(),
  service_name: z.string(),
  label: z.string(),
  is_active: z.boolean(),
  shipment_types: z.array(shipmentTypeSchema),
  meta: courierMetaSchema,
  /**
   * The link's settings without its secrets (own contracts; {} for a platform contract).
   * Only the courier calls fill it; other answers that carry a courier leave it out.
   */
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type Courier = z.infer<typeof courierSchema>;

/** One thing a user enters to link an own contract of a courier class (its settings form). */
export const courierSettingsFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'password', 'url']),
  required: z.boolean(),
  /** Never sent back; left empty on edit it keeps the stored value. */
  secret: z.boolean(),
  default: z.string().nullable(),
});
export type CourierSettingsField = z.infer<typeof courierSettingsFieldSchema>;

export const platformContractSummarySchema = z.object({ id: z.uuid(), name: z.string() });
export type PlatformContractSummary = z.infer<typeof platformContractSummarySchema>;

/** courier/meta: a courier class, the fields of an own contract and the platform's contracts of that class. */
export const courierClassSchema = courierMetaSchema.extend({
  settings_fields: z.array(courierSettingsFieldSchema),
  platform_contracts: z.array(platformContractSummarySchema),
});
export type CourierClass = z.infer<typeof courierClassSchema>;

/** The `fields.contract` value of courier/create that links the platform's contract (a proxy courier). */
export const platformContractChoice = 'platform';

/**
 * courier/create. An own contract: `fields` are the class's settings. A proxy courier:
 * `fields: {contract: "platform"}`, with `platform_contract_id` when a class has more than one.
 */
export const courierCreateBodySchema = z.object({
  courier_class: z.string().max(64),
  fields: z.record(z.string().max(64), z.unknown()).default({}),
});
export type CourierCreateBody = z.input<typeof courierCreateBodySchema>;

export const courierLabelMaxLength = 100;

/** PATCH courier/{id}: rename, (de)activate, change settings; what is left out stays. */
export const courierPatchBodySchema = z.object({
  label: z.string().max(1000).optional(),
  is_active: z.boolean().optional(),
  fields: z.record(z.string().max(64), z.unknown()).optional(),
});
export type CourierPatchBody = z.infer<typeof courierPatchBodySchema>;

/** couriercounters/: active linked couriers with an own contract and via the platform. */
export const courierCountersResponseSchema = z.object({
  data: z.object({ own_couriers: z.number().int(), proxy_couriers: z.number().int() }),
});
export type CourierCounters = z.infer<typeof courierCountersResponseSchema>['data'];
