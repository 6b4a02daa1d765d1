/**
 * Shipping rules (orders spec §4, issue 12 §4): which courier, shipment type, options
 * and packages an incoming order gets, or that it is ignored. Pure: the server loads
 * the organisation's rules and couriers once and calls these for every order.
 * Choices where the spec is silent are in docs/shipping-rules.md.
 */
import { applyBulkOrderValues, type BulkOrderValues, type CourierFieldValue } from './order-bulk-edit';
import { sumItemWeights } from './order-form';
import type { CourierRules, StatusInfo } from './order-validation';
import { shipmentLogicRuleTexts as texts } from './shipping-rules-texts';

export const numberOperators = ['lt', 'lte', 'gt', 'gte', 'eq'] as const;
export type NumberOperator = (typeof numberOperators)[number];
export const listOperators = ['in', 'not_in'] as const;
export type ListOperator = (typeof listOperators)[number];
export const textOperators = ['is', 'is_not', 'contains'] as const;
export type TextOperator = (typeof textOperators)[number];

export type RuleCondition =
  | { field: 'country'; operator: ListOperator; value: string[] }
  | { field: 'postcode'; operator: 'between'; value: { from: string; to: string } }
  | { field: 'weight' | 'order_total' | 'item_count'; operator: NumberOperator; value: number }
  | { field: 'sku' | 'shop'; operator: ListOperator; value: string[] }
  | { field: 'shop_shipping_method'; operator: TextOperator; value: string };

export type RuleConditionField = RuleCondition['field'];
export const ruleConditionFields = ['country', 'postcode', 'weight', 'order_total', 'item_count', 'sku', 'shop', 'shop_shipping_method'] as const satisfies readonly RuleConditionField[];

/** What a rule sets: the values of a bulk edit (left out = unchanged), or that the order is ignored. */
export interface RuleActions {
  courier_id?: string;
  shipment_type?: string;
  courier_fields?: Record<string, CourierFieldValue>;
  package_count?: number;
  /** Grams, for every package. */
  weight?: number;
  ignore?: boolean;
}

export interface ShippingRule {
  id: string;
  name: string;
  is_active: boolean;
  /** all: every condition must hold; any: one is enough. No conditions: every order. */
  match: 'all' | 'any';
  conditions: RuleCondition[];
  actions: RuleActions;
  /** After this rule, the next ones are evaluated too (they may override what it set). */
  continue: boolean;
}

/** A courier of the organisation, as the rules see it. */
export type RuleCourier = CourierRules & { id: string };

/** What a rule problem is about: a field path of the rule (`actions.courier_id`, …). */
export interface RuleProblem {
  field: string;
  message: string;
}

/** The part of an incoming order the rules read and change (the API's order input shape). */
export interface RuleOrder {
  country: string;
  zipcode?: string | null;
  service_id?: string | null;
  shop_shipping_method?: string | null;
  courier_id?: string | null;
  shipment_type?: string | null;
  shipment: { packages: { weight: number }[]; courier_fields: Record<string, CourierFieldValue> };
  order_items: { quantity?: number | null; unit_price_inc_btw?: number | null; weight?: number | null; sku?: string | null }[];
}

export const compactPostcode = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, '').toUpperCase();

/**
 * A postcode is in a range when it sorts between the two ends, compared on as many
 * characters as each end has: 1000–1999 holds 1000 AA … 1999 ZZ, 3500AA–3599ZZ exactly those.
 */
export function postcodeInRange(postcode: string | null | undefined, range: { from: string; to: string }): boolean {
  const code = compactPostcode(postcode);
  const from = compactPostcode(range.from);
  const to = compactPostcode(range.to);
  if (!code) return false;
  return code.slice(0, from.length) >= from && code.slice(0, to.length) <= to;
}

/** The weight the rules see: the packages' weights, or the order lines' when no package has one. */
export function orderWeight(order: RuleOrder): number {
  const packages = order.shipment.packages.reduce((sum, p) => sum + Math.max(0, p.weight), 0);
  return packages > 0 ? packages : sumItemWeights(order.order_items);
}

/** The order total in its currency: every line's quantity × price, to the cent. */
export function orderTotal(order: RuleOrder): number {
  const cents = order.order_items.reduce((sum, i) => sum + Math.max(0, i.quantity ?? 0) * Math.round((i.unit_price_inc_btw ?? 0) * 100), 0);
  return cents / 100;
}

export function itemCount(order: RuleOrder): number {
  return order.order_items.reduce((sum, i) => sum + Math.max(0, i.quantity ?? 0), 0);
}

function compare(actual: number, operator: NumberOperator, value: number): boolean {
  switch (operator) {
    case 'lt':
      return actual < value;
    case 'lte':
      return actual <= value;
    case 'gt':
      return actual > value;
    case 'gte':
      return actual >= value;
    case 'eq':
      return Math.abs(actual - value) < 1e-9;
  }
}

const normalise = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

