import { describe, expect, it } from 'vitest';
import { applyOrderDefaults, withDefaultPackageWeights, type DefaultsCourier } from './order-defaults';

const order = (packages: { weight: number }[], items: { quantity?: number; weight?: number | null }[]) => ({ shipment: { packages, courier_fields: {} }, order_items: items });

describe('withDefaultPackageWeights', () => {
  it('gives a package without weight the summed weight of the lines', () => {
    expect(withDefaultPackageWeights(order([{ weight: 0 }], [{ quantity: 2, weight: 250 }, { quantity: 1, weight: 500 }])).shipment.packages).toEqual([{ weight: 1000 }]);
  });

  it('keeps a weight that was given', () => {
    expect(withDefaultPackageWeights(order([{ weight: 1200 }], [{ quantity: 1, weight: 500 }])).shipment.packages).toEqual([{ weight: 1200 }]);
  });

  it('spreads the lines over the packages without weight, rounded up to whole grams', () => {
    expect(withDefaultPackageWeights(order([{ weight: 0 }, { weight: 700 }, { weight: 0 }], [{ quantity: 1, weight: 1001 }])).shipment.packages).toEqual([{ weight: 501 }, { weight: 700 }, { weight: 501 }]);
  });

  it('leaves 0 when the lines have no weight either', () => {
    expect(withDefaultPackageWeights(order([{ weight: 0 }], [{ quantity: 3 }, { quantity: 1, weight: null }])).shipment.packages).toEqual([{ weight: 0 }]);
  });
});

describe('applyOrderDefaults', () => {
  const types = [
    { id: 'letter', is_letter: true, is_default: false },
    { id: 'parcel', is_letter: false, is_default: true },
  ];
  const signature: DefaultsCourier['order_fields'][number] = { name: 'signature', label: 'Handtekening', type: 'checkbox', default: true, required: false, options: [], unselectable_days_of_week: [] };
  const inactive: DefaultsCourier = { id: 'c-old', is_active: false, max_packages: 5, shipment_types: types, order_fields: [] };
  const first: DefaultsCourier = { id: 'c-first', is_active: true, max_packages: 5, shipment_types: types, order_fields: [signature] };
  const second: DefaultsCourier = { id: 'c-second', is_active: true, max_packages: 5, shipment_types: [{ id: 'mailbox', is_letter: true }], order_fields: [] };
  const couriers = [inactive, first, second];
  const bare: { courier_id?: string | null; shipment_type?: string | null; shipment: { packages: { weight: number }[]; courier_fields: Record<string, unknown> }; order_items: { quantity: number; weight: number }[] } = { shipment: { packages: [{ weight: 0 }], courier_fields: {} }, order_items: [{ quantity: 2, weight: 300 }] };

  it('gives an order without courier the first active courier, its default type and options, and the item weight', () => {
    expect(applyOrderDefaults(bare, { couriers })).toEqual({
      courier_id: 'c-first',
      shipment_type: 'parcel',
      shipment: { packages: [{ weight: 600 }], courier_fields: { signature: true } },
      order_items: bare.order_items,
    });
  });

  it('keeps the courier, type and options an order names', () => {
    const named = { ...bare, courier_id: 'c-second', shipment_type: 'letter', shipment: { packages: [{ weight: 50 }], courier_fields: { signature: false } } };
    expect(applyOrderDefaults(named, { couriers })).toEqual(named);
  });

  it("takes a named courier's first type when it marks none as default", () => {
    expect(applyOrderDefaults({ ...bare, courier_id: 'c-second', shipment_type: ' ' }, { couriers }).shipment_type).toBe('mailbox');
  });

  it('leaves courier and type empty when the organisation has no active courier', () => {
    const result = applyOrderDefaults(bare, { couriers: [inactive] });
    expect(result.courier_id).toBeNull();
    expect(result.shipment_type).toBeNull();
  });
});
