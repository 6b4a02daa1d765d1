import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderItems, orders, shops } from '../db/schema';

export type DocumentOrderRow = typeof orders.$inferSelect;
export type DocumentItemRow = typeof orderItems.$inferSelect;

export interface DocumentOrder {
  order: DocumentOrderRow;
  items: DocumentItemRow[];
  /** The shop's name when the order came from a shop. */
  shopLabel: string | null;
}

/**
 * The orders the documents print, with their lines and shop. Reached through a label,
 * an order counts even when it was deleted from the orders list afterwards: the
 * parcel it describes exists.
 */
export function createOrderDocumentRepository(db: Database) {
  return {
    /** The documents of one organisation's orders: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async loadOrders(ids: readonly string[], options: { activeOnly: boolean }): Promise<Map<string, DocumentOrder>> {
          const found = new Map<string, DocumentOrder>();
          if (ids.length === 0) return found;
          const conditions = [eq(orders.organisationId, organisationId), inArray(orders.id, [...ids])];
          if (options.activeOnly) conditions.push(eq(orders.isActive, true));
          const rows = await db
            .select({ order: orders, shopLabel: shops.label })
            .from(orders)
            .leftJoin(shops, and(eq(shops.id, orders.shopId), eq(shops.organisationId, organisationId)))
            .where(and(...conditions));
          if (rows.length === 0) return found;
          const items = await db
            .select()
            .from(orderItems)
            .where(and(eq(orderItems.organisationId, organisationId), inArray(orderItems.orderId, rows.map((r) => r.order.id))))
            .orderBy(asc(orderItems.orderId), asc(orderItems.position));
          for (const row of rows) found.set(row.order.id, { order: row.order, items: [], shopLabel: row.shopLabel });
          for (const item of items) found.get(item.orderId)?.items.push(item);
          return found;
        },
      };
    },
  };
}

export type OrderDocumentRepository = ReturnType<typeof createOrderDocumentRepository>;
export type OrganisationOrderDocuments = ReturnType<OrderDocumentRepository['for']>;
