import { AppError, validationError } from '@verzendhuis/domain/errors';
import { orderErrorMessages } from '@verzendhuis/domain/orders-texts';
import { validateOrder } from '@verzendhuis/domain/order-validation';
import { applyBulkOrderValues, type BulkEditableShipment } from '@verzendhuis/domain/order-bulk-edit';
import type { OrderStatus } from '@verzendhuis/domain/order';
import { withShipmentCleared } from '@verzendhuis/domain/shipping-rules';
import { orderRequestTexts } from '@verzendhuis/domain/orders-texts';
import { scanErrorMessages } from '@verzendhuis/domain/scan-texts';
import { parseSort } from '@verzendhuis/contract/common';
import { orderInputSchema, type Order, type OrderBulkEditResult, type OrderBulkValues, type OrderInputParsed, type OrderListQuery } from '@verzendhuis/contract/order';
import type { CourierRepository, CourierRow } from '../couriers/repository';
import { courierRules } from '../couriers/service';
import type { ShopRepository } from '../shops/repository';
import { rowToInput, rowToListItem, rowToOrder, rowToValidationInput } from './mapper';
import { orderSortColumns, type OrderRepository, type OrderShipmentEdit, type OrderSortKey, type OrderStatusUpdate, type OrderWithItems } from './repository';
import type { OrderIntake } from './intake';
import { createRandom, generateTestOrder } from './test-orders';

export const orderNotFound = () => new AppError({ type: 'not_found', messageCode: 'order_not_found', message: orderErrorMessages.order_not_found });

/** The order number a body names, for the error list of order/bulk; null when none. */
function orderNumberOf(body: unknown): string | null {
  return typeof body === 'object' && body && 'order_number' in body ? String((body as { order_number: unknown }).order_number ?? '') || null : null;
}

/** An order's status as the domain's rules (validateOrder) give it today, in the shape `setStatuses` stores. */
export function recheckedStatus({ order, items }: OrderWithItems, courier: CourierRow | undefined): OrderStatusUpdate {
  const result = validateOrder({ order: rowToValidationInput(order, items), courier: courierRules(courier) });
  return { id: order.id, status: result.status, statusInfo: result.status_info, isExport: result.is_export };
}

