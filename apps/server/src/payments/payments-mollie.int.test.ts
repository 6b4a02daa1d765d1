import { describe, expect, it } from 'vitest';
import { startFakeMollie } from '@verzendhuis/test-fakes/fake-mollie';
import { createOrders, request, requestLabels, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { otherProcessForFile, startTestServer, testServerForFile } from '../../test-support/server';

/**
 * Direct debit through Mollie (the fake of its API), in production, where labels need a
 * ready mandate. Mollie's webhook is played by posting `id=tr_…` as Mollie does. Invoices
 * are made by closing a period (another area); this file inserts them with SQL.
 */
const mollie = startForFile(() => startFakeMollie({ apiKey: 'test_verzendhuisSleutel' }));
const { server, first, second } = testServerForFile({ config: () => ({ environment: 'production', payments: { provider: 'mollie', apiUrl: mollie.url, apiKey: mollie.apiKey }, paymentTimeoutMs: 2000 }) });
const other = otherProcessForFile(server);

const webhook = (id: string) => request(server, { method: 'POST', path: '/api/payments/webhook', rawBody: `id=${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const paymentOf = async (org: TestOrganisation) => (await request(server, { path: '/api/user', token: org.token })).body.data.organisation.payment;
const mandateOf = async (org: TestOrganisation) => (await request(server, { path: '/api/user/organisation/payment', token: org.token })).body.data;

async function setUp(org: TestOrganisation): Promise<string> {
  const answer = await request(server, { method: 'POST', path: '/api/user/organisation/payment', token: org.token, body: {} });
  expect(answer.status).toBe(200);
  return String(answer.body.data.checkout_url).split('/').pop() ?? '';
}

describe('direct debit through Mollie', () => {
  it('follows the mandate by the webhook: pending is validating, valid is ready, and labels are made then', async () => {
    const [orderId] = await createOrders(first, 1, { order_number: 'MOLLIE-1', name: 'Jan Jansen' });
    expect((await requestLabels(first, { order_ids: [orderId] })).body).toMatchObject({ message_code: 'direct_debit_required' });

    const paymentId = await setUp(first);
    const created = mollie.payments.get(paymentId);
    expect(created).toMatchObject({ amount: { currency: 'EUR', value: '0.01' }, sequenceType: 'first', redirectUrl: `${server.url}/settings/account/billing-and-payment` });
    // The customer is made once: a second attempt reuses it.
    await setUp(first);
    expect(mollie.customers.size).toBe(1);

    mollie.complete(paymentId, 'paid', 'pending');
    expect((await webhook(paymentId)).status).toBe(200);
    expect(await paymentOf(first)).toEqual({ status: 'validating', mandate_error: false });
    expect((await requestLabels(first, { order_ids: [orderId] })).body.message_code).toBe('direct_debit_required');

    const [mandate] = mollie.mandates.get(created?.customerId ?? '') ?? [];
    if (mandate) mandate.status = 'valid';
    await webhook(paymentId);
    expect(await mandateOf(first)).toEqual({ status: 'ready', consumer_name: 'T. TEST', account_last_digits: '0000' });
    expect((await requestLabels(first, { order_ids: [orderId] })).body.status).toBe('success');
    // The second organisation's state is untouched.
    expect(await paymentOf(second)).toEqual({ status: null, mandate_error: false });
  });

  it('an invalid mandate is the mandate error', async () => {
    const paymentId = await setUp(second);
    mollie.complete(paymentId, 'paid', 'invalid');
    await webhook(paymentId);
    expect(await paymentOf(second)).toEqual({ status: null, mandate_error: true });
    expect(await mandateOf(second)).toMatchObject({ status: 'error' });
  });

  it('collects each open invoice once on a ready mandate, and marks it paid when Mollie says so', async () => {
    const { rows } = await server.database.pool.query<{ id: string }>(
      `INSERT INTO invoices (organisation_id, number, period_start, period_end, invoice_date, due_date, subtotal_cents, vat_cents, total_cents, vat_lines, billed_to)
       VALUES ($1, 'VH-MOLLIE-000001', '2026-11-01', '2026-11-15', '2026-11-15', '2026-11-29', 1000, 210, 1210, '[]', '{}'),
              ($2, 'VH-MOLLIE-000002', '2026-11-01', '2026-11-15', '2026-11-15', '2026-11-29', 1000, 210, 1210, '[]', '{}') RETURNING id`,
      [first.organisationId, second.organisationId],
    );
    const [ours, theirs] = rows.map((r) => r.id);
    // Only the organisation with a ready mandate is collected; twice running collects once.
    expect(await other.payments.collectOpenInvoices()).toBe(1);
    expect(await other.payments.collectOpenInvoices()).toBe(0);
    const recurring = [...mollie.payments.values()].filter((p) => p.sequenceType === 'recurring');
    expect(recurring).toHaveLength(1);
    expect(recurring[0]).toMatchObject({ amount: { value: '12.10' }, status: 'pending', description: 'Verzendhuis factuur VH-MOLLIE-000001' });
    // Paying by hand while it is collected is refused.
    const manual = await request(server, { method: 'POST', path: `/api/invoice/${ours}/payment`, token: first.token, body: {} });
    expect(manual.status).toBe(409);
    expect(manual.body.message_code).toBe('invoice_payment_running');

    mollie.complete(recurring[0]?.id ?? '', 'paid');
    await webhook(recurring[0]?.id ?? '');
    const status = await server.database.pool.query('SELECT id, status FROM invoices WHERE id = ANY($1) ORDER BY number', [[ours, theirs]]);
    expect(status.rows).toEqual([
      { id: ours, status: 'paid' },
      { id: theirs, status: 'open' },
    ]);
  });

  it('removes the mandate at Mollie', async () => {
    const customerId = (await server.database.pool.query('SELECT payment_customer_id FROM organisations WHERE id = $1', [first.organisationId])).rows[0].payment_customer_id;
    expect(mollie.mandates.get(customerId)).toHaveLength(1);
    expect((await request(server, { method: 'DELETE', path: '/api/user/organisation/payment', token: first.token })).status).toBe(200);
    expect(mollie.mandates.get(customerId)).toEqual([]);
    expect(await paymentOf(first)).toEqual({ status: null, mandate_error: false });
  });
});

describe('when Mollie cannot be reached', () => {
  it('answers the Dutch "connection failed" and writes nothing', async () => {
    const unreachable = await startTestServer({ payments: { provider: 'mollie', apiUrl: 'http://localhost:9/v2', apiKey: 'test_x' }, paymentTimeoutMs: 500 });
    try {
      const org = await unreachable.createOrganisation();
      const answer = await request(unreachable, { method: 'POST', path: '/api/user/organisation/payment', token: org.token, body: {} });
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ type: 'programming', message_code: 'payment_provider_unavailable' });
      expect(answer.body.message).toContain('De verbinding met de betaalprovider is mislukt');
      const { rows } = await unreachable.database.pool.query('SELECT payment_status, payment_customer_id FROM organisations WHERE id = $1', [org.organisationId]);
      expect(rows[0]).toEqual({ payment_status: null, payment_customer_id: null });
      expect((await unreachable.database.pool.query('SELECT count(*)::int AS n FROM payments')).rows[0].n).toBe(0);
    } finally {
      await unreachable.close();
    }
  });
});
