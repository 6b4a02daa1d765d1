import type { ShipmentLogicRule, ShipmentLogicRuleInput } from '@verzendhuis/contract/shipment-logic';
import type { Courier } from '@verzendhuis/contract/courier';
import { countryName } from '@verzendhuis/domain/countries';
import type { RuleCondition, RuleConditionField } from '@verzendhuis/domain/shipping-rules';
import { shipmentLogicLabels as labels, shipmentLogicPageTexts as texts } from '@verzendhuis/domain/shipping-rules-texts';

/** A condition as the form edits it: the API's shape, its value loose while typing. */
export interface ConditionValues {
  field: RuleConditionField;
  operator: string;
  value: unknown;
}

/** The form's values; paths are the API's, so the server's `fields` land on the inputs. */
export interface RuleFormValues {
  name: string;
  is_active: boolean;
  match: 'all' | 'any';
  conditions: ConditionValues[];
  actions: {
    courier_id: string | null;
    shipment_type: string | null;
    /** '' = leave the option as it is; checkboxes as 'true' / 'false'. */
    courier_fields: Record<string, string>;
    package_count: number | string;
    weight: number | string;
    ignore: boolean;
  };
  continue: boolean;
}

/** The operators each field offers, the first being its default. */
export const operatorsOf: Record<RuleConditionField, readonly string[]> = {
  country: ['in', 'not_in'],
  postcode: ['between'],
  weight: ['gt', 'gte', 'lt', 'lte', 'eq'],
  order_total: ['gt', 'gte', 'lt', 'lte', 'eq'],
  item_count: ['gt', 'gte', 'lt', 'lte', 'eq'],
  sku: ['in', 'not_in'],
  shop: ['in', 'not_in'],
  shop_shipping_method: ['is', 'is_not', 'contains'],
};

/** A new condition on `field`: its first operator and an empty value of the right kind. */
export function newCondition(field: RuleConditionField): ConditionValues {
  const operator = operatorsOf[field][0] ?? 'in';
  if (field === 'country' || field === 'sku' || field === 'shop') return { field, operator, value: [] };
  if (field === 'postcode') return { field, operator, value: { from: '', to: '' } };
  if (field === 'shop_shipping_method') return { field, operator, value: '' };
  return { field, operator, value: '' };
}

export function initialRuleValues(rule: ShipmentLogicRule | null): RuleFormValues {
  const a = rule?.actions ?? {};
  return {
    name: rule?.name ?? '',
    is_active: rule?.is_active ?? true,
    match: rule?.match ?? 'all',
    conditions: (rule?.conditions ?? []).map((c) => ({ ...c, value: c.value })),
    actions: {
      courier_id: a.courier_id ?? null,
      shipment_type: a.shipment_type ?? null,
      courier_fields: Object.fromEntries(Object.entries(a.courier_fields ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)])),
      package_count: a.package_count ?? '',
      weight: a.weight ?? '',
      ignore: a.ignore ?? false,
    },
    continue: rule?.continue ?? false,
  };
}

const present = (v: number | string) => v !== '' && v !== null && v !== undefined;

/** The request the values make (POST shipment-logic/, PATCH shipment-logic/{id}). */
export function ruleInput(values: RuleFormValues, couriers: Courier[]): ShipmentLogicRuleInput {
  const a = values.actions;
  const courier = couriers.find((c) => c.id === a.courier_id);
  const courierFields: Record<string, string | boolean> = {};
  for (const field of courier?.meta.order_fields ?? []) {
    const raw = a.courier_fields[field.name];
    if (raw === undefined || raw === '') continue;
    courierFields[field.name] = field.type === 'checkbox' ? raw === 'true' : raw;
  }
  return {
    name: values.name,
    is_active: values.is_active,
    match: values.match,
    conditions: values.conditions as RuleCondition[],
    actions: {
      ...(a.courier_id ? { courier_id: a.courier_id } : {}),
      ...(a.courier_id && a.shipment_type ? { shipment_type: a.shipment_type } : {}),
      ...(Object.keys(courierFields).length > 0 ? { courier_fields: courierFields } : {}),
      ...(present(a.package_count) ? { package_count: Number(a.package_count) } : {}),
      ...(present(a.weight) ? { weight: Number(a.weight) } : {}),
      ...(a.ignore ? { ignore: true } : {}),
    },
    continue: values.continue,
  };
}

const money = (n: number) => n.toLocaleString('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Land is een van België, Duitsland": one condition in words, for the list. */
export function describeCondition(condition: RuleCondition, shopName: (id: string) => string): string {
  const field = labels.fields[condition.field];
  const operator = condition.field === 'sku' ? labels.skuOperators[condition.operator] : labels.operators[condition.operator];
  switch (condition.field) {
    case 'country':
      return `${field} ${operator} ${condition.value.map(countryName).join(', ')}`;
    case 'postcode':
      return `${field} ${operator} ${condition.value.from} en ${condition.value.to}`;
    case 'order_total':
      return `${field} ${operator} € ${money(condition.value)}`;
    case 'weight':
    case 'item_count':
      return `${field} ${operator} ${condition.value}`;
    case 'sku':
      return `${operator} SKU ${condition.value.join(', ')}`;
    case 'shop':
      return `${field} ${operator} ${condition.value.map(shopName).join(', ')}`;
    case 'shop_shipping_method':
      return `${field} ${operator} "${condition.value}"`;
  }
}

/** The rule's conditions in words, joined by "en" or "of". */
export function describeConditions(rule: Pick<ShipmentLogicRule, 'conditions' | 'match'>, shopName: (id: string) => string): string {
  if (rule.conditions.length === 0) return texts.always;
  return rule.conditions.map((c) => describeCondition(c, shopName)).join(` ${rule.match === 'all' ? texts.matchAll : texts.matchAny} `);
}

/** The rule's actions in words: "Vervoerder: Testvervoerder, Verzendmethode: Pakket". */
export function describeActions(rule: Pick<ShipmentLogicRule, 'actions'>, couriers: Courier[]): string[] {
  const a = rule.actions;
  const courier = couriers.find((c) => c.id === a.courier_id);
  const parts: string[] = [];
  if (a.courier_id) parts.push(`${labels.actions.courier_id}: ${courier?.label ?? '?'}`);
  if (a.shipment_type) parts.push(`${labels.actions.shipment_type}: ${courier?.shipment_types.find((t) => t.id === a.shipment_type)?.name ?? a.shipment_type}`);
  for (const [name, value] of Object.entries(a.courier_fields ?? {})) {
    const field = courier?.meta.order_fields.find((f) => f.name === name);
    const shown = typeof value === 'boolean' ? (value ? texts.yes : texts.no) : (field?.options.find((o) => o.value === String(value))?.label ?? String(value));
    parts.push(`${field?.label ?? name}: ${shown}`);
  }
  if (a.package_count) parts.push(`${labels.actions.package_count}: ${a.package_count}`);
  if (a.weight) parts.push(`${labels.actions.weight}: ${a.weight}`);
  if (a.ignore) parts.push(labels.actions.ignore);
  return parts;
}
