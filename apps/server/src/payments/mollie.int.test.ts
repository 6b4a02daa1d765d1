import { describe, expect, it } from 'vitest';
import { startFakeMollie } from '@verzendhuis/test-fakes/fake-mollie';
import { startForFile } from '../../test-support/for-file';
import { createMollieProvider } from './mollie';
import { centsToValue, valueToCents } from './provider';

const mollie = startForFile(() => startFakeMollie({ apiKey: 'test_sleutelVanVerzendhuis' }));
const provider = () => createMollieProvider({ apiUrl: mollie.url, apiKey: mollie.apiKey, timeoutMs: 1000 });

describe('the Mollie adapter over HTTP against the fake of Mollie’s API', () => {
  it('writes amounts as Mollie’s strings, in cents without floats', () => {
    expect([1, 10, 1250, 100000, 1999].map(centsToValue)).toEqual(['0.01', '0.10', '12.50', '1000.00', '19.99']);
    expect(['0.01', '12.50', '1000.00'].map(valueToCents)).toEqual([1, 1250, 100000]);
  });

  it('creates a customer and a first payment of € 0,01, reads it back and finds the mandate once paid', async () => {
    const adapter = provider();
    const customer = await adapter.createCustomer({ name: 'Webwinkel De Vries', email: 'info@devries.nl', metadata: { organisation_id: 'o1' } });
    expect(customer.id).toMatch(/^cst_/);
    const payment = await adapter.createPayment({ amountCents: 1, description: 'Machtiging', sequenceType: 'first', customerId: customer.id, redirectUrl: 'https://app.example/terug', webhookUrl: 'https://app.example/api/payments/webhook', metadata: { kind: 'mandate' } });
    expect(payment).toMatchObject({ status: 'open', amountCents: 1, sequenceType: 'first', customerId: customer.id, metadata: { kind: 'mandate' } });
    expect(payment.checkoutUrl).toMatch(/\/checkout\/tr_/);
    const sent = mollie.requests.find((r) => r.method === 'POST' && r.path === `/v2/customers/${customer.id}/payments`);
    expect(sent?.authorization).toBe(`Bearer ${mollie.apiKey}`);
    expect(sent?.body).toMatchObject({ amount: { currency: 'EUR', value: '0.01' }, sequenceType: 'first' });
    expect(await adapter.listMandates(customer.id)).toEqual([]);

    mollie.complete(payment.id, 'paid', 'pending');
    expect(await adapter.getPayment(payment.id)).toMatchObject({ status: 'paid', checkoutUrl: null });
    const [mandate] = await adapter.listMandates(customer.id);
    expect(mandate).toMatchObject({ status: 'pending', method: 'directdebit', consumerName: 'T. TEST', consumerAccount: 'NL55INGB0000000000' });

    await adapter.revokeMandate(customer.id, mandate?.id ?? '');
    expect(await adapter.listMandates(customer.id)).toEqual([]);
    // Revoking again (gone at Mollie already) is no failure.
    await adapter.revokeMandate(customer.id, mandate?.id ?? '');
  });

  it('charges a recurring payment only on a mandate, without a checkout', async () => {
    const adapter = provider();
    const customer = await adapter.createCustomer({ name: 'Zonder machtiging', email: null, metadata: {} });
    await expect(adapter.createPayment({ amountCents: 1250, description: 'Factuur', sequenceType: 'recurring', customerId: customer.id, webhookUrl: null, metadata: {} })).rejects.toMatchObject({ messageCode: 'payment_provider_refused' });
    const first = await adapter.createPayment({ amountCents: 1, description: 'Machtiging', sequenceType: 'first', customerId: customer.id, redirectUrl: 'https://app.example/terug', webhookUrl: null, metadata: {} });
    mollie.complete(first.id, 'paid');
    const recurring = await adapter.createPayment({ amountCents: 1250, description: 'Factuur VH-2026-000001', sequenceType: 'recurring', customerId: customer.id, webhookUrl: null, metadata: {} });
    expect(recurring).toMatchObject({ status: 'pending', amountCents: 1250, checkoutUrl: null, sequenceType: 'recurring' });
  });

  it('answers null for a payment Mollie does not know', async () => {
    expect(await provider().getPayment('tr_bestaatniet')).toBeNull();
  });

  it('turns a refused key (401) into a refusal and an unreachable or slow Mollie into "connection failed"', async () => {
    const wrongKey = createMollieProvider({ apiUrl: mollie.url, apiKey: 'test_verkeerd', timeoutMs: 1000 });
    await expect(wrongKey.createCustomer({ name: 'X', email: null, metadata: {} })).rejects.toMatchObject({ messageCode: 'payment_provider_refused', type: 'programming' });
    const closed = createMollieProvider({ apiUrl: 'http://localhost:9/v2', apiKey: mollie.apiKey, timeoutMs: 1000 });
    await expect(closed.getPayment('tr_x')).rejects.toMatchObject({ messageCode: 'payment_provider_unavailable' });
    mollie.hanging = true;
    try {
      await expect(createMollieProvider({ apiUrl: mollie.url, apiKey: mollie.apiKey, timeoutMs: 200 }).getPayment('tr_x')).rejects.toMatchObject({ messageCode: 'payment_provider_unavailable' });
    } finally {
      mollie.hanging = false;
    }
  });

  it('the fake answers as Mollie does: 401 and 422 bodies with status, title, detail and field', async () => {
    const noKey = await fetch(`${mollie.url}/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ status: 401, title: 'Unauthorized Request' });
    const noAmount = await fetch(`${mollie.url}/payments`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${mollie.apiKey}` }, body: JSON.stringify({ description: 'x', redirectUrl: 'https://a.example' }) });
    expect(noAmount.status).toBe(422);
    expect(await noAmount.json()).toMatchObject({ status: 422, title: 'Unprocessable Entity', field: 'amount' });
    const badValue = await fetch(`${mollie.url}/payments`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${mollie.apiKey}` }, body: JSON.stringify({ amount: { currency: 'EUR', value: '1.5' }, description: 'x', redirectUrl: 'https://a.example' }) });
    expect(await badValue.json()).toMatchObject({ status: 422, field: 'amount.value' });
  });
});
