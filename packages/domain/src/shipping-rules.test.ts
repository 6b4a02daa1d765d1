import { describe, expect, it } from 'vitest';
import {
  applyShippingRules,
  conditionHolds,
  hasActiveRuleProblems,
  orderTotal,
  orderWeight,
  postcodeInRange,
  ruleProblems,
  statusAfterRules,
  withShipmentCleared,
  type RuleCourier,
  type RuleOrder,
  type ShippingRule,
} from './shipping-rules';
import { shipmentLogicRuleTexts } from './shipping-rules-texts';

const checkbox = (name: string) => ({ name, label: name, type: 'checkbox' as const, default: false, required: false, options: [], unselectable_days_of_week: [] });
const insurance = { name: 'insurance', label: 'Verzekering', type: 'select' as const, default: '0', required: false, options: [{ value: '0' }, { value: '500' }], unselectable_days_of_week: [] };

const couriers: RuleCourier[] = [
  {
    id: 'test',
    is_active: true,
    max_packages: 5,
    shipment_types: [
      { id: 'letterbox', is_letter: true },
      { id: 'parcel', is_letter: false, is_default: true },
    ],
    order_fields: [checkbox('signature'), insurance],
  },
  { id: 'dhl', is_active: true, max_packages: 2, shipment_types: [{ id: 'standard', is_letter: false }, { id: 'express', is_letter: false }], order_fields: [checkbox('evening')] },
  { id: 'gone', is_active: false, max_packages: 5, shipment_types: [{ id: 'standard', is_letter: false }], order_fields: [] },
];

const order = (patch: Partial<RuleOrder> = {}): RuleOrder => ({
  country: 'NL',
  zipcode: '3511 AB',
  service_id: null,
  shop_shipping_method: null,
  courier_id: null,
  shipment_type: null,
  shipment: { packages: [{ weight: 0 }], courier_fields: {} },
  order_items: [{ quantity: 2, unit_price_inc_btw: 12.5, weight: 300, sku: 'SOK-1' }],
  ...patch,
});

let next = 0;
const rule = (patch: Partial<ShippingRule>): ShippingRule => ({
  id: `r${++next}`,
  name: `Regel ${next}`,
  is_active: true,
  match: 'all',
  conditions: [],
  actions: {},
  continue: false,
  ...patch,
});

describe('conditions', () => {
  it('reads postcode ranges on as many characters as each end has', () => {
    expect(postcodeInRange('3511 AB', { from: '3500', to: '3599' })).toBe(true);
    expect(postcodeInRange('3599ZZ', { from: '3500', to: '3599' })).toBe(true);
    expect(postcodeInRange('3600AA', { from: '3500', to: '3599' })).toBe(false);
    expect(postcodeInRange('3499ZZ', { from: '3500', to: '3599' })).toBe(false);
    expect(postcodeInRange('1012AB', { from: '1012AA', to: '1012AZ' })).toBe(true);
    expect(postcodeInRange(null, { from: '1000', to: '9999' })).toBe(false);
  });

  it('weighs the packages, or the lines when no package has a weight', () => {
    expect(orderWeight(order())).toBe(600);
    expect(orderWeight(order({ shipment: { packages: [{ weight: 1000 }, { weight: 500 }], courier_fields: {} } }))).toBe(1500);
  });

  it('sums the order total to the cent', () => {
    expect(orderTotal(order({ order_items: [{ quantity: 3, unit_price_inc_btw: 0.1 }, { quantity: 1, unit_price_inc_btw: 19.99 }] }))).toBe(20.29);
  });

  it('compares countries, numbers, SKUs, shops and shop shipping methods', () => {
    const o = order({ service_id: 'shop-1', shop_shipping_method: 'PostNL Pakketpost' });
    expect(conditionHolds({ field: 'country', operator: 'in', value: ['be', 'NL'] }, o)).toBe(true);
    expect(conditionHolds({ field: 'country', operator: 'not_in', value: ['NL'] }, o)).toBe(false);
    expect(conditionHolds({ field: 'weight', operator: 'gt', value: 500 }, o)).toBe(true);
    expect(conditionHolds({ field: 'weight', operator: 'lte', value: 500 }, o)).toBe(false);
    expect(conditionHolds({ field: 'order_total', operator: 'gte', value: 25 }, o)).toBe(true);
    expect(conditionHolds({ field: 'item_count', operator: 'eq', value: 2 }, o)).toBe(true);
    expect(conditionHolds({ field: 'sku', operator: 'in', value: ['sok-1'] }, o)).toBe(true);
    expect(conditionHolds({ field: 'sku', operator: 'not_in', value: ['SOK-1'] }, o)).toBe(false);
    expect(conditionHolds({ field: 'shop', operator: 'in', value: ['shop-1'] }, o)).toBe(true);
    expect(conditionHolds({ field: 'shop', operator: 'in', value: ['shop-1'] }, order())).toBe(false);
    expect(conditionHolds({ field: 'shop_shipping_method', operator: 'contains', value: 'postnl' }, o)).toBe(true);
    expect(conditionHolds({ field: 'shop_shipping_method', operator: 'is', value: 'postnl pakketpost ' }, o)).toBe(true);
    expect(conditionHolds({ field: 'shop_shipping_method', operator: 'is_not', value: 'Verzending' }, o)).toBe(true);
  });
});

