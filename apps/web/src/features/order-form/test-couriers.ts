import type { Courier } from '@verzendhuis/contract/courier';

/** Couriers for the unit tests of the form rules, shaped like the demo's Testvervoerder. */
export function testCourier(overrides: Partial<Courier> = {}): Courier {
  const shipmentTypes = [
    { id: 'parcel', name: 'Pakket', is_default: true, is_letter: false },
    { id: 'letter', name: 'Brievenbuspakje', is_default: false, is_letter: true },
  ];
  return {
    id: '11111111-1111-4111-8111-111111111111',
    proxied_id: null,
    service_class: 'test',
    service_name: 'Testvervoerder',
    label: 'Testvervoerder',
    is_active: true,
    shipment_types: shipmentTypes,
    meta: {
      class: 'test',
      name: 'Testvervoerder',
      images: { mark: '' },
      max_packages: 3,
      shipment_types: shipmentTypes,
      supports_returns: true,
      supports_pickup_points: false,
      supports_cancel: false,
      order_fields: [
        { name: 'signature', label: 'Handtekening', type: 'checkbox', default: false, options: [], required: false, unselectable_days_of_week: [] },
        { name: 'insurance', label: 'Verzekering', type: 'number', default: 0, options: [], required: false, unselectable_days_of_week: [] },
        { name: 'delivery_date', label: 'Bezorgdatum', type: 'date', default: null, options: [], required: false, unselectable_days_of_week: [6, 7] },
      ],
    },
    ...overrides,
  };
}

export const otherCourier = (): Courier =>
  testCourier({
    id: '22222222-2222-4222-8222-222222222222',
    label: 'Andere vervoerder',
    shipment_types: [
      { id: 'standard', name: 'Standaard', is_default: false, is_letter: false },
      { id: 'express', name: 'Express', is_default: true, is_letter: false },
    ],
  });
