import type { CourierMeta } from '@verzendhuis/contract/courier';
import { shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';
import { insuranceField, noNeighboursField, saturdayField } from '../common-fields';
import type { CarrierLabelBudget } from '../types';

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
 * DPD's limits on shipment calls (domain notes: one at a time, at most 30 a minute): the
 * adapter's label budget (labels/carrier-budget.ts), held per process across every label
 * request and job; the adapter also runs its shipment calls one at a time per account.
 */
export const dpdLabelBudget: CarrierLabelBudget = { concurrency: 1, perMinute: 30 };
