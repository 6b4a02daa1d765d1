import en from 'i18n-iso-countries/langs/en.json';
import nl from 'i18n-iso-countries/langs/nl.json';
import { parseOrderDate } from './amsterdam-time';
import { countryCodes } from './countries';

/**
 * Reading the values of one CSV cell the way Dutch files write them (docs/import.md,
 * "Waarden"): dates, decimal commas, postcodes, country names (street lines: street-split.ts). Each
 * answers null for an empty cell and `{ invalid }` for a value it cannot read.
 */

export type Read<T> = T | null | { invalid: string };
export const isInvalid = <T>(value: Read<T>): value is { invalid: string } => typeof value === 'object' && value !== null && 'invalid' in value;

export const blank = (value: string | null | undefined): string | null => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

/** Dutch day-first dates with slashes or points, and single-digit days and months, as parseOrderDate reads them: 23-11-2026. */
function dayFirst(text: string): string {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(.*)$/.exec(text);
  if (!m) return text;
  const time = /^[ T](\d{1,2}):(\d{2})(:\d{2})?$/.exec(m[4] ?? '');
  const rest = time ? ` ${time[1]!.padStart(2, '0')}:${time[2]}${time[3] ?? ''}` : (m[4] ?? '');
  return `${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}-${m[3]}${rest}`;
}

/**
 * A date as shops and Excel write it: 23-11-2026, 23/11/2026 10:23, 2026-11-23,
 * 2026-11-23 10:23:45 +0100 (Shopify), 2026-11-23T10:23:45+01:00. Without an offset
 * it is a time in Europe/Amsterdam (a date alone: midnight), as every source's order
 * date (parseOrderDate). Answers the moment as an ISO stamp.
 */
export function readDate(value: string | null | undefined): Read<string> {
  const text = blank(value);
  if (!text) return null;
  const date = parseOrderDate(dayFirst(text));
  return date ? date.toISOString() : { invalid: text };
}

/**
 * A decimal number as Dutch and English files write it: "12,95", "1.234,50", "12.95",
 * "1,234.50", "€ 12,95". With one kind of mark only, a comma is the decimal comma and a
 * point the decimal point.
 */
export function readDecimal(value: string | null | undefined): Read<number> {
  const text = blank(value);
  if (!text) return null;
  let digits = text.replace(/^[€$£]\s*|\s*(?:EUR|€)$/gi, '').replace(/\s/g, '');
  const comma = digits.lastIndexOf(',');
  const point = digits.lastIndexOf('.');
  if (comma >= 0 && point >= 0) digits = comma > point ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  else if (comma >= 0) digits = digits.replace(',', '.');
  if (!/^-?\d+(?:\.\d+)?$/.test(digits)) return { invalid: text };
  return Number(digits);
}

/** A whole number (a quantity); "2,0" and "2.0" are 2. */
export function readWhole(value: string | null | undefined): Read<number> {
  const number = readDecimal(value);
  if (number === null || isInvalid(number)) return number;
  return Number.isInteger(number) ? number : { invalid: blank(value) ?? '' };
}

/** Grams: a whole or decimal number, rounded up to whole grams. */
export function readGrams(value: string | null | undefined): Read<number> {
  const number = readDecimal(value);
  if (number === null || isInvalid(number)) return number;
  return Math.ceil(number);
}

/** Shopify writes a leading apostrophe before numeric postcodes ('1000) so that Excel keeps them as text. */
export function readPostcode(value: string | null | undefined): string | null {
  return blank(value?.replace(/^\s*'/, ''));
}

const countryByName = new Map<string, string>();
for (const langs of [en.countries, nl.countries] as Record<string, string | string[]>[]) {
  for (const [code, names] of Object.entries(langs)) for (const name of Array.isArray(names) ? names : [names]) countryByName.set(name.toLowerCase(), code);
}
for (const [name, code] of Object.entries({ holland: 'NL', 'the netherlands': 'NL', nederland: 'NL', belgie: 'BE', belgië: 'BE', deutschland: 'DE', 'united kingdom': 'GB', uk: 'GB', england: 'GB' })) countryByName.set(name, code);
const codes = new Set<string>(countryCodes);

/** A country as its ISO code (nl, NLD is not read) or its Dutch or English name. */
export function readCountry(value: string | null | undefined): Read<string> {
  const text = blank(value);
  if (!text) return null;
  const upper = text.toUpperCase();
  if (codes.has(upper)) return upper;
  return countryByName.get(text.toLowerCase()) ?? { invalid: text };
}
