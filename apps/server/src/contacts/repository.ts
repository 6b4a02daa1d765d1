import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contacts } from '../db/schema';

export type ContactRow = typeof contacts.$inferSelect;

export function createContactRepository(db: Database) {
  return {
    /** The contacts of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async list(query: { page: number; page_size: number; search?: string }): Promise<{ rows: ContactRow[]; total: number }> {
          const conditions: (SQL | undefined)[] = [eq(contacts.organisationId, organisationId), eq(contacts.isActive, true)];
          if (query.search) {
            const like = `%${query.search.replace(/[%_\\]/g, '\\$&')}%`;
            conditions.push(or(ilike(contacts.name, like), ilike(contacts.companyName, like), ilike(contacts.zipcode, like), ilike(contacts.city, like)));
          }
          const where = and(...conditions);
          const [rows, totals] = await Promise.all([
            db.select().from(contacts).where(where).orderBy(asc(contacts.name), asc(contacts.id)).limit(query.page_size).offset((query.page - 1) * query.page_size),
            db.select({ total: count() }).from(contacts).where(where),
          ]);
          return { rows, total: totals[0]?.total ?? 0 };
        },

        async create(values: Omit<typeof contacts.$inferInsert, 'organisationId' | 'id'>): Promise<ContactRow> {
          const [row] = await db.insert(contacts).values({ ...values, organisationId }).returning();
          if (!row) throw new Error('contact insert returned nothing');
          return row;
        },

        async find(id: string): Promise<ContactRow | null> {
          const [row] = await db
            .select()
            .from(contacts)
            .where(and(eq(contacts.organisationId, organisationId), eq(contacts.id, id), eq(contacts.isActive, true)));
          return row ?? null;
        },

        /** Changes the contact's fields; null when the organisation has no such contact. */
        async update(id: string, values: Omit<typeof contacts.$inferInsert, 'organisationId' | 'id'>): Promise<ContactRow | null> {
          const [row] = await db
            .update(contacts)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(contacts.organisationId, organisationId), eq(contacts.id, id), eq(contacts.isActive, true)))
            .returning();
          return row ?? null;
        },

        /** Removes the organisation's contacts among these ids (others are left alone); answers how many. */
        async remove(ids: string[]): Promise<number> {
          const rows = await db
            .delete(contacts)
            .where(and(eq(contacts.organisationId, organisationId), inArray(contacts.id, ids)))
            .returning({ id: contacts.id });
          return rows.length;
        },
      };
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
export type OrganisationContacts = ReturnType<ContactRepository['for']>;
