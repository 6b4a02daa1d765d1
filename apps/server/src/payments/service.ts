import { AppError, notFound } from '@verzendhuis/domain/errors';
import { paymentDescriptions, paymentErrorMessages } from '@verzendhuis/domain/payments-texts';
import type { InvoicePaymentResponse, MandateState } from '@verzendhuis/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { lastDigits, providerRefused, type PaymentProvider, type ProviderMandate, type ProviderPayment } from './provider';
import type { MandateColumns, PaymentRepository, PaymentRow } from './repository';

/** The first payment that sets up a mandate: € 0,01 (docs/billing.md). */
export const mandatePaymentCents = 1;

const failedStatuses = new Set(['failed', 'canceled', 'expired']);

/** The mandate as the billing tab shows it, from the organisation's columns. */
export function mandateStateOf(m: Pick<MandateColumns, 'paymentStatus' | 'paymentMandateFailed' | 'paymentConsumerName' | 'paymentAccountLastDigits'>): MandateState {
  const status = m.paymentStatus === 'ready' ? 'ready' : m.paymentStatus === 'validating' ? 'validating' : m.paymentMandateFailed ? 'error' : 'none';
  const details = m.paymentStatus ? { consumer_name: m.paymentConsumerName, account_last_digits: m.paymentAccountLastDigits } : { consumer_name: null, account_last_digits: null };
  return { status, ...details };
}

/** The mandate to use of a customer's mandates: a valid one, else a pending one (newest first). */
function usableMandate(mandates: ProviderMandate[]): ProviderMandate | undefined {
  const newest = [...mandates].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return newest.find((m) => m.status === 'valid') ?? newest.find((m) => m.status === 'pending');
}

/**
 * Direct debit and invoice payments (docs/billing.md, "Direct debit and payments"): the
 * mandate is set up by a first payment of € 0,01 at the provider; every change is read
 * back from the provider (on the webhook, on the billing tab's return, after a payment
 * is made), never taken from a request; a paid invoice payment marks its invoice paid.
 */
