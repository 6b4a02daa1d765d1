import { z } from 'zod';
import { trackingEventNames } from '@verzendhuis/domain/tracking';
import type { CarrierWebhookParcel } from '../types';

const text = (max: number) => z.string().trim().max(max).nullish();

/**
 * The Testvervoerder's push format (our own, docs/tracking.md "Webhooks"): one parcel per
 * message, its events in our names with an ISO 8601 moment that carries its zone.
 */
export const testCarrierWebhookSchema = z
  .object({
    tracking_number: z.string().trim().min(1).max(64),
    events: z
      .array(
        z.object({
          event: z.enum(trackingEventNames),
          occurred_at: z.iso.datetime({ offset: true }),
          description: text(500),
          location: z.object({ name: text(200), address_1: text(200), address_2: text(200), zipcode: text(20), city: text(100), country: text(2) }).nullish(),
        }),
      )
      .min(1)
      .max(100),
  })
  .strict();

export function parseTestCarrierWebhook(body: unknown): CarrierWebhookParcel[] | null {
  const parsed = testCarrierWebhookSchema.safeParse(body);
  if (!parsed.success) return null;
  return [
    {
      trackingNumber: parsed.data.tracking_number,
      events: parsed.data.events.map((e) => ({
        event: e.event,
        occurredAt: new Date(e.occurred_at),
        courierDescription: e.description ?? '',
        location: e.location
          ? { name: e.location.name ?? null, address_1: e.location.address_1 ?? null, address_2: e.location.address_2 ?? null, zipcode: e.location.zipcode ?? null, city: e.location.city ?? null, country: e.location.country ?? null }
          : null,
      })),
    },
  ];
}
