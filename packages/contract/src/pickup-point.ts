import { z } from 'zod';
import { pickupPointTexts } from '@verzendhuis/domain/pickup-points';
import { courierSchema } from './courier';

const text = (max: number) => z.string().trim().max(max).optional();

/** GET pickup-points/ (orders spec §7): near an address or a free search text; one courier or all that deliver at pickup points. */
export const pickupPointQuerySchema = z.object({
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: pickupPointTexts.countryCodeInvalid })
    .transform((v) => v.toUpperCase())
    .default('NL'),
  street: text(200),
  zip_code: text(20),
  city: text(100),
  search: text(200),
  courier_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
/** The query as a client sends it. */
export type PickupPointQuery = Omit<z.input<typeof pickupPointQuerySchema>, 'limit'> & { limit?: number };

/** Orders spec §3 Pickup location. `distance` is in metres from the searched address, when the carrier says. */
export const pickupLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.object({ street_address: z.string(), zip_code: z.string(), city: z.string() }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  opening_hours: z.array(
    z.object({
      /** ISO day, Monday 1 … Sunday 7. */
      day_of_week: z.number().int().min(1).max(7),
      /** HH:MM */
      opens: z.string(),
      closes: z.string(),
    }),
  ),
  distance: z.number().int().nullable(),
});
export type PickupLocation = z.infer<typeof pickupLocationSchema>;

/** Results are grouped per courier; a courier whose carrier failed has no locations and a Dutch `error`. */
export const pickupPointGroupSchema = z.object({
  courier: courierSchema,
  locations: z.array(pickupLocationSchema),
  error: z.string().nullable(),
});
export type PickupPointGroup = z.infer<typeof pickupPointGroupSchema>;

export const pickupPointsResponseSchema = z.object({ data: z.array(pickupPointGroupSchema) });
