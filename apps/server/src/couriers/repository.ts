import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { couriers } from '../db/schema';

export type CourierRow = typeof couriers.$inferSelect;

export function createCourierRepository(db: Database) {
  return {
    async list(organisationId: string, page: { page: number; page_size: number }): Promise<{ rows: CourierRow[]; total: number }> {
      const where = eq(couriers.organisationId, organisationId);
      const [rows, totals] = await Promise.all([
        db.select().from(couriers).where(where).orderBy(asc(couriers.createdAt), asc(couriers.id)).limit(page.page_size).offset((page.page - 1) * page.page_size),
        db.select({ total: count() }).from(couriers).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async listAll(organisationId: string): Promise<CourierRow[]> {
      return db.select().from(couriers).where(eq(couriers.organisationId, organisationId));
    },

    async find(organisationId: string, id: string): Promise<CourierRow | undefined> {
      const [row] = await db.select().from(couriers).where(and(eq(couriers.organisationId, organisationId), eq(couriers.id, id)));
      return row;
    },

    async create(organisationId: string, values: { serviceClass: string; label: string; settings?: Record<string, unknown> }): Promise<CourierRow> {
      const [row] = await db.insert(couriers).values({ organisationId, ...values }).returning();
      if (!row) throw new Error('courier insert returned nothing');
      return row;
    },
  };
}

export type CourierRepository = ReturnType<typeof createCourierRepository>;
