import { randomBytes } from 'node:crypto';
import type { CreatePaymentInput, PaymentProvider, ProviderMandate, ProviderPayment } from './provider';

interface TestPayment extends ProviderPayment {
  description: string;
  redirectUrl: string | null;
}

/** The test provider's own parts beside the provider interface: its checkout page's data and the payer's choice. */
export interface TestPaymentProvider extends PaymentProvider {
  name: 'test';
  /** The payment the checkout page shows; null when unknown. */
  checkout: (id: string) => { id: string; amountCents: number; description: string; status: ProviderPayment['status'] } | null;
  /** The payer's choice on the checkout page; answers where to send the payer back (null: unknown or already finished). */
  complete: (id: string, outcome: 'paid' | 'failed') => { redirectUrl: string | null } | null;
}

const id = (prefix: string) => `${prefix}_test${randomBytes(6).toString('hex')}`;

/**
 * The built-in payment provider of the embedded default (PAYMENT_PROVIDER=test; docs/billing.md).
 * It keeps its customers, payments and mandates in this process's memory (a restart
 * forgets them, as if they expired) and has a checkout page of our own at
 * /api/public/test-payment/{id}, where a person chooses Betaald or Mislukt. A paid first
 * payment gives the customer a valid mandate at once (as Mollie does after iDEAL);
 * recurring payments on a valid mandate are paid at once; open payments stay open.
 */
export function createTestPaymentProvider(deps: { publicUrl: string }): TestPaymentProvider {
  const customers = new Map<string, { name: string }>();
  const payments = new Map<string, TestPayment>();
  const mandates = new Map<string, ProviderMandate[]>();
  const validMandate = (customerId: string | undefined) => (customerId ? (mandates.get(customerId) ?? []).find((m) => m.status === 'valid') : undefined);

  const view = (p: TestPayment): ProviderPayment => ({
    id: p.id,
    status: p.status,
    amountCents: p.amountCents,
    sequenceType: p.sequenceType,
    customerId: p.customerId,
    checkoutUrl: p.status === 'open' ? p.checkoutUrl : null,
    metadata: { ...p.metadata },
  });

  return {
    name: 'test',

    async createCustomer({ name }) {
      const customerId = id('cst');
      customers.set(customerId, { name });
      return { id: customerId };
    },

    async createPayment(input: CreatePaymentInput) {
      const paymentId = id('tr');
      const recurring = input.sequenceType === 'recurring';
      const payment: TestPayment = {
        id: paymentId,
        status: recurring ? (validMandate(input.customerId) ? 'paid' : 'failed') : 'open',
        amountCents: input.amountCents,
        sequenceType: input.sequenceType,
        customerId: input.customerId ?? null,
        checkoutUrl: recurring ? null : `${deps.publicUrl}/api/public/test-payment/${paymentId}`,
        metadata: { ...input.metadata },
        description: input.description,
        redirectUrl: input.redirectUrl ?? null,
      };
      payments.set(paymentId, payment);
      return view(payment);
    },

    async getPayment(paymentId) {
      const payment = payments.get(paymentId);
      return payment ? view(payment) : null;
    },

    async listMandates(customerId) {
      return (mandates.get(customerId) ?? []).map((m) => ({ ...m }));
    },

    async revokeMandate(customerId, mandateId) {
      mandates.set(
        customerId,
        (mandates.get(customerId) ?? []).filter((m) => m.id !== mandateId),
      );
    },

    checkout(paymentId) {
      const payment = payments.get(paymentId);
      return payment ? { id: payment.id, amountCents: payment.amountCents, description: payment.description, status: payment.status } : null;
    },

    complete(paymentId, outcome) {
      const payment = payments.get(paymentId);
      if (!payment || payment.status !== 'open') return null;
      payment.status = outcome;
      if (outcome === 'paid' && payment.sequenceType === 'first' && payment.customerId) {
        const customerId = payment.customerId;
        const name = customers.get(customerId)?.name ?? 'Testklant';
        mandates.set(customerId, [
          ...(mandates.get(customerId) ?? []),
          { id: id('mdt'), status: 'valid', method: 'directdebit', consumerName: name, consumerAccount: 'NL55INGB0000000001', createdAt: new Date().toISOString() },
        ]);
      }
      return { redirectUrl: payment.redirectUrl };
    },
  };
}