export function createOrderService(deps: { orders: OrderRepository; couriers: CourierRepository; shops: ShopRepository; intake: OrderIntake }) {
  const { orders } = deps;

  async function courierLookup(organisationId: string): Promise<(id: string | null | undefined) => CourierRow | undefined> {
    const list = await deps.couriers.for(organisationId).listAll();
    const byId = new Map(list.map((c) => [c.id, c]));
    return (id) => (id ? byId.get(id) : undefined);
  }

  async function load(organisationId: string, id: string): Promise<Order> {
    const found = await orders.for(organisationId).find(id);
    if (!found) throw orderNotFound();
    const shops = await deps.shops.for(organisationId).labels();
    return rowToOrder(found.order, found.items, shops);
  }

  async function revalidateIds(organisationId: string, ids: string[]): Promise<number> {
    const courierOf = await courierLookup(organisationId);
    let affected = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const batch = await orders.for(organisationId).findMany(ids.slice(i, i + 500));
      const updates = batch.map((found) => recheckedStatus(found, courierOf(found.order.courierId)));
      await orders.for(organisationId).setStatuses(updates);
      affected += updates.length;
    }
    return affected;
  }

  return {
    get: load,

    /** GET order/lookup (the scan page): the order with this number or shop reference. */
    async lookup(organisationId: string, code: string): Promise<Order> {
      const found = await orders.for(organisationId).findByReference(code);
      if (!found) throw new AppError({ type: 'not_found', messageCode: 'order_reference_unknown', message: scanErrorMessages.order_reference_unknown });
      const shops = await deps.shops.for(organisationId).labels();
      return rowToOrder(found.order, found.items, shops);
    },

    async create(organisationId: string, body: OrderInputParsed, source: 'manual' | 'api' = 'manual'): Promise<Order> {
      const prepared = (await deps.intake.pipeline(organisationId)).prepare(body, { source });
      if (!prepared.ok) throw validationError(prepared.fields);
      const [id] = await orders.for(organisationId).insert([prepared.row]);
      return load(organisationId, id ?? '');
    },

    async update(organisationId: string, id: string, body: OrderInputParsed): Promise<Order> {
      const prepared = (await deps.intake.pipeline(organisationId, 'edit')).prepare(body);
      if (!prepared.ok) {
        // Another organisation's order is not found, whatever its body says.
        if (!(await orders.for(organisationId).find(id))) throw orderNotFound();
        throw validationError(prepared.fields);
      }
      if (!(await orders.for(organisationId).update(id, prepared.row.order, prepared.row.items))) throw orderNotFound();
      return load(organisationId, id);
    },

    /**
     * Many orders in one call, through the intake (orders/intake.ts). Each order is checked
     * on its own: a bad one is reported with its index and fields, the good ones are stored together.
     */
    async bulkCreate(organisationId: string, bodies: unknown[]) {
      const result = await deps.intake.receive(organisationId, bodies.map((body) => ({ externalKey: null, body })), { source: 'api' });
      const data: { index: number; id: string; status: OrderStatus }[] = [];
      const errors: { index: number; order_number: string | null; message: string; fields: Record<string, string[]> }[] = [];
      for (const outcome of result.outcomes) {
        if (outcome.outcome === 'created' || outcome.outcome === 'updated') data.push({ index: outcome.index, id: outcome.id, status: outcome.status });
        else if (outcome.outcome === 'error') errors.push({ index: outcome.index, order_number: orderNumberOf(bodies[outcome.index]), message: validationError({}).message, fields: outcome.fields });
      }
      const status: 'success' | 'partial' | 'failed' = errors.length === 0 ? 'success' : data.length === 0 ? 'failed' : 'partial';
      return { status, data, errors };
    },

    async list(organisationId: string, query: OrderListQuery) {
      const sort = parseSort(query.sort, Object.keys(orderSortColumns) as OrderSortKey[], { key: 'order_date', descending: true });
      const [result, shops] = await Promise.all([
        orders.for(organisationId).list({ tab: query.tab, search: query.search || undefined, sort, page: query.page, pageSize: query.page_size }),
        deps.shops.for(organisationId).labels(),
      ]);
      return {
        data: result.rows.map((row) => rowToListItem(row, shops)),
        meta: { total: result.total, page: query.page, page_size: query.page_size, total_is_lower_bound: result.totalIsLowerBound },
      };
    },

    async counts(organisationId: string, search?: string) {
      return search ? orders.for(organisationId).searchCounts(search) : orders.for(organisationId).tabCounts();
    },

    async deactivate(organisationId: string, ids: string[]): Promise<number> {
      return orders.for(organisationId).deactivate(ids);
    },

    /**
     * order/reset ("Verzendregels opnieuw toepassen"): the chosen open orders without a
     * label (and the ones a rule ignored) forget courier, type and options (and their
     * packages when the lines weigh), and get the shipping rules, the defaults and
     * validation again, as when they arrived; one transaction, the orders locked. Returns
     * how many changed (docs/shipping-rules.md).
     */
    async reset(organisationId: string, ids: string[]): Promise<number> {
      const run = await deps.intake.pipeline(organisationId, 'incoming');
      const edit = (found: OrderWithItems[]): OrderShipmentEdit[] =>
        found.flatMap(({ order, items }) => {
          const prepared = run.prepare(withShipmentCleared(rowToInput(order, items)), { shopId: order.shopId });
          if (!prepared.ok) return [];
          const next = prepared.row.order;
          return [
            {
              id: order.id,
              courierId: next.courierId ?? null,
              shipmentType: next.shipmentType ?? null,
              courierFields: next.courierFields ?? {},
              packages: next.packages ?? order.packages,
              status: next.status ?? order.status,
              statusInfo: next.statusInfo ?? [],
              isExport: next.isExport ?? order.isExport,
            },
          ];
        });
      return (await orders.for(organisationId).editOpenOrders([...new Set(ids)], edit, { includeIgnored: true })).length;
    },

    /**
     * updatebulkorders {action: 'update'}: the values (if any) applied to each chosen order
     * of the Bestellingen tab, every one re-validated as order/create does, all in one
     * transaction. A refused value (another organisation's courier, a shipment type of
     * another courier, too many packages) is a 400 on `values.<field>` and writes nothing.
     */
    async bulkEdit(organisationId: string, ids: string[], values: OrderBulkValues | undefined): Promise<Required<OrderBulkEditResult>> {
      const courierOf = await courierLookup(organisationId);
      if (values?.courier_id && !courierOf(values.courier_id)) throw validationError({ 'values.courier_id': [orderRequestTexts.courierNotOwned] });
      const rulesOf = (id: string | null) => courierRules(courierOf(id));
      const edit = ({ order, items }: OrderWithItems): OrderShipmentEdit => {
        const current: BulkEditableShipment = { courier_id: order.courierId, shipment_type: order.shipmentType, courier_fields: order.courierFields, packages: order.packages };
        const outcome = values ? applyBulkOrderValues({ shipment: current, values, courierOf: rulesOf }) : { ok: true as const, shipment: current };
        if (!outcome.ok) throw validationError({ [`values.${outcome.field}`]: [outcome.message] });
        const next = outcome.shipment;
        const result = validateOrder({
          order: { ...rowToValidationInput(order, items), courier_id: next.courier_id, shipment_type: next.shipment_type, shipment: { packages: next.packages, courier_fields: next.courier_fields } },
          courier: rulesOf(next.courier_id),
        });
        return {
          id: order.id,
          courierId: next.courier_id,
          shipmentType: next.shipment_type,
          courierFields: next.courier_fields,
          packages: next.packages,
          status: result.status,
          statusInfo: result.status_info,
          isExport: result.is_export,
        };
      };
      const unique = [...new Set(ids)];
      const edits = await orders.for(organisationId).editOpenOrders(unique, (found) => found.map(edit));
      const statuses = { ready: 0, warning: 0, incomplete: 0, error: 0 };
      for (const e of edits) if (e.status in statuses) statuses[e.status as keyof typeof statuses] += 1;
      return { affected: edits.length, skipped: unique.length - edits.length, statuses };
    },

    /** order/update: every order of the Bestellingen tab, after settings changed. */
    async revalidateAll(organisationId: string): Promise<number> {
      let affected = 0;
      let after: string | null = null;
      for (;;) {
        const ids = await orders.for(organisationId).openOrderIds(after, 2000);
        if (ids.length === 0) return affected;
        affected += await revalidateIds(organisationId, ids);
        after = ids[ids.length - 1] ?? null;
      }
    },

    /** Realistic NL/BE/DE orders for a trial, with the first active courier. */
    async generateTestOrders(organisationId: string, count: number, isTrial: boolean): Promise<number> {
      if (!isTrial) {
        throw new AppError({ type: 'authorization', messageCode: 'trial_only', message: orderErrorMessages.trial_only });
      }
      const random = createRandom(Date.now() % 2_147_483_647);
      const run = await deps.intake.pipeline(organisationId);
      // Test orders name no courier: the defaults (and shipping rules) choose, as for any arriving order.
      const rows = Array.from({ length: count }, (_, i) => run.prepare(orderInputSchema.parse(generateTestOrder({ random, index: Math.floor(random.next() * 900_000) + 100_000 + i, courierId: null })), { source: 'test' }));
      return (await orders.for(organisationId).insert(rows.flatMap((r) => (r.ok ? [r.row] : [])))).length;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
