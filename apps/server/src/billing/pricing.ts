import { centsToEuros, type InvoiceItemPart } from '@verzendhuis/contract/billing';
import { isEuMember } from '@verzendhuis/domain/countries';
import { billingTexts } from '@verzendhuis/domain/billing-texts';
import { courierServerTexts } from '@verzendhuis/domain/couriers-texts';

export type PriceZone = 'NL' | 'EU' | 'WORLD';

/** One row of label_prices: a base price for a weight bracket (option null) or a surcharge. */
export interface PriceRow {
  id: string;
  courierClass: string;
  shipmentType: string;
  zone: string;
  /** Grams; null on a surcharge. */
  maxWeight: number | null;
  /** `name` (charged when the courier field is set) or `name=value` (when it has that value). */
  option: string | null;
  description: string;
  unitPriceCents: number;
}

export interface LabelCharge {
  parts: InvoiceItemPart[];
  totalCents: number;
}

export interface PriceInput {
  courierClass: string;
  shipmentType: string;
  /** The destination (ISO alpha-2). */
  country: string;
  /** Grams, one entry per package. */
  weights: number[];
  courierFields: Record<string, unknown>;
}

export type PriceResult = { ok: true; charge: LabelCharge } | { ok: false; field: string; message: string };

export function priceZone(country: string): PriceZone {
  const code = country.toUpperCase();
  if (code === 'NL') return 'NL';
  return isEuMember(code) ? 'EU' : 'WORLD';
}

function optionName(option: string): string {
  const at = option.indexOf('=');
  return at === -1 ? option : option.slice(0, at);
}

/** A courier field asks for its surcharge when it is on: true, a non-zero number, a text other than "" and "0". */
function isSet(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.trim() !== '' && value.trim() !== '0';
  return false;
}

function unknownPrice(input: PriceInput, field: string): PriceResult {
  return { ok: false, field, message: courierServerTexts.unknownPrice(input.courierClass, input.shipmentType, field) };
}

/**
 * The price of one proxy label from the rows of its courier class: per package the base
 * price of its weight bracket plus a surcharge for each priced option that is on. Which
 * input has no price (shipment_type, country, weight or the option's name) makes the
 * unknown_pricing_option answer: a label is never made at a price we cannot name.
 */
export function priceLabel(classRows: readonly PriceRow[], input: PriceInput): PriceResult {
  const typeRows = classRows.filter((r) => r.courierClass === input.courierClass && r.shipmentType === input.shipmentType);
  if (typeRows.length === 0) return unknownPrice(input, 'shipment_type');
  const zone = priceZone(input.country);
  const zoneRows = typeRows.filter((r) => r.zone === zone);
  if (zoneRows.length === 0) return unknownPrice(input, 'country');

  const brackets = zoneRows.filter((r) => r.option === null).sort((a, b) => (a.maxWeight ?? Infinity) - (b.maxWeight ?? Infinity));
  // Every option priced anywhere for this class must have a price here when it is on (surcharges in option-name order).
  const pricedOptions = [...new Set(classRows.filter((r) => r.courierClass === input.courierClass && r.option !== null).map((r) => optionName(r.option ?? '')))].sort();
  const surcharges: PriceRow[] = [];
  for (const name of pricedOptions) {
    const value = input.courierFields[name];
    if (!isSet(value)) continue;
    const exact = zoneRows.find((r) => r.option === `${name}=${String(value)}`);
    const general = zoneRows.find((r) => r.option === name);
    const row = exact ?? general;
    if (!row) return unknownPrice(input, name);
    surcharges.push(row);
  }

  const weights = input.weights.length > 0 ? input.weights : [0];
  const parts: InvoiceItemPart[] = [];
  let totalCents = 0;
  for (const [index, weight] of weights.entries()) {
    const base = brackets.find((r) => r.maxWeight === null || weight <= r.maxWeight);
    if (!base) return unknownPrice(input, 'weight');
    const prefix = weights.length > 1 ? billingTexts.packagePrefix(index + 1) : '';
    for (const row of [base, ...surcharges]) {
      parts.push({ id: row.id, description: prefix + row.description, unit_price: centsToEuros(row.unitPriceCents) });
      totalCents += row.unitPriceCents;
    }
  }
  return { ok: true, charge: { parts, totalCents } };
}
