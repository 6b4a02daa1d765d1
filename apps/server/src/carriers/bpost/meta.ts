import type { CourierMeta } from '@verzendhuis/contract/courier';
import { shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';
import { insuranceField, parcelType, saturdayField, signatureField } from '../common-fields';
import type { CarrierLabelBudget } from '../types';
import { bpostInsuranceAmounts } from './options';

export const bpostMeta: CourierMeta = {
  class: 'bpost',
  name: 'bpost',
  images: { mark: '/couriers/bpost.svg' },
  // UNVERIFIED: the Shipping Manager takes several boxes per order; 10 as UPS.
  max_packages: 10,
  // bpack 24h Pro (business: bpack 24h business) in Belgium, bpack Europe/World Business abroad (docs/carriers.md).
  shipment_types: [parcelType('parcel'), { id: 'business', name: shipmentTypeNames.bpostBusiness, is_default: false, is_letter: false }],
  order_fields: [signatureField, saturdayField, insuranceField(bpostInsuranceAmounts)],
  supports_returns: true,
  supports_pickup_points: true,
  // The Shipping Manager cancels by order reference (status CANCELLED, UNVERIFIED): the label keeps it (carrierReference).
  supports_cancel: true,
};

/**
 * bpost's label budget (labels/carrier-budget.ts). bpost publishes no limits for the
 * Shipping Manager (UNVERIFIED): a conservative 4 calls at a time and 60 a minute, per process.
 */
export const bpostLabelBudget: CarrierLabelBudget = { concurrency: 4, perMinute: 60 };
