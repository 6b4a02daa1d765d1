import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { labels, orderItems, orders, organisations, returnSettings } from '../db/schema';

export type ReturnSettingsRow = typeof returnSettings.$inferSelect;
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
