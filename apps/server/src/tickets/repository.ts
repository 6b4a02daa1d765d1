import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { parseSort, type ListQuery } from '@verzendhuis/contract/common';
import type { TicketAttachmentType } from '@verzendhuis/domain/tickets';
import type { Database } from '../db/client';
import { invoiceItems, labels, organisations, ticketAttachments, ticketMessages, tickets } from '../db/schema';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketAuthor = 'customer' | 'support';

/** A ticket as the list and the detail answer it: the row with its label's order number and tracking number and its last message. */
export type TicketView = TicketRow & {
  label: { orderNumber: string | null; trackingNumber: string | null } | null;
  lastMessage: { author: TicketAuthor; createdAt: Date } | null;
};

export type TicketMessageView = {
  id: string;
  author: TicketAuthor;
  text: string;
  createdAt: Date;
  attachments: { id: string; filename: string; contentType: TicketAttachmentType; size: number }[];
};

/** A checked file to store: the type is the one its magic bytes showed. */
export type NewAttachment = { filename: string; contentType: TicketAttachmentType; content: Buffer };

const sortColumns = { created_at: tickets.createdAt, updated_at: tickets.updatedAt, subject: tickets.subject, status: tickets.status } as const;

/** Stores a message and its files in one transaction (called inside one). */
async function insertMessage(
  tx: Pick<Database, 'insert'>,
  organisationId: string,
  ticketId: string,
  author: TicketAuthor,
  text: string,
  files: readonly NewAttachment[],
): Promise<void> {
  const [message] = await tx.insert(ticketMessages).values({ organisationId, ticketId, author, text }).returning({ id: ticketMessages.id });
  if (!message) throw new Error('ticket message insert returned nothing');
  if (files.length > 0) {
    await tx.insert(ticketAttachments).values(
      files.map((f) => ({ organisationId, ticketId, messageId: message.id, filename: f.filename, contentType: f.contentType, size: f.content.length, content: f.content })),
    );
  }
}

