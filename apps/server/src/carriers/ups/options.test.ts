import { describe, expect, it } from 'vitest';
import { upsMaxWeightGrams, upsPackageOptions, upsService, upsShipmentOptions, upsWeight } from './options';

const point = { id: 'NLU1234567', name: 'Bruna Oudegracht', address: { street_address: 'Oudegracht 150', zip_code: '3511 AB', city: 'Utrecht' }, country: 'NL' };

describe('UPS services and options', () => {
  it('maps the shipment types onto 11 Standard, 65 Express Saver and 07 Express', () => {
    expect(['standard', 'saver', 'express', 'onbekend'].map(upsService)).toEqual(['11', '65', '07', '11']);
  });

  it('weighs in kilograms with one decimal, rounded up to 100 g', () => {
    expect([1, 100, 101, 2500, 31_500].map(upsWeight)).toEqual(['0.1', '0.1', '0.2', '2.5', '31.5']);
    expect([upsMaxWeightGrams(false), upsMaxWeightGrams(true)]).toEqual([70_000, 20_000]);
  });

  it('adds Saturday, signature and declared value to a parcel', () => {
    const fields = { saturday: true, signature: true, insurance: '2500' };
    expect(upsShipmentOptions({ fields, customer: { email: 'anna@voorbeeld.nl' }, isReturn: false })).toEqual({ ShipmentServiceOptions: { SaturdayDeliveryIndicator: '', DeliveryConfirmation: { DCISType: '1' } } });
    expect(upsPackageOptions({ fields, isReturn: false })).toEqual({ DeclaredValue: { Type: { Code: '01' }, CurrencyCode: 'EUR', MonetaryValue: '2500' } });
    expect(upsShipmentOptions({ fields: {}, customer: {}, isReturn: false })).toEqual({});
    expect(upsPackageOptions({ fields: { insurance: '0' }, isReturn: false })).toBeUndefined();
  });

  it('sends an Access Point delivery without Saturday or signature, and a return as service 9 without options', () => {
    const fields = { saturday: true, signature: true, insurance: '1000' };
    expect(upsShipmentOptions({ fields, customer: { email: null }, accessPoint: point, isReturn: false })).toEqual({
      ShipmentIndicationType: [{ Code: '01' }],
      AlternateDeliveryAddress: { Name: 'Bruna Oudegracht', AttentionName: 'Bruna Oudegracht', UPSAccessPointID: 'NLU1234567', Address: { AddressLine: ['Oudegracht 150'], City: 'Utrecht', PostalCode: '3511AB', CountryCode: 'NL' } },
    });
    expect(upsShipmentOptions({ fields, customer: { email: 'anna@voorbeeld.nl' }, accessPoint: point, isReturn: true })).toEqual({ ReturnService: { Code: '9' } });
    expect(upsPackageOptions({ fields, isReturn: true })).toBeUndefined();
  });
});
