import { describe, expect, it } from 'vitest';
import { pickupPointQuery, readPickupPointSearch, splitStreet } from './pickup-points';

describe('pickupPointQuery', () => {
  it('needs a search text or two of street, postcode and city', () => {
    expect(pickupPointQuery({})).toBeNull();
    expect(pickupPointQuery({ zip_code: '1012 LG' })).toBeNull();
    expect(pickupPointQuery({ city: 'Amsterdam', search: '  ' })).toBeNull();
    expect(pickupPointQuery({ zip_code: '1012 lg', city: 'Amsterdam' })).toEqual({ countryCode: 'NL', zipCode: '1012LG', houseNumber: null, street: null, city: 'Amsterdam' });
    expect(pickupPointQuery({ street: 'Damrak 1a', city: 'Amsterdam', country_code: 'nl' })).toEqual({ countryCode: 'NL', zipCode: null, houseNumber: '1A', street: 'Damrak', city: 'Amsterdam' });
  });

  it('reads a search text; explicit fields win', () => {
    expect(pickupPointQuery({ search: '1012LG 1' })).toEqual({ countryCode: 'NL', zipCode: '1012LG', houseNumber: '1', street: null, city: null });
    expect(pickupPointQuery({ search: 'Utrecht' })).toMatchObject({ zipCode: null, city: 'Utrecht' });
    expect(pickupPointQuery({ search: 'Utrecht', city: 'Zwolle', zip_code: '8011 AA' })).toMatchObject({ zipCode: '8011AA', city: 'Zwolle' });
    expect(pickupPointQuery({ search: '1000 Brussel', country_code: 'BE' })).toEqual({ countryCode: 'BE', zipCode: '1000', houseNumber: null, street: null, city: 'Brussel' });
  });
});

describe('readPickupPointSearch and splitStreet', () => {
  it('finds a Dutch postcode with or without its space and a house number after it', () => {
    expect(readPickupPointSearch('3511 ab 12, Utrecht')).toEqual({ zipCode: '3511AB', houseNumber: '12', city: 'Utrecht' });
    expect(readPickupPointSearch("'s-Hertogenbosch")).toEqual({ zipCode: null, houseNumber: null, city: "'s-Hertogenbosch" });
  });
  it('splits a house number and its addition off a street', () => {
    expect(splitStreet('Laan van Nieuw Oost-Indië 131 B')).toEqual({ street: 'Laan van Nieuw Oost-Indië', houseNumber: '131B' });
    expect(splitStreet('Plein 1944 12')).toEqual({ street: 'Plein 1944', houseNumber: '12' });
    expect(splitStreet('Dorpsstraat')).toEqual({ street: 'Dorpsstraat', houseNumber: null });
  });
});
