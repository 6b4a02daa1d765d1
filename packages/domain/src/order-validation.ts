import { isValidEmail, normalisePhone } from './organisation';
import { addressProblems, addressTexts } from './address-rules';
import { isEuMember, requiresStateProvince, statesProvinces } from './countries';
import { weightLimits, type OrderStatus } from './order';

export type StatusInfoStatus = 'error' | 'warning' | 'info' | 'success';

/**
 * One problem of an order: `missing` makes it incomplete, `invalid` an error, `warning` a
 * warning; `missing_shipment_logic_rule_value` (orders spec §8) is a shipping rule that
 * matched but could not be applied (shipping-rules.ts), an error.
 */
export interface StatusInfo {
  type: 'missing' | 'invalid' | 'warning' | 'info' | 'missing_shipment_logic_rule_value';
  field: string | null;
  message: string;
  status: StatusInfoStatus;
}

export interface OrderFieldRule {
  name: string;
  label: string;
  type: 'select' | 'checkbox' | 'date' | 'text' | 'number';
  /** The value a new order (or an order moved to this courier) starts with. */
  default?: string | number | boolean | null;
  required: boolean;
  options: { value: string }[];
  unselectable_days_of_week: number[];
}

export interface CourierRules {
  is_active: boolean;
  max_packages: number;
  shipment_types: { id: string; is_letter: boolean; is_default?: boolean }[];
  order_fields: OrderFieldRule[];
}

type Text = string | null | undefined;

export interface OrderToValidate {
  name?: Text;
  company_name?: Text;
  address_1?: Text;
  housenumber?: Text;
  zipcode?: Text;
  city?: Text;
  state_province_code?: Text;
  country: string;
  email?: Text;
  phone?: Text;
  courier_id?: Text;
  shipment_type?: Text;
  shipment?: { packages?: { weight: number }[]; courier_fields?: Record<string, unknown> };
  order_items?: { name?: Text; quantity?: number; ean_code?: Text }[];
}

export const orderTexts = {
  required: addressTexts.required,
  postcodeInvalid: addressTexts.postcodeInvalid,
  emailInvalid: 'Vul een geldig e-mailadres in.',
  phoneInvalid: 'Vul een geldig telefoonnummer in.',
  stateRequired: 'Kies een staat of provincie.',
  stateInvalid: 'Kies een staat of provincie uit de lijst.',
  stateNotAllowed: 'Een staat of provincie hoort alleen bij de Verenigde Staten, Canada en China.',
  courierMissing: 'Kies een vervoerder.',
  courierInactive: 'Kies een vervoerder die niet is verwijderd',
  shipmentTypeInvalid: 'Kies een verzendmethode van deze vervoerder.',
  tooManyPackages: (max: number) => `Deze vervoerder neemt maximaal ${max} ${max === 1 ? 'pakket' : 'pakketten'} per zending mee.`,
  weightTooHigh: 'Een pakket mag maximaal 31,5 kg wegen.',
  weightMissing: 'Vul het gewicht van dit pakket in: het weegt nu 0 g en de orderregels hebben geen gewicht.',
  weightExtraCost: 'Boven 23 kg rekent de vervoerder extra kosten voor dit pakket.',
  eanInvalid: 'Een EAN bestaat uit 8 of 13 cijfers.',
  dateFormat: 'Gebruik een datum in de vorm JJJJ-MM-DD.',
  dateWeekend: 'Ophalen en bezorgen kan niet in het weekend.',
  dateUnselectable: 'Deze dag kan de vervoerder niet.',
  optionInvalid: 'Kies een van de opties.',
} as const;

const nameLabel = 'Naam';

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** ISO day of week, Monday 1 … Sunday 7, of a YYYY-MM-DD date (UTC). */
export function isoDayOfWeek(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) return null;
  return ((d.getUTCDay() + 6) % 7) + 1;
}

export function isValidEan(ean: string): boolean {
  return /^(\d{8}|\d{13})$/.test(ean);
}

/**
 * The rules of an order (orders spec §5): the status it gets and its status_info.
 * The same function runs in the form and on the server.
 */