export function createPaymentService(deps: {
  repository: PaymentRepository;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Marks an invoice paid: the invoices area's `markPaid` (invoices/service.ts). */
  markInvoicePaid: (organisationId: string, invoiceId: string, paidAt: Date) => Promise<unknown>;
  /** A paid payment of a consumer-paid return: the returns area makes its label, once (returns/service.ts `labelPaidReturn`). */
  onReturnPaid?: (organisationId: string, returnRequestId: string, paymentId: string) => Promise<unknown>;
}) {
  const { repository, provider } = deps;
  // Mollie refuses a webhook it cannot reach; a local install gets none and reads back on return instead.
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/i.test(deps.publicUrl);
  const webhookUrl = local ? null : `${deps.publicUrl}/api/payments/webhook`;
  const { markInvoicePaid } = deps;

  async function loadMandate(organisationId: string) {
    const mandate = await repository.for(organisationId).mandate();
    if (!mandate) throw notFound();
    return mandate;
  }

  /** Reads the customer's mandates and writes what they say onto the organisation. */
  async function syncMandate(organisationId: string, customerId: string, payment: Pick<ProviderPayment, 'status'>, isLatest: boolean): Promise<void> {
    const mandate = usableMandate(await provider.listMandates(customerId));
    const one = repository.for(organisationId);
    if (mandate) {
      await one.updateMandate({
        paymentStatus: mandate.status === 'valid' ? 'ready' : 'validating',
        paymentMandateId: mandate.id,
        paymentConsumerName: mandate.consumerName,
        paymentAccountLastDigits: lastDigits(mandate.consumerAccount),
        paymentMandateFailed: false,
      });
    } else if (isLatest && (payment.status === 'paid' || failedStatuses.has(payment.status))) {
      // Paid without a mandate (invalid), or the first payment failed: the mandate error.
      await one.updateMandate({ paymentStatus: null, paymentMandateId: null, paymentConsumerName: null, paymentAccountLastDigits: null, paymentMandateFailed: true });
    }
  }

  /** Stores what the provider says of one of our payments and follows it up; idempotent. */
  async function apply(row: PaymentRow, payment: ProviderPayment): Promise<void> {
    const one = repository.for(row.organisationId);
    if (payment.status !== row.status) await one.setPaymentStatus(row.id, payment.status);
    if (row.kind === 'mandate') {
      // A mandate the customer has always counts; only the newest attempt's failure is the mandate error.
      const latest = await one.latestMandatePayment();
      const organisation = await one.mandate();
      if (organisation?.paymentCustomerId) await syncMandate(row.organisationId, organisation.paymentCustomerId, payment, latest?.id === row.id);
    } else if (row.invoiceId && payment.status === 'paid') {
      await markInvoicePaid(row.organisationId, row.invoiceId, new Date());
    } else if (row.kind === 'return' && row.returnRequestId && payment.status === 'paid') {
      // The consumer's payment is the shop's income, not our invoice: only the label follows.
      await deps.onReturnPaid?.(row.organisationId, row.returnRequestId, row.id);
    }
  }

  async function refreshRow(row: PaymentRow): Promise<ProviderPayment | null> {
    const payment = await provider.getPayment(row.providerPaymentId);
    if (payment) await apply(row, payment);
    return payment;
  }

  const service = {
    /** GET user/organisation/payment: reads the unfinished payments back from the provider, then answers the mandate. */
    async mandate(organisationId: string): Promise<MandateState> {
      for (const row of await repository.for(organisationId).unfinishedPayments()) {
        if (row.provider === provider.name) await refreshRow(row);
      }
      return mandateStateOf(await loadMandate(organisationId));
    },

    /** POST user/organisation/payment: the customer (once) and a first payment of € 0,01; answers its checkout. */
    async setUpMandate(organisationId: string): Promise<{ checkout_url: string; mandate: MandateState }> {
      const organisation = await loadMandate(organisationId);
      const one = repository.for(organisationId);
      const customerId =
        organisation.paymentCustomerId ??
        (await one.keepCustomerId((await provider.createCustomer({ name: organisation.name, email: organisation.contactEmail, metadata: { organisation_id: organisationId } })).id));
      const payment = await provider.createPayment({
        amountCents: mandatePaymentCents,
        description: paymentDescriptions.mandate,
        sequenceType: 'first',
        customerId,
        redirectUrl: `${deps.publicUrl}/settings/account/billing-and-payment`,
        webhookUrl,
        metadata: { organisation_id: organisationId, kind: 'mandate' },
      });
      if (!payment.checkoutUrl) throw new AppError({ type: 'programming', messageCode: 'payment_provider_refused', message: paymentErrorMessages.payment_provider_refused });
      await one.insertPayment({ provider: provider.name, providerPaymentId: payment.id, kind: 'mandate', sequenceType: 'first', amountCents: mandatePaymentCents, status: payment.status, checkoutUrl: payment.checkoutUrl });
      // A mandate in use stays in use until the new one is valid; otherwise it is being set up now.
      if (organisation.paymentStatus !== 'ready') await one.updateMandate({ paymentStatus: 'validating', paymentMandateFailed: false });
      return { checkout_url: payment.checkoutUrl, mandate: mandateStateOf(await loadMandate(organisationId)) };
    },

    /** DELETE user/organisation/payment: revokes the customer's mandates at the provider and forgets them. */
    async removeMandate(organisationId: string): Promise<MandateState> {
      const organisation = await loadMandate(organisationId);
      if (!organisation.paymentCustomerId || (!organisation.paymentStatus && !organisation.paymentMandateFailed)) {
        throw new AppError({ type: 'not_found', messageCode: 'mandate_not_found', message: paymentErrorMessages.mandate_not_found });
      }
      for (const mandate of await provider.listMandates(organisation.paymentCustomerId)) {
        if (mandate.status !== 'invalid') await provider.revokeMandate(organisation.paymentCustomerId, mandate.id);
      }
      await repository.for(organisationId).updateMandate({ paymentStatus: null, paymentMandateId: null, paymentConsumerName: null, paymentAccountLastDigits: null, paymentMandateFailed: false });
      return mandateStateOf(await loadMandate(organisationId));
    },

    /** POST /api/payments/webhook: re-reads the named payment from the provider; an id we do not know changes nothing. */
    async webhook(providerPaymentId: string): Promise<void> {
      const row = await repository.crossOrganisation.findPayment(provider.name, providerPaymentId);
      if (!row) return;
      await refreshRow(row);
    },

    /** POST invoice/{id}/payment: a recurring payment on a valid mandate, otherwise a oneoff payment at a checkout. */
    async payInvoice(organisationId: string, invoiceId: string, options: { automatic?: boolean } = {}): Promise<InvoicePaymentResponse['data']> {
      const one = repository.for(organisationId);
      const invoice = await one.invoice(invoiceId);
      if (!invoice) throw notFound('invoice_not_found');
      if (invoice.status === 'paid') throw new AppError({ type: 'usage', messageCode: 'invoice_already_paid', message: paymentErrorMessages.invoice_already_paid });
      const earlier = await one.paymentsOfInvoice(invoiceId);
      for (const row of earlier) {
        if (failedStatuses.has(row.status) || row.provider !== provider.name) continue;
        const now = await refreshRow(row);
        if (now?.status === 'paid') return { status: 'paid', checkout_url: null, invoice_status: 'paid' };
        if (now && !failedStatuses.has(now.status) && row.sequenceType === 'recurring') {
          throw new AppError({ type: 'usage', messageCode: 'invoice_payment_running', message: paymentErrorMessages.invoice_payment_running });
        }
      }
      const organisation = await loadMandate(organisationId);
      const collected = earlier.some((row) => row.sequenceType === 'recurring');
      const recurring = organisation.paymentStatus === 'ready' && organisation.paymentCustomerId !== null && !collected;
      if (options.automatic && !recurring) return { status: 'open', checkout_url: null, invoice_status: 'open' };
      const payment = await provider.createPayment({
        amountCents: invoice.totalCents,
        description: paymentDescriptions.invoice(invoice.number),
        sequenceType: recurring ? 'recurring' : 'oneoff',
        ...(recurring && organisation.paymentCustomerId ? { customerId: organisation.paymentCustomerId } : { redirectUrl: `${deps.publicUrl}/settings/invoices/${invoiceId}` }),
        webhookUrl,
        metadata: { organisation_id: organisationId, kind: 'invoice', invoice_id: invoiceId },
      });
      const row = await one.insertPayment({
        provider: provider.name,
        providerPaymentId: payment.id,
        kind: 'invoice',
        invoiceId,
        sequenceType: recurring ? 'recurring' : 'oneoff',
        amountCents: invoice.totalCents,
        status: payment.status,
        checkoutUrl: payment.checkoutUrl,
      });
      await apply(row, payment);
      const after = await one.invoice(invoiceId);
      return { status: payment.status, checkout_url: payment.checkoutUrl, invoice_status: after?.status ?? 'open' };
    },

    /**
     * A consumer-paid return of the portal: a oneoff payment at a checkout (no customer);
     * the provider sends the consumer back to `redirectUrl`. Answers its checkout.
     */
    async startReturnPayment(organisationId: string, input: { returnRequestId: string; amountCents: number; description: string; redirectUrl: string }): Promise<{ checkoutUrl: string }> {
      const payment = await provider.createPayment({
        amountCents: input.amountCents,
        description: input.description,
        sequenceType: 'oneoff',
        redirectUrl: input.redirectUrl,
        webhookUrl,
        metadata: { organisation_id: organisationId, kind: 'return', return_request_id: input.returnRequestId },
      });
      if (!payment.checkoutUrl) throw providerRefused();
      await repository.for(organisationId).insertPayment({
        provider: provider.name,
        providerPaymentId: payment.id,
        kind: 'return',
        returnRequestId: input.returnRequestId,
        sequenceType: 'oneoff',
        amountCents: input.amountCents,
        status: payment.status,
        checkoutUrl: payment.checkoutUrl,
      });
      return { checkoutUrl: payment.checkoutUrl };
    },

    /**
     * Reads a return's unfinished payments back from the provider (a paid one makes its
     * label through `onReturnPaid`) and answers where the return stands: paid when any
     * payment is paid, else the newest payment's status and its checkout while open.
     */
    async readReturnPayment(organisationId: string, returnRequestId: string): Promise<{ status: string; checkoutUrl: string | null } | null> {
      const one = repository.for(organisationId);
      for (const row of await one.paymentsOfReturn(returnRequestId)) {
        if (row.provider === provider.name && (row.status === 'paid' || !failedStatuses.has(row.status))) await refreshRow(row);
      }
      const rows = await one.paymentsOfReturn(returnRequestId);
      if (rows.some((row) => row.status === 'paid')) return { status: 'paid', checkoutUrl: null };
      const newest = rows.at(-1);
      if (!newest) return null;
      return { status: newest.status, checkoutUrl: newest.status === 'open' ? newest.checkoutUrl : null };
    },

    /** The scheduled collection: each open invoice of an organisation with a ready mandate, on the mandate, once. */
    async collectOpenInvoices(): Promise<number> {
      let started = 0;
      for (const { organisationId, invoiceId } of await repository.crossOrganisation.invoicesToCollect()) {
        try {
          const answer = await service.payInvoice(organisationId, invoiceId, { automatic: true });
          if (answer.status !== 'open') started += 1;
        } catch (error) {
          deps.log.warn({ err: error, organisationId, invoiceId }, 'collecting an invoice on its mandate failed');
        }
      }
      return started;
    },
  };
  return service;
}

export type PaymentService = ReturnType<typeof createPaymentService>;
