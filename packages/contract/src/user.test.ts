import { describe, expect, it } from 'vitest';
import { companyIdentifierTexts } from '@verzendhuis/domain/company-identifiers';
import { organisationTexts } from '@verzendhuis/domain/organisation';
import { organisationPatchSchema } from './user';

const fieldsOf = (body: unknown) => {
  const parsed = organisationPatchSchema.safeParse(body);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the schema of PATCH user/organisation', () => {
  it('checks with the domain rule, its Dutch texts at the fields', () => {
    expect(fieldsOf({ name: '  ', contact: { email: 'geen-adres', phone: '12' } })).toEqual({
      name: organisationTexts.nameRequired,
      'contact.email': organisationTexts.emailInvalid,
      'contact.phone': organisationTexts.phoneInvalid,
    });
  });

  it('checks the update as it is stored: trimmed, codes in capitals, empty texts cleared', () => {
    expect(fieldsOf({ name: ' Winkel ', contact: { email: '', phone: ' 020-123 4567 ' }, company: { eori_number: 'nl 123456789', vat_number: '' } })).toEqual({});
    expect(fieldsOf({ company: { eori_number: '12' } })).toEqual({ 'company.eori_number': companyIdentifierTexts.eoriInvalid });
  });
});

describe('the address in PATCH user/organisation', () => {
  it('is checked whole by the domain rule, at address.<field>', () => {
    expect(fieldsOf({ address: { company_name: 'Winkel', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL' } })).toEqual({});
    expect(fieldsOf({ address: { company_name: 'Winkel', address_1: 'Damrak', housenumber: '1', zipcode: '1012', city: 'Amsterdam', country: 'NL' } })).toEqual({
      'address.zipcode': 'Deze postcode klopt niet voor het gekozen land, bijvoorbeeld 1234 AB.',
    });
    expect(organisationPatchSchema.safeParse({ address: { street: 'Damrak' } }).success).toBe(false);
  });
});
