import { and, asc, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoices, organisations, payments } from '../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** What the organisation row holds of its direct debit (docs/billing.md). */
export interface MandateColumns {
  paymentStatus: 'validating' | 'ready' | null;
  paymentCustomerId: string | null;
  paymentMandateId: string | null;
  paymentConsumerName: string | null;
  paymentAccountLastDigits: string | null;
  paymentMandateFailed: boolean;
}

const mandateColumns = {
  name: organisations.name,
  contactEmail: organisations.contactEmail,
  paymentStatus: organisations.paymentStatus,
  paymentCustomerId: organisations.paymentCustomerId,
  paymentMandateId: organisations.paymentMandateId,
  paymentConsumerName: organisations.paymentConsumerName,
  paymentAccountLastDigits: organisations.paymentAccountLastDigits,
  paymentMandateFailed: organisations.paymentMandateFailed,
};

export function createPaymentRepository(db: Database) {
  return {
    /** One organisation's mandate, payments and open invoices. */
    for(organisationId: string) {
      return {
        async mandate(): Promise<(MandateColumns & { name: string; contactEmail: string | null }) | undefined> {
          const [row] = await db.select(mandateColumns).from(organisations).where(eq(organisations.id, organisationId));
          return row;
        },

        async updateMandate(values: Partial<MandateColumns>): Promise<void> {
          await db
            .update(organisations)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(organisations.id, organisationId));
        },

        /** Stores the provider's customer id unless one is there already; answers the one kept. */
        async keepCustomerId(customerId: string): Promise<string> {
          await db
            .update(organisations)
            .set({ paymentCustomerId: customerId, updatedAt: new Date() })
            .where(and(eq(organisations.id, organisationId), sql`${organisations.paymentCustomerId} IS NULL`));
          const [row] = await db.select({ id: organisations.paymentCustomerId }).from(organisations).where(eq(organisations.id, organisationId));
          return row?.id ?? customerId;
        },

        async insertPayment(values: Omit<typeof payments.$inferInsert, 'organisationId' | 'id'>): Promise<PaymentRow> {
          const [row] = await db
            .insert(payments)
            .values({ ...values, organisationId })
            .returning();
          if (!row) throw new Error('payment insert returned nothing');
          return row;
        },

        async setPaymentStatus(id: string, status: string): Promise<void> {
          await db
            .update(payments)
            .set({ status, updatedAt: new Date() })
            .where(and(eq(payments.id, id), eq(payments.organisationId, organisationId)));
        },

        /** The newest payment that sets up a mandate. */
        async latestMandatePayment(): Promise<PaymentRow | undefined> {
          const [row] = await db
            .select()
            .from(payments)
            .where(and(eq(payments.organisationId, organisationId), eq(payments.kind, 'mandate')))
            .orderBy(desc(payments.createdAt), desc(payments.id))
            .limit(1);
          return row;
        },

        /** The newest payments the provider may still change (open, pending, authorized): at most ten provider calls per read. */
        async unfinishedPayments(): Promise<PaymentRow[]> {
          const rows = await db
            .select()
            .from(payments)
            .where(and(eq(payments.organisationId, organisationId), sql`${payments.status} NOT IN ('paid', 'failed', 'canceled', 'expired')`))
            .orderBy(desc(payments.createdAt), desc(payments.id))
            .limit(10);
          return rows.reverse();
        },

        async paymentsOfInvoice(invoiceId: string): Promise<PaymentRow[]> {
          return db
            .select()
            .from(payments)
            .where(and(eq(payments.organisationId, organisationId), eq(payments.invoiceId, invoiceId)))
            .orderBy(asc(payments.createdAt));
        },

        /** The payments of a consumer-paid return of the portal, oldest first. */
        async paymentsOfReturn(returnRequestId: string): Promise<PaymentRow[]> {
          return db
            .select()
            .from(payments)
            .where(and(eq(payments.organisationId, organisationId), eq(payments.returnRequestId, returnRequestId)))
            .orderBy(asc(payments.createdAt), asc(payments.id));
        },

        async invoice(id: string): Promise<InvoiceRow | undefined> {
          const [row] = await db
            .select()
            .from(invoices)
            .where(and(eq(invoices.organisationId, organisationId), eq(invoices.id, id)));
          return row;
        },
      };
    },

    /** The provider's webhook names a payment before its organisation is known; the scheduled collection sweeps every organisation. */
    crossOrganisation: {
      async findPayment(provider: 'mollie' | 'test', providerPaymentId: string): Promise<PaymentRow | undefined> {
        const [row] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
        return row;
      },

      /** Open invoices of organisations with a ready mandate that were never collected on it. */
      async invoicesToCollect(limit = 500): Promise<{ organisationId: string; invoiceId: string }[]> {
        const collected = db
          .select({ id: payments.invoiceId })
          .from(payments)
          .where(and(eq(payments.sequenceType, 'recurring'), isNotNull(payments.invoiceId)));
        return db
          .select({ organisationId: invoices.organisationId, invoiceId: invoices.id })
          .from(invoices)
          .innerJoin(organisations, eq(organisations.id, invoices.organisationId))
          .where(
            and(
              eq(invoices.status, 'open'),
              eq(organisations.paymentStatus, 'ready'),
              isNotNull(organisations.paymentCustomerId),
              sql`${invoices.totalCents} > 0`,
              notInArray(invoices.id, collected),
            ),
          )
          .orderBy(asc(invoices.invoiceDate))
          .limit(limit);
      },
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
