import { describe, expect, it } from 'vitest';
import { sameContact } from './use-save-recipient';

const contact = { name: 'Anna Bakker', country: 'NL', zipcode: '3511 AB', housenumber: '12' };

describe('sameContact', () => {
  it('matches the same person at the same address, whatever the case and spacing', () => {
    expect(sameContact(contact, { name: ' anna  bakker', country: 'nl', zipcode: '3511ab', housenumber: '12', address_1: 'Oudegracht' })).toBe(true);
  });

  it('tells apart another person, postcode, house number or country', () => {
    const base = { name: 'Anna Bakker', country: 'NL', zipcode: '3511 AB', housenumber: '12', address_1: 'Oudegracht' };
    expect(sameContact(contact, { ...base, name: 'Anne Bakker' })).toBe(false);
    expect(sameContact(contact, { ...base, zipcode: '3511 AC' })).toBe(false);
    expect(sameContact(contact, { ...base, housenumber: '14' })).toBe(false);
    expect(sameContact(contact, { ...base, country: 'BE' })).toBe(false);
  });
});
