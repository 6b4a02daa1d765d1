/**
 * The organisation's customs and tax identifiers (company tab, account spec §5): EORI,
 * EORI GB, VAT number with the checksum of its country, HMRC code and the national phone
 * number. Pure functions on normalised input (capitals, no spaces: normaliseOrganisationUpdate).
 * Each check answers null when the value is valid, else the Dutch message for its field.
 */

export const companyIdentifierTexts = {
  eoriInvalid: 'Een EORI-nummer begint met de landcode van een EU-land, gevolgd door maximaal 15 letters of cijfers; een Nederlands EORI-nummer is NL met 9 tot 12 cijfers, bijvoorbeeld NL123456789.',
  eoriGbInvalid: 'Een Brits EORI-nummer is GB (of XI voor Noord-Ierland) gevolgd door 12 of 15 cijfers, bijvoorbeeld GB123456789000.',
  vatFormat: 'Een btw-nummer begint met de landcode van een EU-land, gevolgd door het nummer, bijvoorbeeld NL123456789B01.',
  vatCountryFormat: (example: string) => `Dit btw-nummer heeft niet de vorm van het land; bijvoorbeeld ${example}.`,
  vatChecksum: 'Dit btw-nummer bestaat niet: het controlecijfer klopt niet. Controleer het nummer.',
  hmrcInvalid: 'Een HMRC-code is het Britse btw-nummer: GB gevolgd door 9 of 12 cijfers, bijvoorbeeld GB123456789.',
  nationalPhoneInvalid: 'Vul een telefoonnummer in zoals je het in je land belt, zonder landcode, bijvoorbeeld 0201234567.',
  nationalPhoneTooLong: 'Het nationale telefoonnummer mag maximaal 15 cijfers zijn.',
} as const;

