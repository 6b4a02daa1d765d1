import { describe, expect, it } from 'vitest';
import {
  completeOrganisationAddress,
  hasUnansweredTicket,
  normaliseOrganisationAddress,
  organisationStatus,
  shouldValidateOrders,
  trialDaysLeft,
  validateOrganisationAddress,
  validateOrganisationUpdate,
  type OrganisationAddress,
} from './organisation';

const address: OrganisationAddress = { company_name: 'Webwinkel BV', address_1: 'Keizersgracht', housenumber: '123', housenumber_addition: null, zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' };

describe('validateOrganisationUpdate', () => {
  it('accepts a complete, valid update', () => {
    expect(
      validateOrganisationUpdate({
        update: {
          name: 'Webwinkel BV',
          contact: { email: 'info@webwinkel.nl', phone: '+31 20 123 4567' },
          company: { eori_number: 'NL123456789', eori_number_gb: 'GB123456789012', vat_number: 'NL004495445B01', hmrc_code: 'GB123456789', characteristics: 'webshop', national_phone: '0201234567' },
          company_logo_url: 'https://webwinkel.nl/logo.png',
        },
      }),
    ).toEqual({});
  });

  it('gives a Dutch message per field', () => {
    const errors = validateOrganisationUpdate({
      update: {
        name: ' ',
        contact: { email: `${'a'.repeat(100)}@x.nl`, phone: '12' },
        company: { eori_number: '123', eori_number_gb: 'XI12', vat_number: 'N', hmrc_code: 'kort', characteristics: 'bakker', national_phone: '+31 20 1234567' },
        company_logo_url: 'http://onveilig.nl/logo.png',
      },
    });
    expect(errors.name).toEqual(['Vul de naam van je organisatie in.']);
    expect(errors['contact.email']?.[0]).toMatch(/maximaal 100 tekens/);
    expect(errors['contact.phone']?.[0]).toMatch(/geldig telefoonnummer/);
    expect(Object.keys(errors).sort()).toEqual(
      ['company.characteristics', 'company.eori_number', 'company.eori_number_gb', 'company.hmrc_code', 'company.national_phone', 'company.vat_number', 'company_logo_url', 'contact.email', 'contact.phone', 'name'].sort(),
    );
  });

  it('treats an empty phone as missing', () => {
    expect(validateOrganisationUpdate({ update: { contact: { phone: ' - ' } } })['contact.phone']).toEqual(['Vul een telefoonnummer in.']);
    expect(validateOrganisationUpdate({ update: { contact: { phone: null } } })).toEqual({});
  });
});

describe('shouldValidateOrders', () => {
  it('is true only when the customs identity changes', () => {
    const current = { eori_number: 'NL123456789', eori_number_gb: null, vat_number: null, hmrc_code: null, country: 'NL' };
    expect(shouldValidateOrders({ update: { name: 'x' }, current })).toBe(false);
    expect(shouldValidateOrders({ update: { company: { characteristics: 'webshop' } }, current })).toBe(false);
    expect(shouldValidateOrders({ update: { company: { eori_number: 'NL123456789', vat_number: null } }, current })).toBe(false);
    expect(shouldValidateOrders({ update: { company: { eori_number: null } }, current })).toBe(true);
    expect(shouldValidateOrders({ update: { company: { vat_number: 'NL004495445B01' } }, current })).toBe(true);
    expect(shouldValidateOrders({ update: { address: { ...address, country: 'BE' } }, current })).toBe(true);
  });
});

describe('organisationStatus', () => {
  it('is incomplete without contact data', () => {
    expect(organisationStatus({ contactEmail: null, contactPhone: '020', address }).status).toBe('incomplete');
    expect(organisationStatus({ contactEmail: 'a@b.nl', contactPhone: '020', address })).toEqual({ status: null, status_info: [] });
  });

  it('is incomplete without the address, the sender of every label', () => {
    expect(organisationStatus({ contactEmail: 'a@b.nl', contactPhone: '020', address: null }).status_info).toEqual([
      { field: 'address', message: 'Vul het adres van je organisatie in: het staat als afzender op elk label.' },
    ]);
  });
});

describe('the organisation address', () => {
  it('is normalised: trimmed, empty texts null, country and addition in capitals, a Dutch postcode as PostNL prints it', () => {
    expect(normaliseOrganisationAddress({ company_name: ' Webwinkel BV ', address_1: 'Keizersgracht', housenumber: ' 123 ', housenumber_addition: 'b', zipcode: '1015cj', city: 'Amsterdam', country: 'nl' })).toEqual({
      ...address,
      housenumber_addition: 'B',
    });
    expect(normaliseOrganisationAddress({ ...address, zipcode: '  ', country: 'IE' })).toMatchObject({ zipcode: null, country: 'IE' });
    expect(normaliseOrganisationAddress({ ...address, zipcode: 'sw1a  1aa', country: 'GB' }).zipcode).toBe('SW1A 1AA');
  });

  it('follows the order rules: street, house number in NL/BE/DE, postcode where the country has them, its format; plus company and country', () => {
    expect(validateOrganisationAddress(address)).toEqual({});
    expect(validateOrganisationAddress({ country: 'NL' })).toEqual({
      'address.company_name': ['Bedrijfsnaam is verplicht.'],
      'address.address_1': ['Adres is verplicht.'],
      'address.housenumber': ['Huisnummer is verplicht.'],
      'address.zipcode': ['Postcode is verplicht.'],
      'address.city': ['Plaats is verplicht.'],
    });
    expect(validateOrganisationAddress({ ...address, zipcode: '1015' })).toEqual({ 'address.zipcode': ['Deze postcode klopt niet voor het gekozen land, bijvoorbeeld 1234 AB.'] });
    expect(validateOrganisationAddress({ ...address, country: 'FR', housenumber: null, zipcode: '75001' })).toEqual({});
    expect(validateOrganisationAddress({ ...address, country: 'XX' })).toEqual({ 'address.country': ['Kies een land uit de lijst.'] });
    expect(validateOrganisationAddress({ ...address, housenumber_addition: 'X'.repeat(11) })).toEqual({ 'address.housenumber_addition': ['Dit veld mag maximaal 10 tekens zijn.'] });
  });

  it('is complete only when it passes every rule', () => {
    expect(completeOrganisationAddress(address)).toEqual(address);
    expect(completeOrganisationAddress({ ...address, city: '' })).toBeNull();
    expect(completeOrganisationAddress(null)).toBeNull();
  });
});

describe('trialDaysLeft', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  it('counts whole calendar days and never goes below zero', () => {
    expect(trialDaysLeft({ subscriptionTo: new Date('2026-11-25T01:00:00Z'), now })).toBe(3);
    expect(trialDaysLeft({ subscriptionTo: new Date('2026-11-22T23:00:00Z'), now })).toBe(0);
    expect(trialDaysLeft({ subscriptionTo: new Date('2026-11-01T00:00:00Z'), now })).toBe(0);
    expect(trialDaysLeft({ subscriptionTo: null, now })).toBeNull();
  });
});

describe('hasUnansweredTicket', () => {
  it('needs an open ticket with a reply', () => {
    expect(hasUnansweredTicket({ tickets: [{ status: 'closed', is_replied: true }, { status: 'open', is_replied: false }] })).toBe(false);
    expect(hasUnansweredTicket({ tickets: [{ status: 'open', is_replied: true }] })).toBe(true);
  });
});
