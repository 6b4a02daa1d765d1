import { z } from 'zod';
import { trackingTexts } from '@verzendhuis/domain/tracking';

/** How many labels one POST label/track refreshes at most (one page of the largest page size). */
export const labelTrackMaxLabels = 250;

/** POST label/track: the bulk action "track labels (refresh)" of the labels tabs (orders spec §2.5). */
export const labelTrackBodySchema = z.object({
  label_ids: z
    .array(z.uuid())
    .min(1, { error: trackingTexts.noLabels })
    .max(labelTrackMaxLabels, { error: trackingTexts.tooMany(labelTrackMaxLabels) }),
});
export type LabelTrackBody = z.input<typeof labelTrackBodySchema>;

/**
 * One result per label: `data` the labels whose carrier answered (their status now and
 * before, how many events were new), `errors` each label that could not be refreshed,
 * with a Dutch reason. One failing carrier never fails the others.
 */
export const labelTrackResponseSchema = z.object({
  status: z.enum(['success', 'partial', 'failed']),
  data: z.array(
    z.object({
      label_id: z.uuid(),
      status: z.string(),
      previous_status: z.string(),
      tracking_date: z.string().nullable(),
      new_events: z.number().int(),
    }),
  ),
  errors: z.array(z.object({ label_id: z.string(), message: z.string() })),
});
export type LabelTrackResponse = z.infer<typeof labelTrackResponseSchema>;

/** Orders spec §3 Tracking history entry: the location of an event. */
export const trackingLocationSchema = z.object({
  name: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** Where it is on a map (WGS84): the carrier's, or a Dutch address looked up; null when unknown. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TrackingLocation = z.infer<typeof trackingLocationSchema>;

/**
 * Orders spec §3 Tracking history entry. `event` is our event name (§4: at_depot,
 * out_for_delivery, …; also order_created, ticket_created and ready_printed, the label's
 * ready and printed within 60 s), `status` the label status group it maps to (shipped,
 * completed, …).
 */
export const trackingEntrySchema = z.object({
  event: z.string(),
  status: z.string(),
  occurred_at: z.string(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  location: trackingLocationSchema.nullable(),
  courier_description: z.string().nullable(),
});
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;

/**
 * GET label/{id}/tracking: the history per package as the label page shows it, each sorted
 * by first_seen_at, with the order-created and ticket-created entries added and ready and
 * printed merged within 60 s (domain tracking-history.ts, applied here once).
 */
export const labelTrackingSchema = z.object({
  label_id: z.uuid(),
  status: z.string(),
  tracking_date: z.string().nullable(),
  packages: z.array(
    z.object({
      package_number: z.number().int(),
      tracking_number: z.string(),
      tracking_url: z.string().nullable(),
      tracking: z.array(trackingEntrySchema),
    }),
  ),
});
export type LabelTracking = z.infer<typeof labelTrackingSchema>;
export const labelTrackingResponseSchema = z.object({ data: labelTrackingSchema });

/** POST courier/{id}/webhook: the courier's tracking webhook URL, shown once (docs/tracking.md, "Webhooks"). */
export const courierWebhookResponseSchema = z.object({
  data: z.object({ url: z.string(), courier_class: z.string() }),
});
export type CourierWebhookResponse = z.infer<typeof courierWebhookResponseSchema>;

/** POST /api/tracking/webhook/{courier_class}/{secret}: the path of a carrier's pushed tracking events (public). */
export const trackingWebhookParamsSchema = z.object({
  courier_class: z.string().max(40),
  secret: z.string().max(200),
});

/** What a push was: how many parcels it named, how many of them were labels of the courier. */
export const trackingWebhookResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ parcels: z.number().int(), matched: z.number().int() }),
});
