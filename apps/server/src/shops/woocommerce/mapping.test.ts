import { describe, expect, it } from 'vitest';
import { mapWooOrder, weightInGrams, type WooOrder } from './mapping';

const order: WooOrder = {
  id: 1234,
  number: '1234',
  status: 'processing',
  currency: 'EUR',
  date_created_gmt: '2026-11-23T09:23:45',
  billing: { first_name: 'Els', last_name: 'de Vries', address_1: 'Factuurweg 1', postcode: '1000 AA', city: 'Amsterdam', country: 'NL', email: 'els@voorbeeld.nl', phone: '0612345678' },
  shipping: { first_name: 'Jan', last_name: 'Jansen', company: 'Jansen BV', address_1: 'Oudegracht 231 bis', address_2: '2e verdieping', city: 'Utrecht', state: '', postcode: '3511 NK', country: 'NL' },
  line_items: [
    { name: 'Mok met logo', product_id: 501, quantity: 2, sku: 'MOK-01', total: '16.53', total_tax: '3.47' },
    { name: 'Onderzetter', product_id: 0, quantity: 3, sku: '', total: '10.00', total_tax: '2.10' },
  ],
  shipping_lines: [{ method_title: 'PostNL Pakketpost' }],
};

describe('mapWooOrder', () => {
  it('maps the shipping address, the split street, items with SKU, EAN, weight and price incl. tax, the status and the shipping method', () => {
    const products = new Map([[501, { id: 501, weight: '0.35', global_unique_id: '8712345678906' }]]);
    expect(mapWooOrder(order, products, 'kg')).toEqual({
      order_number: '1234',
      order_date: '2026-11-23T09:23:45.000Z',
      order_status: 'In behandeling',
      name: 'Jan Jansen',
      company_name: 'Jansen BV',
      address_1: 'Oudegracht',
      address_2: '2e verdieping',
      housenumber: '231 bis',
      zipcode: '3511 NK',
      city: 'Utrecht',
      state_province_code: null,
      country: 'NL',
      email: 'els@voorbeeld.nl',
      phone: '0612345678',
      currency: 'EUR',
      shop_shipping_method: 'PostNL Pakketpost',
      order_items: [
        { name: 'Mok met logo', quantity: 2, unit_price_inc_btw: 10, sku: 'MOK-01', ean_code: '8712345678906', weight: 350 },
        { name: 'Onderzetter', quantity: 3, unit_price_inc_btw: 4.03, sku: null, ean_code: null, weight: null },
      ],
    });
  });

  it('falls back to the billing address when the order has no shipping address', () => {
    const mapped = mapWooOrder({ ...order, shipping: { first_name: '', last_name: '', address_1: '', postcode: '', country: '' } }, new Map(), 'kg');
    expect(mapped).toMatchObject({ name: 'Els de Vries', address_1: 'Factuurweg', housenumber: '1', zipcode: '1000 AA', city: 'Amsterdam', country: 'NL' });
  });

  it('keeps the street line whole outside NL and BE', () => {
    const mapped = mapWooOrder({ ...order, shipping: { ...order.shipping, address_1: '10 Downing Street', country: 'GB', postcode: 'SW1A 2AA' } }, new Map(), 'kg');
    expect(mapped).toMatchObject({ address_1: '10 Downing Street', housenumber: null, country: 'GB' });
  });

  it('splits a Belgian street with its box number', () => {
    const mapped = mapWooOrder({ ...order, shipping: { ...order.shipping, address_1: 'Rue de la Loi 16 bus 3', country: 'BE', postcode: '1000' } }, new Map(), 'kg');
    expect(mapped).toMatchObject({ address_1: 'Rue de la Loi', housenumber: '16 bus 3' });
  });

  it('joins several shipping lines and leaves no method as null', () => {
    expect(mapWooOrder({ ...order, shipping_lines: [{ method_title: 'Verzending' }, { method_title: 'Cadeauverpakking' }] }, new Map(), 'kg').shop_shipping_method).toBe('Verzending, Cadeauverpakking');
    expect(mapWooOrder({ ...order, shipping_lines: [] }, new Map(), 'kg').shop_shipping_method).toBeNull();
  });

  it("names the shop's status in WooCommerce's Dutch, and keeps a status of a plugin as it is", () => {
    expect(mapWooOrder({ ...order, status: 'on-hold' }, new Map(), 'kg').order_status).toBe('In de wacht');
    expect(mapWooOrder({ ...order, status: 'wc-klaar-voor-ophalen' }, new Map(), 'kg').order_status).toBe('wc-klaar-voor-ophalen');
  });
});

describe('weightInGrams', () => {
  it('converts the store unit to grams', () => {
    expect(weightInGrams('0.5', 'kg')).toBe(500);
    expect(weightInGrams('250', 'g')).toBe(250);
    expect(weightInGrams('1', 'lbs')).toBe(454);
    expect(weightInGrams('2', 'oz')).toBe(57);
    expect(weightInGrams('', 'kg')).toBeNull();
    expect(weightInGrams('0', 'kg')).toBeNull();
    expect(weightInGrams(undefined, 'kg')).toBeNull();
  });
});
