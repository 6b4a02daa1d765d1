import type { CourierMeta } from '@verzendhuis/contract/courier';
import { shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';
import { insuranceField, saturdayField, signatureField } from '../common-fields';
import type { CarrierLabelBudget } from '../types';

/** UPS's declared value steps offered, in euros (DeclaredValue; UNVERIFIED: UPS takes any amount, the contract prices it). */
export const upsDeclaredValueAmounts = [500, 1000, 2500, 5000];

export const upsMeta: CourierMeta = {
  class: 'ups',
  name: 'UPS',
  images: { mark: '/couriers/ups.svg' },
  max_packages: 10,
  shipment_types: [
    // UPS's services (domain notes): 11 Standard, 65 Express Saver, 07 Express.
    { id: 'standard', name: shipmentTypeNames.upsStandard, is_default: true, is_letter: false },
    { id: 'saver', name: shipmentTypeNames.upsSaver, is_default: false, is_letter: false },
    { id: 'express', name: shipmentTypeNames.upsExpress, is_default: false, is_letter: false },
  ],
  order_fields: [signatureField, saturdayField, insuranceField(upsDeclaredValueAmounts)],
  supports_returns: true,
  supports_pickup_points: true,
  // Void: DELETE /api/shipments/v2409/void/cancel/{shipmentId} (domain notes).
  supports_cancel: true,
};

/**
 * UPS's label budget (labels/carrier-budget.ts). UPS publishes no limits (its 429s are
 * unpublished): a conservative choice of 4 calls at a time and 60 a minute, held per process.
 */
export const upsLabelBudget: CarrierLabelBudget = { concurrency: 4, perMinute: 60 };
