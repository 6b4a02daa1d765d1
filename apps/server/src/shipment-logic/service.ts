import { AppError, notFound, validationError, type FieldErrors } from '@verzendhuis/domain/errors';
import { applyShippingRules, ruleProblems, withShipmentCleared, type RuleCourier, type RuleOrder, type ShippingRule } from '@verzendhuis/domain/shipping-rules';
import { shipmentLogicErrorMessages, shipmentLogicRuleTexts as texts } from '@verzendhuis/domain/shipping-rules-texts';
import {
  maxShipmentLogicRules,
  shipmentLogicDryRunLimit,
  type ShipmentLogicDryRunRow,
  type ShipmentLogicRule,
  type ShipmentLogicRuleInputParsed,
  type ShipmentLogicRulePatch,
} from '@verzendhuis/contract/shipment-logic';
import type { CourierRepository, CourierRow } from '../couriers/repository';
import { courierRules } from '../couriers/service';
import { defaultShipmentTypeOf } from '@verzendhuis/domain/order-bulk-edit';
import { fromCents } from '../orders/mapper';
import type { OrderItemRow, OrderRepository, OrderRow } from '../orders/repository';
import type { ShipmentLogicRepository, ShipmentLogicRuleRow, ShipmentLogicRuleValues } from './repository';

/** A stored rule as the domain applies it. */
export function rowToRule(row: ShipmentLogicRuleRow): ShippingRule {
  return { id: row.id, name: row.name, is_active: row.isActive, match: row.match, conditions: row.conditions, actions: row.actions, continue: row.continueAfter };
}

/** The organisation's couriers as the rules see them (every one, deactivated too: a rule naming one is an error). */
export function ruleCouriers(rows: CourierRow[]): RuleCourier[] {
  return rows.flatMap((row) => {
    const rules = courierRules(row);
    return rules ? [{ ...rules, id: row.id }] : [];
  });
}

