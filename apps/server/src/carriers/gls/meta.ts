import type { CourierMeta } from '@verzendhuis/contract/courier';
import { carrierOrderFieldTexts } from '@verzendhuis/domain/carriers-texts';
import { expressField, noNeighboursField, parcelType, saturdayField } from '../common-fields';
import type { CarrierLabelBudget } from '../types';

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
 * GLS's label budget (labels/carrier-budget.ts). GLS NL publishes no limits for its API
 * (UNVERIFIED): a conservative choice of 4 calls at a time and 60 a minute, held per process.
 */
export const glsLabelBudget: CarrierLabelBudget = { concurrency: 4, perMinute: 60 };
