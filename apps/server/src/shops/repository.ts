import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { shops } from '../db/schema';

export type ShopRow = typeof shops.$inferSelect;

/** What a finished pull leaves on the shop: a new sync state and its count, or why it failed. */
export type SyncOutcome =
  | { ok: true; state: Record<string, unknown>; count: number; warning: string | null }
  | { ok: false; error: string; unauthorized: boolean };

export function createShopRepository(db: Database) {
  return {
    /** The shops of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      const mine = (id: string) => and(eq(shops.organisationId, organisationId), eq(shops.id, id));
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

        async listActive(): Promise<ShopRow[]> {
          return db.select().from(shops).where(and(eq(shops.organisationId, organisationId), eq(shops.isActive, true))).orderBy(asc(shops.createdAt), asc(shops.id));
        },

        async find(id: string): Promise<ShopRow | undefined> {
          const [row] = await db.select().from(shops).where(mine(id));
          return row;
        },

        async create(values: { serviceClass: string; label: string; settings: Record<string, unknown> }): Promise<ShopRow> {
          const [row] = await db.insert(shops).values({ organisationId, ...values }).returning();
          if (!row) throw new Error('shop insert returned nothing');
          return row;
        },

        /** New settings clear a refusal of the old credentials: they were checked with the shop before. */
        async update(id: string, values: { label?: string; isActive?: boolean; settings?: Record<string, unknown> }): Promise<ShopRow | undefined> {
          const [row] = await db
            .update(shops)
            .set({ ...values, ...(values.settings ? { authFailedAt: null } : {}), updatedAt: new Date() })
            .where(mine(id))
            .returning();
          return row;
        },

        /** The credentials work again (onboard/restore): active, no refusal. */
        async restore(id: string): Promise<ShopRow | undefined> {
          const [row] = await db.update(shops).set({ isActive: true, authFailedAt: null, updatedAt: new Date() }).where(mine(id)).returning();
          return row;
        },

        /** A write-back was refused (401/403): the link must be refreshed. */
        async markUnauthorized(id: string, now: Date): Promise<void> {
          await db.update(shops).set({ authFailedAt: sql`coalesce(${shops.authFailedAt}, ${now.toISOString()}::timestamptz)` }).where(mine(id));
        },

        /** shop/{id}/reset: forget what the pulls remembered; the next pull reads every open order. */
        async resetSync(id: string): Promise<ShopRow | undefined> {
          const [row] = await db.update(shops).set({ syncState: {}, updatedAt: new Date() }).where(mine(id)).returning();
          return row;
        },

        /**
         * Claims the shop for one pull: only an active shop that no other pull holds (a claim
         * older than `staleBefore` was left by a crash and is taken over). Undefined: not now.
         */
        async claimSync(id: string, now: Date, staleBefore: Date): Promise<ShopRow | undefined> {
          const [row] = await db
            .update(shops)
            .set({ syncClaimedAt: now })
            .where(and(mine(id), eq(shops.isActive, true), or(isNull(shops.syncClaimedAt), lt(shops.syncClaimedAt, staleBefore))))
            .returning();
          return row;
        },

        /** Ends a pull: its result, and the claim released. A refusal of the credentials marks the link for refreshing. */
        async finishSync(id: string, claimedAt: Date, outcome: SyncOutcome, now: Date): Promise<ShopRow | undefined> {
          const values = outcome.ok
            ? { syncState: outcome.state, lastSyncCount: outcome.count, lastSyncError: outcome.warning, authFailedAt: null }
            : { lastSyncCount: null, lastSyncError: outcome.error, ...(outcome.unauthorized ? { authFailedAt: sql`coalesce(${shops.authFailedAt}, ${now.toISOString()}::timestamptz)` } : {}) };
          const [row] = await db
            .update(shops)
            .set({ ...values, lastSyncAt: now, syncClaimedAt: null })
            .where(and(mine(id), eq(shops.syncClaimedAt, claimedAt)))
            .returning();
          return row;
        },
      };
    },

    /** The scheduled pull sweeps every organisation's shops. */
    crossOrganisation: {
      /** Active shops not pulled since `before` (or never), oldest first. */
      async dueForSync(before: Date, limit: number): Promise<{ id: string; organisationId: string }[]> {
        return db
          .select({ id: shops.id, organisationId: shops.organisationId })
          .from(shops)
          .where(and(eq(shops.isActive, true), or(isNull(shops.lastSyncAt), lt(shops.lastSyncAt, before))))
          .orderBy(sql`${shops.lastSyncAt} ASC NULLS FIRST`, asc(shops.id))
          .limit(limit);
      },
    },
  };
}

export type ShopRepository = ReturnType<typeof createShopRepository>;
export type OrganisationShops = ReturnType<ShopRepository['for']>;
