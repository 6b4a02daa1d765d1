/** PostNL's return product (its Labelling examples for returns); UNVERIFIED as a printed label without the Smart Returns option, see docs/carriers.md. */
export const postnlReturnProductCode = '2285';

/**
 * PostNL product codes (domain notes): the options of an order map onto one code.
 * A letterbox parcel has no signature and no insurance; insurance includes a
 * signature at PostNL, so it wins over the other options. A return is a return
 * shipment whatever the outgoing options were.
 */
export function postnlProductCode({ shipmentType, fields, pickupPoint, isReturn }: { shipmentType: string; fields: Record<string, unknown>; pickupPoint?: boolean; isReturn?: boolean }): string {
  if (isReturn) return postnlReturnProductCode;
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
