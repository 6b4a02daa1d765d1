import { describe, expect, it } from 'vitest';
import { blankValues, emptyItem, type OrderFormValues } from './form-values';
import {
  applyCourierChange,
  applyCourierFieldChange,
  applyItemsChange,
  applyShipmentTypeChange,
  duplicateValues,
  firstActiveCourier,
  lockedCourierFields,
  newOrderValues,
  valuesAfterCreate,
} from './form-rules';
import { otherCourier, testCourier } from './test-couriers';

const now = new Date('2025-03-10T09:30:00');
const item = (quantity: number, weight: number | '') => ({ ...emptyItem(), name: 'Mok', quantity, weight });
const weightOf = (values: OrderFormValues) => values.shipment.packages[0]?.weight;

describe('a new order', () => {
  it('preselects the first active courier with its default type and option defaults', () => {
    const removed = testCourier({ id: '33333333-3333-4333-8333-333333333333', is_active: false });
    const values = newOrderValues([removed, testCourier()], now);
    expect(firstActiveCourier([removed, testCourier()])?.id).toBe(testCourier().id);
    expect(values.courier_id).toBe(testCourier().id);
    expect(values.shipment_type).toBe('parcel');
    expect(values.shipment.courier_fields).toEqual({ signature: false, insurance: 0, delivery_date: null });
    expect(values.country).toBe('NL');
    expect(values.currency).toBe('EUR');
    expect(values.order_date).toBe('2025-03-10 09:30:00');
  });

  it('has no courier when none is active', () => {
    expect(newOrderValues([testCourier({ is_active: false })], now).courier_id).toBeNull();
  });
});

describe('changing the courier', () => {
  it('resets the shipment type to the default (or first) and the options to their defaults', () => {
    const start = applyCourierFieldChange(newOrderValues([testCourier()], now), testCourier(), 'insurance', 500);
    const changed = applyCourierChange(start, otherCourier());
    expect(changed.shipment_type).toBe('express');
    expect(changed.shipment.courier_fields.insurance).toBe(0);
    const noDefault = testCourier({ shipment_types: [{ id: 'only', name: 'Enige', is_default: false, is_letter: false }] });
    expect(applyCourierChange(start, noDefault).shipment_type).toBe('only');
  });

  it('drops a pickup point of another courier and keeps one of the same courier', () => {
    const point = { id: 'TV-1', name: 'Winkel', address: { street_address: 'Kalverstraat 1', zip_code: '1012 PC', city: 'Amsterdam' }, courier_id: testCourier().id };
    const start = { ...newOrderValues([testCourier()], now), pickup_point: point };
    expect(applyCourierChange(start, otherCourier()).pickup_point).toBeNull();
    expect(applyCourierChange(start, null).pickup_point).toBeNull();
    expect(applyCourierChange(start, testCourier()).pickup_point).toEqual(point);
    // A point without its courier (from a shop) stays only while the courier does.
    const fromShop = { ...start, pickup_point: { ...point, courier_id: undefined } };
    expect(applyCourierChange(fromShop, testCourier()).pickup_point).not.toBeNull();
    expect(applyCourierChange(fromShop, otherCourier()).pickup_point).toBeNull();
  });
});

describe('the letterbox rule', () => {
  it('turns signature off and insurance to 0 for a letter type, and locks both', () => {
    const courier = testCourier();
    let values = newOrderValues([courier], now);
    values = applyCourierFieldChange(values, courier, 'signature', true);
    values = applyShipmentTypeChange(values, courier, 'letter');
    expect(values.shipment.courier_fields).toMatchObject({ signature: false, insurance: 0 });
    expect(lockedCourierFields(courier, 'letter')).toEqual(['signature', 'insurance']);
    expect(lockedCourierFields(courier, 'parcel')).toEqual([]);
  });

  it('writes insurance 0 as the option value when insurance is a select', () => {
    const base = testCourier();
    const select = testCourier({
      meta: {
        ...base.meta,
        order_fields: base.meta.order_fields.map((f) =>
          f.name === 'insurance' ? { ...f, type: 'select' as const, default: '0', options: [{ value: '0', label: 'Geen' }, { value: '500', label: 'Tot € 500' }] } : f,
        ),
      },
    });
    let values = applyCourierFieldChange(newOrderValues([select], now), select, 'insurance', '500');
    values = applyCourierFieldChange(values, select, 'signature', true);
    expect(values.shipment.courier_fields.insurance).toBe('0');
  });

  it('resets insurance to 0 when signature is chosen', () => {
    const courier = testCourier();
    let values = applyCourierFieldChange(newOrderValues([courier], now), courier, 'insurance', 250);
    expect(values.shipment.courier_fields.insurance).toBe(250);
    values = applyCourierFieldChange(values, courier, 'signature', true);
    expect(values.shipment.courier_fields).toMatchObject({ signature: true, insurance: 0 });
  });
});

