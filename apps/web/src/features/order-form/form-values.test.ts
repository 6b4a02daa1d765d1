import { describe, expect, it } from 'vitest';
import { orderInputSchema, type Order } from '@verzendhuis/contract/order';
import { blankValues, emptyItem, orderToValues, toNumber, valuesToRawInput } from './form-values';

const order: Order = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  order_number: 'WEB-1',
  order_date: '2025-03-10T08:30:00.000Z',
  created_at: '2025-03-10T08:30:00.000Z',
  updated_at: '2025-03-10T08:30:00.000Z',
  status: 'ready',
  error_status: null,
  status_info: [],
  order_status: 'processing',
  name: 'Jan Jansen',
  company_name: null,
  address_1: 'Damrak',
  address_2: null,
  housenumber: '1',
  zipcode: '1012 LG',
  city: 'Amsterdam',
  state_province_code: null,
  country: 'NL',
  email: null,
  phone: null,
  currency: 'EUR',
  courier_id: '11111111-1111-4111-8111-111111111111',
  service_id: null,
  webshop: null,
  shipment_type: 'parcel',
  shop_shipping_method: null,
  pickup_point: null,
  shipment: { packages: [{ weight: 500 }], courier_fields: { signature: true } },
  shipment_packages: 1,
  shipment_ids: [],
  order_items: [
    {
      id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      name: 'Mok',
      description: null,
      quantity: 2,
      unit_price_inc_btw: 12.5,
      weight: 250,
      category: null,
      sku: 'MOK-1',
      hs_code: null,
      ean_code: null,
      product_country: 'NL',
      is_returned: false,
      is_dummy_item: false,
    },
  ],
  validators: { is_export: false },
  ticket: null,
  is_active: true,
};

describe('the form values', () => {
  it('turn an order into a body the contract accepts, keeping what it had', () => {
    const input = orderInputSchema.parse(valuesToRawInput(orderToValues(order)));
    expect(input).toMatchObject({
      order_number: 'WEB-1',
      name: 'Jan Jansen',
      company_name: null,
      zipcode: '1012 LG',
      courier_id: order.courier_id,
      shipment: { packages: [{ weight: 500 }], courier_fields: { signature: true } },
    });
    expect(new Date(input.order_date!).toISOString()).toBe('2025-03-10T08:30:00.000Z');
    expect(input.order_items[0]).toMatchObject({ id: order.order_items[0]!.id, quantity: 2, unit_price_inc_btw: 12.5, weight: 250, sku: 'MOK-1' });
  });

  it('send a blank new order that the contract accepts', () => {
    expect(orderInputSchema.safeParse(valuesToRawInput(blankValues())).success).toBe(true);
  });

  it('round prices to cents and leave an empty quantity for the schema to report', () => {
    const values = { ...blankValues(), order_items: [{ ...emptyItem(), name: 'Mok', quantity: '', unit_price_inc_btw: 9.999 }] };
    const raw = valuesToRawInput(values) as { order_items: { quantity: unknown; unit_price_inc_btw: unknown }[] };
    expect(raw.order_items[0]).toMatchObject({ quantity: null, unit_price_inc_btw: 10 });
    const parsed = orderInputSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['order_items', 0, 'quantity']);
  });

  it('read numbers typed with a comma', () => {
    expect(toNumber('12,5')).toBe(12.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber('abc')).toBeNull();
    expect(toNumber(3)).toBe(3);
  });
});