export function createTicketRepository(db: Database) {
  /** The label facts and last messages the list and the detail show, for tickets of one organisation. */
  async function views(organisationId: string, rows: TicketRow[]): Promise<TicketView[]> {
    if (rows.length === 0) return [];
    const labelIds = rows.map((r) => r.labelId).filter((id): id is string => id !== null);
    const [labelRows, lastMessages] = await Promise.all([
      labelIds.length === 0
        ? []
        : db
            .select({ id: labels.id, snapshot: labels.orderSnapshot, trackingNumber: labels.trackingNumber })
            .from(labels)
            .where(and(eq(labels.organisationId, organisationId), inArray(labels.id, labelIds))),
      db
        .selectDistinctOn([ticketMessages.ticketId], { ticketId: ticketMessages.ticketId, author: ticketMessages.author, createdAt: ticketMessages.createdAt })
        .from(ticketMessages)
        .where(and(eq(ticketMessages.organisationId, organisationId), inArray(ticketMessages.ticketId, rows.map((r) => r.id))))
        .orderBy(ticketMessages.ticketId, desc(ticketMessages.createdAt), desc(ticketMessages.id)),
    ]);
    const labelById = new Map(labelRows.map((l) => [l.id, l]));
    const lastByTicket = new Map(lastMessages.map((m) => [m.ticketId, m]));
    return rows.map((row) => {
      const label = row.labelId ? labelById.get(row.labelId) : undefined;
      const orderNumber = label?.snapshot.order_number;
      const last = lastByTicket.get(row.id);
      return {
        ...row,
        label: label ? { orderNumber: orderNumber === undefined || orderNumber === null ? null : String(orderNumber), trackingNumber: label.trackingNumber } : null,
        lastMessage: last ? { author: last.author, createdAt: last.createdAt } : null,
      };
    });
  }

  return {
    /** The investigations (tickets) of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      const mine = (id: string) => and(eq(tickets.organisationId, organisationId), eq(tickets.id, id));
      return {
        async list(query: ListQuery & { status?: 'open' | 'closed'; is_replied?: boolean }): Promise<{ rows: TicketView[]; total: number }> {
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
          return { rows: await views(organisationId, rows), total: totals[0]?.total ?? 0 };
        },

        async find(id: string): Promise<TicketView | null> {
          const [row] = await db.select().from(tickets).where(mine(id));
          if (!row) return null;
          const [view] = await views(organisationId, [row]);
          return view ?? null;
        },

        /** The conversation, oldest first, with the files of each message (without their content). */
        async messages(ticketId: string): Promise<TicketMessageView[]> {
          const [messages, files] = await Promise.all([
            db
              .select()
              .from(ticketMessages)
              .where(and(eq(ticketMessages.organisationId, organisationId), eq(ticketMessages.ticketId, ticketId)))
              .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id)),
            db
              .select({ id: ticketAttachments.id, messageId: ticketAttachments.messageId, filename: ticketAttachments.filename, contentType: ticketAttachments.contentType, size: ticketAttachments.size })
              .from(ticketAttachments)
              .where(and(eq(ticketAttachments.organisationId, organisationId), eq(ticketAttachments.ticketId, ticketId)))
              .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.filename)),
          ]);
          return messages.map((m) => ({
            id: m.id,
            author: m.author,
            text: m.text,
            createdAt: m.createdAt,
            attachments: files.filter((f) => f.messageId === m.id).map(({ messageId: _, ...f }) => f),
          }));
        },

        /** One file of one of the organisation's tickets, with its content. */
        async attachment(ticketId: string, attachmentId: string): Promise<{ filename: string; contentType: TicketAttachmentType; content: Buffer } | null> {
          const [row] = await db
            .select({ filename: ticketAttachments.filename, contentType: ticketAttachments.contentType, content: ticketAttachments.content })
            .from(ticketAttachments)
            .where(and(eq(ticketAttachments.organisationId, organisationId), eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, attachmentId)));
          return row ?? null;
        },

        /** What ticket/create needs to know of a label: whether it is the organisation's, has a label price, and has a ticket already. */
        async labelFacts(labelId: string): Promise<{ hasLabelPrice: boolean; hasTicket: boolean } | null> {
          const [label] = await db.select({ id: labels.id }).from(labels).where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
          if (!label) return null;
          const [prices, existing] = await Promise.all([
            db
              .select({ n: count() })
              .from(invoiceItems)
              .where(and(eq(invoiceItems.organisationId, organisationId), eq(invoiceItems.labelId, labelId), eq(invoiceItems.type, 'label_price'))),
            db.select({ n: count() }).from(tickets).where(and(eq(tickets.organisationId, organisationId), eq(tickets.labelId, labelId))),
          ]);
          return { hasLabelPrice: (prices[0]?.n ?? 0) > 0, hasTicket: (existing[0]?.n ?? 0) > 0 };
        },

        async create(values: {
          subject: string;
          labelId?: string | null;
          status?: 'open' | 'closed';
          isReplied?: boolean;
          email?: string | null;
          phone?: string | null;
          internalProperties?: string | null;
          externalProperties?: string | null;
          costPrice?: string | null;
          /** The first message of the conversation (the request's explanation) and its files. */
          message?: { text: string; attachments: readonly NewAttachment[] };
        }): Promise<TicketRow> {
          const { message, ...ticket } = values;
          return db.transaction(async (tx) => {
            const [row] = await tx.insert(tickets).values({ organisationId, ...ticket }).returning();
            if (!row) throw new Error('ticket insert returned nothing');
            if (message) await insertMessage(tx, organisationId, row.id, 'customer', message.text, message.attachments);
            return row;
          });
        },

        /** The customer's reply: stored, and the ticket is no longer "replied" (support's turn). False when there is no such ticket. */
        async reply(ticketId: string, text: string, files: readonly NewAttachment[]): Promise<boolean> {
          return db.transaction(async (tx) => {
            const [row] = await tx.update(tickets).set({ isReplied: false, updatedAt: new Date() }).where(mine(ticketId)).returning({ id: tickets.id });
            if (!row) return false;
            await insertMessage(tx, organisationId, ticketId, 'customer', text, files);
            return true;
          });
        },

        async setStatus(ticketId: string, status: 'open' | 'closed'): Promise<boolean> {
          const rows = await db.update(tickets).set({ status, updatedAt: new Date() }).where(mine(ticketId)).returning({ id: tickets.id });
          return rows.length > 0;
        },
      };
    },

    /**
     * Support's side (the operator command `npm run admin -- ticket-reply` and the operator's
     * inbox in the app, docs/tickets.md): support reads and answers any organisation's ticket.
     */
    crossOrganisation: {
      /**
       * Every organisation's tickets for the inbox, the longest waiting first: `waiting` keeps
       * the open ones whose last word is the customer's (not replied).
       */
      async inbox(query: { page: number; page_size: number; waiting: boolean }): Promise<{ rows: (TicketView & { organisationName: string })[]; total: number }> {
        const where = query.waiting ? and(eq(tickets.status, 'open'), eq(tickets.isReplied, false)) : undefined;
        const [rows, totals] = await Promise.all([
          db
            .select({ ticket: tickets, organisationName: organisations.name })
            .from(tickets)
            .innerJoin(organisations, eq(organisations.id, tickets.organisationId))
            .where(where)
            .orderBy(query.waiting ? asc(tickets.updatedAt) : desc(tickets.updatedAt), desc(tickets.id))
            .limit(query.page_size)
            .offset((query.page - 1) * query.page_size),
          db.select({ total: count() }).from(tickets).where(where),
        ]);
        // The label facts and last messages are read per organisation, through the same scoped reads as the customer's list.
        const byOrganisation = new Map<string, TicketRow[]>();
        for (const { ticket } of rows) byOrganisation.set(ticket.organisationId, [...(byOrganisation.get(ticket.organisationId) ?? []), ticket]);
        const viewed = new Map<string, TicketView>();
        for (const [organisationId, list] of byOrganisation) for (const view of await views(organisationId, list)) viewed.set(view.id, view);
        return {
          rows: rows.map(({ ticket, organisationName }) => ({ ...viewed.get(ticket.id)!, organisationName })),
          total: totals[0]?.total ?? 0,
        };
      },

      /** Whose ticket this is: its organisation's id and name, or null when there is no such ticket. */
      async ownerOf(ticketId: string): Promise<{ organisationId: string; organisationName: string } | null> {
        const [row] = await db
          .select({ organisationId: tickets.organisationId, organisationName: organisations.name })
          .from(tickets)
          .innerJoin(organisations, eq(organisations.id, tickets.organisationId))
          .where(eq(tickets.id, ticketId));
        return row ?? null;
      },

      /**
       * Stores support's answer with its files, marks the ticket replied (it lights the
       * envelope) and open again (an answer to a closed ticket reopens it); null when there
       * is no such ticket.
       */
      async supportReply(ticketId: string, text: string, files: readonly NewAttachment[] = []): Promise<{ organisationId: string; subject: string } | null> {
        return db.transaction(async (tx) => {
          const [row] = await tx
            .update(tickets)
            .set({ isReplied: true, status: 'open', updatedAt: new Date() })
            .where(eq(tickets.id, ticketId))
            .returning({ organisationId: tickets.organisationId, subject: tickets.subject });
          if (!row) return null;
          await insertMessage(tx, row.organisationId, ticketId, 'support', text, files);
          return row;
        });
      },
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
export type OrganisationTickets = ReturnType<TicketRepository['for']>;
