import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { labels, orderItems, orders, organisations, returnRequests, returnSettings } from '../db/schema';

export type ReturnSettingsRow = typeof returnSettings.$inferSelect;
export type ReturnRequestRow = typeof returnRequests.$inferSelect;
type ReturnSettingsValues = Omit<Partial<typeof returnSettings.$inferInsert>, 'organisationId' | 'createdAt'>;

/** An order the portal may return: one with an active outgoing label. */
export interface ReturnableOrder {
  id: string;
  orderNumber: string;
  zipcode: string | null;
  country: string;
  orderDate: Date;
  items: { id: string; name: string; quantity: number }[];
}

const uniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The return settings and the orders the return portal looks up (docs/returns.md). */
export function createReturnRepository(db: Database) {
  return {
    for(organisationId: string) {
      return {
        async settings(): Promise<ReturnSettingsRow | undefined> {
          const [row] = await db.select().from(returnSettings).where(eq(returnSettings.organisationId, organisationId));
          return row;
        },

        /** Stores a change (the row is made on the first); 'slug_taken' when another organisation has the slug. */
        async save(values: ReturnSettingsValues): Promise<'saved' | 'slug_taken'> {
          try {
            await db
              .insert(returnSettings)
              .values({ ...values, organisationId })
              .onConflictDoUpdate({ target: returnSettings.organisationId, set: { ...values, updatedAt: new Date() } });
            return 'saved';
          } catch (error) {
            if (uniqueViolation(error)) return 'slug_taken';
            throw error;
          }
        },

        /**
         * The order with this number that has an active outgoing label (a parcel that went
         * out), with its items; undefined when there is none.
         */
        async returnableOrder(orderNumber: string): Promise<ReturnableOrder | undefined> {
          const [order] = await db
            .select({ id: orders.id, orderNumber: orders.orderNumber, zipcode: orders.zipcode, country: orders.country, orderDate: orders.orderDate })
            .from(orders)
            .where(
              and(
                eq(orders.organisationId, organisationId),
                eq(orders.isActive, true),
                sql`lower(${orders.orderNumber}) = lower(${orderNumber})`,
                sql`EXISTS (SELECT 1 FROM ${labels} WHERE ${labels.orderId} = ${orders.id} AND ${labels.organisationId} = ${organisationId} AND ${labels.isActive} AND NOT ${labels.isReturn} AND ${labels.status} <> 'creating')`,
              ),
            )
            .orderBy(sql`${orders.orderDate} DESC`)
            .limit(1);
          if (!order?.orderNumber) return undefined;
          const items = await db
            .select({ id: orderItems.id, name: orderItems.name, quantity: orderItems.quantity })
            .from(orderItems)
            .where(and(eq(orderItems.organisationId, organisationId), eq(orderItems.orderId, order.id), eq(orderItems.isDummyItem, false)))
            .orderBy(asc(orderItems.position));
          return { ...order, orderNumber: order.orderNumber, items };
        },

        /** Whether this label is an active return label of this order. */
        async isReturnLabelOf(labelId: string, orderId: string): Promise<boolean> {
          const [row] = await db
            .select({ id: labels.id })
            .from(labels)
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), eq(labels.orderId, orderId), eq(labels.isReturn, true), eq(labels.isActive, true), ne(labels.status, 'creating')));
          return Boolean(row);
        },

        /** Whether the order has an active return label (made or being made). */
        async hasReturnLabel(orderId: string): Promise<boolean> {
          const [row] = await db
            .select({ id: labels.id })
            .from(labels)
            .where(and(eq(labels.organisationId, organisationId), eq(labels.orderId, orderId), eq(labels.isReturn, true), eq(labels.isActive, true)))
            .limit(1);
          return Boolean(row);
        },

        async orderNumberOf(orderId: string): Promise<string | null> {
          const [row] = await db
            .select({ orderNumber: orders.orderNumber })
            .from(orders)
            .where(and(eq(orders.organisationId, organisationId), eq(orders.id, orderId)));
          return row?.orderNumber ?? null;
        },

        /** A consumer-paid return waiting for (or done with) its payment. */
        async returnRequest(id: string): Promise<ReturnRequestRow | undefined> {
          const [row] = await db
            .select()
            .from(returnRequests)
            .where(and(eq(returnRequests.organisationId, organisationId), eq(returnRequests.id, id)));
          return row;
        },

        /** Stores a consumer-paid return; with a key already used, answers the one stored then. */
        async insertReturnRequest(values: Pick<ReturnRequestRow, 'orderId' | 'idempotencyKey' | 'courierId' | 'items' | 'amountCents'>): Promise<ReturnRequestRow> {
          const [row] = await db
            .insert(returnRequests)
            .values({ ...values, organisationId })
            .onConflictDoNothing()
            .returning();
          if (row) return row;
          const [existing] = await db
            .select()
            .from(returnRequests)
            .where(and(eq(returnRequests.organisationId, organisationId), eq(returnRequests.idempotencyKey, values.idempotencyKey ?? '')));
          if (!existing) throw new Error('return request insert returned nothing');
          return existing;
        },

        /** Keeps the label made for a paid return (the first one kept stays). */
        async keepReturnLabel(id: string, labelId: string): Promise<void> {
          await db
            .update(returnRequests)
            .set({ labelId, updatedAt: new Date() })
            .where(and(eq(returnRequests.organisationId, organisationId), eq(returnRequests.id, id), isNull(returnRequests.labelId)));
        },
      };
    },

    crossOrganisation: {
      /** The portal of a slug, before any organisation is known: its settings and the organisation's name and logo. */
      async portalBySlug(slug: string): Promise<{ settings: ReturnSettingsRow; name: string; logoUrl: string | null; companyName: string | null } | undefined> {
        const [row] = await db
          .select({ settings: returnSettings, name: organisations.name, logoUrl: organisations.companyLogoUrl, address: organisations.address })
          .from(returnSettings)
          .innerJoin(organisations, eq(organisations.id, returnSettings.organisationId))
          .where(and(eq(returnSettings.slug, slug), eq(organisations.isActive, true)));
        if (!row) return undefined;
        return { settings: row.settings, name: row.name, logoUrl: row.logoUrl, companyName: row.address?.company_name ?? null };
      },

      /** The organisation whose portal has this slug, or null. */
      async slugOwner(slug: string): Promise<string | null> {
        const [row] = await db.select({ id: returnSettings.organisationId }).from(returnSettings).where(eq(returnSettings.slug, slug));
        return row?.id ?? null;
      },
    },
  };
}

export type ReturnRepository = ReturnType<typeof createReturnRepository>;
