/**
 * Orders spec §5 "Return labels are not allowed for": three carriers refuse return
 * labels for orders to some destination countries. The spec names them only by kind;
 * our carrier classes for those kinds (a documented choice, docs/label-screens.md):
 * - the express courier (destination FR): `ups` (the class is not built yet; the rule is
 *   listed so it holds the day it is);
 * - the national postal carrier (DE or FR): `postnl`;
 * - the parcel platform carrier (DE or FR): `dpd` (not built yet either).
 */
export const returnLabelRefusals: Readonly<Record<string, readonly string[]>> = {
  ups: ['FR'],
  postnl: ['DE', 'FR'],
  dpd: ['DE', 'FR'],
};

/** Orders spec §8 "Return label disabled tooltip", in Dutch; also the server's per-order reason. */
export const returnLabelRefusedText = 'Voor deze vervoerder kunnen geen retourlabels worden gemaakt voor bestellingen naar dit land.';

/**
 * Whether a return label may be made for an order with this carrier class and
 * destination country (the order's, i.e. the consumer's, country). Unknown carriers
 * and countries are allowed: only the combinations of §5 are refused.
 */
export function returnLabelAllowed({ courierClass, country }: { courierClass: string | null | undefined; country: string | null | undefined }): boolean {
  if (!courierClass || !country) return true;
  const refused = returnLabelRefusals[courierClass.trim().toLowerCase()];
  return !refused?.includes(country.trim().toUpperCase());
}

/** The Dutch reason a return label is refused, or null when it is allowed. */
export function returnLabelRefusal(input: { courierClass: string | null | undefined; country: string | null | undefined }): string | null {
  return returnLabelAllowed(input) ? null : returnLabelRefusedText;
}
