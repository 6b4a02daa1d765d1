import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Transaction } from '../billing/repository';
import { shipmentLogicRules } from '../db/schema';

export type ShipmentLogicRuleRow = typeof shipmentLogicRules.$inferSelect;
export type ShipmentLogicRuleValues = Pick<typeof shipmentLogicRules.$inferInsert, 'name' | 'isActive' | 'match' | 'conditions' | 'actions' | 'continueAfter'>;

export function createShipmentLogicRepository(db: Database) {
  return {
    /** The shipping rules of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      const where = eq(shipmentLogicRules.organisationId, organisationId);

      /** Every change of the set (create, delete, reorder) runs one at a time per organisation, so positions stay 0 … n−1. */
      async function locked<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
        return db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`shipment-logic:${organisationId}`}, 0))`);
          return work(tx);
        });
      }

      async function listWith(executor: Database | Transaction): Promise<ShipmentLogicRuleRow[]> {
        return executor.select().from(shipmentLogicRules).where(where).orderBy(asc(shipmentLogicRules.position), asc(shipmentLogicRules.createdAt));
      }

      async function renumber(tx: Transaction, ids: string[]): Promise<void> {
        if (ids.length === 0) return;
        await tx.execute(sql`UPDATE shipment_logic_rules AS r SET position = u.position - 1, updated_at = now()
          FROM unnest(${sql.param(ids)}::uuid[]) WITH ORDINALITY AS u(id, position)
          WHERE r.id = u.id AND r.organisation_id = ${organisationId} AND r.position <> u.position - 1`);
      }

      return {
        /** The rules in their order. */
        list: () => listWith(db),

        async find(id: string): Promise<ShipmentLogicRuleRow | undefined> {
          const [row] = await db.select().from(shipmentLogicRules).where(and(where, eq(shipmentLogicRules.id, id)));
          return row;
        },

        /** A new rule placed last; null when the organisation already has `limit` rules. */
        async create(values: ShipmentLogicRuleValues, limit: number): Promise<ShipmentLogicRuleRow | null> {
          return locked(async (tx) => {
            const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(shipmentLogicRules).where(where);
            const n = counted?.n ?? 0;
            if (n >= limit) return null;
            const [row] = await tx.insert(shipmentLogicRules).values({ ...values, organisationId, position: n }).returning();
            return row ?? null;
          });
        },

        async update(id: string, values: Partial<ShipmentLogicRuleValues>): Promise<ShipmentLogicRuleRow | undefined> {
          const [row] = await db
            .update(shipmentLogicRules)
            .set({ ...values, updatedAt: new Date() })
            .where(and(where, eq(shipmentLogicRules.id, id)))
            .returning();
          return row;
        },

        /** Deletes a rule and closes the gap it leaves; false when it is not the organisation's. */
        async remove(id: string): Promise<boolean> {
          return locked(async (tx) => {
            const deleted = await tx.delete(shipmentLogicRules).where(and(where, eq(shipmentLogicRules.id, id))).returning({ id: shipmentLogicRules.id });
            if (deleted.length === 0) return false;
            await renumber(tx, (await listWith(tx)).map((r) => r.id));
            return true;
          });
        },

        /** The rules in the order of `ids`; null (nothing changed) unless `ids` holds every rule exactly once. */
        async reorder(ids: string[]): Promise<ShipmentLogicRuleRow[] | null> {
          return locked(async (tx) => {
            const current = await listWith(tx);
            const wanted = new Set(ids);
            if (wanted.size !== ids.length || ids.length !== current.length || current.some((r) => !wanted.has(r.id))) return null;
            await renumber(tx, ids);
            return listWith(tx);
          });
        },
      };
    },
  };
}

export type ShipmentLogicRepository = ReturnType<typeof createShipmentLogicRepository>;