export function validateOrder({ order, courier }: { order: OrderToValidate; courier: CourierRules | null }): {
  status: Extract<OrderStatus, 'ready' | 'incomplete' | 'warning' | 'error'>;
  status_info: StatusInfo[];
  is_export: boolean;
} {
  const info: StatusInfo[] = [];
  const missing = (field: string, message: string) => info.push({ type: 'missing', field, message, status: 'error' });
  const invalid = (field: string | null, message: string) => info.push({ type: 'invalid', field, message, status: 'error' });
  const warn = (field: string | null, message: string) => info.push({ type: 'warning', field, message, status: 'warning' });

  const country = order.country;
  if (blank(order.name)) missing('name', orderTexts.required(nameLabel));
  for (const problem of addressProblems(order)) (problem.kind === 'missing' ? missing : invalid)(problem.field, problem.message);
  if (order.email && !blank(order.email) && !isValidEmail(order.email.trim())) invalid('email', orderTexts.emailInvalid);
  if (order.phone && !blank(order.phone) && !/^\+?[0-9]{6,15}$/.test(normalisePhone(order.phone))) invalid('phone', orderTexts.phoneInvalid);

  const state = order.state_province_code?.trim().toUpperCase();
  if (requiresStateProvince(country)) {
    if (!state) missing('state_province_code', orderTexts.stateRequired);
    else if (!statesProvinces[country].some((s) => s.code === state)) invalid('state_province_code', orderTexts.stateInvalid);
  } else if (state) {
    invalid('state_province_code', orderTexts.stateNotAllowed);
  }

  const packages = order.shipment?.packages ?? [];
  packages.forEach((pkg, index) => {
    if (!(pkg.weight > 0)) invalid(`shipment.packages.${index}.weight`, orderTexts.weightMissing);
    else if (pkg.weight > weightLimits.maxPerPackage) invalid(`shipment.packages.${index}.weight`, orderTexts.weightTooHigh);
    else if (pkg.weight > weightLimits.extraCostAbove) warn(`shipment.packages.${index}.weight`, orderTexts.weightExtraCost);
  });

  (order.order_items ?? []).forEach((item, index) => {
    if (item.ean_code && !blank(item.ean_code) && !isValidEan(item.ean_code.trim())) invalid(`order_items.${index}.ean_code`, orderTexts.eanInvalid);
  });

  if (blank(order.courier_id)) {
    missing('courier_id', orderTexts.courierMissing);
  } else if (!courier || !courier.is_active) {
    invalid('courier_id', orderTexts.courierInactive);
  } else {
    validateShipment({ order, courier, packages: packages.length, missing, invalid });
  }

  const status = info.some((i) => i.type === 'invalid')
    ? 'error'
    : info.some((i) => i.type === 'missing')
      ? 'incomplete'
      : info.some((i) => i.type === 'warning')
        ? 'warning'
        : 'ready';
  return { status, status_info: info, is_export: !isEuMember(country) };
}

function validateShipment({
  order,
  courier,
  packages,
  missing,
  invalid,
}: {
  order: OrderToValidate;
  courier: CourierRules;
  packages: number;
  missing: (field: string, message: string) => void;
  invalid: (field: string | null, message: string) => void;
}): void {
  if (blank(order.shipment_type) || !courier.shipment_types.some((t) => t.id === order.shipment_type)) {
    invalid('shipment_type', orderTexts.shipmentTypeInvalid);
  }
  if (packages > courier.max_packages) invalid('shipment.packages', orderTexts.tooManyPackages(courier.max_packages));
  const fields = order.shipment?.courier_fields ?? {};
  for (const definition of courier.order_fields) {
    const path = `shipment.courier_fields.${definition.name}`;
    const value = fields[definition.name];
    if (blank(value) || (definition.type === 'checkbox' && value === false && definition.required)) {
      if (definition.required) missing(path, orderTexts.required(definition.label));
      continue;
    }
    if (definition.type === 'select' && !definition.options.some((o) => o.value === String(value))) invalid(path, orderTexts.optionInvalid);
    if (definition.type === 'date') {
      const day = isoDayOfWeek(String(value));
      if (day === null) invalid(path, orderTexts.dateFormat);
      else if (day >= 6) invalid(path, orderTexts.dateWeekend);
      else if (definition.unselectable_days_of_week.includes(day)) invalid(path, orderTexts.dateUnselectable);
    }
  }
}

/** The status_info entries that are problems (anything but info and success). */
export function hasProblems(statusInfo: { status: StatusInfoStatus }[]): boolean {
  return statusInfo.some((i) => i.status === 'error' || i.status === 'warning');
}
