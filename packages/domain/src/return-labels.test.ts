import { describe, expect, it } from 'vitest';
import { returnLabelAllowed, returnLabelRefusal, returnLabelRefusedText } from './return-labels';

describe('return label rules (orders spec §5)', () => {
  it.each([
    ['postnl', 'DE'],
    ['postnl', 'FR'],
    ['dpd', 'DE'],
    ['dpd', 'FR'],
    ['ups', 'FR'],
  ])('refuses %s to %s', (courierClass, country) => {
    expect(returnLabelAllowed({ courierClass, country })).toBe(false);
    expect(returnLabelRefusal({ courierClass, country })).toBe(returnLabelRefusedText);
  });

  it.each([
    ['postnl', 'NL'],
    ['postnl', 'BE'],
    ['ups', 'DE'],
    ['ups', 'NL'],
    ['dpd', 'BE'],
    ['dhl', 'DE'],
    ['dhl', 'FR'],
    ['test', 'FR'],
  ])('allows %s to %s', (courierClass, country) => {
    expect(returnLabelAllowed({ courierClass, country })).toBe(true);
    expect(returnLabelRefusal({ courierClass, country })).toBeNull();
  });

  it('reads classes and countries whatever their case or spacing', () => {
    expect(returnLabelAllowed({ courierClass: ' PostNL ', country: 'de ' })).toBe(false);
  });

  it('allows when the carrier or country is unknown', () => {
    expect(returnLabelAllowed({ courierClass: null, country: 'FR' })).toBe(true);
    expect(returnLabelAllowed({ courierClass: 'postnl', country: undefined })).toBe(true);
  });

  it('says why in Dutch', () => {
    expect(returnLabelRefusedText).toBe('Voor deze vervoerder kunnen geen retourlabels worden gemaakt voor bestellingen naar dit land.');
  });
});
