import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { couriers, platformContracts } from '../db/schema';

export type CourierRow = typeof couriers.$inferSelect;
export type PlatformContractRow = typeof platformContracts.$inferSelect;

export function createCourierRepository(db: Database) {
  return {
    /** The couriers of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async list(page: { page: number; page_size: number }): Promise<{ rows: CourierRow[]; total: number }> {
          const where = eq(couriers.organisationId, organisationId);
          const [rows, totals] = await Promise.all([
            db.select().from(couriers).where(where).orderBy(asc(couriers.createdAt), asc(couriers.id)).limit(page.page_size).offset((page.page - 1) * page.page_size),
            db.select({ total: count() }).from(couriers).where(where),
          ]);
          return { rows, total: totals[0]?.total ?? 0 };
        },

        /** Every courier, the first linked first (the order the defaults choose from). */
        async listAll(): Promise<CourierRow[]> {
          return db.select().from(couriers).where(eq(couriers.organisationId, organisationId)).orderBy(asc(couriers.createdAt), asc(couriers.id));
        },

        async find(id: string): Promise<CourierRow | undefined> {
          const [row] = await db.select().from(couriers).where(and(eq(couriers.organisationId, organisationId), eq(couriers.id, id)));
          return row;
        },

        async create(values: { serviceClass: string; label: string; settings?: Record<string, unknown>; proxiedId?: string | null }): Promise<CourierRow> {
          const [row] = await db.insert(couriers).values({ organisationId, ...values }).returning();
          if (!row) throw new Error('courier insert returned nothing');
          return row;
        },

        async update(id: string, values: { label?: string; isActive?: boolean; settings?: Record<string, unknown> }): Promise<CourierRow | undefined> {
          const [row] = await db
            .update(couriers)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(couriers.organisationId, organisationId), eq(couriers.id, id)))
            .returning();
          return row;
        },

        /** Active couriers with an own contract and via a platform contract. */
        async counters(): Promise<{ own: number; proxy: number }> {
          const [row] = await db
            .select({
              own: sql<number>`count(*) FILTER (WHERE ${isNull(couriers.proxiedId)})`.mapWith(Number),
              proxy: sql<number>`count(*) FILTER (WHERE ${isNotNull(couriers.proxiedId)})`.mapWith(Number),
            })
            .from(couriers)
            .where(and(eq(couriers.organisationId, organisationId), eq(couriers.isActive, true)));
          return { own: row?.own ?? 0, proxy: row?.proxy ?? 0 };
        },
      };
    },

    /** The platform's contracts are not organisation data: every organisation may link them. */
    crossOrganisation: {
      async activePlatformContracts(): Promise<PlatformContractRow[]> {
        return db.select().from(platformContracts).where(eq(platformContracts.isActive, true)).orderBy(asc(platformContracts.createdAt), asc(platformContracts.id));
      },

      async findPlatformContract(id: string): Promise<PlatformContractRow | undefined> {
        const [row] = await db.select().from(platformContracts).where(eq(platformContracts.id, id));
        return row;
      },

      /** Operators' contracts are known by class and name: a second start updates instead of adding. */
      async upsertPlatformContract(values: { courierClass: string; name: string; settings: Record<string, unknown>; isActive: boolean }): Promise<PlatformContractRow> {
        return db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('platform_contracts'))`);
          const [existing] = await tx
            .select()
            .from(platformContracts)
            .where(and(eq(platformContracts.courierClass, values.courierClass), eq(platformContracts.name, values.name)));
          const [row] = existing
            ? await tx.update(platformContracts).set(values).where(eq(platformContracts.id, existing.id)).returning()
            : await tx.insert(platformContracts).values(values).returning();
          if (!row) throw new Error('platform contract upsert returned nothing');
          return row;
        });
      },
    },
  };
}

export type CourierRepository = ReturnType<typeof createCourierRepository>;
export type OrganisationCouriers = ReturnType<CourierRepository['for']>;
