import type { CourierMeta } from '@verzendhuis/contract/courier';
import { shipmentTypeNames } from '@verzendhuis/domain/carriers-texts';
import { insuranceField, saturdayField, signatureField } from '../common-fields';

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
 * UPS's limits on shipment calls. UPS publishes no concurrency or rate limit for its
 * OAuth APIs (domain notes: "429 limits unpublished"); this is a conservative choice of
 * ours, not UPS's number: at most 4 calls at once per account and 60 a minute. The
 * adapter does not enforce it (issue 17 adds the per-carrier budget); the lead wires this
 * constant into that budget at merge, like DPD_SHIPMENT_CALL_LIMITS.
 */
export const UPS_SHIPMENT_CALL_LIMITS = { concurrentCalls: 4, callsPerMinute: 60 } as const;
