import { z } from 'zod';
import { orderFieldSchema } from './courier';

/** One thing a user enters to link a shop of a platform (its settings form; server shops/adapter.ts ShopSettingsField). */
export const shopSettingsFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** secret: never sent back; left empty on edit it keeps the stored value. */
  type: z.enum(['text', 'url', 'secret', 'select']),
  required: z.boolean(),
  help: z.string().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type ShopSettingsField = z.infer<typeof shopSettingsFieldSchema>;

/** A shop platform's metadata (account spec §3 Shop meta: class, name, is_internal, order_fields, images.mark). */
export const shopMetaSchema = z.object({
  class: z.string(),
  name: z.string(),
  is_internal: z.boolean(),
  order_fields: z.array(orderFieldSchema),
  images: z.object({ mark: z.string() }),
});
export type ShopMeta = z.infer<typeof shopMetaSchema>;

/** shop/meta: a platform with the fields of its link. */
export const shopClassSchema = shopMetaSchema.extend({ settings_fields: z.array(shopSettingsFieldSchema) });
export type ShopClass = z.infer<typeof shopClassSchema>;

export const shopFieldValueSchema = z.string();

export const shopSchema = z.object({
  id: z.uuid(),
  service_class: z.string(),
  is_active: z.boolean(),
  label: z.string(),
  meta: shopMetaSchema,
  /** The link's settings without its secrets. */
  fields: z.record(z.string(), shopFieldValueSchema),
  /** When the last pull ended (ISO), null before the first. */
  last_sync_at: z.string().nullable(),
  /** Orders created or updated by the last pull; null when it failed or never ran. */
  last_sync_count: z.number().int().nullable(),
  /** Why the last pull failed, in Dutch; null when it succeeded. */
  last_sync_error: z.string().nullable(),
  /** The shop refused our credentials (401/403): the link must be refreshed (dashboard notice). */
  needs_refresh: z.boolean(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopLabelMaxLength = 100;

/** shop/create: the platform and its settings (`fields`); the shop checks them before anything is stored. */
export const shopCreateBodySchema = z.object({
  shop_class: z.string().max(64),
  label: z.string().max(1000).optional(),
  fields: z.record(z.string().max(64), z.unknown()).default({}),
});
export type ShopCreateBody = z.input<typeof shopCreateBodySchema>;

/** PATCH shop/{id}: rename, (de)activate, change settings; what is left out stays. */
export const shopPatchBodySchema = z.object({
  label: z.string().max(1000).optional(),
  is_active: z.boolean().optional(),
  fields: z.record(z.string().max(64), z.unknown()).optional(),
});
export type ShopPatchBody = z.infer<typeof shopPatchBodySchema>;

/** The outcome of pulling one shop (update/{id}, update). */
export const shopSyncResultSchema = z.object({
  shop_id: z.uuid(),
  status: z.enum(['success', 'failed', 'skipped']),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Pulled orders that could not be stored, with why. */
  errors: z.array(z.object({ external_id: z.string(), message: z.string() })),
  /** Why the pull failed (status failed) or did not run (skipped: already running, inactive). */
  message: z.string().nullable(),
});
export type ShopSyncResult = z.infer<typeof shopSyncResultSchema>;

export const shopSyncResponseSchema = z.object({ data: shopSyncResultSchema });
export const shopSyncAllResponseSchema = z.object({ data: z.array(shopSyncResultSchema) });

/** onboard/restore: the platform (`service`) and kind (`service_type`) of the link to restore; `id` one link of it. */
export const onboardRestoreBodySchema = z.object({
  service: z.string().min(1).max(64),
  service_type: z.enum(['shop', 'courier']),
  id: z.uuid().optional(),
});
export type OnboardRestoreBody = z.infer<typeof onboardRestoreBodySchema>;
export const onboardRestoreResponseSchema = z.object({ status: z.literal('success'), data: z.object({ id: z.uuid(), label: z.string() }) });
