/**
 * DHL Parcel option keys (domain notes): DOOR, BP letterbox, PS parcel shop, HANDT
 * signature, NBB no neighbour, EA insurance (with the amount), EVE evening. A
 * letterbox parcel takes no other option. A return label (`returnLabel`) goes to the
 * shop's door: the outgoing options are the customer's, not the return's (UNVERIFIED,
 * docs/carriers.md).
 */
export function dhlOptions({ shipmentType, fields, parcelShopId, isReturn }: { shipmentType: string; fields: Record<string, unknown>; parcelShopId?: string; isReturn?: boolean }): { key: string; input?: string }[] {
  if (isReturn) return [{ key: 'DOOR' }];
  if (shipmentType === 'letterbox') return [{ key: 'BP' }];
  const options: { key: string; input?: string }[] = [parcelShopId ? { key: 'PS', input: parcelShopId } : { key: 'DOOR' }];
  if (fields.signature === true) options.push({ key: 'HANDT' });
  if (fields.no_neighbours === true) options.push({ key: 'NBB' });
  if (fields.evening === true) options.push({ key: 'EVE' });
  const insured = Number(fields.insurance ?? 0);
  if (insured > 0) options.push({ key: 'EA', input: String(insured) });
  return options;
}

/** Parcel size by weight. UNVERIFIED: DHL's own limits per contract may differ. */
export function dhlParcelType(weightGrams: number): 'SMALL' | 'MEDIUM' | 'LARGE' {
  if (weightGrams <= 2000) return 'SMALL';
  if (weightGrams <= 10_000) return 'MEDIUM';
  return 'LARGE';
}
