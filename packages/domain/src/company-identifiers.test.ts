import { describe, expect, it } from 'vitest';
import {
  companyIdentifierTexts as texts,
  eoriGbProblem,
  eoriProblem,
  hmrcCodeProblem,
  isValidBelgianVat,
  isValidDutchVat,
  isValidGermanVat,
  nationalPhoneProblem,
  vatNumberProblem,
} from './company-identifiers';

describe('VAT numbers', () => {
  it('accepts a Dutch RSIN-based number by the eleven-test and refuses a changed digit', () => {
    expect(isValidDutchVat('004495445B01')).toBe(true);
    expect(isValidDutchVat('004495446B01')).toBe(false);
  });

  it('accepts the Dutch form of 2019 by modulo 97 and refuses a changed check pair', () => {
    expect(isValidDutchVat('000099998B57')).toBe(true);
    expect(isValidDutchVat('000099998B58')).toBe(false);
  });

  it('checks a Belgian number by modulo 97', () => {
    expect(isValidBelgianVat('0123456749')).toBe(true);
    expect(isValidBelgianVat('0123456748')).toBe(false);
    expect(isValidBelgianVat('2123456749')).toBe(false);
  });

  it('checks a German number by ISO 7064 MOD 11,10', () => {
    expect(isValidGermanVat('136695976')).toBe(true);
    expect(isValidGermanVat('136695978')).toBe(false);
  });

  it('words the problem: not an EU country, the country format, the checksum', () => {
    expect(vatNumberProblem('NL004495445B01')).toBeNull();
    expect(vatNumberProblem('DE136695976')).toBeNull();
    expect(vatNumberProblem('BE0123456749')).toBeNull();
    expect(vatNumberProblem('FR12345678901')).toBeNull();
    expect(vatNumberProblem('ATU12345678')).toBeNull();
    expect(vatNumberProblem('US123456789')).toBe(texts.vatFormat);
    expect(vatNumberProblem('GR123456789')).toBe(texts.vatFormat);
    expect(vatNumberProblem('NL123456789')).toBe(texts.vatCountryFormat('NL123456789B01'));
    expect(vatNumberProblem('ATU1234567')).toBe(texts.vatCountryFormat('ATU12345678'));
    expect(vatNumberProblem('NL123456789B01')).toBe(texts.vatChecksum);
    expect(vatNumberProblem('DE123456789')).toBe(texts.vatChecksum);
  });
});

describe('EORI numbers', () => {
  it('takes NL with 9 to 12 digits and other EU countries with up to 15 characters', () => {
    expect(eoriProblem('NL123456789')).toBeNull();
    expect(eoriProblem('NL123456789012')).toBeNull();
    expect(eoriProblem('DE1234567890123')).toBeNull();
    expect(eoriProblem('NL12345678')).toBe(texts.eoriInvalid);
    expect(eoriProblem('NL1234567890123')).toBe(texts.eoriInvalid);
    expect(eoriProblem('NLABC456789')).toBe(texts.eoriInvalid);
    expect(eoriProblem('US123456789')).toBe(texts.eoriInvalid);
    expect(eoriProblem('GB123456789000')).toBe(texts.eoriInvalid);
  });

  it('takes a British EORI with 12 or 15 digits', () => {
    expect(eoriGbProblem('GB123456789000')).toBeNull();
    expect(eoriGbProblem('GB123456789000123')).toBeNull();
    expect(eoriGbProblem('XI123456789000')).toBeNull();
    expect(eoriGbProblem('GB1234567890001')).toBe(texts.eoriGbInvalid);
    expect(eoriGbProblem('NL123456789000')).toBe(texts.eoriGbInvalid);
  });
});

describe('HMRC code', () => {
  it('is GB with 9 or 12 digits', () => {
    expect(hmrcCodeProblem('GB123456789')).toBeNull();
    expect(hmrcCodeProblem('GB123456789012')).toBeNull();
    expect(hmrcCodeProblem('GB12345678')).toBe(texts.hmrcInvalid);
    expect(hmrcCodeProblem('ABCDEFGHIJ12345')).toBe(texts.hmrcInvalid);
  });
});

describe('national phone number', () => {
  it('follows the country: trunk 0 and its length', () => {
    expect(nationalPhoneProblem('020 - 123 45 67', 'NL')).toBeNull();
    expect(nationalPhoneProblem('+31201234567', 'NL')).toBe(texts.nationalPhoneInvalid);
    expect(nationalPhoneProblem('02012345', 'NL')).toBe(texts.nationalPhoneInvalid);
    expect(nationalPhoneProblem('02 123 45 67', 'BE')).toBeNull();
    expect(nationalPhoneProblem('030 1234567', 'DE')).toBeNull();
    expect(nationalPhoneProblem('612345678', 'FR')).toBeNull();
    expect(nationalPhoneProblem('1234567890123456', null)).toBe(texts.nationalPhoneTooLong);
  });
});
