import { describe, expect, it } from 'vitest';
import { request, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile, type TestServer } from '../../test-support/server';

/**
 * Direct debit and invoice payments with the built-in test provider (PAYMENT_PROVIDER=test,
 * the default): its checkout page plays the payer. Invoices are made by closing a period
 * (another area); this file inserts them with SQL, the one state it cannot make by the API.
 */
const { server, first, second } = testServerForFile();

let invoiceCounter = 0;
async function openInvoice(srv: TestServer, org: TestOrganisation, totalCents: number): Promise<string> {
  invoiceCounter += 1;
  const { rows } = await srv.database.pool.query<{ id: string }>(
    `INSERT INTO invoices (organisation_id, number, period_start, period_end, invoice_date, due_date, subtotal_cents, vat_cents, total_cents, vat_lines, billed_to)
     VALUES ($1, $2, '2026-11-01', '2026-11-15', '2026-11-15', '2026-11-29', $3, 0, $3, '[]', '{}') RETURNING id`,
    [org.organisationId, `VH-TEST-${String(invoiceCounter).padStart(6, '0')}`, totalCents],
  );
  return rows[0]?.id ?? '';
}

const paymentRows = async (org: TestOrganisation) =>
  (await server.database.pool.query<{ kind: string; status: string; sequence_type: string }>('SELECT kind, status, sequence_type FROM payments WHERE organisation_id = $1 ORDER BY created_at', [org.organisationId])).rows;

