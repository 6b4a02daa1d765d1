import { AppError, validationError } from '@verzendhuis/domain/errors';
import { orderErrorMessages } from '@verzendhuis/domain/orders-texts';
import { validateOrder } from '@verzendhuis/domain/order-validation';
import { parseSort } from '@verzendhuis/contract/common';
import { orderInputSchema, type Order, type OrderInputParsed, type OrderListQuery } from '@verzendhuis/contract/order';
import { type z } from 'zod';
import type { CourierRepository, CourierRow } from '../couriers/repository';
import { courierRules } from '../couriers/service';
import type { ShopRepository } from '../shops/repository';
import { inputToRow, rowToListItem, rowToOrder, rowToValidationInput } from './mapper';
import { orderSortColumns, type OrderRepository, type OrderSortKey } from './repository';
import { createRandom, generateTestOrder } from './test-orders';

export const orderNotFound = () => new AppError({ type: 'not_found', messageCode: 'order_not_found', message: orderErrorMessages.order_not_found });

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return fields;
}

export function createOrderService(deps: { orders: OrderRepository; couriers: CourierRepository; shops: ShopRepository }) {
  const { orders } = deps;

  async function courierLookup(organisationId: string): Promise<(id: string | null | undefined) => CourierRow | undefined> {
    const list = await deps.couriers.listAll(organisationId);
    const byId = new Map(list.map((c) => [c.id, c]));
    return (id) => (id ? byId.get(id) : undefined);
  }

  function evaluate(input: OrderInputParsed, courier: CourierRow | undefined) {
    return validateOrder({ order: input, courier: courierRules(courier) });
  }

  async function load(organisationId: string, id: string): Promise<Order> {
    const found = await orders.find(organisationId, id);
    if (!found) throw orderNotFound();
    const shops = await deps.shops.labels(organisationId);
    return rowToOrder(found.order, found.items, shops);
  }

  async function revalidateIds(organisationId: string, ids: string[]): Promise<number> {
    const courierOf = await courierLookup(organisationId);
    let affected = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const batch = await orders.findMany(organisationId, ids.slice(i, i + 500));
      const updates = batch.map(({ order, items }) => {
        const result = validateOrder({ order: rowToValidationInput(order, items), courier: courierRules(courierOf(order.courierId)) });
        return { id: order.id, status: result.status, statusInfo: result.status_info, isExport: result.is_export };
      });
      await orders.setStatuses(organisationId, updates);
      affected += updates.length;
    }
    return affected;
  }

  return {
    get: load,

    async create(organisationId: string, input: OrderInputParsed, source: 'manual' | 'api' = 'manual'): Promise<Order> {
      const courierOf = await courierLookup(organisationId);
      const result = evaluate(input, courierOf(input.courier_id));
      const [id] = await orders.insert(organisationId, [
        inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export, source }),
      ]);
      return load(organisationId, id ?? '');
    },

    async update(organisationId: string, id: string, input: OrderInputParsed): Promise<Order> {
      const courierOf = await courierLookup(organisationId);
      const result = evaluate(input, courierOf(input.courier_id));
      const row = inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export });
      if (!(await orders.update(organisationId, id, row.order, row.items))) throw orderNotFound();
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
        const result = evaluate(parsed.data, courierOf(parsed.data.courier_id));
        accepted.push({ index, status: result.status, row: inputToRow(parsed.data, { status: result.status, statusInfo: result.status_info, isExport: result.is_export, source: 'api' }) });
      });
      const ids = await orders.insert(organisationId, accepted.map((a) => a.row));
      const data = accepted.map((a, i) => ({ index: a.index, id: ids[i] ?? '', status: a.status }));
      const status: 'success' | 'partial' | 'failed' = errors.length === 0 ? 'success' : data.length === 0 ? 'failed' : 'partial';
      return { status, data, errors };
    },

    async list(organisationId: string, query: OrderListQuery) {
      const sort = parseSort(query.sort, Object.keys(orderSortColumns) as OrderSortKey[], { key: 'order_date', descending: true });
      const [result, shops] = await Promise.all([
        orders.list(organisationId, { tab: query.tab, search: query.search || undefined, sort, page: query.page, pageSize: query.page_size }),
        deps.shops.labels(organisationId),
      ]);
      return {
        data: result.rows.map((row) => rowToListItem(row, shops)),
        meta: { total: result.total, page: query.page, page_size: query.page_size, total_is_lower_bound: result.totalIsLowerBound },
      };
    },

    async counts(organisationId: string, search?: string) {
      return search ? orders.searchCounts(organisationId, search) : orders.tabCounts(organisationId);
    },

    async deactivate(organisationId: string, ids: string[]): Promise<number> {
      return orders.deactivate(organisationId, ids);
    },

    async revalidate(organisationId: string, ids: string[]): Promise<number> {
      return revalidateIds(organisationId, ids);
    },

    /** order/update: every order of the Bestellingen tab, after settings changed. */
    async revalidateAll(organisationId: string): Promise<number> {
      let affected = 0;
      let after: string | null = null;
      for (;;) {
        const ids = await orders.openOrderIds(organisationId, after, 2000);
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
      const courier = (await deps.couriers.listAll(organisationId)).find((c) => c.isActive) ?? null;
      const random = createRandom(Date.now() % 2_147_483_647);
      const rows = Array.from({ length: count }, (_, i) => {
        const input = orderInputSchema.parse(generateTestOrder({ random, index: Math.floor(random.next() * 900_000) + 100_000 + i, courierId: courier?.id ?? null }));
        const result = evaluate(input, courier ?? undefined);
        return inputToRow(input, { status: result.status, statusInfo: result.status_info, isExport: result.is_export, source: 'test' });
      });
      return (await orders.insert(organisationId, rows)).length;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
