import { randomBytes } from 'node:crypto';
import { startFakeHttpServer, type FakeReply } from './fake-http-server';

/**
 * A fake of Mollie's API v2 as documented (docs.mollie.com/reference): customers, payments
 * (sequenceType oneoff, first, recurring; also under /customers/{id}/payments), a payment by
 * id, a customer's mandates and revoking one. It checks the API key (Authorization: Bearer,
 * test_ or live_ and the key given) and the required fields, and answers errors in Mollie's
 * shape: {status, title, detail, field?, _links}. Amounts are strings with two decimals.
 * The payer's part (the checkout) is played by `complete`.
 */
export interface FakeMolliePayment {
  resource: 'payment';
  id: string;
  mode: 'test' | 'live';
  createdAt: string;
  status: 'open' | 'canceled' | 'pending' | 'authorized' | 'expired' | 'failed' | 'paid';
  amount: { currency: string; value: string };
  description: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  redirectUrl: string | null;
  webhookUrl: string | null;
  customerId: string | null;
  mandateId?: string;
  metadata: unknown;
  _links: { self: { href: string; type: string }; checkout?: { href: string; type: string } | null };
}

export interface FakeMollieMandate {
  resource: 'mandate';
  id: string;
  mode: 'test' | 'live';
  status: 'valid' | 'pending' | 'invalid';
  method: 'directdebit';
  details: { consumerName: string | null; consumerAccount: string | null; consumerBic: string | null };
  mandateReference: string | null;
  signatureDate: string | null;
  createdAt: string;
}

export interface FakeMollie {
  /** The API's base URL, as MOLLIE_API_URL: `${server}/v2`. */
  url: string;
  apiKey: string;
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  customers: Map<string, { id: string; name: string | null; email: string | null; metadata: unknown }>;
  payments: Map<string, FakeMolliePayment>;
  mandates: Map<string, FakeMollieMandate[]>;
  /**
   * The payer at the checkout: the payment becomes `status`; a paid first payment gives its
   * customer a mandate with `mandate` (valid by default, as after iDEAL; pending as after a
   * SEPA transfer; invalid), with the consumer's name and IBAN.
   */
  complete: (paymentId: string, status: 'paid' | 'failed' | 'canceled' | 'expired', mandate?: 'valid' | 'pending' | 'invalid') => void;
  /** While set, every call hangs (a provider that does not answer in time). */
  hanging: boolean;
  close: () => Promise<void>;
}

const docs = { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } };

function error(reply: FakeReply, status: number, detail: string, field?: string) {
  const title = { 401: 'Unauthorized Request', 404: 'Not Found', 405: 'Method Not Allowed', 422: 'Unprocessable Entity' }[status] ?? 'Error';
  reply.send(status, { status, title, detail, ...(field ? { field } : {}), _links: docs }, { 'content-type': 'application/hal+json' });
}

const token = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