/** The payer on the test provider's checkout page: answers where it sends them back. */
async function checkout(url: string, outcome: 'paid' | 'failed'): Promise<string | null> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Betaald');
  expect(html).toContain('Mislukt');
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}`, redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('location');
}

const mandateOf = async (org: TestOrganisation) => (await request(server, { path: '/api/user/organisation/payment', token: org.token })).body.data;
const paymentOf = async (org: TestOrganisation) => (await request(server, { path: '/api/user', token: org.token })).body.data.organisation.payment;

describe('direct debit with the test provider', () => {
  it('sets up a mandate: validating until the first payment is paid, then ready with the account’s last digits', async () => {
    expect(await mandateOf(first)).toEqual({ status: 'none', consumer_name: null, account_last_digits: null });
    const setUp = await request(server, { method: 'POST', path: '/api/user/organisation/payment', token: first.token, body: {} });
    expect(setUp.status).toBe(200);
    expect(setUp.body.data.checkout_url).toMatch(new RegExp(`^${server.url}/api/public/test-payment/tr_`));
    expect(setUp.body.data.mandate.status).toBe('validating');
    expect(await paymentOf(first)).toEqual({ status: 'validating', mandate_error: false });
    expect(await paymentRows(first)).toEqual([{ kind: 'mandate', status: 'open', sequence_type: 'first' }]);

    // The second organisation sees nothing of it and cannot remove it.
    expect(await mandateOf(second)).toEqual({ status: 'none', consumer_name: null, account_last_digits: null });
    const removeTheirs = await request(server, { method: 'DELETE', path: '/api/user/organisation/payment', token: second.token });
    expect(removeTheirs.status).toBe(404);
    expect(removeTheirs.body).toMatchObject({ message_code: 'mandate_not_found', type: 'not_found', message: 'Er is geen machtiging om te verwijderen.' });

    const back = await checkout(setUp.body.data.checkout_url, 'paid');
    expect(back).toBe(`${server.url}/settings/account/billing-and-payment`);
    // No webhook reaches a local install: the billing tab reads the payment back on return.
    expect(await mandateOf(first)).toEqual({ status: 'ready', consumer_name: expect.any(String), account_last_digits: '0001' });
    expect(await paymentOf(first)).toEqual({ status: 'ready', mandate_error: false });
    expect(await paymentRows(first)).toEqual([{ kind: 'mandate', status: 'paid', sequence_type: 'first' }]);
    expect(await paymentOf(second)).toEqual({ status: null, mandate_error: false });
  });

  it('a failed first payment is the mandate error; trying again is validating again', async () => {
    const org = await server.createOrganisation();
    const setUp = await request(server, { method: 'POST', path: '/api/user/organisation/payment', token: org.token, body: {} });
    await checkout(setUp.body.data.checkout_url, 'failed');
    expect(await mandateOf(org)).toMatchObject({ status: 'error' });
    expect(await paymentOf(org)).toEqual({ status: null, mandate_error: true });
    // The checkout cannot be chosen twice.
    const again = await fetch(setUp.body.data.checkout_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=paid', redirect: 'manual' });
    expect(again.status).toBe(404);
    const retry = await request(server, { method: 'POST', path: '/api/user/organisation/payment', token: org.token, body: {} });
    expect(retry.body.data.mandate.status).toBe('validating');
    expect(await paymentOf(org)).toEqual({ status: 'validating', mandate_error: false });
  });

  it('pays an open invoice: recurring on the ready mandate, else at a checkout; another organisation’s invoice is not found', async () => {
    const invoiceId = await openInvoice(server, first, 1210);
    const theirs = await request(server, { method: 'POST', path: `/api/invoice/${invoiceId}/payment`, token: second.token, body: {} });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ message_code: 'invoice_not_found', message: 'Factuur niet gevonden.' });
    expect(await paymentRows(second)).toEqual([]);

    const paid = await request(server, { method: 'POST', path: `/api/invoice/${invoiceId}/payment`, token: first.token, body: {} });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual({ status: 'paid', checkout_url: null, invoice_status: 'paid' });
    const { rows } = await server.database.pool.query('SELECT status, paid_at FROM invoices WHERE id = $1', [invoiceId]);
    expect(rows[0]).toMatchObject({ status: 'paid', paid_at: expect.any(Date) });
    const twice = await request(server, { method: 'POST', path: `/api/invoice/${invoiceId}/payment`, token: first.token, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.message_code).toBe('invoice_already_paid');

    const org = await server.createOrganisation();
    const open = await openInvoice(server, org, 4599);
    const oneoff = await request(server, { method: 'POST', path: `/api/invoice/${open}/payment`, token: org.token, body: {} });
    expect(oneoff.body.data).toMatchObject({ status: 'open', invoice_status: 'open' });
    expect(await checkout(oneoff.body.data.checkout_url, 'paid')).toBe(`${server.url}/settings/invoices/${open}`);
    await mandateOf(org);
    expect((await server.database.pool.query('SELECT status FROM invoices WHERE id = $1', [open])).rows[0].status).toBe('paid');
    // Paying does not set up a mandate.
    expect(await paymentOf(org)).toEqual({ status: null, mandate_error: false });
  });

  it('refuses a bad invoice id with a Dutch message and writes nothing', async () => {
    const bad = await request(server, { method: 'POST', path: '/api/invoice/geen-uuid/payment', token: first.token, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, type: 'validation' });
    expect(bad.body.message).toMatch(/[a-z]/);
    expect((await request(server, { method: 'POST', path: '/api/user/organisation/payment', body: {} })).status).toBe(401);
  });

  it('the webhook re-reads the payment; an unknown id answers 200 and changes nothing; a missing id is a 400', async () => {
    const org = await server.createOrganisation();
    const setUp = await request(server, { method: 'POST', path: '/api/user/organisation/payment', token: org.token, body: {} });
    const id = String(setUp.body.data.checkout_url).split('/').pop() ?? '';
    const form = (body: string) => request(server, { method: 'POST', path: '/api/payments/webhook', rawBody: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const before = await server.database.pool.query('SELECT organisation_id, status, updated_at FROM payments ORDER BY id');
    expect((await form('id=tr_onbekend')).status).toBe(200);
    expect((await server.database.pool.query('SELECT organisation_id, status, updated_at FROM payments ORDER BY id')).rows).toEqual(before.rows);
    const missing = await form('');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, type: 'validation' });
    // Still open at the provider: the webhook changes nothing.
    expect((await form(`id=${id}`)).status).toBe(200);
    expect(await paymentRows(org)).toEqual([{ kind: 'mandate', status: 'open', sequence_type: 'first' }]);
    // Paid at the checkout: the webhook (not the page) brings it in, and a second one changes nothing more.
    await checkout(setUp.body.data.checkout_url, 'paid');
    expect((await form(`id=${id}`)).status).toBe(200);
    expect(await paymentRows(org)).toEqual([{ kind: 'mandate', status: 'paid', sequence_type: 'first' }]);
    const { rows } = await server.database.pool.query('SELECT payment_status FROM organisations WHERE id = $1', [org.organisationId]);
    expect(rows[0].payment_status).toBe('ready');
    expect((await form(`id=${id}`)).status).toBe(200);
    expect(await paymentOf(org)).toEqual({ status: 'ready', mandate_error: false });
  });

  it('removes the mandate at the provider; the label pre-check then has no ready mandate', async () => {
    const removed = await request(server, { method: 'DELETE', path: '/api/user/organisation/payment', token: first.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ status: 'none', consumer_name: null, account_last_digits: null });
    expect(await paymentOf(first)).toEqual({ status: null, mandate_error: false });
    expect((await request(server, { method: 'DELETE', path: '/api/user/organisation/payment', token: first.token })).status).toBe(404);
  });
});