describe('the package weight follows the items', () => {
  const start = () => blankValues(now);

  it('follows when the weight was zero or empty', () => {
    expect(weightOf(applyItemsChange(start(), [item(2, 300)]))).toBe(600);
    const empty = { ...start(), shipment: { ...start().shipment, packages: [{ key: 'p', weight: '' }] } };
    expect(weightOf(applyItemsChange(empty, [item(1, 250)]))).toBe(250);
  });

  it('follows while the weight equals the previous sum', () => {
    const one = applyItemsChange(start(), [item(2, 300)]);
    const two = applyItemsChange(one, [...one.order_items, item(1, 100)]);
    expect(weightOf(two)).toBe(700);
  });

  it('keeps a weight the user typed', () => {
    const one = applyItemsChange(start(), [item(2, 300)]);
    const typed = { ...one, shipment: { ...one.shipment, packages: [{ key: 'p', weight: 1000 }] } };
    expect(weightOf(applyItemsChange(typed, [item(3, 300)]))).toBe(1000);
  });

  it('leaves further packages alone', () => {
    const two = { ...start(), shipment: { ...start().shipment, packages: [{ key: 'a', weight: 0 }, { key: 'b', weight: 0 }] } };
    const next = applyItemsChange(two, [item(1, 500)]);
    expect(next.shipment.packages.map((p) => p.weight)).toEqual([500, 0]);
  });
});

describe('after saving a new order without problems', () => {
  it('starts a blank form that keeps courier and shipment type', () => {
    const courier = testCourier();
    const filled: OrderFormValues = {
      ...applyShipmentTypeChange(newOrderValues([courier], now), courier, 'letter'),
      name: 'Jan',
      order_items: [item(1, 100)],
    };
    const next = valuesAfterCreate(filled, [courier], now);
    expect(next.name).toBe('');
    expect(next.order_items).toEqual([]);
    expect(next.courier_id).toBe(courier.id);
    expect(next.shipment_type).toBe('letter');
  });
});

describe('duplicating', () => {
  const courier = testCourier();
  const original: OrderFormValues = {
    ...applyShipmentTypeChange(newOrderValues([courier, otherCourier()], now), courier, 'letter'),
    courier_id: otherCourier().id,
    shipment_type: 'standard',
    name: 'Jan',
    order_number: 'WEB-1001',
    order_status: 'processing',
    order_items: [{ ...item(2, 400), id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' }],
    shipment: { packages: [{ key: 'p', weight: 900 }], courier_fields: { signature: true } },
  };

  it('clears what belongs to the original only', () => {
    const copy = duplicateValues(original, { transferOrderNumber: false, transferShipmentSettings: true }, [courier], now);
    expect(copy.name).toBe('Jan');
    expect(copy.order_number).toBe('');
    expect(copy.order_status).toBe('');
    expect(copy.order_items[0]?.id).toBeUndefined();
    expect(copy.order_items[0]?.name).toBe('Mok');
    expect(copy.courier_id).toBe(otherCourier().id);
    expect(copy.shipment.packages[0]?.weight).toBe(900);
  });

  it('keeps the order number when chosen, and takes a new order\'s shipment when not', () => {
    const copy = duplicateValues(original, { transferOrderNumber: true, transferShipmentSettings: false }, [courier], now);
    expect(copy.order_number).toBe('WEB-1001');
    expect(copy.courier_id).toBe(courier.id);
    expect(copy.shipment_type).toBe('parcel');
    expect(copy.shipment.courier_fields.signature).toBe(false);
    expect(copy.shipment.packages.map((p) => p.weight)).toEqual([800]);
  });
});
