import { AppError, validationError } from '@verzendhuis/domain/errors';
import { orderErrorMessages } from '@verzendhuis/domain/orders-texts';
import { validateOrder } from '@verzendhuis/domain/order-validation';
import { applyBulkOrderValues, type BulkEditableShipment } from '@verzendhuis/domain/order-bulk-edit';
import { withDefaultPackageWeights } from '@verzendhuis/domain/order-defaults';
import { orderRequestTexts } from '@verzendhuis/domain/orders-texts';
import { parseSort } from '@verzendhuis/contract/common';
import { orderInputSchema, type Order, type OrderBulkEditResult, type OrderBulkValues, type OrderInputParsed, type OrderListQuery } from '@verzendhuis/contract/order';
import { type z } from 'zod';
import type { CourierRepository, CourierRow } from '../couriers/repository';
import { courierRules } from '../couriers/service';
import type { ShopRepository } from '../shops/repository';
import { inputToRow, rowToListItem, rowToOrder, rowToValidationInput } from './mapper';
import { orderSortColumns, type OrderRepository, type OrderShipmentEdit, type OrderSortKey, type OrderStatusUpdate, type OrderWithItems } from './repository';
import { createRandom, generateTestOrder } from './test-orders';

export const orderNotFound = () => new AppError({ type: 'not_found', messageCode: 'order_not_found', message: orderErrorMessages.order_not_found });

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return fields;
}

/** An order's status as the domain's rules (validateOrder) give it today, in the shape `setStatuses` stores. */
export function recheckedStatus({ order, items }: OrderWithItems, courier: CourierRow | undefined): OrderStatusUpdate {
  const result = validateOrder({ order: rowToValidationInput(order, items), courier: courierRules(courier) });
  return { id: order.id, status: result.status, statusInfo: result.status_info, isExport: result.is_export };
}

export function createOrderService(deps: { orders: OrderRepository; couriers: CourierRepository; shops: ShopRepository }) {
  const { orders } = deps;

  async function courierLookup(organisationId: string): Promise<(id: string | null | undefined) => CourierRow | undefined> {
    const list = await deps.couriers.for(organisationId).listAll();
    const byId = new Map(list.map((c) => [c.id, c]));
    return (id) => (id ? byId.get(id) : undefined);
  }

  /** A courier_id that names no courier of the organisation (unknown, or another's): the field's error. */
  function courierFieldError(input: OrderInputParsed, courierOf: (id: string | null | undefined) => CourierRow | undefined): Record<string, string[]> | null {
    return input.courier_id && !courierOf(input.courier_id) ? { courier_id: [orderRequestTexts.courierNotOwned] } : null;
  }

  function evaluate(input: OrderInputParsed, courier: CourierRow | undefined) {
    return validateOrder({ order: input, courier: courierRules(courier) });
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

    async create(organisationId: string, body: OrderInputParsed, source: 'manual' | 'api' = 'manual'): Promise<Order> {
      const input = withDefaultPackageWeights(body);
      const courierOf = await courierLookup(organisationId);
      const courierError = courierFieldError(input, courierOf);
      if (courierError) throw validationError(courierError);
      const result = evaluate(input, courierOf(input.courier_id));
      const [id] = await orders.for(organisationId).insert([
        inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export, source }),
      ]);
      return load(organisationId, id ?? '');
    },

    async update(organisationId: string, id: string, body: OrderInputParsed): Promise<Order> {
      const input = withDefaultPackageWeights(body);
      const courierOf = await courierLookup(organisationId);
      const courierError = courierFieldError(input, courierOf);
      if (courierError) {
        // Another organisation's order is not found, whatever its body says.
        if (!(await orders.for(organisationId).find(id))) throw orderNotFound();
        throw validationError(courierError);
      }
      const result = evaluate(input, courierOf(input.courier_id));
      const row = inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export });
      if (!(await orders.for(organisationId).update(id, row.order, row.items))) throw orderNotFound();
      return load(organisationId, id);
    },

    /**
     * Many orders in one call. Each order is checked on its own: a bad one is
     * reported with its index and fields, the good ones are stored together.
     */
    async bulkCreate(organisationId: string, bodies: unknown[]) {
      const courierOf = await courierLookup(organisationId);
      const errors: { index: number; order_number: string | null; message: string; fields: Record<string, string[]> }[] = [];
      const accepted: { index: number; row: ReturnType<typeof inputToRow>; status: ReturnType<typeof validateOrder>['status'] }[] = [];
      bodies.forEach((body, index) => {
        const parsed = orderInputSchema.safeParse(body);
        if (!parsed.success) {
          const number = typeof body === 'object' && body && 'order_number' in body ? String((body as { order_number: unknown }).order_number ?? '') || null : null;
          errors.push({ index, order_number: number, message: validationError({}).message, fields: fieldErrors(parsed.error) });
          return;
        }
        const input = withDefaultPackageWeights(parsed.data);
        const courierError = courierFieldError(input, courierOf);
        if (courierError) {
          errors.push({ index, order_number: input.order_number ?? null, message: validationError({}).message, fields: courierError });
          return;
        }
        const result = evaluate(input, courierOf(input.courier_id));
        accepted.push({ index, status: result.status, row: inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export, source: 'api' }) });
      });
      const ids = await orders.for(organisationId).insert(accepted.map((a) => a.row));
      const data = accepted.map((a, i) => ({ index: a.index, id: ids[i] ?? '', status: a.status }));
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

    async revalidate(organisationId: string, ids: string[]): Promise<number> {
      return revalidateIds(organisationId, ids);
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
      const courier = (await deps.couriers.for(organisationId).listAll()).find((c) => c.isActive) ?? null;
      const random = createRandom(Date.now() % 2_147_483_647);
      const rows = Array.from({ length: count }, (_, i) => {
        const input = withDefaultPackageWeights(orderInputSchema.parse(generateTestOrder({ random, index: Math.floor(random.next() * 900_000) + 100_000 + i, courierId: courier?.id ?? null })));
        const result = evaluate(input, courier ?? undefined);
        return inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export, source: 'test' });
      });
      return (await orders.for(organisationId).insert(rows)).length;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
