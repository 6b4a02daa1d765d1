/**
 * Pickup-point search (orders spec §5, §7 pickup-points/, §8): which parameters a search
 * needs and how a free search text is read. Pure; the server asks the carriers.
 */

export const pickupPointTexts = {
  /** Orders spec §5 "Pickup-point search requires parameters": our wording. */
  parametersRequired: 'Vul een zoekterm in, of minstens twee van straat, postcode en plaats.',
  /** Orders spec §8, exactly. */
  noPoints: 'Er zijn geen afleverpunten gevonden.',
  courierNotFound: 'Vervoerder niet gevonden.',
  courierInactive: 'Kies een vervoerder die niet is verwijderd.',
  notSupported: 'Deze vervoerder bezorgt niet bij afhaalpunten.',
  failed: (carrier: string) => `De afhaalpunten van ${carrier} konden niet worden opgehaald. Probeer het later opnieuw.`,
  countryCodeInvalid: 'Kies een land (landcode van twee letters).',
} as const;

/** The message_codes of the pickup-point search, with their messages. */
export const pickupPointErrorMessages = {
  pickup_points_not_supported: pickupPointTexts.notSupported,
  pickup_point_parameters_required: pickupPointTexts.parametersRequired,
} as const;

export interface PickupPointSearchInput {
  country_code?: string | null;
  street?: string | null;
  zip_code?: string | null;
  city?: string | null;
  search?: string | null;
}

/** What a carrier is asked: a country and what is known of the address near which to look. */
export interface PickupPointQuery {
  countryCode: string;
  zipCode: string | null;
  houseNumber: string | null;
  street: string | null;
  city: string | null;
}

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

/** A Dutch postcode (1234 AB) is written without the space, upper case; others as given. */
export function normalisePostcode(zip: string, countryCode: string): string {
  return countryCode === 'NL' ? zip.replace(/\s+/g, '').toUpperCase() : zip.trim();
}

/** "Damrak 1 A" → street "Damrak", house number "1A"; a street without a number stays as it is. */
export function splitStreet(street: string): { street: string; houseNumber: string | null } {
  const match = /^(.*?\D)\s*(\d+)\s*([a-zA-Z]{0,3}(?:-\d+)?)$/.exec(street.trim());
  if (!match?.[1]?.trim() || !match[2]) return { street: street.trim(), houseNumber: null };
  return { street: match[1].trim(), houseNumber: `${match[2]}${match[3] ?? ''}`.toUpperCase() };
}

/**
 * Reads a free search text: a postcode in it (Dutch "1012 LG" or four/five digits) is
 * the postcode, with the number right after it as the house number; a text without a
 * postcode is a place name.
 */
export function readPickupPointSearch(text: string): { zipCode: string | null; houseNumber: string | null; city: string | null } {
  const dutch = /(\d{4})\s?([a-zA-Z]{2})(?![a-zA-Z])(?:\s+(\d+))?/.exec(text);
  const plain = dutch ? null : /(?<!\d)(\d{4,5})(?!\d)(?:\s+(\d+))?/.exec(text);
  const found = dutch ?? plain;
  if (!found) return { zipCode: null, houseNumber: null, city: clean(text) };
  const zipCode = dutch ? `${dutch[1]}${dutch[2]}`.toUpperCase() : (plain?.[1] ?? null);
  const houseNumber = (dutch ? dutch[3] : plain?.[2]) ?? null;
  const rest = clean(text.replace(found[0], ' ').replace(/[,;]/g, ' '));
  return { zipCode, houseNumber, city: rest };
}

/**
 * The carrier query of a search, or null when the search lacks parameters: a search text,
 * or at least two of street, postcode and city (as a pickup point needs two of
 * address_1, city and zipcode, orders spec §5). Explicit fields win over the search text.
 */
export function pickupPointQuery(input: PickupPointSearchInput): PickupPointQuery | null {
  const countryCode = (clean(input.country_code) ?? 'NL').toUpperCase();
  const street = clean(input.street);
  const zip = clean(input.zip_code);
  const city = clean(input.city);
  const search = clean(input.search);
  const given = [street, zip, city].filter((v) => v !== null).length;
  if (!search && given < 2) return null;
  const fromSearch = search ? readPickupPointSearch(search) : { zipCode: null, houseNumber: null, city: null };
  const split = street ? splitStreet(street) : null;
  const zipCode = zip ?? fromSearch.zipCode;
  return {
    countryCode,
    zipCode: zipCode ? normalisePostcode(zipCode, countryCode) : null,
    houseNumber: split?.houseNumber ?? fromSearch.houseNumber,
    street: split?.street ?? null,
    city: city ?? fromSearch.city,
  };
}
