import type { CourierMeta } from '@verzendhuis/contract/courier';
import { carrierOrderFieldTexts } from '@verzendhuis/domain/carriers-texts';
import { expressField, noNeighboursField, parcelType, saturdayField } from '../common-fields';

export const glsMeta: CourierMeta = {
  class: 'gls',
  name: 'GLS',
  images: { mark: '/couriers/gls.svg' },
  max_packages: 5,
  // GLS NL's one parcel product (shiptype "p": BusinessParcel at home, EuroBusinessParcel abroad; docs/carriers.md).
  shipment_types: [parcelType('parcel')],
  order_fields: [noNeighboursField(carrierOrderFieldTexts.addresseeOnly), saturdayField, expressField],
  supports_returns: true,
  supports_pickup_points: true,
  // Label/Delete withdraws a label before GLS scans it.
  supports_cancel: true,
};

/**
 * GLS's limits on shipment calls. GLS NL publishes none for its API (UNVERIFIED); a
 * conservative choice: 4 calls at a time and 60 a minute per account. carriers/types.ts
 * has no per-carrier budget field yet (issue 17 adds one): the lead wires this constant
 * into that budget at merge.
 */
export const GLS_SHIPMENT_CALL_LIMITS = { concurrentCalls: 4, callsPerMinute: 60 } as const;
