import { describe, expect, it } from 'vitest';
import {
  hasUnansweredTicket,
  organisationStatus,
  shouldValidateOrders,
  trialDaysLeft,
  validateOrganisationUpdate,
} from './organisation';

describe('validateOrganisationUpdate', () => {
  it('accepts a complete, valid update', () => {
    expect(
      validateOrganisationUpdate({
        update: {
          name: 'Webwinkel BV',
          contact: { email: 'info@webwinkel.nl', phone: '+31 20 123 4567' },
          company: { eori_number: 'NL123456789', eori_number_gb: 'GB123456789012', vat_number: 'NL123456789B01', hmrc_code: 'ABCDEFGHIJ12345', characteristics: 'webshop' },
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
        company: { eori_number: '123', eori_number_gb: 'XI12', vat_number: 'N', hmrc_code: 'kort', characteristics: 'bakker' },
        company_logo_url: 'http://onveilig.nl/logo.png',
      },
    });
    expect(errors.name).toEqual(['Vul de naam van je organisatie in.']);
    expect(errors['contact.email']?.[0]).toMatch(/maximaal 100 tekens/);
    expect(errors['contact.phone']?.[0]).toMatch(/geldig telefoonnummer/);
    expect(Object.keys(errors).sort()).toEqual(
      ['company.characteristics', 'company.eori_number', 'company.eori_number_gb', 'company.hmrc_code', 'company.vat_number', 'company_logo_url', 'contact.email', 'contact.phone', 'name'].sort(),
    );
  });

  it('treats an empty phone as missing', () => {
    expect(validateOrganisationUpdate({ update: { contact: { phone: ' - ' } } })['contact.phone']).toEqual(['Vul een telefoonnummer in.']);
    expect(validateOrganisationUpdate({ update: { contact: { phone: null } } })).toEqual({});
  });
});

describe('shouldValidateOrders', () => {
  it('is true only when the customs identity changes', () => {
    expect(shouldValidateOrders({ update: { name: 'x' } })).toBe(false);
    expect(shouldValidateOrders({ update: { company: { characteristics: 'webshop' } } })).toBe(false);
    expect(shouldValidateOrders({ update: { company: { vat_number: null } } })).toBe(true);
  });
});

describe('organisationStatus', () => {
  it('is incomplete without contact data', () => {
    expect(organisationStatus({ contactEmail: null, contactPhone: '020' }).status).toBe('incomplete');
    expect(organisationStatus({ contactEmail: 'a@b.nl', contactPhone: '020' })).toEqual({ status: null, status_info: [] });
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