describe('applyShippingRules', () => {
  it('applies the first matching rule only: courier, its default type and options, packages', () => {
    const rules = [
      rule({ conditions: [{ field: 'country', operator: 'in', value: ['BE'] }], actions: { courier_id: 'dhl' } }),
      rule({ conditions: [{ field: 'country', operator: 'in', value: ['NL'] }], actions: { courier_id: 'test', courier_fields: { signature: true } } }),
      rule({ actions: { courier_id: 'dhl', shipment_type: 'express' } }),
    ];
    const outcome = applyShippingRules({ order: order(), rules, couriers });
    expect(outcome.applied.map((r) => r.id)).toEqual([rules[1]?.id]);
    expect(outcome.order).toMatchObject({ courier_id: 'test', shipment_type: 'parcel', shipment: { courier_fields: { signature: true, insurance: '0' } } });
  });

  it('matches on any of the conditions when the rule says so', () => {
    const r = rule({ match: 'any', conditions: [{ field: 'country', operator: 'in', value: ['BE'] }, { field: 'weight', operator: 'gt', value: 100 }], actions: { courier_id: 'dhl' } });
    expect(applyShippingRules({ order: order(), rules: [r], couriers }).order.courier_id).toBe('dhl');
    expect(applyShippingRules({ order: order(), rules: [{ ...r, match: 'all' }], couriers }).order.courier_id).toBeNull();
  });

  it('goes on after a rule that says to continue, and the later rule sets on top', () => {
    const rules = [
      rule({ actions: { courier_id: 'test', shipment_type: 'letterbox' }, continue: true }),
      rule({ conditions: [{ field: 'item_count', operator: 'gte', value: 2 }], actions: { package_count: 2 } }),
      rule({ actions: { ignore: true } }),
    ];
    const outcome = applyShippingRules({ order: order(), rules, couriers });
    expect(outcome.applied).toHaveLength(2);
    expect(outcome.ignored).toBe(false);
    expect(outcome.order).toMatchObject({ courier_id: 'test', shipment_type: 'letterbox', shipment: { packages: [{ weight: 0 }, { weight: 0 }] } });
  });

  it('skips inactive rules', () => {
    const outcome = applyShippingRules({ order: order(), rules: [rule({ is_active: false, actions: { courier_id: 'dhl' } })], couriers });
    expect(outcome.applied).toEqual([]);
    expect(outcome.order.courier_id).toBeNull();
  });

  it('ignores an order, and keeps its courier settings', () => {
    const outcome = applyShippingRules({ order: order(), rules: [rule({ conditions: [{ field: 'sku', operator: 'in', value: ['SOK-1'] }], actions: { ignore: true } })], couriers });
    expect(outcome.ignored).toBe(true);
    expect(statusAfterRules({ status: 'ready', status_info: [] }, outcome).status).toBe('ignored');
  });

  it('keeps the courier an order names, but still sets packages', () => {
    const given = order({ courier_id: 'dhl', shipment_type: 'express' });
    const outcome = applyShippingRules({ order: given, rules: [rule({ actions: { courier_id: 'test', shipment_type: 'parcel', weight: 750 } })], couriers });
    expect(outcome.order).toMatchObject({ courier_id: 'dhl', shipment_type: 'express', shipment: { packages: [{ weight: 750 }] } });
  });

  it('stops at a matching rule whose courier is deactivated: not applied, the order gets the problem', () => {
    const rules = [rule({ name: 'Oud', actions: { courier_id: 'gone', weight: 100 } }), rule({ actions: { courier_id: 'dhl' } })];
    const outcome = applyShippingRules({ order: order(), rules, couriers });
    expect(outcome.failed?.name).toBe('Oud');
    expect(outcome.order.courier_id).toBeNull();
    expect(outcome.order.shipment.packages).toEqual([{ weight: 0 }]);
    expect(outcome.statusInfo).toEqual([
      { type: 'missing_shipment_logic_rule_value', field: null, status: 'error', message: shipmentLogicRuleTexts.orderProblem('Oud', shipmentLogicRuleTexts.courierInactive) },
    ]);
    const status = statusAfterRules({ status: 'ready', status_info: [] }, outcome);
    expect(status.status).toBe('error');
    expect(status.status_info[0]?.type).toBe('missing_shipment_logic_rule_value');
  });

  it('a broken rule that does not match harms nothing', () => {
    const rules = [rule({ conditions: [{ field: 'country', operator: 'in', value: ['DE'] }], actions: { courier_id: 'gone' } })];
    expect(applyShippingRules({ order: order(), rules, couriers }).statusInfo).toEqual([]);
  });
});

