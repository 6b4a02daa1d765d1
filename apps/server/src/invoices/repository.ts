import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatInvoiceNumber, invoiceTotals, type BillingPeriod } from '@verzendhuis/domain/invoices';
import { addressLines } from '../documents/a4-document';
import type { Database } from '../db/client';
import { invoiceCounters, invoiceItems, invoices, labels, organisations } from '../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

/** The label an invoice line belongs to, as the invoice shows it. */
export interface InvoiceLineLabel {
  id: string;
  trackingNumber: string | null;
  orderNumber: string | null;
  courierClass: string;
  createdAt: Date;
}

/** The items of one label on an invoice (label null: the items of no label, e.g. a plan charge). */
export interface InvoiceLineGroup {
  label: InvoiceLineLabel | null;
  items: InvoiceItemRow[];
}

/** What is copied onto the invoice of the organisation as it is at closing. */
export interface BilledTo {
  name: string;
  address_lines: string[];
  vat_number: string | null;
  email: string | null;
}

/** The end of a period as a moment: midnight at the start of its end day in Amsterdam. */
function periodEndMoment(period: BillingPeriod) {
  return sql`(${period.end}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')`;
}

export function createInvoiceRepository(db: Database) {
  return {
    /** The invoices of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      const mine = eq(invoices.organisationId, organisationId);

      async function groupsOf(invoiceId: string, page: { page: number; pageSize: number } | null): Promise<{ groups: InvoiceLineGroup[]; total: number }> {
        const where = and(eq(invoiceItems.organisationId, organisationId), eq(invoiceItems.invoiceId, invoiceId));
        const first = sql<Date>`min(${invoiceItems.createdAt})`;
        const groupQuery = db
          .select({ labelId: invoiceItems.labelId, first })
          .from(invoiceItems)
          .where(where)
          .groupBy(invoiceItems.labelId)
          .orderBy(sql`${invoiceItems.labelId} IS NULL`, asc(first), asc(invoiceItems.labelId));
        const [groupRows, totals] = await Promise.all([
          page ? groupQuery.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : groupQuery,
          db.select({ n: sql<number>`count(DISTINCT coalesce(${invoiceItems.labelId}::text, ''))::int` }).from(invoiceItems).where(where),
        ]);
        const labelIds = groupRows.map((g) => g.labelId).filter((id): id is string => id !== null);
        const withOther = groupRows.some((g) => g.labelId === null);
        const [itemRows, labelRows] = await Promise.all([
          groupRows.length === 0
            ? []
            : db
                .select()
                .from(invoiceItems)
                .where(and(where, withOther ? sql`(${invoiceItems.labelId} IS NULL OR ${inArray(invoiceItems.labelId, labelIds.length ? labelIds : ['00000000-0000-0000-0000-000000000000'])})` : inArray(invoiceItems.labelId, labelIds)))
                .orderBy(asc(invoiceItems.createdAt), asc(invoiceItems.id)),
          labelIds.length === 0
            ? []
            : db
                .select({
                  id: labels.id,
                  trackingNumber: labels.trackingNumber,
                  orderNumber: sql<string | null>`${labels.orderSnapshot}->>'order_number'`,
                  courierClass: labels.courierClass,
                  createdAt: labels.createdAt,
                })
                .from(labels)
                .where(and(eq(labels.organisationId, organisationId), inArray(labels.id, labelIds))),
        ]);
        const labelById = new Map(labelRows.map((l) => [l.id, l]));
        const groups = groupRows.map((g) => ({
          label: g.labelId ? (labelById.get(g.labelId) ?? null) : null,
          items: itemRows.filter((i) => i.labelId === g.labelId),
        }));
        return { groups, total: totals[0]?.n ?? 0 };
      }

      return {
        /** invoice/: newest first. */
        async list(page: { page: number; pageSize: number }): Promise<{ rows: InvoiceRow[]; total: number }> {
          const [rows, totals] = await Promise.all([
            db
              .select()
              .from(invoices)
              .where(mine)
              .orderBy(desc(invoices.invoiceDate), desc(invoices.number))
              .limit(page.pageSize)
              .offset((page.page - 1) * page.pageSize),
            db.select({ n: count() }).from(invoices).where(mine),
          ]);
          return { rows, total: totals[0]?.n ?? 0 };
        },

        /** The sums of the open invoices, and of those due before `today`, in cents. */
        async openAmounts(today: string): Promise<{ openCents: number; overdueCents: number }> {
          const [row] = await db
            .select({
              open: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int`,
              overdue: sql<number>`coalesce(sum(${invoices.totalCents}) FILTER (WHERE ${invoices.dueDate} < ${today}::date), 0)::int`,
            })
            .from(invoices)
            .where(and(mine, eq(invoices.status, 'open')));
          return { openCents: row?.open ?? 0, overdueCents: row?.overdue ?? 0 };
        },

        async find(id: string): Promise<InvoiceRow | undefined> {
          const [row] = await db.select().from(invoices).where(and(mine, eq(invoices.id, id)));
          return row;
        },

        /** Whether an open invoice's due date lies before `today` (the overdue rule). */
        async hasOverdue(today: string): Promise<boolean> {
          const [row] = await db
            .select({ id: invoices.id })
            .from(invoices)
            .where(and(mine, eq(invoices.status, 'open'), lt(invoices.dueDate, today)))
            .limit(1);
          return row !== undefined;
        },

        /** The invoice's items per label, a page of labels (the items of no label last). */
        labelLines: (invoiceId: string, page: { page: number; pageSize: number }) => groupsOf(invoiceId, page),
        /** Every line of the invoice (the PDF, CSV and XLSX). */
        allLines: async (invoiceId: string) => (await groupsOf(invoiceId, null)).groups,

        /** The Amsterdam date of the oldest item not yet on an invoice; null when there is none. */
        async oldestUninvoicedDate(): Promise<string | null> {
          const [row] = await db
            .select({ date: sql<string | null>`to_char(min(${invoiceItems.createdAt}) AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD')` })
            .from(invoiceItems)
            .where(and(eq(invoiceItems.organisationId, organisationId), isNull(invoiceItems.invoiceId)));
          return row?.date ?? null;
        },

        async hasInvoiceFor(periodStart: string): Promise<boolean> {
          const [row] = await db.select({ id: invoices.id }).from(invoices).where(and(mine, eq(invoices.periodStart, periodStart)));
          return row !== undefined;
        },

        /**
         * Closes a period in one transaction: every item of the organisation not yet on an
         * invoice and made before the period's end goes on one new invoice, numbered from the
         * year's counter row (locked until commit, so numbers have no gaps). A lock per
         * organisation makes a second closer (another process) wait and then find the invoice
         * made; the unique (organisation, period_start) index is the last guard. Null when
         * the period has an invoice already or nothing to invoice.
         */
        async closePeriod(period: BillingPeriod, dates: { invoiceDate: string; dueDate: string }): Promise<InvoiceRow | null> {
          return db.transaction(async (tx) => {
            await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('invoice-close'), hashtext(${organisationId}))`);
            const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(and(mine, eq(invoices.periodStart, period.start)));
            if (existing) return null;
            const items = await tx
              .select({ id: invoiceItems.id, totalCents: invoiceItems.totalCents })
              .from(invoiceItems)
              .where(and(eq(invoiceItems.organisationId, organisationId), isNull(invoiceItems.invoiceId), sql`${invoiceItems.createdAt} < ${periodEndMoment(period)}`))
              .for('update');
            if (items.length === 0) return null;
            const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
            if (!organisation) return null;
            const totals = invoiceTotals(items);
            const year = Number(dates.invoiceDate.slice(0, 4));
            const [counter] = await tx
              .insert(invoiceCounters)
              .values({ year, last: 1 })
              .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
              .returning({ last: invoiceCounters.last });
            const billedTo: BilledTo = {
              name: organisation.name,
              address_lines: organisation.address ? addressLines({ ...organisation.address, name: null }) : [],
              vat_number: organisation.vatNumber,
              email: organisation.contactEmail,
            };
            const [invoice] = await tx
              .insert(invoices)
              .values({
                organisationId,
                number: formatInvoiceNumber(year, counter?.last ?? 1),
                periodStart: period.start,
                periodEnd: period.end,
                invoiceDate: dates.invoiceDate,
                dueDate: dates.dueDate,
                subtotalCents: totals.subtotalCents,
                vatCents: totals.vatCents,
                totalCents: totals.totalCents,
                vatLines: totals.vatLines,
                billedTo: { ...billedTo },
              })
              .returning();
            if (!invoice) throw new Error('the invoice was not stored');
            await tx
              .update(invoiceItems)
              .set({ invoiceId: invoice.id })
              .where(and(eq(invoiceItems.organisationId, organisationId), inArray(invoiceItems.id, items.map((i) => i.id))));
            return invoice;
          });
        },

        /**
         * An open invoice becomes paid (the payment provider said so; docs/billing.md). Once:
         * a paid invoice stays as it is. Answers whether it changed.
         */
        async markPaid(invoiceId: string, paidAt: Date): Promise<boolean> {
          const changed = await db
            .update(invoices)
            .set({ status: 'paid', paidAt })
            .where(and(mine, eq(invoices.id, invoiceId), eq(invoices.status, 'open')))
            .returning({ id: invoices.id });
          return changed.length > 0;
        },

        /** A Naheffing on one of the organisation's labels, put on the next invoice. */
        async addSurcharge(labelId: string, part: { id: string; description: string; unit_price: string }, cents: number): Promise<InvoiceItemRow> {
          const [row] = await db.insert(invoiceItems).values({ organisationId, labelId, type: 'surcharge', parts: [part], totalCents: cents }).returning();
          if (!row) throw new Error('the surcharge was not stored');
          return row;
        },
      };
    },

    /** Work across organisations: the closing job and the operator's commands. */
    crossOrganisation: {
      /** The organisations with an item not yet on an invoice. */
      async organisationsWithUninvoicedItems(): Promise<string[]> {
        const rows = await db.selectDistinct({ id: invoiceItems.organisationId }).from(invoiceItems).where(isNull(invoiceItems.invoiceId));
        return rows.map((r) => r.id);
      },

      /** The organisation a label belongs to (the operator names only the label); null when unknown. */
      async labelOwner(labelId: string): Promise<{ organisationId: string; trackingNumber: string | null } | null> {
        const [row] = await db.select({ organisationId: labels.organisationId, trackingNumber: labels.trackingNumber }).from(labels).where(eq(labels.id, labelId));
        return row ?? null;
      },
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
