import { describe, expect, it } from 'vitest';
import { shippingMethodName } from './shipping-method';

const couriers = [
  {
    id: 'c1',
    shipment_types: [
      { id: 'parcel', name: 'Pakket', is_default: true, is_letter: false },
      { id: 'letter', name: 'Brievenbuspakje', is_default: false, is_letter: true },
    ],
  },
];

describe('shippingMethodName', () => {
  it('finds the shipment type in the order\'s courier', () => {
    expect(shippingMethodName({ courier_id: 'c1', shipment_type: 'letter' }, couriers)).toBe('Brievenbuspakje');
  });

  it('is null without courier, without type, or for an unknown one', () => {
    expect(shippingMethodName({ courier_id: null, shipment_type: 'letter' }, couriers)).toBeNull();
    expect(shippingMethodName({ courier_id: 'c1', shipment_type: null }, couriers)).toBeNull();
    expect(shippingMethodName({ courier_id: 'c2', shipment_type: 'parcel' }, couriers)).toBeNull();
    expect(shippingMethodName({ courier_id: 'c1', shipment_type: 'pallet' }, couriers)).toBeNull();
  });
});
