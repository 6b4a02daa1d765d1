/**
 * The order's shipment type and options onto UPS's Shipping v2409 (domain notes; the table
 * is in docs/carriers.md). UNVERIFIED where the public documents leave it open: the
 * Saturday delivery of Standard, DCIS type 1 (signature) at shipment level for every lane,
 * the Access Point notification's code and locale.
 */
export type UpsService = '11' | '65' | '07';

/** UPS's heaviest package: 70 kg (its published limit), 20 kg to an Access Point (UNVERIFIED for every point). */
export const upsMaxWeightGrams = (toAccessPoint: boolean) => (toAccessPoint ? 20_000 : 70_000);

export function upsService(shipmentType: string): UpsService {
  if (shipmentType === 'express') return '07';
  if (shipmentType === 'saver') return '65';
  return '11';
}

/** Kilograms as UPS takes them: a string with one decimal, rounded up to 100 g, at least 0.1. */
export const upsWeight = (grams: number) => (Math.max(1, Math.ceil(grams / 100)) / 10).toFixed(1);

export interface UpsOptionInput {
  fields: Record<string, unknown>;
  /** The customer: notified of an Access Point delivery. */
  customer: { email?: string | null };
  accessPoint?: { id: string; name: string; address: { street_address: string; zip_code: string; city: string }; country: string };
  isReturn: boolean;
}

/** Shipment-level parts: ShipmentServiceOptions, ShipmentIndicationType and AlternateDeliveryAddress (an Access Point), ReturnService. */
export function upsShipmentOptions({ fields, customer, accessPoint, isReturn }: UpsOptionInput): Record<string, unknown> {
  // A return is UPS Print Return Label (ReturnService 9) to the shop: the customer's delivery options are not the return's.
  if (isReturn) return { ReturnService: { Code: '9' } };
  const options: Record<string, unknown> = {};
  const parts: Record<string, unknown> = {};
  if (accessPoint) {
    // Access Point delivery: the parcel waits at the point; the point is the alternate delivery address.
    parts.ShipmentIndicationType = [{ Code: '01' }];
    parts.AlternateDeliveryAddress = {
      Name: accessPoint.name.slice(0, 35),
      AttentionName: accessPoint.name.slice(0, 35),
      UPSAccessPointID: accessPoint.id,
      Address: { AddressLine: [accessPoint.address.street_address], City: accessPoint.address.city, PostalCode: accessPoint.address.zip_code.replace(/\s+/g, ''), CountryCode: accessPoint.country },
    };
    if (customer.email) options.Notification = [{ NotificationCode: '012', EMail: { EMailAddress: [customer.email] }, Locale: { Language: 'DUT', Dialect: '97' } }];
  } else if (fields.saturday === true) {
    options.SaturdayDeliveryIndicator = '';
  }
  if (fields.signature === true && !accessPoint) options.DeliveryConfirmation = { DCISType: '1' };
  if (Object.keys(options).length > 0) parts.ShipmentServiceOptions = options;
  return parts;
}

/** Package-level options: the declared value (our insurance field, euros). */
export function upsPackageOptions({ fields, isReturn }: Pick<UpsOptionInput, 'fields' | 'isReturn'>): Record<string, unknown> | undefined {
  const declared = Number(fields.insurance ?? 0);
  if (isReturn || !(declared > 0)) return undefined;
  return { DeclaredValue: { Type: { Code: '01' }, CurrencyCode: 'EUR', MonetaryValue: String(declared) } };
}
