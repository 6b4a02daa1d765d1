import type { CourierMeta } from '@verzendhuis/contract/courier';
import { carrierOrderFieldTexts } from '@verzendhuis/domain/carriers-texts';
import { insuranceField, letterboxType, noNeighboursField, parcelType, signatureField } from '../common-fields';

export const postnlMeta: CourierMeta = {
  class: 'postnl',
  name: 'PostNL',
  images: { mark: '/couriers/postnl.svg' },
  max_packages: 5,
  shipment_types: [parcelType('standard'), letterboxType],
  order_fields: [signatureField, noNeighboursField(carrierOrderFieldTexts.homeAddressOnly), insuranceField([500, 5000])],
  supports_returns: true,
  supports_pickup_points: true,
  supports_cancel: false,
};
