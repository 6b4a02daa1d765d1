import type { CourierMeta } from '@verzendhuis/contract/courier';

/** The built-in Testvervoerder: needs no account, so every organisation can try the product. */
export const testCourierMeta: CourierMeta = {
  class: 'test',
  name: 'Testvervoerder',
  images: { mark: '/couriers/test.svg' },
  max_packages: 5,
  shipment_types: [
    { id: 'parcel', name: 'Pakket', is_default: true, is_letter: false },
    { id: 'letterbox', name: 'Brievenbuspakje', is_default: false, is_letter: true },
  ],
  order_fields: [
    { name: 'signature', label: 'Handtekening bij aflevering', type: 'checkbox', default: false, options: [], required: false, unselectable_days_of_week: [] },
    { name: 'no_neighbours', label: 'Niet bij de buren', type: 'checkbox', default: false, options: [], required: false, unselectable_days_of_week: [] },
    {
      name: 'insurance',
      label: 'Verzekering',
      type: 'select',
      default: '0',
      options: [
        { value: '0', label: 'Geen' },
        { value: '500', label: 'Tot € 500' },
        { value: '1000', label: 'Tot € 1.000' },
        { value: '5000', label: 'Tot € 5.000' },
      ],
      required: false,
      unselectable_days_of_week: [],
    },
    { name: 'delivery_date', label: 'Bezorgdatum', type: 'date', default: null, options: [], required: false, unselectable_days_of_week: [6, 7] },
    { name: 'reference', label: 'Referentie op het label', type: 'text', default: null, options: [], required: false, unselectable_days_of_week: [] },
  ],
  supports_returns: true,
  supports_pickup_points: false,
};
