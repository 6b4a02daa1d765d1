import { describe, expect, it } from 'vitest';
import { contactFieldLabels, contactValidationTexts, validateContact } from './contacts-texts';
import { countryName, isEuMember } from './countries';

const contact = { name: 'Jan', country: 'NL', zipcode: '1012 LG', address_1: 'Damrak' };

describe('the contact rule (account spec §5)', () => {
  it('needs name, zipcode and address line 1, and nothing else', () => {
    expect(validateContact(contact)).toEqual({});
    expect(validateContact({ ...contact, name: ' ', zipcode: '', address_1: '' })).toEqual({
      name: [contactValidationTexts.required(contactFieldLabels.name)],
      zipcode: [contactValidationTexts.required(contactFieldLabels.zipcode)],
      address_1: [contactValidationTexts.required(contactFieldLabels.address_1)],
    });
  });

  it('takes a state or province only for US, CA and CN, and then one of theirs', () => {
    expect(validateContact({ ...contact, country: 'US', state_province_code: 'NY' })).toEqual({});
    expect(validateContact({ ...contact, country: 'CN', state_province_code: null })).toEqual({});
    expect(validateContact({ ...contact, country: 'CA', state_province_code: 'NY' })).toEqual({ state_province_code: [contactValidationTexts.stateInvalid] });
    expect(validateContact({ ...contact, state_province_code: 'NY' })).toEqual({ state_province_code: [contactValidationTexts.stateNotAllowed] });
  });

  it('knows the Canary Islands (IC), outside the EU VAT area, and no made-up country', () => {
    expect(validateContact({ ...contact, country: 'IC' })).toEqual({});
    expect(countryName('IC')).toBe('Canarische Eilanden');
    expect(isEuMember('IC')).toBe(false);
    expect(validateContact({ ...contact, country: 'XX' })).toEqual({ country: [contactValidationTexts.countryInvalid] });
  });

  it('checks the e-mail when given, and the lengths', () => {
    expect(validateContact({ ...contact, email: 'geen-adres' })).toEqual({ email: [contactValidationTexts.emailInvalid] });
    expect(validateContact({ ...contact, city: 'x'.repeat(201) })).toEqual({ city: [contactValidationTexts.tooLong(200)] });
  });
});
