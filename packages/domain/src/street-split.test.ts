import { describe, expect, it } from 'vitest';
import { housenumberWithAddition, splitStreet } from './street-split';

describe('splitStreet', () => {
  it.each([
    ['Oudegracht 231 bis', 'Oudegracht', '231', 'bis'],
    ['Kerkstraat 12-A', 'Kerkstraat', '12', 'A'],
    ['Kerkstraat 12A', 'Kerkstraat', '12', 'A'],
    ['Kerkstraat 12 A', 'Kerkstraat', '12', 'A'],
    ['Damrak 1', 'Damrak', '1', null],
    ['Rue de la Loi 16 bus 3', 'Rue de la Loi', '16', 'bus 3'],
    ['2e Hugo de Grootstraat 4 hs', '2e Hugo de Grootstraat', '4', 'hs'],
    ['1e Jan Steenstraat 10', '1e Jan Steenstraat', '10', null],
    ['Plein 1944 5', 'Plein 1944', '5', null],
    ['Laan van Meerdervoort 1000-III', 'Laan van Meerdervoort', '1000', 'III'],
    ['Kerkstraat 12-2', 'Kerkstraat', '12', '2'],
    ['  Oudegracht   231  ', 'Oudegracht', '231', null],
    ['Stationsplein, 7', 'Stationsplein', '7', null],
  ])('%s → %s | %s | %s', (line, street, number, addition) => {
    expect(splitStreet(line)).toEqual({ street, housenumber: number, addition });
  });

  it('keeps a line without a house number whole', () => {
    expect(splitStreet('Postbus')).toEqual({ street: 'Postbus', housenumber: null, addition: null });
    expect(splitStreet('')).toEqual({ street: '', housenumber: null, addition: null });
    expect(splitStreet(null)).toEqual({ street: '', housenumber: null, addition: null });
  });

  it('does not take a number alone for a street', () => {
    expect(splitStreet('12')).toEqual({ street: '12', housenumber: null, addition: null });
  });
});

describe('housenumberWithAddition', () => {
  it('joins number and addition with a space', () => {
    expect(housenumberWithAddition({ housenumber: '231', addition: 'bis' })).toBe('231 bis');
    expect(housenumberWithAddition({ housenumber: '1', addition: null })).toBe('1');
    expect(housenumberWithAddition({ housenumber: null, addition: 'A' })).toBeNull();
  });
});