describe('ruleProblems', () => {
  it('finds an unknown or inactive courier, a missing value, a type or option not of the courier', () => {
    expect(ruleProblems({ actions: {} }, couriers)).toEqual([{ field: 'actions', message: shipmentLogicRuleTexts.actionRequired }]);
    expect(ruleProblems({ actions: { courier_id: 'nope' } }, couriers)).toEqual([{ field: 'actions.courier_id', message: shipmentLogicRuleTexts.courierUnknown }]);
    expect(ruleProblems({ actions: { courier_id: 'gone' } }, couriers)).toEqual([{ field: 'actions.courier_id', message: shipmentLogicRuleTexts.courierInactive }]);
    expect(ruleProblems({ actions: { courier_id: '' } }, couriers)).toEqual([{ field: 'actions.courier_id', message: shipmentLogicRuleTexts.courierRequired }]);
    expect(ruleProblems({ actions: { courier_id: 'dhl', shipment_type: 'parcel' } }, couriers)).toEqual([{ field: 'actions.shipment_type', message: shipmentLogicRuleTexts.shipmentTypeNotOfCourier }]);
    expect(ruleProblems({ actions: { courier_id: 'test', shipment_type: '' } }, couriers)).toEqual([{ field: 'actions.shipment_type', message: shipmentLogicRuleTexts.shipmentTypeRequired }]);
    expect(ruleProblems({ actions: { shipment_type: 'parcel' } }, couriers).map((p) => p.field)).toEqual(['actions.courier_id']);
    expect(ruleProblems({ actions: { courier_id: 'test', courier_fields: { evening: true, insurance: '900' } } }, couriers).map((p) => p.field)).toEqual([
      'actions.courier_fields.evening',
      'actions.courier_fields.insurance',
    ]);
    expect(ruleProblems({ actions: { courier_id: 'dhl', package_count: 3 } }, couriers)).toEqual([{ field: 'actions.package_count', message: shipmentLogicRuleTexts.tooManyPackages(2) }]);
    expect(ruleProblems({ actions: { weight: 0 } }, couriers)).toEqual([{ field: 'actions.weight', message: shipmentLogicRuleTexts.packageWeight }]);
    expect(ruleProblems({ actions: { courier_id: 'test', shipment_type: 'parcel', courier_fields: { signature: true, insurance: '500' }, package_count: 2, weight: 900 } }, couriers)).toEqual([]);
    expect(ruleProblems({ actions: { ignore: true } }, couriers)).toEqual([]);
  });

  it('raises the dashboard notice only for an active rule with problems', () => {
    expect(hasActiveRuleProblems([{ is_active: false, errors: [{}] }, { is_active: true, errors: [] }])).toBe(false);
    expect(hasActiveRuleProblems([{ is_active: true, errors: [{}] }])).toBe(true);
  });
});

describe('withShipmentCleared', () => {
  it('forgets courier, type and options, and the packages when the lines weigh', () => {
    const given = order({ courier_id: 'dhl', shipment_type: 'express', shipment: { packages: [{ weight: 900 }, { weight: 900 }], courier_fields: { evening: true } } });
    expect(withShipmentCleared(given)).toMatchObject({ courier_id: null, shipment_type: null, shipment: { packages: [{ weight: 0 }], courier_fields: {} } });
  });

  it('keeps packages weighed by hand when the lines have no weight', () => {
    const given = order({ courier_id: 'dhl', shipment: { packages: [{ weight: 900 }], courier_fields: {} }, order_items: [{ quantity: 1, weight: null }] });
    expect(withShipmentCleared(given).shipment.packages).toEqual([{ weight: 900 }]);
  });
});
