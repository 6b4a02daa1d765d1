import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { parseSort, type ListQuery } from '@verzendhuis/contract/common';
import type { Database } from '../db/client';
import { tickets } from '../db/schema';

export type TicketRow = typeof tickets.$inferSelect;

const sortColumns = { created_at: tickets.createdAt, updated_at: tickets.updatedAt, subject: tickets.subject, status: tickets.status } as const;

export function createTicketRepository(db: Database) {
  return {
    /** The investigations (tickets) of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async list(query: ListQuery & { status?: 'open' | 'closed'; is_replied?: boolean }): Promise<{ rows: TicketRow[]; total: number }> {
          const conditions: SQL[] = [eq(tickets.organisationId, organisationId)];
          if (query.status) conditions.push(eq(tickets.status, query.status));
          if (query.is_replied !== undefined) conditions.push(eq(tickets.isReplied, query.is_replied));
          if (query.search) conditions.push(ilike(tickets.subject, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`));
          const where = and(...conditions);
          const sort = parseSort(query.sort, Object.keys(sortColumns) as (keyof typeof sortColumns)[], { key: 'created_at', descending: true });
          const column = sortColumns[sort.key];
          const [rows, totals] = await Promise.all([
            db
              .select()
              .from(tickets)
              .where(where)
              .orderBy(sort.descending ? desc(column) : asc(column), desc(tickets.id))
              .limit(query.page_size)
              .offset((query.page - 1) * query.page_size),
            db.select({ total: count() }).from(tickets).where(where),
          ]);
          return { rows, total: totals[0]?.total ?? 0 };
        },

        async create(values: { subject: string; labelId?: string | null; status?: 'open' | 'closed'; isReplied?: boolean }): Promise<TicketRow> {
          const [row] = await db.insert(tickets).values({ organisationId, ...values }).returning();
          if (!row) throw new Error('ticket insert returned nothing');
          return row;
        },
      };
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
export type OrganisationTickets = ReturnType<TicketRepository['for']>;