function inList(operator: ListOperator, found: boolean): boolean {
  return operator === 'in' ? found : !found;
}

export function conditionHolds(condition: RuleCondition, order: RuleOrder): boolean {
  switch (condition.field) {
    case 'country':
      return inList(condition.operator, condition.value.some((c) => c.toUpperCase() === order.country.toUpperCase()));
    case 'postcode':
      return postcodeInRange(order.zipcode, condition.value);
    case 'weight':
      return compare(orderWeight(order), condition.operator, condition.value);
    case 'order_total':
      return compare(orderTotal(order), condition.operator, condition.value);
    case 'item_count':
      return compare(itemCount(order), condition.operator, condition.value);
    case 'sku': {
      const wanted = new Set(condition.value.map(normalise));
      return inList(condition.operator, order.order_items.some((i) => i.sku && wanted.has(normalise(i.sku))));
    }
    case 'shop':
      return inList(condition.operator, !!order.service_id && condition.value.includes(order.service_id));
    case 'shop_shipping_method': {
      const method = normalise(order.shop_shipping_method);
      const value = normalise(condition.value);
      if (condition.operator === 'contains') return method.includes(value);
      return condition.operator === 'is' ? method === value : method !== value;
    }
  }
}

export function ruleMatches(rule: Pick<ShippingRule, 'match' | 'conditions'>, order: RuleOrder): boolean {
  if (rule.conditions.length === 0) return true;
  return rule.match === 'all' ? rule.conditions.every((c) => conditionHolds(c, order)) : rule.conditions.some((c) => conditionHolds(c, order));
}

const has = <K extends keyof RuleActions>(actions: RuleActions, key: K) => key in actions && actions[key] !== undefined;
const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * What is wrong with a rule's actions, checked against the organisation's couriers: an
 * action without its value, a courier that is unknown or not active, a shipment type or
 * option the courier does not have, more packages than it takes. An empty list is a rule
 * that can be applied. The same check refuses a rule when it is saved active, and marks
 * a stored rule that went wrong later (a courier deactivated): docs/shipping-rules.md.
 */
export function ruleProblems(rule: Pick<ShippingRule, 'actions'>, couriers: readonly RuleCourier[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const a = rule.actions;
  const add = (field: string, message: string) => problems.push({ field: `actions.${field}`, message });
  const setsSomething = has(a, 'courier_id') || has(a, 'shipment_type') || has(a, 'courier_fields') || has(a, 'package_count') || has(a, 'weight') || a.ignore === true;
  if (!setsSomething) problems.push({ field: 'actions', message: texts.actionRequired });

  let courier: RuleCourier | undefined;
  if (has(a, 'courier_id')) {
    if (blank(a.courier_id)) add('courier_id', texts.courierRequired);
    else {
      courier = couriers.find((c) => c.id === a.courier_id);
      if (!courier) add('courier_id', texts.courierUnknown);
      else if (!courier.is_active) add('courier_id', texts.courierInactive);
    }
  } else if (has(a, 'shipment_type') || (has(a, 'courier_fields') && Object.keys(a.courier_fields ?? {}).length > 0)) {
    add('courier_id', texts.courierNeeded);
  }

  if (has(a, 'shipment_type')) {
    if (blank(a.shipment_type)) add('shipment_type', texts.shipmentTypeRequired);
    else if (courier && !courier.shipment_types.some((t) => t.id === a.shipment_type)) add('shipment_type', texts.shipmentTypeNotOfCourier);
  }

  if (courier) {
    for (const [name, value] of Object.entries(a.courier_fields ?? {})) {
      const definition = courier.order_fields.find((f) => f.name === name);
      if (!definition) add(`courier_fields.${name}`, texts.optionUnknown(name));
      else if (definition.type === 'select' && !blank(value) && !definition.options.some((o) => o.value === String(value))) add(`courier_fields.${name}`, texts.optionInvalid(definition.label));
      else if (definition.type === 'checkbox' && typeof value !== 'boolean') add(`courier_fields.${name}`, texts.optionInvalid(definition.label));
    }
  }

  if (has(a, 'package_count')) {
    const count = a.package_count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 50) add('package_count', texts.packageCount);
    else if (courier && count > courier.max_packages) add('package_count', texts.tooManyPackages(courier.max_packages));
  }
  if (has(a, 'weight')) {
    const weight = a.weight;
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 1) add('weight', texts.packageWeight);
  }
  return problems;
}

/** Each rule's problems, by rule id (rules without problems are left out). */
export function ruleSetProblems(rules: readonly ShippingRule[], couriers: readonly RuleCourier[]): Map<string, RuleProblem[]> {
  const result = new Map<string, RuleProblem[]>();
  for (const rule of rules) {
    const problems = ruleProblems(rule, couriers);
    if (problems.length > 0) result.set(rule.id, problems);
  }
  return result;
}

