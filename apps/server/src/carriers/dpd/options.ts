/**
 * The order's shipment type and options onto DPD's storeOrders (domain notes; the table
 * is in docs/carriers.md). UNVERIFIED where the public documents leave it open: the
 * weight unit, the insurance amount unit, personalDelivery for "no neighbours", and that
 * Saturday delivery and Parcel Letter are for the Netherlands only.
 */
export type DpdProduct = 'B2C' | 'B2B' | 'PL';

/** The heaviest parcel per product, in grams (B2C/B2B 31.5 kg; PL 2 kg, UNVERIFIED). */
export const dpdMaxWeightGrams: Record<DpdProduct, number> = { B2C: 31_500, B2B: 31_500, PL: 2_000 };

export function dpdProduct(shipmentType: string, isReturn: boolean): DpdProduct {
  if (isReturn) return 'B2C';
  if (shipmentType === 'letterbox') return 'PL';
  if (shipmentType === 'b2b') return 'B2B';
  return 'B2C';
}

/** DPD weighs in units of 10 g (UNVERIFIED), rounded up. */
export const dpdWeight = (grams: number) => Math.max(1, Math.ceil(grams / 10));

export interface DpdServiceInput {
  product: DpdProduct;
  fields: Record<string, unknown>;
  receiver: { name: string; email?: string | null; phone?: string | null; country: string };
  parcelShopId?: string;
  isReturn: boolean;
}

/** productAndServiceData of one order. */
export function dpdServices({ product, fields, receiver, parcelShopId, isReturn }: DpdServiceInput): Record<string, unknown> {
  const data: Record<string, unknown> = { orderType: 'consignment' };
  // A return goes to the shop's address as a plain parcel: the customer's delivery options are not the return's.
  if (isReturn) return data;
  // Predict (the delivery window to the recipient): e-mail (channel 1), else SMS (3); not for a letter or a parcel shop.
  if (product !== 'PL' && !parcelShopId) {
    if (receiver.email) data.predict = { channel: 1, value: receiver.email, language: 'NL' };
    else if (receiver.phone) data.predict = { channel: 3, value: receiver.phone, language: 'NL' };
  }
  if (parcelShopId && product === 'B2C') {
    data.parcelShopDelivery = { parcelShopId, parcelShopNotification: receiver.email ? { channel: 1, value: receiver.email, language: 'NL' } : undefined };
    return data;
  }
  if (product === 'PL') return data;
  if (fields.saturday === true && receiver.country === 'NL') data.saturdayDelivery = true;
  if (fields.no_neighbours === true) data.personalDelivery = { type: 2, name: receiver.name };
  const insured = Number(fields.insurance ?? 0);
  if (insured > 0) data.higherInsurance = { amount: insured * 100, currency: 'EUR' };
  return data;
}
