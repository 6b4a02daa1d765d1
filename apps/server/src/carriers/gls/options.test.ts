import { describe, expect, it } from 'vitest';
import { glsServices, glsWeight } from './options';
import { glsStateEvents } from './tracking';

describe('GLS services', () => {
  it('weighs in kilograms to two decimals, rounded up, at least 0.01 kg', () => {
    expect([1, 10, 11, 801, 2500, 31_500].map(glsWeight)).toEqual([0.01, 0.01, 0.02, 0.81, 2.5, 31.5]);
  });

  it('maps Saturday (NL only), express and addressee only onto services', () => {
    const fields = { saturday: true, express: true, no_neighbours: true };
    expect(glsServices({ fields, country: 'NL', isReturn: false })).toEqual({ saturdayService: true, expressService: true, addresseeOnlyService: true });
    expect(glsServices({ fields, country: 'BE', isReturn: false })).toEqual({ expressService: true, addresseeOnlyService: true });
    expect(glsServices({ fields: {}, country: 'NL', isReturn: false })).toEqual({});
  });

  it('sends a parcel to a ParcelShop with no other service, and a return with none', () => {
    const fields = { saturday: true, express: true, no_neighbours: true };
    expect(glsServices({ fields, country: 'NL', parcelShopId: '2500001234', isReturn: false })).toEqual({ shopDeliveryParcelShopId: '2500001234' });
    expect(glsServices({ fields, country: 'NL', parcelShopId: '2500001234', isReturn: true })).toEqual({});
  });

  it('maps the parcel states onto our events, delivered at a ParcelShop as collected there', () => {
    expect(glsStateEvents.DELIVERED).toBe('delivered');
    expect(glsStateEvents.DELIVEREDPS).toBe('collected_at_service_point');
    expect(glsStateEvents.INTRANSIT).toBe('shipped');
  });
});
