import { z } from 'zod';
import { dataResponseSchema } from './common';

/**
 * Direct debit and invoice payments (docs/billing.md, "Direct debit and payments"):
 * `GET/POST/DELETE user/organisation/payment`, `POST invoice/{id}/payment` and the
 * provider's webhook `POST /api/payments/webhook`.
 */

/** The mandate as the billing tab shows it: none, being validated, active (ready) or failed. */
export const mandateStateSchema = z.object({
  status: z.enum(['none', 'validating', 'ready', 'error']),
  consumer_name: z.string().nullable(),
  account_last_digits: z.string().nullable(),
});
export type MandateState = z.infer<typeof mandateStateSchema>;

export const mandateStateResponseSchema = dataResponseSchema(mandateStateSchema);

/** POST user/organisation/payment: where the person confirms the first payment of € 0,01. */
export const mandateSetupResponseSchema = dataResponseSchema(z.object({ checkout_url: z.string(), mandate: mandateStateSchema }));

/** POST invoice/{id}/payment: a checkout to pay at (oneoff), or a collection on the mandate (recurring, no checkout). */
export const invoicePaymentResponseSchema = dataResponseSchema(
  z.object({
    status: z.enum(['open', 'canceled', 'pending', 'authorized', 'expired', 'failed', 'paid']),
    checkout_url: z.string().nullable(),
    invoice_status: z.enum(['open', 'paid']),
  }),
);
export type InvoicePaymentResponse = z.infer<typeof invoicePaymentResponseSchema>;

/** The webhook's form body as Mollie sends it: only the payment's id, never trusted beyond that. */
export const paymentWebhookBodySchema = z.object({ id: z.string().trim().min(1).max(64) });

/** The test provider's checkout form. */
export const testCheckoutParamsSchema = z.object({ id: z.string().regex(/^tr_[a-z0-9]{1,40}$/) });
export const testCheckoutBodySchema = z.object({ outcome: z.enum(['paid', 'failed']) });