function toDto(row: ShipmentLogicRuleRow, couriers: RuleCourier[]): ShipmentLogicRule {
  const rule = rowToRule(row);
  return {
    ...rule,
    position: row.position,
    errors: ruleProblems(rule, couriers),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A stored order as the rules read it. */
export function rowToRuleOrder(row: OrderRow, items: OrderItemRow[]): RuleOrder {
  return {
    country: row.country,
    zipcode: row.zipcode,
    service_id: row.shopId,
    shop_shipping_method: row.shopShippingMethod,
    courier_id: row.courierId,
    shipment_type: row.shipmentType,
    shipment: { packages: row.packages, courier_fields: row.courierFields },
    order_items: items.map((i) => ({ quantity: i.quantity, unit_price_inc_btw: fromCents(i.unitPriceCents), weight: i.weight, sku: i.sku })),
  };
}

const ruleNotFound = () => notFound('shipment_logic_rule_not_found');

/**
 * The shipping rules of /settings/shipmentlogic (docs/shipping-rules.md). A rule is saved
 * when it is well formed (the contract's schema) and its courier is one of the
 * organisation's; an active rule must also be applicable now (ruleProblems). A rule that
 * goes wrong later (its courier deactivated) stays, with its `errors`.
 */
export function createShipmentLogicService(deps: { rules: ShipmentLogicRepository; couriers: CourierRepository; orders: OrderRepository }) {
  async function couriersOf(organisationId: string): Promise<RuleCourier[]> {
    return ruleCouriers(await deps.couriers.for(organisationId).listAll());
  }

  /** Refuses what may not be stored: another organisation's courier; for an active rule, every problem. */
  function check(rule: Pick<ShippingRule, 'actions' | 'is_active'>, couriers: RuleCourier[]): void {
    const fields: FieldErrors = {};
    const courierId = rule.actions.courier_id;
    if (courierId && !couriers.some((c) => c.id === courierId)) fields['actions.courier_id'] = [texts.courierNotOwned];
    else if (rule.is_active) for (const p of ruleProblems(rule, couriers)) (fields[p.field] ??= []).push(p.message);
    if (Object.keys(fields).length > 0) throw validationError(fields);
  }

  function values(input: ShipmentLogicRulePatch): Partial<ShipmentLogicRuleValues> {
    return {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      ...(input.match !== undefined ? { match: input.match } : {}),
      ...(input.conditions !== undefined ? { conditions: input.conditions } : {}),
      ...(input.actions !== undefined ? { actions: input.actions } : {}),
      ...(input.continue !== undefined ? { continueAfter: input.continue } : {}),
    };
  }

  return {
    /** What the intake needs once per batch: the rules in order and the couriers they are checked against. */
    async rulesFor(organisationId: string): Promise<{ rules: ShippingRule[]; couriers: RuleCourier[] }> {
      const [rows, couriers] = await Promise.all([deps.rules.for(organisationId).list(), couriersOf(organisationId)]);
      return { rules: rows.map(rowToRule), couriers };
    },

    async list(organisationId: string): Promise<ShipmentLogicRule[]> {
      const [rows, couriers] = await Promise.all([deps.rules.for(organisationId).list(), couriersOf(organisationId)]);
      return rows.map((row) => toDto(row, couriers));
    },

    async create(organisationId: string, input: ShipmentLogicRuleInputParsed): Promise<ShipmentLogicRule> {
      const couriers = await couriersOf(organisationId);
      check(input, couriers);
      const row = await deps.rules.for(organisationId).create(values(input) as ShipmentLogicRuleValues, maxShipmentLogicRules);
      if (!row) throw new AppError({ type: 'usage', messageCode: 'shipment_logic_limit_reached', message: shipmentLogicErrorMessages.shipment_logic_limit_reached });
      return toDto(row, couriers);
    },

    async update(organisationId: string, id: string, patch: ShipmentLogicRulePatch): Promise<ShipmentLogicRule> {
      const rules = deps.rules.for(organisationId);
      const [current, couriers] = await Promise.all([rules.find(id), couriersOf(organisationId)]);
      if (!current) throw ruleNotFound();
      const next = { ...rowToRule(current), ...patch };
      check(next, couriers);
      const row = await rules.update(id, values(patch));
      if (!row) throw ruleNotFound();
      return toDto(row, couriers);
    },

    async remove(organisationId: string, id: string): Promise<void> {
      if (!(await deps.rules.for(organisationId).remove(id))) throw ruleNotFound();
    },

    /**
     * Which rule each of the newest 50 orders would get now, as order/reset would apply it
     * (courier, type and options chosen anew), with the courier and type that follow after
     * the defaults. Stores nothing.
     */
    async dryRun(organisationId: string): Promise<ShipmentLogicDryRunRow[]> {
      const [rows, courierRows, found] = await Promise.all([
        deps.rules.for(organisationId).list(),
        deps.couriers.for(organisationId).listAll(),
        deps.orders.for(organisationId).latest(shipmentLogicDryRunLimit),
      ]);
      const rules = rows.map(rowToRule);
      const couriers = ruleCouriers(courierRows);
      const firstActive = courierRows.find((c) => c.isActive && couriers.some((r) => r.id === c.id));
      return found.map(({ order, items }) => {
        const outcome = applyShippingRules({ order: withShipmentCleared(rowToRuleOrder(order, items)), rules, couriers });
        const courierId = outcome.order.courier_id ?? firstActive?.id ?? null;
        const courier = couriers.find((c) => c.id === courierId);
        const shipmentType = outcome.order.shipment_type ?? defaultShipmentTypeOf(courier ?? null);
        return {
          order_id: order.id,
          order_number: order.orderNumber,
          name: order.name,
          country: order.country,
          created_at: order.createdAt.toISOString(),
          rule: outcome.applied[0] ?? null,
          rules: outcome.applied,
          failed_rule: outcome.failed,
          ignored: outcome.ignored,
          courier_id: courierId,
          courier_name: courierRows.find((c) => c.id === courierId)?.label ?? null,
          shipment_type: shipmentType,
        };
      });
    },

    async reorder(organisationId: string, ids: string[]): Promise<ShipmentLogicRule[]> {
      const [rows, couriers] = await Promise.all([deps.rules.for(organisationId).reorder(ids), couriersOf(organisationId)]);
      if (!rows) throw validationError({ ids: [texts.reorderMismatch] });
      return rows.map((row) => toDto(row, couriers));
    },
  };
}

export type ShipmentLogicService = ReturnType<typeof createShipmentLogicService>;
