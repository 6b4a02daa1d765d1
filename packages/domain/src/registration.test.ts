import { describe, expect, it } from 'vitest';
import { validateRegistration } from './registration';

const valid = { organisation_name: 'Webwinkel', name: 'Piet', email: 'Piet@Webwinkel.NL ', password: 'geheim123', password_repeat: 'geheim123' };

describe('validateRegistration', () => {
  it('accepts a valid registration, e-mail in any case', () => {
    expect(validateRegistration({ registration: valid })).toEqual({});
  });

  it('explains each problem in Dutch', () => {
    expect(validateRegistration({ registration: { ...valid, organisation_name: '', name: ' ', email: 'piet', password: 'kort', password_repeat: 'kort' } })).toEqual({
      organisation_name: ['Vul de naam van je organisatie in.'],
      name: ['Vul je naam in.'],
      email: ['Vul een geldig e-mailadres in.'],
      password: ['Kies een wachtwoord van minimaal 8 tekens.'],
    });
    expect(validateRegistration({ registration: { ...valid, password_repeat: 'anders123' } })).toEqual({
      password_repeat: ['De wachtwoorden zijn niet gelijk.'],
    });
  });
});
