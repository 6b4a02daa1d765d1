import { describe, expect, it } from 'vitest';
import { dhlOptions, dhlParcelType } from './options';

describe('dhlOptions', () => {
  it('maps the order options onto DHL option keys', () => {
    expect(dhlOptions({ shipmentType: 'door', fields: {} })).toEqual([{ key: 'DOOR' }]);
    expect(dhlOptions({ shipmentType: 'door', fields: { signature: true, no_neighbours: true, evening: true, insurance: '500' } })).toEqual([
      { key: 'DOOR' },
      { key: 'HANDT' },
      { key: 'NBB' },
      { key: 'EVE' },
      { key: 'EA', input: '500' },
    ]);
    expect(dhlOptions({ shipmentType: 'letterbox', fields: { signature: true, insurance: '500' } })).toEqual([{ key: 'BP' }]);
    expect(dhlOptions({ shipmentType: 'door', fields: {}, parcelShopId: 'NL-123' })).toEqual([{ key: 'PS', input: 'NL-123' }]);
  });

  it('sends a return to the shop’s door, without the customer’s delivery options', () => {
    expect(dhlOptions({ shipmentType: 'door', fields: { signature: true, insurance: '500' }, isReturn: true })).toEqual([{ key: 'DOOR' }]);
    expect(dhlOptions({ shipmentType: 'letterbox', fields: {}, isReturn: true })).toEqual([{ key: 'DOOR' }]);
  });

  it('chooses the parcel size by weight', () => {
    expect([500, 2000, 2001, 10_000, 10_001].map(dhlParcelType)).toEqual(['SMALL', 'SMALL', 'MEDIUM', 'MEDIUM', 'LARGE']);
  });
});
