import { describe, expect, it } from 'vitest';
import { applyBulkOrderValues, resizePackages, type BulkEditableShipment, type BulkOrderValues } from './order-bulk-edit';
import type { CourierRules } from './order-validation';
import { orderBulkEditTexts } from './orders-texts';

const checkbox = (name: string) => ({ name, label: name, type: 'checkbox' as const, default: false, required: false, options: [], unselectable_days_of_week: [] });
const insurance = { name: 'insurance', label: 'Verzekering', type: 'select' as const, default: '0', required: false, options: [{ value: '0' }, { value: '500' }], unselectable_days_of_week: [] };

/** Two couriers: "test" with a default parcel type after a letterbox type, "other" without a flagged default. */
const couriers: Record<string, CourierRules> = {
  test: {
    is_active: true,
    max_packages: 5,
    shipment_types: [
      { id: 'letterbox', is_letter: true, is_default: false },
      { id: 'parcel', is_letter: false, is_default: true },
    ],
    order_fields: [checkbox('signature'), insurance, { name: 'reference', label: 'Referentie', type: 'text', required: false, options: [], unselectable_days_of_week: [] }],
  },
  other: {
    is_active: true,
    max_packages: 2,
    shipment_types: [
      { id: 'standard', is_letter: false },
      { id: 'express', is_letter: false },
    ],
    order_fields: [checkbox('evening')],
  },
};
const courierOf = (id: string | null) => (id ? (couriers[id] ?? null) : null);

const order: BulkEditableShipment = {
  courier_id: 'test',
  shipment_type: 'parcel',
  courier_fields: { signature: false, insurance: '500', reference: 'R-1' },
  packages: [{ weight: 1200 }, { weight: 800 }],
};

const apply = (values: BulkOrderValues, shipment: BulkEditableShipment = order) => applyBulkOrderValues({ shipment, values, courierOf });
const shipmentAfter = (values: BulkOrderValues, shipment: BulkEditableShipment = order) => {
  const outcome = apply(values, shipment);
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.shipment;
};