/** True when an active rule cannot be applied: the dashboard's "errors in shipping rules" notice. */
export function hasActiveRuleProblems(rules: readonly { is_active: boolean; errors: readonly unknown[] }[]): boolean {
  return rules.some((r) => r.is_active && r.errors.length > 0);
}

export interface RulesOutcome<T extends RuleOrder> {
  /** The order with what the applied rules set. */
  order: T;
  /** The rules that matched and were applied, in order. */
  applied: { id: string; name: string }[];
  /** A rule that matched but could not be applied (evaluation stops there). */
  failed: { id: string; name: string; problems: RuleProblem[] } | null;
  ignored: boolean;
  /** status_info of type missing_shipment_logic_rule_value for the failed rule. */
  statusInfo: StatusInfo[];
}

export const missingRuleValueType = 'missing_shipment_logic_rule_value' as const;

/**
 * The organisation's rules applied to one incoming order, before the defaults
 * (applyOrderDefaults fills what the rules left open).
 *
 * - Active rules in their order; the first that matches is applied and evaluation stops,
 *   unless that rule says to continue, then later matching rules apply on top.
 * - A matching rule with a problem (ruleProblems) is not applied at all; evaluation stops
 *   and the order gets a status message of type missing_shipment_logic_rule_value.
 * - An order that names its courier (`courier_id` in the API's input) keeps courier,
 *   shipment type and options: the rules' courier, type and option actions are skipped
 *   for it; their package and ignore actions still apply.
 * - Package actions: `package_count` resizes (new packages weigh as the last),
 *   `weight` sets every package.
 */
export function applyShippingRules<T extends RuleOrder>({ order, rules, couriers }: { order: T; rules: readonly ShippingRule[]; couriers: readonly RuleCourier[] }): RulesOutcome<T> {
  const explicitCourier = !blank(order.courier_id);
  const courierOf = (id: string | null) => (id ? (couriers.find((c) => c.id === id) ?? null) : null);
  let current: T = order;
  let ignored = false;
  const applied: RulesOutcome<T>['applied'] = [];
  for (const rule of rules) {
    if (!rule.is_active || !ruleMatches(rule, current)) continue;
    const problems = ruleProblems(rule, couriers);
    if (problems.length > 0) {
      return {
        order: current,
        applied,
        ignored,
        failed: { id: rule.id, name: rule.name, problems },
        statusInfo: problems.map((p): StatusInfo => ({ type: missingRuleValueType, field: null, message: texts.orderProblem(rule.name, p.message), status: 'error' })),
      };
    }
    const a = rule.actions;
    const values: BulkOrderValues = {};
    if (!explicitCourier && a.courier_id) {
      values.courier_id = a.courier_id;
      if (a.shipment_type) values.shipment_type = a.shipment_type;
      if (a.courier_fields && Object.keys(a.courier_fields).length > 0) values.courier_fields = a.courier_fields;
    }
    if (a.package_count) values.package_count = a.package_count;
    if (a.weight) values.weight = a.weight;
    const shipment = { courier_id: current.courier_id ?? null, shipment_type: current.shipment_type ?? null, courier_fields: current.shipment.courier_fields, packages: current.shipment.packages };
    const outcome = applyBulkOrderValues({ shipment, values, courierOf });
    if (outcome.ok) {
      const next = outcome.shipment;
      current = { ...current, courier_id: next.courier_id, shipment_type: next.shipment_type, shipment: { ...current.shipment, courier_fields: next.courier_fields, packages: next.packages } };
    }
    if (a.ignore) ignored = true;
    applied.push({ id: rule.id, name: rule.name });
    if (!rule.continue) break;
  }
  return { order: current, applied, ignored, failed: null, statusInfo: [] };
}

/**
 * The status an order gets after rules, defaults and validation: a rule problem makes it
 * an error (its messages first), an ignore rule makes it ignored, else validation's.
 */
export function statusAfterRules<S extends string>(
  validated: { status: S; status_info: StatusInfo[] },
  rules: Pick<RulesOutcome<RuleOrder>, 'ignored' | 'statusInfo'>,
): { status: S | 'error' | 'ignored'; status_info: StatusInfo[] } {
  if (rules.statusInfo.length > 0) return { status: 'error', status_info: [...rules.statusInfo, ...validated.status_info] };
  if (rules.ignored) return { status: 'ignored', status_info: validated.status_info };
  return validated;
}

/**
 * An open order as order/reset (and the dry run) gives it to the rules again: no courier,
 * shipment type or options, so the rules and then the defaults choose them anew; its
 * packages back to one without weight when the lines carry weight (the defaults weigh
 * it again), else kept as they are (a weight typed by hand is all there is).
 */
export function withShipmentCleared<T extends RuleOrder>(order: T): T {
  const linesWeigh = sumItemWeights(order.order_items) > 0;
  return {
    ...order,
    courier_id: null,
    shipment_type: null,
    shipment: { ...order.shipment, courier_fields: {}, packages: linesWeigh ? [{ weight: 0 }] : order.shipment.packages },
  };
}
