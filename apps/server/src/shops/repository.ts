import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { shops } from '../db/schema';

export type ShopRow = typeof shops.$inferSelect;

export function createShopRepository(db: Database) {
  return {
    /** The shops of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async list(page: { page: number; page_size: number }): Promise<{ rows: ShopRow[]; total: number }> {
          const where = eq(shops.organisationId, organisationId);
          const [rows, totals] = await Promise.all([
            db.select().from(shops).where(where).orderBy(asc(shops.createdAt), asc(shops.id)).limit(page.page_size).offset((page.page - 1) * page.page_size),
            db.select({ total: count() }).from(shops).where(where),
          ]);
          return { rows, total: totals[0]?.total ?? 0 };
        },

        /** id → label of the organisation's shops, for the shop column of the orders table. */
        async labels(): Promise<Map<string, string>> {
          const rows = await db.select({ id: shops.id, label: shops.label }).from(shops).where(and(eq(shops.organisationId, organisationId)));
          return new Map(rows.map((r) => [r.id, r.label]));
        },
      };
    },
  };
}

export type ShopRepository = ReturnType<typeof createShopRepository>;
export type OrganisationShops = ReturnType<ShopRepository['for']>;
