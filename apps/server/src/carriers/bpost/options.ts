/**
 * The order's shipment type and options onto bpost's Shipping Manager products (domain
 * notes; the table is in docs/carriers.md). bpost is Belgian: an order to BE is a
 * national box, any other country an international one. UNVERIFIED where the public
 * documents leave it open: the insurance codes, Saturday delivery for 24h Pro only, the
 * international products' names per lane.
 */

/** The heaviest parcel bpost takes, in grams (bpack 24h Pro: 30 kg). */
export const bpostMaxWeightGrams = 30_000;

/** bpost's insurance amounts offered, in euros: 500 is the basic insurance, the others additionalInsurance values (UNVERIFIED codes). */
export const bpostInsuranceAmounts = [500, 2500, 5000];
const additionalInsuranceValue: Record<number, string> = { 2500: '2', 5000: '3' };

/** Countries of the EU but Belgium: bpack Europe Business; others bpack World Business. */
const europe = new Set(['AT', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

export interface BpostProductInput {
  shipmentType: string;
  /** The country the box goes to (a return: the shop's country of the receiver side is BE or abroad, as bpost sees the customer). */
  country: string;
  toPickupPoint: boolean;
  isReturn: boolean;
}

/** The product of one box and whether it is a national (BE) box. */
export function bpostProduct({ shipmentType, country, toPickupPoint, isReturn }: BpostProductInput): { product: string; national: boolean } {
  const national = country === 'BE';
  if (isReturn) return { product: national ? 'bpack Easy Retour' : 'bpack World Easy Return', national };
  if (!national) return { product: europe.has(country) ? 'bpack Europe Business' : 'bpack World Business', national };
  if (toPickupPoint) return { product: 'bpack@bpost', national };
  return { product: shipmentType === 'business' ? 'bpack 24h business' : 'bpack 24h Pro', national };
}

/**
 * The `options` of a box in the order's XML shape (common namespace): signed, insured and
 * Saturday delivery (national at home only); a return takes none.
 */
export function bpostOptions({ fields, national, atHome, isReturn }: { fields: Record<string, unknown>; national: boolean; atHome: boolean; isReturn: boolean }): Record<string, unknown> | undefined {
  if (isReturn) return undefined;
  const options: Record<string, unknown> = {};
  const insured = Number(fields.insurance ?? 0);
  if (insured > 0) options['common:insured'] = additionalInsuranceValue[insured] ? { 'common:additionalInsurance': { '@value': additionalInsuranceValue[insured] } } : { 'common:basicInsurance': '' };
  if (national && fields.signature === true) options['common:signed'] = '';
  if (national && atHome && fields.saturday === true) options['common:saturdayDelivery'] = '';
  return Object.keys(options).length > 0 ? options : undefined;
}
