import { describe, expect, it } from 'vitest';
import { bpostOptions, bpostProduct } from './options';
import { bpostStatusEvents } from './tracking';

describe('bpost products and options', () => {
  it('picks the product by country, shipment type, pickup point and return', () => {
    const product = (shipmentType: string, country: string, toPickupPoint = false, isReturn = false) => bpostProduct({ shipmentType, country, toPickupPoint, isReturn }).product;
    expect([product('parcel', 'BE'), product('business', 'BE'), product('parcel', 'BE', true)]).toEqual(['bpack 24h Pro', 'bpack 24h business', 'bpack@bpost']);
    expect([product('parcel', 'NL'), product('business', 'DE'), product('parcel', 'US')]).toEqual(['bpack Europe Business', 'bpack Europe Business', 'bpack World Business']);
    expect([product('parcel', 'BE', false, true), product('parcel', 'NL', false, true)]).toEqual(['bpack Easy Retour', 'bpack World Easy Return']);
  });

  it('maps signature and Saturday in Belgium at home only, insurance everywhere, nothing on a return', () => {
    const fields = { signature: true, saturday: true, insurance: '500' };
    expect(bpostOptions({ fields, national: true, atHome: true, isReturn: false })).toEqual({ 'common:insured': { 'common:basicInsurance': '' }, 'common:signed': '', 'common:saturdayDelivery': '' });
    expect(bpostOptions({ fields: { ...fields, insurance: '5000' }, national: true, atHome: false, isReturn: false })).toEqual({ 'common:insured': { 'common:additionalInsurance': { '@value': '3' } }, 'common:signed': '' });
    expect(bpostOptions({ fields, national: false, atHome: true, isReturn: false })).toEqual({ 'common:insured': { 'common:basicInsurance': '' } });
    expect(bpostOptions({ fields, national: true, atHome: true, isReturn: true })).toBeUndefined();
    expect(bpostOptions({ fields: {}, national: true, atHome: true, isReturn: false })).toBeUndefined();
  });

  it('maps the box statuses onto our events', () => {
    expect(bpostStatusEvents.IN_TRANSIT).toBe('shipped');
    expect(bpostStatusEvents.DELIVERED).toBe('delivered');
    expect(bpostStatusEvents.AWAITING_PICKUP).toBe('at_service_point');
  });
});