export async function startFakeMollie(options: { apiKey?: string } = {}): Promise<FakeMollie> {
  const apiKey = options.apiKey ?? 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
  const fake: Omit<FakeMollie, 'url' | 'close'> = {
    apiKey,
    requests: [],
    customers: new Map(),
    payments: new Map(),
    mandates: new Map(),
    hanging: false,
    complete: () => undefined,
  };
  let base = '';

  const server = await startFakeHttpServer((request, reply) => {
    const path = request.url.pathname;
    fake.requests.push({ method: request.method, path, authorization: request.headers.authorization, body: request.body });
    if (fake.hanging) return reply.hang();
    const auth = /^Bearer ((test|live)_\w+)$/.exec(request.headers.authorization ?? '');
    if (!auth || auth[1] !== apiKey) return error(reply, 401, 'Missing authentication, or failed to authenticate');
    const mode = auth[2] as 'test' | 'live';
    const body = (request.body ?? {}) as Record<string, unknown>;
    const now = new Date().toISOString();
    const parts = path.replace(/^\/v2\/?/, '').split('/').filter(Boolean);

    if (request.method === 'POST' && parts.length === 1 && parts[0] === 'customers') {
      const customer = { id: token('cst'), name: typeof body.name === 'string' ? body.name : null, email: typeof body.email === 'string' ? body.email : null, metadata: body.metadata ?? null };
      fake.customers.set(customer.id, customer);
      return reply.send(201, { resource: 'customer', mode, createdAt: now, locale: null, ...customer, _links: { self: { href: `${base}/v2/customers/${customer.id}`, type: 'application/hal+json' } } });
    }

    const createPayment = (customerId: string | null) => {
      const amount = body.amount as { currency?: unknown; value?: unknown } | undefined;
      if (!amount || typeof amount !== 'object') return error(reply, 422, 'The amount is required for payments', 'amount');
      if (amount.currency !== 'EUR') return error(reply, 422, 'The amount currency is invalid', 'amount.currency');
      if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) return error(reply, 422, 'The amount contains an invalid value', 'amount.value');
      if (amount.value === '0.00' && body.sequenceType !== 'first') return error(reply, 422, 'The amount is lower than the minimum', 'amount');
      if (typeof body.description !== 'string' || body.description.trim() === '') return error(reply, 422, 'The description is invalid', 'description');
      const sequenceType = (body.sequenceType ?? 'oneoff') as string;
      if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) return error(reply, 422, 'The sequence type is invalid', 'sequenceType');
      const customer = customerId ?? (typeof body.customerId === 'string' ? body.customerId : null);
      if (customer !== null && !fake.customers.has(customer)) return error(reply, 422, 'The customer id is invalid', 'customerId');
      if (sequenceType !== 'oneoff' && customer === null) return error(reply, 422, 'A customer is required for this sequence type', 'customerId');
      if (sequenceType !== 'recurring' && typeof body.redirectUrl !== 'string') return error(reply, 422, 'The redirect URL is required', 'redirectUrl');
      for (const field of ['redirectUrl', 'webhookUrl'] as const) {
        if (body[field] === undefined) continue;
        try {
          new URL(String(body[field]));
        } catch {
          return error(reply, 422, `The ${field === 'redirectUrl' ? 'redirect' : 'webhook'} URL is invalid`, field);
        }
      }
      let mandateId: string | undefined;
      if (sequenceType === 'recurring') {
        const mandate = (fake.mandates.get(customer ?? '') ?? []).find((m) => m.status === 'valid' || m.status === 'pending');
        if (!mandate) return error(reply, 422, 'The customer does not have a suitable mandate for this payment', 'customerId');
        mandateId = mandate.id;
      }
      const id = token('tr');
      const payment: FakeMolliePayment = {
        resource: 'payment',
        id,
        mode,
        createdAt: now,
        // A recurring SEPA payment is pending until the bank collects it.
        status: sequenceType === 'recurring' ? 'pending' : 'open',
        amount: { currency: 'EUR', value: amount.value },
        description: body.description,
        sequenceType: sequenceType as FakeMolliePayment['sequenceType'],
        redirectUrl: typeof body.redirectUrl === 'string' ? body.redirectUrl : null,
        webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
        customerId: customer,
        ...(mandateId ? { mandateId } : {}),
        metadata: body.metadata ?? null,
        _links: {
          self: { href: `${base}/v2/payments/${id}`, type: 'application/hal+json' },
          checkout: sequenceType === 'recurring' ? null : { href: `${base}/checkout/${id}`, type: 'text/html' },
        },
      };
      fake.payments.set(id, payment);
      return reply.send(201, payment, { 'content-type': 'application/hal+json' });
    };

    if (request.method === 'POST' && parts.length === 1 && parts[0] === 'payments') return createPayment(null);
    if (parts[0] === 'customers' && parts[1] && !fake.customers.has(parts[1])) return error(reply, 404, `No customer exists with token ${parts[1]}.`);
    if (request.method === 'POST' && parts.length === 3 && parts[0] === 'customers' && parts[2] === 'payments') return createPayment(parts[1] ?? null);

    if (request.method === 'GET' && parts.length === 2 && parts[0] === 'payments') {
      const payment = fake.payments.get(parts[1] ?? '');
      if (!payment) return error(reply, 404, `No payment exists with token ${parts[1]}.`);
      const open = payment.status === 'open';
      return reply.send(200, { ...payment, _links: { ...payment._links, checkout: open ? payment._links.checkout : undefined } }, { 'content-type': 'application/hal+json' });
    }

    if (request.method === 'GET' && parts.length === 3 && parts[0] === 'customers' && parts[2] === 'mandates') {
      const mandates = fake.mandates.get(parts[1] ?? '') ?? [];
      return reply.send(200, { count: mandates.length, _embedded: { mandates }, _links: { self: { href: `${base}${path}`, type: 'application/hal+json' }, previous: null, next: null } });
    }

    if (request.method === 'DELETE' && parts.length === 4 && parts[0] === 'customers' && parts[2] === 'mandates') {
      const list = fake.mandates.get(parts[1] ?? '') ?? [];
      const mandate = list.find((m) => m.id === parts[3]);
      if (!mandate || mandate.status === 'invalid') return error(reply, 404, `No mandate exists with token ${parts[3]}.`);
      fake.mandates.set(parts[1] ?? '', list.filter((m) => m !== mandate));
      return reply.send(204, null);
    }

    return error(reply, 404, 'The requested resource does not exist.');
  });
  base = server.url;

  fake.complete = (paymentId, status, mandate = 'valid') => {
    const payment = fake.payments.get(paymentId);
    if (!payment) throw new Error(`fake Mollie: no payment ${paymentId}`);
    payment.status = status;
    if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId) {
      const list = fake.mandates.get(payment.customerId) ?? [];
      list.push({
        resource: 'mandate',
        id: token('mdt'),
        mode: 'test',
        status: mandate,
        method: 'directdebit',
        details: { consumerName: 'T. TEST', consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' },
        mandateReference: null,
        signatureDate: new Date().toISOString().slice(0, 10),
        createdAt: new Date().toISOString(),
      });
      fake.mandates.set(payment.customerId, list);
    }
  };

  return Object.assign(fake, { url: `${server.url}/v2`, close: server.close }) as FakeMollie;
}
