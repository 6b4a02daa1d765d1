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
});
export type Courier = z.infer<typeof courierSchema>;
