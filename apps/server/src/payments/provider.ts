import { AppError } from '@verzendhuis/domain/errors';
import { paymentErrorMessages } from '@verzendhuis/domain/payments-texts';

/**
 * The one interface of a payment provider (docs/billing.md, "Direct debit and payments"),
 * shaped after Mollie's API v2: customers, payments with a sequence type (first sets up a
 * mandate, recurring charges it, oneoff is a single payment) and the customer's mandates.
 * Two adapters: `mollie` (mollie.ts) and the built-in `test` provider (test-provider.ts).
 */
export type SequenceType = 'first' | 'oneoff' | 'recurring';

/** Mollie's payment statuses. */
export type ProviderPaymentStatus = 'open' | 'canceled' | 'pending' | 'authorized' | 'expired' | 'failed' | 'paid';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  sequenceType: SequenceType;
  customerId: string | null;
  /** Where the payer pays (absent for recurring payments and finished ones). */
  checkoutUrl: string | null;
  /** Our own reference, given at creation (metadata). */
  metadata: Record<string, string>;
}

export interface ProviderMandate {
  id: string;
  status: 'valid' | 'pending' | 'invalid';
  method: string;
  consumerName: string | null;
  /** The IBAN as the provider gives it (Mollie: the full IBAN). */
  consumerAccount: string | null;
  createdAt: string;
}

export interface CreatePaymentInput {
  amountCents: number;
  description: string;
  sequenceType: SequenceType;
  customerId?: string;
  /** Where the payer returns after the checkout (not for recurring). */
  redirectUrl?: string;
  /** Where the provider reports a change (null: no webhook, e.g. a local install). */
  webhookUrl: string | null;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  name: 'mollie' | 'test';
  createCustomer: (input: { name: string; email: string | null; metadata: Record<string, string> }) => Promise<{ id: string }>;
  createPayment: (input: CreatePaymentInput) => Promise<ProviderPayment>;
  /** A payment as the provider knows it now; null when the provider does not know the id. */
  getPayment: (id: string) => Promise<ProviderPayment | null>;
  listMandates: (customerId: string) => Promise<ProviderMandate[]>;
  revokeMandate: (customerId: string, mandateId: string) => Promise<void>;
}

/** The provider could not be reached or did not answer in time (account spec §8: a programming error). */
export function providerUnavailable(): AppError {
  return new AppError({ type: 'programming', messageCode: 'payment_provider_unavailable', message: paymentErrorMessages.payment_provider_unavailable });
}

/** The provider answered with an error we cannot mend (a wrong key, a refused field). */
export function providerRefused(): AppError {
  return new AppError({ type: 'programming', messageCode: 'payment_provider_refused', message: paymentErrorMessages.payment_provider_refused });
}

/** Cents as Mollie's amount value: "0.01", "12.50". */
export function centsToValue(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Mollie's amount value back to cents, without floats. */
export function valueToCents(value: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`not an amount value: ${value}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/** The IBAN's last four digits, as the billing tab shows them. */
export function lastDigits(account: string | null): string | null {
  if (!account) return null;
  const compact = account.replace(/\s+/g, '');
  return compact.length >= 4 ? compact.slice(-4) : null;
}
