import type { CourierMeta } from '@verzendhuis/contract/courier';
import { shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';
import { insuranceField, noNeighboursField, saturdayField } from '../common-fields';

/** DPD's extra insurance amounts in euros (higherInsurance; UNVERIFIED: the steps a contract allows). */
export const dpdInsuranceAmounts = [1000, 2500, 5000];

export const dpdMeta: CourierMeta = {
  class: 'dpd',
  name: 'DPD',
  images: { mark: '/couriers/dpd.svg' },
  max_packages: 5,
  shipment_types: [
    // DPD's products (domain notes): B2C (Home, with Predict), B2B (Classic, to a business) and PL (Parcel Letter).
    { id: 'b2c', name: shipmentTypeNames.parcel, is_default: true, is_letter: false },
    { id: 'b2b', name: shipmentTypeNames.business, is_default: false, is_letter: false },
    { id: 'letterbox', name: shipmentTypeNames.parcelLetter, is_default: false, is_letter: true },
  ],
  order_fields: [noNeighboursField(), saturdayField, insuranceField(dpdInsuranceAmounts)],
  supports_returns: true,
  supports_pickup_points: true,
  // DPD's Shipper Webservices have no cancel call (domain notes): an unused label is never scanned.
  supports_cancel: false,
};

/**
 * DPD's limits on shipment calls (domain notes: one at a time, at most 30 a minute).
 * carriers/types.ts has no per-carrier budget field yet (issue 17 adds one): the adapter
 * runs its shipment calls one at a time per account itself, and the lead wires this
 * constant into that budget at merge.
 */
export const DPD_SHIPMENT_CALL_LIMITS = { concurrentCalls: 1, callsPerMinute: 30 } as const;
