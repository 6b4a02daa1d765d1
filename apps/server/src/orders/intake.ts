import { orderInputSchema, type OrderInputParsed } from '@verzendhuis/contract/order';
import { applyOrderDefaults, withDefaultPackageWeights, type DefaultsCourier } from '@verzendhuis/domain/order-defaults';
import { orderRequestTexts } from '@verzendhuis/domain/orders-texts';
import type { OrderStatus } from '@verzendhuis/domain/order';
import { validateOrder } from '@verzendhuis/domain/order-validation';
import { pickupPointProblem } from '@verzendhuis/domain/pickup-points';
import { applyShippingRules, statusAfterRules, type ShippingRule } from '@verzendhuis/domain/shipping-rules';
import type { z } from 'zod';
import type { CourierRepository, CourierRow } from '../couriers/repository';
import { courierClassMeta } from '../carriers/registry';
import { courierRules } from '../couriers/service';
import type { ShipmentLogicRepository } from '../shipment-logic/repository';
import { rowToRule } from '../shipment-logic/service';
import { inputToRow } from './mapper';
import type { NewOrder, NewOrderItem, OrderRepository } from './repository';

/** Where an order came from (orders.source). */
export type IntakeSource = 'manual' | 'api' | 'csv' | 'shop' | 'test';

/** One order arriving from a source, before defaults and checks. */
export interface IncomingOrder {
  /**
   * Who the order is at its source: `csv:<order number>`, `shop:<shop id>:<the shop's id>`.
   * A second arrival with the same key updates the order while it has no label and is
   * still active, and is skipped otherwise. null: always a new order.
   */
  externalKey: string | null;
  /** The order in the API's input shape (orderInputSchema), as the source gave it. */
  body: unknown;
}

export type IntakeOutcome =
  | { index: number; outcome: 'created' | 'updated'; id: string; status: OrderStatus }
  /**
   * labelled: the order has a label, deleted: the user deleted it, duplicate: a later order of
   * the same batch has the same key, or another arrival stored the key at the same moment.
   */
  | { index: number; outcome: 'skipped'; id: string | null; reason: 'labelled' | 'deleted' | 'duplicate' }
  | { index: number; outcome: 'error'; fields: Record<string, string[]> };

export interface IntakeResult {
  created: number;
  updated: number;
  skipped: number;
  /** One per incoming order, in the order they came. */
  outcomes: IntakeOutcome[];
}

export interface IntakeOptions {
  source: IntakeSource;
  /** The shop the orders come from (orders.shop_id). */
  shopId?: string | null;
  /** Answer what would happen, store nothing. */
  dryRun?: boolean;
}

/** What the pipeline makes of one parsed order: the order to store, or the fields that refuse it. */
export type PreparedOrder =
  | { ok: true; input: OrderInputParsed; row: { order: NewOrder; items: NewOrderItem[] }; status: OrderStatus }
  | { ok: false; fields: Record<string, string[]> };

/** The zod issues of a body as the error body's `fields` (path → Dutch messages). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return fields;
}

const insertBatch = 1000;

/**
 * The one way an order comes in, from every source (the form and the API through the order
 * service, CSV import, shops): parse, the organisation's shipping rules, the shared defaults
 * (packages/domain order-defaults), validation, and storage keyed by the source's own id so
 * that nothing arrives twice.
 */
