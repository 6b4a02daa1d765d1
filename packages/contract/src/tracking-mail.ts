import { z } from 'zod';
import { unknownPlaceholders } from '@verzendhuis/domain/tracking-mail';
import { trackingMailStates, trackingMailStatuses, trackingMailTexts } from '@verzendhuis/domain/tracking-mail-texts';
import { listMetaSchema } from './common';

/**
 * Tracking e-mails (account spec §3 tracking.mail_settings, §7 `tracking` and
 * `trackingmail/sendtest`, whose payloads the spec does not show: our design,
 * docs/tracking-mail.md) and the public tracking page the mails link to.
 */

export const trackingMailStatusSchema = z.enum(trackingMailStatuses, { error: trackingMailTexts.statusInvalid });

const placeholdersKnown = (text: string) => unknownPlaceholders(text).length === 0;
const placeholderMessage = (text: string) => trackingMailTexts.unknownPlaceholder(unknownPlaceholders(text)[0] ?? '');

const subjectSchema = z
  .string({ error: trackingMailTexts.subjectRequired })
  .trim()
  .min(1, { error: trackingMailTexts.subjectRequired })
  .max(200, { error: trackingMailTexts.subjectTooLong })
  .refine(placeholdersKnown, { error: (issue) => placeholderMessage(String(issue.input)) });
const bodySchema = z
  .string({ error: trackingMailTexts.bodyRequired })
  .trim()
  .min(1, { error: trackingMailTexts.bodyRequired })
  .max(5000, { error: trackingMailTexts.bodyTooLong })
  .refine(placeholdersKnown, { error: (issue) => placeholderMessage(String(issue.input)) });
export const brandColorSchema = z.string({ error: trackingMailTexts.colorInvalid }).regex(/^#[0-9a-fA-F]{6}$/, { error: trackingMailTexts.colorInvalid });

export const trackingMailTemplateSchema = z.object({ enabled: z.boolean(), subject: subjectSchema, body: bodySchema }).strict();

/** GET/POST/PATCH tracking's answer: every mail present (the defaults filled in), the colour and the logo used. */
export const trackingMailSettingsSchema = z.object({
  brand_color: z.string(),
  /** The organisation's company_logo_url: the logo of the mails (set on the account page). */
  logo_url: z.string().nullable(),
  /** False when the server has no SMTP_URL: mails go to the outbox. */
  smtp_configured: z.boolean(),
  mails: z.object(Object.fromEntries(trackingMailStatuses.map((s) => [s, z.object({ enabled: z.boolean(), subject: z.string(), body: z.string() })])) as Record<
    (typeof trackingMailStatuses)[number],
    z.ZodObject<{ enabled: z.ZodBoolean; subject: z.ZodString; body: z.ZodString }>
  >),
});
export type TrackingMailSettingsDto = z.infer<typeof trackingMailSettingsSchema>;
export const trackingMailSettingsResponseSchema = z.object({ status: z.literal('success'), data: trackingMailSettingsSchema });

/** POST tracking: the whole settings (every mail). */
export const trackingSettingsPostSchema = z
  .object({
    brand_color: brandColorSchema,
    mails: z.object(Object.fromEntries(trackingMailStatuses.map((s) => [s, trackingMailTemplateSchema])) as Record<(typeof trackingMailStatuses)[number], typeof trackingMailTemplateSchema>).strict(),
  })
  .strict();
export type TrackingSettingsPost = z.input<typeof trackingSettingsPostSchema>;

/** PATCH tracking: only what changes (one mail switched on, one text edited, the colour). */
export const trackingSettingsPatchSchema = z
  .object({
    brand_color: brandColorSchema.optional(),
    mails: z
      .object(
        Object.fromEntries(trackingMailStatuses.map((s) => [s, trackingMailTemplateSchema.partial().optional()])) as Record<
          (typeof trackingMailStatuses)[number],
          z.ZodOptional<ReturnType<typeof trackingMailTemplateSchema.partial>>
        >,
      )
      .strict()
      .optional(),
  })
  .strict();
export type TrackingSettingsPatch = z.input<typeof trackingSettingsPatchSchema>;

/** POST trackingmail/sendtest: the chosen mail with sample data to this address. */
export const trackingMailSendTestSchema = z
  .object({
    email: z.email({ error: trackingMailTexts.emailInvalid }).max(254, { error: trackingMailTexts.emailInvalid }),
    status: trackingMailStatusSchema,
  })
  .strict();
export type TrackingMailSendTest = z.input<typeof trackingMailSendTestSchema>;
export const trackingMailSendTestResponseSchema = z.object({ status: z.literal('success'), data: z.object({ state: z.enum(['sent', 'outbox']) }) });

/** A stored mail (the outbox tab; the label answer's shipment.tracking_mails). */
export const trackingMailSchema = z.object({
  id: z.uuid(),
  label_id: z.uuid().nullable(),
  order_number: z.string().nullable(),
  mail_status: z.string(),
  state: z.enum(trackingMailStates),
  recipient: z.string().nullable(),
  subject: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  is_test: z.boolean(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type TrackingMail = z.infer<typeof trackingMailSchema>;

/** What the label answer carries of each mail. */
export const labelTrackingMailSchema = trackingMailSchema.pick({ mail_status: true, state: true, recipient: true, error: true, created_at: true, sent_at: true });
export type LabelTrackingMail = z.infer<typeof labelTrackingMailSchema>;

export const trackingMailListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const trackingMailListResponseSchema = z.object({ data: z.array(trackingMailSchema), meta: listMetaSchema });
export const trackingMailDetailResponseSchema = z.object({ data: trackingMailSchema.extend({ html: z.string(), text: z.string() }) });

/** GET public/tracking/{token}: what a consumer sees; no name, street or e-mail, only the postcode area and city. */
export const publicTrackingSchema = z.object({
  shop: z.object({ name: z.string(), logo_url: z.string().nullable(), brand_color: z.string() }),
  carrier: z.string(),
  status: z.string(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  destination: z.object({ zipcode_area: z.string().nullable(), city: z.string().nullable(), country: z.string().nullable() }),
  packages: z.array(
    z.object({
      package_number: z.number().int(),
      tracking_number: z.string(),
      events: z.array(z.object({ event: z.string(), status: z.string(), occurred_at: z.string(), description: z.string(), city: z.string().nullable() })),
    }),
  ),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;
export const publicTrackingResponseSchema = z.object({ data: publicTrackingSchema });
export const publicTrackingParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
