import type { OrderFormValues } from './form-values';

/**
 * Orders spec §5: the address helper looks up a Dutch postcode and house number,
 * both non-empty with whitespace removed; null when there is nothing to look up.
 */
export function addressLookupQuery(values: Pick<OrderFormValues, 'country' | 'zipcode' | 'housenumber'>): {
  zipcode: string;
  housenumber: string;
} | null {
  if (values.country !== 'NL') return null;
  const zipcode = values.zipcode.replace(/\s+/g, '').toUpperCase();
  const housenumber = values.housenumber.replace(/\s+/g, '');
  if (!zipcode || !housenumber) return null;
  return { zipcode, housenumber };
}
