import type { CourierMeta } from '@verzendhuis/contract/courier';
import { carrierOrderFieldTexts } from '@verzendhuis/domain/carriers-texts';
import { insuranceField, letterboxType, noNeighboursField, parcelType, signatureField } from '../common-fields';

/** The built-in Testvervoerder: needs no account, so every organisation can try the product. */
export const testCourierMeta: CourierMeta = {
  class: 'test',
  name: 'Testvervoerder',
  images: { mark: '/couriers/test.svg' },
  max_packages: 5,
  shipment_types: [parcelType('parcel'), letterboxType],
  order_fields: [
    signatureField,
    noNeighboursField(),
    insuranceField([500, 1000, 5000]),
    { name: 'delivery_date', label: carrierOrderFieldTexts.deliveryDate, type: 'date', default: null, options: [], required: false, unselectable_days_of_week: [6, 7] },
    { name: 'reference', label: carrierOrderFieldTexts.reference, type: 'text', default: null, options: [], required: false, unselectable_days_of_week: [] },
  ],
  supports_returns: true,
  supports_pickup_points: true,
  supports_tracking_webhook: true,
  supports_cancel: true,
};
