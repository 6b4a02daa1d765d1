import type { CreatePaymentInput, PaymentProvider, ProviderMandate, ProviderPayment, ProviderPaymentStatus, SequenceType } from './provider';
import { centsToValue, providerRefused, providerUnavailable, valueToCents } from './provider';

/** Mollie's production API; MOLLIE_API_URL points elsewhere (the fake in tests). */
export const mollieProductionUrl = 'https://api.mollie.com/v2';

interface MolliePayment {
  id: string;
  status: ProviderPaymentStatus;
  amount: { currency: string; value: string };
  sequenceType: SequenceType;
  customerId?: string | null;
  metadata?: Record<string, string> | null;
  _links?: { checkout?: { href: string } | null };
}

interface MollieMandate {
  id: string;
  status: 'valid' | 'pending' | 'invalid';
  method: string;
  details?: { consumerName?: string | null; consumerAccount?: string | null } | null;
  createdAt: string;
}

class NotFound extends Error {}

/**
 * Mollie API v2 over fetch (docs/billing.md): the API key as a bearer token, JSON bodies,
 * amounts as {currency: 'EUR', value: '0.01'}. A network failure or a timeout is
 * `payment_provider_unavailable`; an error answer (401, 422, 5xx) `payment_provider_refused`
 * or unavailable (5xx), logged with Mollie's own detail.
 */
export function createMollieProvider(deps: { apiUrl: string; apiKey: string; timeoutMs: number; log?: (message: string) => void }): PaymentProvider {
  const base = deps.apiUrl.replace(/\/$/, '');

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${deps.apiKey}`, accept: 'application/hal+json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
    } catch (error) {
      deps.log?.(`Mollie ${method} ${path} failed: ${String(error)}`);
      throw providerUnavailable();
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text().catch(() => '');
    if (response.status === 404) throw new NotFound(text);
    if (!response.ok) {
      deps.log?.(`Mollie ${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
      throw response.status >= 500 ? providerUnavailable() : providerRefused();
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw providerUnavailable();
    }
  }

  const toPayment = (p: MolliePayment): ProviderPayment => ({
    id: p.id,
    status: p.status,
    amountCents: valueToCents(p.amount.value),
    sequenceType: p.sequenceType,
    customerId: p.customerId ?? null,
    checkoutUrl: p._links?.checkout?.href ?? null,
    metadata: p.metadata ?? {},
  });

  const toMandate = (m: MollieMandate): ProviderMandate => ({
    id: m.id,
    status: m.status,
    method: m.method,
    consumerName: m.details?.consumerName ?? null,
    consumerAccount: m.details?.consumerAccount ?? null,
    createdAt: m.createdAt,
  });

  return {
    name: 'mollie',

    async createCustomer({ name, email, metadata }) {
      const customer = await call<{ id: string }>('POST', '/customers', { name, ...(email ? { email } : {}), metadata });
      return { id: customer.id };
    },

    async createPayment(input: CreatePaymentInput) {
      const payment = await call<MolliePayment>('POST', input.customerId ? `/customers/${encodeURIComponent(input.customerId)}/payments` : '/payments', {
        amount: { currency: 'EUR', value: centsToValue(input.amountCents) },
        description: input.description,
        sequenceType: input.sequenceType,
        ...(input.redirectUrl ? { redirectUrl: input.redirectUrl } : {}),
        ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
        metadata: input.metadata,
      });
      return toPayment(payment);
    },

    async getPayment(id) {
      try {
        return toPayment(await call<MolliePayment>('GET', `/payments/${encodeURIComponent(id)}`));
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },

    async listMandates(customerId) {
      const answer = await call<{ _embedded?: { mandates?: MollieMandate[] } }>('GET', `/customers/${encodeURIComponent(customerId)}/mandates?limit=250`);
      return (answer._embedded?.mandates ?? []).map(toMandate);
    },

    async revokeMandate(customerId, mandateId) {
      try {
        await call<void>('DELETE', `/customers/${encodeURIComponent(customerId)}/mandates/${encodeURIComponent(mandateId)}`);
      } catch (error) {
        // Already revoked at Mollie: nothing left to do.
        if (!(error instanceof NotFound)) throw error;
      }
    },
  };
}