describe('applyBulkOrderValues', () => {
  it('changes nothing without values', () => {
    expect(shipmentAfter({})).toEqual(order);
  });

  it('changes only the values given', () => {
    expect(shipmentAfter({ weight: 2500 })).toEqual({ ...order, packages: [{ weight: 2500 }, { weight: 2500 }] });
    expect(shipmentAfter({ courier_fields: { reference: 'R-2' } })).toEqual({ ...order, courier_fields: { signature: false, insurance: '500', reference: 'R-2' } });
  });

  it('merges options key by key and keeps the order’s other options', () => {
    expect(shipmentAfter({ courier_fields: { signature: true, insurance: '500' } }).courier_fields).toEqual({ signature: true, insurance: '500', reference: 'R-1' });
  });

  it('resets insurance when signature is chosen without an insurance of its own, as the form does', () => {
    expect(shipmentAfter({ courier_fields: { signature: true } }).courier_fields).toEqual({ signature: true, insurance: '0', reference: 'R-1' });
  });

  it('applies the letterbox rule when the shipment type becomes a letter', () => {
    const after = shipmentAfter({ shipment_type: 'letterbox', courier_fields: { signature: true } });
    expect(after).toMatchObject({ shipment_type: 'letterbox', courier_fields: { signature: false, insurance: '0', reference: 'R-1' } });
  });

  it('leaves a stored letter order’s options alone when only the weight changes', () => {
    const letter = { ...order, shipment_type: 'letterbox', courier_fields: { signature: true, insurance: '500' } };
    expect(shipmentAfter({ weight: 300 }, letter).courier_fields).toEqual({ signature: true, insurance: '500' });
  });

  it('gives a new courier its default shipment type and its options at their defaults, then the given options', () => {
    expect(shipmentAfter({ courier_id: 'other' })).toEqual({ ...order, courier_id: 'other', shipment_type: 'standard', courier_fields: { evening: false } });
    expect(shipmentAfter({ courier_id: 'other', courier_fields: { evening: true } }).courier_fields).toEqual({ evening: true });
    const fromOther = { courier_id: 'other', shipment_type: 'express', courier_fields: { evening: true }, packages: [{ weight: 100 }] };
    expect(shipmentAfter({ courier_id: 'test' }, fromOther)).toMatchObject({ shipment_type: 'parcel', courier_fields: { signature: false, insurance: '0' } });
  });

  it('takes a given shipment type of the new courier', () => {
    expect(shipmentAfter({ courier_id: 'other', shipment_type: 'express' }).shipment_type).toBe('express');
  });

  it('keeps type and options when the courier given is the order’s own', () => {
    expect(shipmentAfter({ courier_id: 'test' })).toEqual(order);
  });

  it('refuses a shipment type that is not of the (new or current) courier', () => {
    expect(apply({ shipment_type: 'standard' })).toEqual({ ok: false, field: 'shipment_type', message: orderBulkEditTexts.refusals.shipmentTypeNotOfCourier });
    expect(apply({ courier_id: 'other', shipment_type: 'parcel' })).toMatchObject({ ok: false, field: 'shipment_type' });
    expect(apply({ shipment_type: 'parcel' }, { ...order, courier_id: null })).toMatchObject({ ok: false, field: 'shipment_type' });
  });

  it('resizes the packages: new ones take the weight of the last, fewer keep the first', () => {
    expect(shipmentAfter({ package_count: 4 }).packages).toEqual([{ weight: 1200 }, { weight: 800 }, { weight: 800 }, { weight: 800 }]);
    expect(shipmentAfter({ package_count: 1 }).packages).toEqual([{ weight: 1200 }]);
    expect(shipmentAfter({ package_count: 3, weight: 500 }).packages).toEqual([{ weight: 500 }, { weight: 500 }, { weight: 500 }]);
  });

  it('refuses more packages than the (new or current) courier takes, or 50 without a courier', () => {
    expect(apply({ package_count: 6 })).toEqual({ ok: false, field: 'package_count', message: orderBulkEditTexts.refusals.tooManyPackages(5) });
    expect(apply({ courier_id: 'other', package_count: 3 })).toMatchObject({ ok: false, field: 'package_count', message: orderBulkEditTexts.refusals.tooManyPackages(2) });
    const noCourier = { ...order, courier_id: null, shipment_type: null };
    expect(shipmentAfter({ package_count: 50 }, noCourier).packages).toHaveLength(50);
    expect(apply({ package_count: 51 }, noCourier)).toMatchObject({ ok: false, field: 'package_count' });
  });
});

describe('resizePackages', () => {
  it('starts from 0 g when the order had no packages', () => {
    expect(resizePackages([], 2)).toEqual([{ weight: 0 }, { weight: 0 }]);
  });
});

describe('the toast of a bulk update', () => {
  const result = orderBulkEditTexts.result;
  it('counts how the orders stand', () => {
    expect(result({ affected: 12, skipped: 0, statuses: { ready: 10, warning: 0, incomplete: 1, error: 1 } })).toBe('12 bestellingen bijgewerkt: 10 klaar om te verzenden, 2 met problemen');
    expect(result({ affected: 1, skipped: 0, statuses: { ready: 0, warning: 1, incomplete: 0, error: 0 } })).toBe('1 bestelling bijgewerkt: 1 met een waarschuwing');
  });

  it('names the skipped ones', () => {
    expect(result({ affected: 2, skipped: 1, statuses: { ready: 2, warning: 0, incomplete: 0, error: 0 } })).toBe(
      '2 bestellingen bijgewerkt: 2 klaar om te verzenden. 1 bestelling overgeslagen (al een label, of niet meer in Bestellingen).',
    );
    expect(result({ affected: 0, skipped: 3, statuses: { ready: 0, warning: 0, incomplete: 0, error: 0 } })).toBe(
      'Geen bestellingen bijgewerkt. 3 bestellingen overgeslagen (al een label, of niet meer in Bestellingen).',
    );
  });
});
