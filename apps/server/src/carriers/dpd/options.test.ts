import { describe, expect, it } from 'vitest';
import { dpdProduct, dpdServices, dpdWeight } from './options';

const receiver = { name: 'Anna de Vries', email: 'anna@voorbeeld.nl', phone: '0612345678', country: 'NL' };

describe('DPD products and services', () => {
  it('maps the shipment types onto B2C, B2B and PL; a return is a B2C parcel', () => {
    expect(['b2c', 'b2b', 'letterbox', 'onbekend'].map((t) => dpdProduct(t, false))).toEqual(['B2C', 'B2B', 'PL', 'B2C']);
    expect(dpdProduct('letterbox', true)).toBe('B2C');
  });

  it('weighs in units of 10 g, rounded up', () => {
    expect([1, 10, 11, 2500, 31_500].map(dpdWeight)).toEqual([1, 1, 2, 250, 3150]);
  });

  it('adds Predict, Saturday (NL only), personal delivery and insurance to a parcel', () => {
    const fields = { saturday: true, no_neighbours: true, insurance: '5000' };
    expect(dpdServices({ product: 'B2C', fields, receiver, isReturn: false })).toEqual({
      orderType: 'consignment',
      predict: { channel: 1, value: 'anna@voorbeeld.nl', language: 'NL' },
      saturdayDelivery: true,
      personalDelivery: { type: 2, name: 'Anna de Vries' },
      higherInsurance: { amount: 500000, currency: 'EUR' },
    });
    expect(dpdServices({ product: 'B2B', fields: { saturday: true }, receiver: { ...receiver, email: null, country: 'DE' }, isReturn: false })).toEqual({
      orderType: 'consignment',
      predict: { channel: 3, value: '0612345678', language: 'NL' },
    });
  });

  it('sends a letter, a parcel shop delivery and a return without the other services', () => {
    const fields = { saturday: true, no_neighbours: true, insurance: '1000' };
    expect(dpdServices({ product: 'PL', fields, receiver, isReturn: false })).toEqual({ orderType: 'consignment' });
    expect(dpdServices({ product: 'B2C', fields, receiver, parcelShopId: 'NL123', isReturn: false })).toEqual({
      orderType: 'consignment',
      parcelShopDelivery: { parcelShopId: 'NL123', parcelShopNotification: { channel: 1, value: 'anna@voorbeeld.nl', language: 'NL' } },
    });
    expect(dpdServices({ product: 'B2C', fields, receiver, isReturn: true })).toEqual({ orderType: 'consignment' });
  });
});
