import type { CourierMeta } from '@verzendhuis/contract/courier';
import { eveningField, insuranceField, letterboxType, noNeighboursField, parcelType, signatureField } from '../common-fields';

export const dhlMeta: CourierMeta = {
  class: 'dhl',
  name: 'DHL Parcel',
  images: { mark: '/couriers/dhl.svg' },
  max_packages: 5,
  shipment_types: [parcelType('door'), letterboxType],
  order_fields: [signatureField, noNeighboursField(), eveningField, insuranceField([500, 5000])],
  supports_returns: true,
  supports_pickup_points: true,
  supports_cancel: false,
};
