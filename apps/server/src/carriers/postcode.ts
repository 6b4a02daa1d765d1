/** A postcode as carriers key a parcel on it: without spaces, in capitals ("3511 ab" → "3511AB"). */
export function compactPostcode(zipcode: string): string {
  return zipcode.replace(/\s+/g, '').toUpperCase();
}