/** The VAT number formats of the EU member states (and Northern Ireland), after the country prefix. */
const vatFormats: Record<string, { pattern: RegExp; example: string }> = {
  AT: { pattern: /^U[0-9]{8}$/, example: 'ATU12345678' },
  BE: { pattern: /^[01][0-9]{9}$/, example: 'BE0123456749' },
  BG: { pattern: /^[0-9]{9,10}$/, example: 'BG123456789' },
  CY: { pattern: /^[0-9]{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { pattern: /^[0-9]{8,10}$/, example: 'CZ12345678' },
  DE: { pattern: /^[0-9]{9}$/, example: 'DE136695976' },
  DK: { pattern: /^[0-9]{8}$/, example: 'DK12345678' },
  EE: { pattern: /^[0-9]{9}$/, example: 'EE123456789' },
  EL: { pattern: /^[0-9]{9}$/, example: 'EL123456789' },
  ES: { pattern: /^[A-Z0-9][0-9]{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { pattern: /^[0-9]{8}$/, example: 'FI12345678' },
  FR: { pattern: /^[A-HJ-NP-Z0-9]{2}[0-9]{9}$/, example: 'FR12345678901' },
  HR: { pattern: /^[0-9]{11}$/, example: 'HR12345678901' },
  HU: { pattern: /^[0-9]{8}$/, example: 'HU12345678' },
  IE: { pattern: /^([0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W])$/, example: 'IE1234567T' },
  IT: { pattern: /^[0-9]{11}$/, example: 'IT12345678901' },
  LT: { pattern: /^([0-9]{9}|[0-9]{12})$/, example: 'LT123456789' },
  LU: { pattern: /^[0-9]{8}$/, example: 'LU12345678' },
  LV: { pattern: /^[0-9]{11}$/, example: 'LV12345678901' },
  MT: { pattern: /^[0-9]{8}$/, example: 'MT12345678' },
  NL: { pattern: /^[0-9]{9}B[0-9]{2}$/, example: 'NL123456789B01' },
  PL: { pattern: /^[0-9]{10}$/, example: 'PL1234567890' },
  PT: { pattern: /^[0-9]{9}$/, example: 'PT123456789' },
  RO: { pattern: /^[1-9][0-9]{1,9}$/, example: 'RO1234567' },
  SE: { pattern: /^[0-9]{10}01$/, example: 'SE123456789701' },
  SI: { pattern: /^[0-9]{8}$/, example: 'SI12345678' },
  SK: { pattern: /^[0-9]{10}$/, example: 'SK1234567890' },
  XI: { pattern: /^([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$/, example: 'XI123456789' },
};

/** The countries whose VAT numbers are checked; Greece uses EL, not GR. */
export const vatCountries = Object.keys(vatFormats);

const digits = (value: string) => [...value].map(Number);

/**
 * A Dutch VAT number: the old form (the RSIN, an eleven-test with weights 9..2, the last
 * digit counting -1) or the form of 2019 for sole traders (the whole "NL…B.." as a number,
 * letters as 10..35, modulo 97 is 1).
 */
export function isValidDutchVat(rest: string): boolean {
  if (!vatFormats.NL!.pattern.test(rest)) return false;
  const d = digits(rest.slice(0, 9));
  const eleven = d.slice(0, 8).reduce((sum, digit, i) => sum + digit * (9 - i), 0) - d[8]!;
  if (eleven % 11 === 0) return true;
  return mod97(`NL${rest}`) === 1;
}

/** The ISO 7064 MOD 97-10 remainder of a string with letters as 10..35. */
function mod97(value: string): number {
  const numeric = [...value].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  let remainder = 0;
  for (const c of numeric) remainder = (remainder * 10 + Number(c)) % 97;
  return remainder;
}

/** A Belgian VAT number (the company number): 97 minus the first eight digits modulo 97 is the last two. */
export function isValidBelgianVat(rest: string): boolean {
  if (!vatFormats.BE!.pattern.test(rest)) return false;
  return 97 - (Number(rest.slice(0, 8)) % 97) === Number(rest.slice(8));
}

/** A German VAT number (USt-IdNr.): ISO 7064 MOD 11,10 over the first eight digits gives the ninth. */
export function isValidGermanVat(rest: string): boolean {
  if (!vatFormats.DE!.pattern.test(rest)) return false;
  const d = digits(rest);
  let product = 10;
  for (const digit of d.slice(0, 8)) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === d[8];
}

const checksums: Record<string, (rest: string) => boolean> = { NL: isValidDutchVat, BE: isValidBelgianVat, DE: isValidGermanVat };

/** The VAT number's problem: its form (an EU country and that country's format) or, for NL, BE and DE, its checksum. */
export function vatNumberProblem(vat: string): string | null {
  const country = vat.slice(0, 2);
  const rest = vat.slice(2);
  const format = vatFormats[country];
  if (!format) return companyIdentifierTexts.vatFormat;
  if (!format.pattern.test(rest)) return companyIdentifierTexts.vatCountryFormat(format.example);
  const checksum = checksums[country];
  if (checksum && !checksum(rest)) return companyIdentifierTexts.vatChecksum;
  return null;
}

/** EU member states (and XI) whose customs give EORI numbers; Greece's EORI starts with GR. */
const eoriCountries = new Set([...vatCountries.filter((c) => c !== 'EL' && c !== 'XI'), 'GR']);

/** An EU EORI number: a member state's code and at most 15 letters or digits; a Dutch one is NL with 9 to 12 digits. */
export function eoriProblem(eori: string): string | null {
  const country = eori.slice(0, 2);
  const rest = eori.slice(2);
  if (!eoriCountries.has(country)) return companyIdentifierTexts.eoriInvalid;
  const valid = country === 'NL' ? /^[0-9]{9,12}$/.test(rest) : /^[A-Z0-9]{1,15}$/.test(rest);
  return valid ? null : companyIdentifierTexts.eoriInvalid;
}

/** A British EORI number: GB (or XI, Northern Ireland) and 12 or 15 digits. */
export function eoriGbProblem(eori: string): string | null {
  return /^(GB|XI)([0-9]{12}|[0-9]{15})$/.test(eori) ? null : companyIdentifierTexts.eoriGbInvalid;
}

/** The HMRC code (the seller's UK VAT registration for parcels up to £135): GB and 9 or 12 digits. */
export function hmrcCodeProblem(code: string): string | null {
  return /^GB([0-9]{9}|[0-9]{12})$/.test(code) ? null : companyIdentifierTexts.hmrcInvalid;
}

/** National phone formats: a trunk 0 and the digits of the country's numbers. */
const nationalPhoneFormats: Record<string, RegExp> = {
  NL: /^0[1-9][0-9]{8}$/,
  BE: /^0[1-9][0-9]{7,8}$/,
  DE: /^0[1-9][0-9]{5,13}$/,
};

/**
 * A phone number as it is dialled inside the organisation's country (no +, no 00): for
 * NL, BE and DE their trunk 0 and length; elsewhere 6 to 15 digits. Spaces, dashes,
 * dots and brackets are allowed and removed before checking.
 */
export function nationalPhoneProblem(phone: string, country: string | null): string | null {
  const number = phone.replace(/[\s\-().]/g, '');
  if (number.length > 15) return companyIdentifierTexts.nationalPhoneTooLong;
  const pattern = (country && nationalPhoneFormats[country]) || /^[0-9]{6,15}$/;
  return pattern.test(number) ? null : companyIdentifierTexts.nationalPhoneInvalid;
}
