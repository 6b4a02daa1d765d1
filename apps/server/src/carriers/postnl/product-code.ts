/**
 * PostNL product codes (domain notes): the options of an order map onto one code.
 * A letterbox parcel has no signature and no insurance; insurance includes a
 * signature at PostNL, so it wins over the other options.
 */
export function postnlProductCode({ shipmentType, fields, pickupPoint }: { shipmentType: string; fields: Record<string, unknown>; pickupPoint?: boolean }): string {
  if (shipmentType === 'letterbox') return '2928';
  if (pickupPoint) return '3533';
  const insured = Number(fields.insurance ?? 0) > 0;
  if (insured) return '3087';
  const signature = fields.signature === true;
  const ownAddress = fields.no_neighbours === true;
  if (signature && ownAddress) return '3089';
  if (signature) return '3189';
  if (ownAddress) return '3385';
  return '3085';
}
