import { describe, expect, it } from 'vitest';
import { formatDistance, openingWeek, pickupPointProblem, pickupPointQuery, pickupPointTexts, readPickupPointSearch, recipientPickupSearch, splitStreet } from './pickup-points';

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

describe('openingWeek', () => {
  it('gives seven Dutch days, Monday first, blocks in time order, closed days without hours', () => {
    const week = openingWeek([
      { day_of_week: 7, opens: '12:00', closes: '17:00' },
      { day_of_week: 1, opens: '13:30', closes: '18:00' },
      { day_of_week: 1, opens: '09:00', closes: '12:30' },
    ]);
    expect(week.map((d) => d.day)).toEqual(['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag']);
    expect(week[0]).toEqual({ dayOfWeek: 1, day: 'maandag', hours: '09:00–12:30, 13:30–18:00' });
    expect(week[1]?.hours).toBeNull();
    expect(week[6]?.hours).toBe('12:00–17:00');
  });
});

describe('formatDistance', () => {
  it('writes metres below a kilometre and kilometres with a decimal comma', () => {
    expect(formatDistance(349.6)).toBe('350 m');
    expect(formatDistance(1000)).toBe('1,0 km');
    expect(formatDistance(12_345)).toBe('12,3 km');
  });
});

describe('recipientPickupSearch', () => {
  it('needs two of address_1, city and zipcode (orders spec §5)', () => {
    expect(recipientPickupSearch({ zipcode: '1012 LG' })).toBeNull();
    expect(recipientPickupSearch({ city: 'Utrecht', address_1: '  ' })).toBeNull();
    expect(recipientPickupSearch({ address_1: 'Damrak', zipcode: '1012 LG', housenumber: '1 A' })).toBe('1012 LG 1');
    expect(recipientPickupSearch({ zipcode: '3511AB', city: 'Utrecht' })).toBe('3511AB Utrecht');
    expect(recipientPickupSearch({ address_1: 'Oudegracht', city: 'Utrecht' })).toBe('Utrecht');
  });
  it('makes a search the server reads as postcode, house number and place', () => {
    const text = recipientPickupSearch({ address_1: 'Damrak', zipcode: '1012 LG', housenumber: '12', city: 'Amsterdam' }) ?? '';
    expect(pickupPointQuery({ search: text })).toMatchObject({ zipCode: '1012LG', houseNumber: '12', city: 'Amsterdam' });
  });
});

describe('pickupPointProblem', () => {
  it('refuses a point of another courier and a courier without pickup points', () => {
    expect(pickupPointProblem({ pickupPoint: null, courierId: 'a', supportsPickupPoints: false })).toBeNull();
    expect(pickupPointProblem({ pickupPoint: { courier_id: 'a' }, courierId: 'a', supportsPickupPoints: true })).toBeNull();
    expect(pickupPointProblem({ pickupPoint: { courier_id: 'b' }, courierId: 'a', supportsPickupPoints: true })).toBe(pickupPointTexts.otherCourier);
    expect(pickupPointProblem({ pickupPoint: { courier_id: 'a' }, courierId: null, supportsPickupPoints: null })).toBe(pickupPointTexts.otherCourier);
    expect(pickupPointProblem({ pickupPoint: {}, courierId: 'a', supportsPickupPoints: false })).toBe(pickupPointTexts.courierWithoutPickupPoints);
    expect(pickupPointProblem({ pickupPoint: {}, courierId: null, supportsPickupPoints: null })).toBeNull();
  });
});
