/**
 * The order's shipment type and options onto GLS's Label/Create (domain notes; the table
 * is in docs/carriers.md). UNVERIFIED where the public documents leave it open: the
 * services as booleans, Saturday delivery for the Netherlands only, the weight limit.
 */

/** The heaviest parcel GLS takes, in grams (31.5 kg, UNVERIFIED: GLS NL names 40 kg for some products at home). */
export const glsMaxWeightGrams = 31_500;

/** GLS weighs in kilograms, to two decimals (at least 0.01 kg), rounded up. */
export const glsWeight = (grams: number) => Math.max(1, Math.ceil(grams / 10)) / 100;

export interface GlsServiceInput {
  fields: Record<string, unknown>;
  country: string;
  parcelShopId?: string;
  isReturn: boolean;
}

/** `services` of one Label/Create; empty for a return (ShopReturn/Create takes none). */
export function glsServices({ fields, country, parcelShopId, isReturn }: GlsServiceInput): Record<string, unknown> {
  const services: Record<string, unknown> = {};
  if (isReturn) return services;
  // A parcel to a ParcelShop takes no other service (UNVERIFIED: GLS may refuse them together).
  if (parcelShopId) return { shopDeliveryParcelShopId: parcelShopId };
  if (fields.saturday === true && country === 'NL') services.saturdayService = true;
  if (fields.express === true) services.expressService = true;
  if (fields.no_neighbours === true) services.addresseeOnlyService = true;
  return services;
}