export function createOrderIntake(deps: { orders: OrderRepository; couriers: CourierRepository; rules: ShipmentLogicRepository }) {
  /**
   * The organisation's pipeline for one batch of orders: the couriers and the shipping rules
   * are read once. `incoming` (every arrival, and order/reset): the rules first
   * (docs/shipping-rules.md), then the defaults fill what they left open. `edit` is a user's
   * change of an order that exists: what the user chose stays (an order may be left without
   * a courier), only the package weights are filled in; no shipping rules.
   */
  async function pipeline(organisationId: string, purpose: 'incoming' | 'edit' = 'incoming') {
    const [couriers, ruleRows] = await Promise.all([
      deps.couriers.for(organisationId).listAll(),
      purpose === 'incoming' ? deps.rules.for(organisationId).list() : Promise.resolve([]),
    ]);
    const rules: ShippingRule[] = ruleRows.map(rowToRule);
    const byId = new Map(couriers.map((c) => [c.id, c]));
    const defaultsCouriers: DefaultsCourier[] = couriers.flatMap((c) => {
      const rules = courierRules(c);
      return rules ? [{ id: c.id, ...rules }] : [];
    });
    const courierOf = (id: string | null | undefined): CourierRow | undefined => (id ? byId.get(id) : undefined);

    return {
      courierOf,
      prepare(parsed: OrderInputParsed, extra: { source?: IntakeSource; shopId?: string | null; externalKey?: string | null } = {}): PreparedOrder {
        // A courier_id that names no courier of the organisation (unknown, or another's) is the field's error.
        if (parsed.courier_id && !courierOf(parsed.courier_id)) return { ok: false, fields: { courier_id: [orderRequestTexts.courierNotOwned] } };
        const ruled = rules.length > 0 ? applyShippingRules({ order: { ...parsed, service_id: extra.shopId ?? null }, rules, couriers: defaultsCouriers }) : null;
        const input = purpose === 'edit' ? withDefaultPackageWeights(parsed) : applyOrderDefaults(ruled ? ruled.order : parsed, { couriers: defaultsCouriers });
        // Issue 14 §5: the pickup point must be one of the order's courier, which must deliver at pickup points.
        const courier = courierOf(input.courier_id);
        const pickupProblem = pickupPointProblem({ pickupPoint: input.pickup_point, courierId: input.courier_id, supportsPickupPoints: courier ? (courierClassMeta(courier.serviceClass)?.supports_pickup_points ?? false) : null });
        if (pickupProblem) return { ok: false, fields: { pickup_point: [pickupProblem] } };
        const validated = validateOrder({ order: input, courier: courierRules(courier) });
        const result = ruled ? { ...validated, ...statusAfterRules(validated, ruled) } : validated;
        const row = inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export, ...(extra.source ? { source: extra.source } : {}) });
        if (extra.shopId !== undefined) row.order.shopId = extra.shopId;
        if (extra.externalKey !== undefined) row.order.externalKey = extra.externalKey;
        return { ok: true, input, row, status: result.status };
      },
    };
  }

  return {
    pipeline,

    async receive(organisationId: string, incoming: IncomingOrder[], options: IntakeOptions): Promise<IntakeResult> {
      const run = await pipeline(organisationId, 'incoming');
      const scoped = deps.orders.for(organisationId);
      const outcomes: IntakeOutcome[] = new Array(incoming.length);
      const prepared: { index: number; key: string | null; row: { order: NewOrder; items: NewOrderItem[] }; status: OrderStatus }[] = [];
      // The last arrival of a key within one batch is the one that counts.
      const lastOfKey = new Map<string, number>();
      incoming.forEach((order, index) => {
        if (order.externalKey) lastOfKey.set(order.externalKey, index);
      });

      incoming.forEach((order, index) => {
        const parsed = orderInputSchema.safeParse(order.body);
        if (!parsed.success) {
          outcomes[index] = { index, outcome: 'error', fields: fieldErrors(parsed.error) };
          return;
        }
        const result = run.prepare(parsed.data, { source: options.source, shopId: options.shopId ?? null, externalKey: order.externalKey });
        if (!result.ok) {
          outcomes[index] = { index, outcome: 'error', fields: result.fields };
          return;
        }
        prepared.push({ index, key: order.externalKey, row: result.row, status: result.status });
      });

      const keys = [...new Set(prepared.flatMap((p) => (p.key ? [p.key] : [])))];
      const existing = await scoped.findByExternalKeys(keys);
      const toInsert: typeof prepared = [];
      const toUpdate: (typeof prepared[number] & { id: string })[] = [];
      for (const p of prepared) {
        const found = p.key ? existing.get(p.key) : undefined;
        if (p.key && lastOfKey.get(p.key) !== p.index) {
          // An earlier row of the same key in this batch: the later one wins.
          outcomes[p.index] = { index: p.index, outcome: 'skipped', id: found?.id ?? null, reason: 'duplicate' };
          continue;
        }
        if (!found) {
          toInsert.push(p);
        } else if (!found.isActive) {
          outcomes[p.index] = { index: p.index, outcome: 'skipped', id: found.id, reason: 'deleted' };
        } else if (found.hasShipment) {
          outcomes[p.index] = { index: p.index, outcome: 'skipped', id: found.id, reason: 'labelled' };
        } else {
          toUpdate.push({ ...p, id: found.id });
        }
      }

      // A change at the source reaches our order while it has no label: the batch's changes in one transaction.
      for (let i = 0; i < toUpdate.length; i += insertBatch) {
        const batch = toUpdate.slice(i, i + insertBatch);
        const updated = options.dryRun ? new Set(batch.map((p) => p.id)) : await scoped.updateOpenMany(batch.map((p) => ({ id: p.id, order: p.row.order, items: p.row.items })));
        for (const p of batch) {
          outcomes[p.index] = updated.has(p.id)
            ? { index: p.index, outcome: 'updated', id: p.id, status: p.status }
            : { index: p.index, outcome: 'skipped', id: p.id, reason: 'labelled' };
        }
      }

      for (let i = 0; i < toInsert.length; i += insertBatch) {
        const batch = toInsert.slice(i, i + insertBatch);
        const ids = options.dryRun ? batch.map(() => '') : await scoped.insert(batch.map((p) => p.row));
        batch.forEach((p, j) => {
          const id = ids[j];
          outcomes[p.index] = id === null || id === undefined ? { index: p.index, outcome: 'skipped', id: null, reason: 'duplicate' } : { index: p.index, outcome: 'created', id, status: p.status };
        });
      }

      const tally = (outcome: IntakeOutcome['outcome']) => outcomes.filter((o) => o.outcome === outcome).length;
      return { created: tally('created'), updated: tally('updated'), skipped: tally('skipped'), outcomes };
    },
  };
}

export type OrderIntake = ReturnType<typeof createOrderIntake>;
