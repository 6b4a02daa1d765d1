import { z } from 'zod';
import { returnLimits, returnPaymentMethods, returnReasons, returnPortalTexts, validateReturnSettings } from '@verzendhuis/domain/returns';
import { organisationAddressSchema, organisationPatchSchema } from './user';

/**
 * Returns (docs/returns.md): GET/PATCH return-settings (/settings/return) and the public
 * return portal under /api/public/return/{slug}/ (no login).
 */

export const returnPaymentMethodSchema = z.enum(returnPaymentMethods);

/** GET return-settings: the settings as stored, with the defaults where nothing is stored. */
export const returnSettingsSchema = z.object({
  /** The return address; null: returns go to the organisation's own address. */
  address: organisationAddressSchema.nullable(),
  payment_methods: z.array(returnPaymentMethodSchema),
  /** What the consumer pays with consumer_paid, in euro cents. */
  consumer_price_cents: z.number().int(),
  portal: z.object({
    enabled: z.boolean(),
    slug: z.string(),
    /** `${PUBLIC_URL}/retour/{slug}` */
    url: z.string(),
    intro_text: z.string().nullable(),
    courier_ids: z.array(z.uuid()),
    return_days: z.number().int(),
  }),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;
export const returnSettingsResponseSchema = z.object({ status: z.literal('success'), data: returnSettingsSchema });

/** The address part of organisation's PATCH: the same fields and checks (the postcode rule, the company name). */
const addressPatchSchema = organisationPatchSchema.shape.address;

/**
 * PATCH return-settings: any part; what is left out stays. `address: null` goes back to
 * the organisation's own address.
 */
export const returnSettingsPatchSchema = z
  .object({
    address: addressPatchSchema.unwrap().nullable().optional(),
    payment_methods: z.array(z.string().max(40)).max(10).optional(),
    consumer_price_cents: z.number().int().optional(),
    portal: z
      .object({
        enabled: z.boolean().optional(),
        slug: z.string().max(returnLimits.slugMax * 4).optional(),
        intro_text: z.string().max(returnLimits.introMax * 4).nullable().optional(),
        courier_ids: z.array(z.uuid()).max(50).optional(),
        return_days: z.number().int().optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((patch, ctx) => {
    if (patch.address) {
      const checked = organisationPatchSchema.safeParse({ address: patch.address });
      if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    const fields = validateReturnSettings({
      slug: patch.portal?.slug,
      intro_text: patch.portal?.intro_text,
      payment_methods: patch.payment_methods,
      consumer_price_cents: patch.consumer_price_cents,
      return_days: patch.portal?.return_days,
    });
    const pathOf: Record<string, string[]> = { slug: ['portal', 'slug'], intro_text: ['portal', 'intro_text'], return_days: ['portal', 'return_days'] };
    for (const [field, messages] of Object.entries(fields)) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: pathOf[field] ?? [field], message });
    }
  });
export type ReturnSettingsPatch = z.input<typeof returnSettingsPatchSchema>;

export const slugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

const publicCourierSchema = z.object({ id: z.uuid(), label: z.string(), service_class: z.string(), service_name: z.string() });

/** GET public/return/{slug}: what the portal's first page shows. */
export const returnPortalSchema = z.object({
  organisation: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  intro_text: z.string().nullable(),
  payment_methods: z.array(returnPaymentMethodSchema),
  consumer_price_cents: z.number().int(),
  return_days: z.number().int(),
});
export type ReturnPortal = z.infer<typeof returnPortalSchema>;
export const returnPortalResponseSchema = z.object({ data: returnPortalSchema });

/** The consumer's proof that the order is theirs: both must match. */
export const returnLookupBodySchema = z.object({
  order_number: z.string().trim().min(1).max(100),
  postcode: z.string().trim().min(1).max(20),
});
export type ReturnLookupBody = z.input<typeof returnLookupBodySchema>;

/** POST public/return/{slug}/lookup: the order's items and the couriers it can go back with. */
export const returnLookupSchema = z.object({
  order_number: z.string(),
  items: z.array(z.object({ id: z.uuid(), name: z.string(), quantity: z.number().int() })),
  couriers: z.array(publicCourierSchema.extend({ allowed: z.boolean() })),
});
export type ReturnLookup = z.infer<typeof returnLookupSchema>;
export const returnLookupResponseSchema = z.object({ data: returnLookupSchema });

/** POST public/return/{slug}/create (Idempotency-Key: a repeat makes no second label). */
export const returnCreateBodySchema = returnLookupBodySchema
  .extend({
    items: z
      .array(
        z.object({
          item_id: z.uuid(),
          reason: z.enum(returnReasons, { error: returnPortalTexts.reasonRequired }),
          comment: z.string().trim().max(returnLimits.commentMax).nullable().optional(),
        }),
      )
      .min(1, returnPortalTexts.noItemChosen)
      .max(200),
    courier_id: z.uuid({ error: returnPortalTexts.courierRequired }),
    payment_method: returnPaymentMethodSchema,
  })
  .superRefine((body, ctx) => {
    body.items.forEach((item, index) => {
      if (item.reason === 'other' && !item.comment?.trim()) ctx.addIssue({ code: 'custom', path: ['items', index, 'comment'], message: returnPortalTexts.commentRequired });
    });
  });
export type ReturnCreateBody = z.input<typeof returnCreateBodySchema>;

export const returnCreatedSchema = z.object({
  label_id: z.uuid(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
});
export type ReturnCreated = z.infer<typeof returnCreatedSchema>;
/** consumer_paid: no label yet, but a pending return and the payment's checkout. */
export const returnPaymentStartedSchema = z.object({ return_id: z.uuid(), checkout_url: z.string() });
export type ReturnPaymentStarted = z.infer<typeof returnPaymentStartedSchema>;
export const returnPaymentStartedResponseSchema = z.object({ status: z.literal('success'), data: returnPaymentStartedSchema });
export const returnCreateResponseSchema = z.object({ status: z.literal('success'), data: z.union([returnCreatedSchema, returnPaymentStartedSchema]) });

export const returnPaymentParamsSchema = slugParamsSchema.extend({ id: z.uuid() });
/** GET public/return/{slug}/payment/{id}: a consumer-paid return read back from the provider; the label once paid. */
export const returnPaymentStateSchema = z.object({
  status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']),
  amount_cents: z.number().int(),
  checkout_url: z.string().nullable(),
  label: returnCreatedSchema.nullable(),
});
export type ReturnPaymentState = z.infer<typeof returnPaymentStateSchema>;
export const returnPaymentStateResponseSchema = z.object({ data: returnPaymentStateSchema });

/** POST public/return/{slug}/label: the return label's PDF, for the same order number and postcode. */
export const returnLabelPdfBodySchema = returnLookupBodySchema.extend({ label_id: z.uuid() });
export type ReturnLabelPdfBody = z.input<typeof returnLabelPdfBodySchema>;
