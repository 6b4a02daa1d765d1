import { postcodeProblem, postcodeRequired } from './countries';

/**
 * The address rules an order's recipient and the organisation's own address share
 * (orders spec §5): street, house number where the country's carriers need one, postcode
 * where the country has them, city, and the postcode's format for the country.
 */

export const addressTexts = {
  required: (label: string) => `${label} is verplicht.`,
  postcodeInvalid: (example: string) => `Deze postcode klopt niet voor het gekozen land, bijvoorbeeld ${example}.`,
} as const;

export const addressLabels = {
  address_1: 'Adres',
  housenumber: 'Huisnummer',
  zipcode: 'Postcode',
  city: 'Plaats',
} as const;

/** Countries whose carriers need the house number in its own field. */
const housenumberCountries = new Set(['NL', 'BE', 'DE']);

export function requiresHousenumber(country: string): boolean {
  return housenumberCountries.has(country);
}

type Text = string | null | undefined;

export interface AddressToCheck {
  address_1?: Text;
  housenumber?: Text;
  zipcode?: Text;
  city?: Text;
  country: string;
}

export interface AddressProblem {
  field: keyof typeof addressLabels;
  kind: 'missing' | 'invalid';
  message: string;
}

const blank = (value: Text) => value === null || value === undefined || value.trim() === '';

/** What is missing or wrong in an address, in the order of its fields; empty when it is complete. */
export function addressProblems(address: AddressToCheck): AddressProblem[] {
  const problems: AddressProblem[] = [];
  const { country } = address;
  for (const [field, label] of Object.entries(addressLabels) as [keyof typeof addressLabels, string][]) {
    if (field === 'housenumber' && !requiresHousenumber(country)) continue;
    if (field === 'zipcode' && !postcodeRequired(country)) continue;
    if (blank(address[field])) problems.push({ field, kind: 'missing', message: addressTexts.required(label) });
  }
  if (!blank(address.zipcode)) {
    const example = postcodeProblem(country, address.zipcode as string);
    if (example) problems.push({ field: 'zipcode', kind: 'invalid', message: addressTexts.postcodeInvalid(example) });
  }
  return problems;
}
