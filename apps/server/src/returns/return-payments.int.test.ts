import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { returnErrorMessages } from '@verzendhuis/domain/returns';
import { labelledOrders, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';

/**
 * The consumer-paid return of the portal (docs/returns.md) with the built-in test provider
 * (PAYMENT_PROVIDER=test, the default): its checkout page plays the consumer. Raw SQL only
 * to read what the API does not show (payments rows, invoice items).
 */
const { server, first, second } = testServerForFile();

const portalCall = (slug: string, what: string, body: unknown, headers: Record<string, string> = {}) =>
  request(server, { method: 'POST', path: `/api/public/return/${slug}/${what}`, body, headers });
const paymentState = (slug: string, id: string) => request(server, { path: `/api/public/return/${slug}/payment/${id}` });

/** The consumer on the test provider's checkout page: answers where it sends them back. */
async function checkout(url: string, outcome: 'paid' | 'failed'): Promise<string | null> {
  expect((await fetch(url)).status).toBe(200);
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}`, redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('location');
}

/** An organisation whose portal offers consumer_paid at € 3,95, with one shipped order; what the consumer sends to create. */
async function paidPortal(org: TestOrganisation, slug: string, priceCents = 395) {
  const courierId = await testCourierId(org);
  const saved = await request(server, {
    method: 'PATCH',
    path: '/api/return-settings',
    token: org.token,
    body: { payment_methods: ['consumer_paid'], consumer_price_cents: priceCents, portal: { enabled: true, slug, courier_ids: [courierId] } },
  });
  expect(saved.status).toBe(200);
  const orderNumber = `BET-${randomUUID().slice(0, 8)}`;
  const { orderIds } = await labelledOrders(org, 1, { order_number: orderNumber, order_items: [{ name: 'Trui', quantity: 1, unit_price_inc_btw: 39.95, weight: 400 }] });
  const lookup = await portalCall(slug, 'lookup', { order_number: orderNumber, postcode: '1012 LG' });
  expect(lookup.status).toBe(200);
  return {
    orderId: orderIds[0] as string,
    body: { order_number: orderNumber, postcode: '1012 LG', items: [{ item_id: lookup.body.data.items[0].id, reason: 'item_too_big' }], courier_id: courierId, payment_method: 'consumer_paid' },
  };
}

const returnLabels = async (orderId: string) =>
  (await server.database.pool.query<{ id: string; payment_method: string | null }>("SELECT id, payment_method FROM labels WHERE order_id = $1 AND is_return AND is_active", [orderId])).rows;
const paymentRows = async (org: TestOrganisation) =>
  (await server.database.pool.query<{ kind: string; status: string; amount_cents: number; return_request_id: string | null }>('SELECT kind, status, amount_cents, return_request_id FROM payments WHERE organisation_id = $1 ORDER BY created_at', [org.organisationId])).rows;

describe('the consumer-paid return', () => {
  it('answers a checkout at the settings’ price, makes the label once after payment even when read back concurrently, and invoices no payment', async () => {
    const { orderId, body } = await paidPortal(first, 'betaalde-retour');
    // A price in the request is not the price: the settings' is.
    const created = await portalCall('betaalde-retour', 'create', { ...body, consumer_price_cents: 1 }, { 'idempotency-key': 'k-1' });
    expect(created.status).toBe(200);
    const { return_id: returnId, checkout_url: checkoutUrl } = created.body.data;
    expect(checkoutUrl).toMatch(new RegExp(`^${server.url}/api/public/test-payment/tr_`));
    expect(await paymentRows(first)).toEqual([{ kind: 'return', status: 'open', amount_cents: 395, return_request_id: returnId }]);
    expect(await returnLabels(orderId)).toHaveLength(0);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('Retourzending');
    expect(page).toContain('3,95');
    // A repeat with the same key is the same return and the same checkout.
    const repeat = await portalCall('betaalde-retour', 'create', body, { 'idempotency-key': 'k-1' });
    expect(repeat.body.data).toEqual({ return_id: returnId, checkout_url: checkoutUrl });

    const waiting = await paymentState('betaalde-retour', returnId);
    expect(waiting.body.data).toEqual({ status: 'open', amount_cents: 395, checkout_url: checkoutUrl, label: null });

    const back = await checkout(checkoutUrl, 'paid');
    expect(back).toBe(`${server.url}/retour/betaalde-retour/betaling/${returnId}`);
    // The portal's page twice and the webhook, all at once: one label.
    const providerId = new URL(checkoutUrl).pathname.split('/').pop() as string;
    const [a, b] = await Promise.all([
      paymentState('betaalde-retour', returnId),
      paymentState('betaalde-retour', returnId),
      request(server, { method: 'POST', path: '/api/payments/webhook', body: { id: providerId } }),
    ]);
    for (const answer of [a, b]) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.status).toBe('paid');
    }
    const done = await paymentState('betaalde-retour', returnId);
    expect(done.body.data).toMatchObject({ status: 'paid', label: { label_id: expect.any(String), tracking_number: expect.any(String) } });
    const made = await returnLabels(orderId);
    expect(made).toEqual([{ id: done.body.data.label.label_id, payment_method: 'consumer_paid' }]);
    // The label is invoiced as any return label (the Testvervoerder's cost nothing); the consumer's payment is not ours.
    const items = (await server.database.pool.query<{ label_id: string | null; total_cents: number }>('SELECT label_id, total_cents FROM invoice_items WHERE organisation_id = $1', [first.organisationId])).rows;
    expect(items.filter((i) => i.label_id === null || i.total_cents === 395)).toEqual([]);

    const pdf = await fetch(`${server.url}/api/public/return/betaalde-retour/payment/${returnId}/label`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 4).toString()).toBe('%PDF');
    // Paid: no second payment, no second return of the order.
    const retry = await portalCall('betaalde-retour', `payment/${returnId}/retry`, undefined);
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ message_code: 'return_payment_done', message: returnErrorMessages.return_payment_done });
    const second = await portalCall('betaalde-retour', 'create', body, { 'idempotency-key': 'k-2' });
    expect(second.status).toBe(409);
    expect(second.body.message_code).toBe('return_already_registered');
    expect(await returnLabels(orderId)).toHaveLength(1);
  });

  it('a failed payment makes no label; trying again is a new payment of the same return, and paying it makes the label', async () => {
    const org = await server.createOrganisation();
    const { orderId, body } = await paidPortal(org, 'mislukte-betaling');
    const created = await portalCall('mislukte-betaling', 'create', body);
    const returnId = created.body.data.return_id as string;
    expect(await checkout(created.body.data.checkout_url, 'failed')).toBe(`${server.url}/retour/mislukte-betaling/betaling/${returnId}`);
    const failed = await paymentState('mislukte-betaling', returnId);
    expect(failed.body.data).toEqual({ status: 'failed', amount_cents: 395, checkout_url: null, label: null });
    expect(await returnLabels(orderId)).toHaveLength(0);

    const retry = await portalCall('mislukte-betaling', `payment/${returnId}/retry`, undefined);
    expect(retry.status).toBe(200);
    expect(retry.body.data.return_id).toBe(returnId);
    expect(retry.body.data.checkout_url).not.toBe(created.body.data.checkout_url);
    expect((await paymentRows(org)).map((p) => [p.status, p.return_request_id])).toEqual([
      ['failed', returnId],
      ['open', returnId],
    ]);
    await checkout(retry.body.data.checkout_url, 'paid');
    const paid = await paymentState('mislukte-betaling', returnId);
    expect(paid.body.data).toMatchObject({ status: 'paid', label: { label_id: expect.any(String) } });
    expect(await returnLabels(orderId)).toHaveLength(1);
  });

  it('another organisation’s portal cannot read, retry or download a return; bad input is a Dutch 4xx and writes nothing', async () => {
    const { body } = await paidPortal(second, 'andere-winkel');
    const created = await portalCall('andere-winkel', 'create', body);
    const returnId = created.body.data.return_id as string;
    const { orderId } = await paidPortal(first, 'eerste-winkel');
    // The first organisation's portal does not know the second's return.
    for (const answer of [
      await paymentState('eerste-winkel', returnId),
      await portalCall('eerste-winkel', `payment/${returnId}/retry`, undefined),
      await request(server, { path: `/api/public/return/eerste-winkel/payment/${returnId}/label` }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ message_code: 'return_payment_not_found', message: returnErrorMessages.return_payment_not_found });
    }
    // Nor can the second's order be returned through the first's portal.
    const foreign = await portalCall('eerste-winkel', 'create', { ...body, courier_id: await testCourierId(first) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message_code).toBe('return_order_not_found');
    const notUuid = await paymentState('andere-winkel', 'niet-een-id');
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.type).toBe('validation');
    // The label of a return not paid yet is not there.
    const unpaidPdf = await request(server, { path: `/api/public/return/andere-winkel/payment/${returnId}/label` });
    expect(unpaidPdf.status).toBe(404);
    const before = (await paymentRows(first)).length;
    const bad = await portalCall('eerste-winkel', 'create', { ...body, items: [], payment_method: 'contant' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['items', 'payment_method']);
    expect(bad.body.message).toMatch(/[a-z]/);
    expect(await paymentRows(first)).toHaveLength(before);
    expect(await returnLabels(orderId)).toHaveLength(0);
    expect((await paymentRows(second)).every((p) => p.return_request_id === returnId)).toBe(true);
  });

  it('at a price of € 0,00 there is nothing to pay: the label is made at once, as Klant betaald', async () => {
    const org = await server.createOrganisation();
    const { orderId, body } = await paidPortal(org, 'gratis-betaald', 0);
    const created = await portalCall('gratis-betaald', 'create', body);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ label_id: expect.any(String), tracking_number: expect.any(String) });
    expect(await paymentRows(org)).toEqual([]);
    expect(await returnLabels(orderId)).toEqual([{ id: created.body.data.label_id, payment_method: 'consumer_paid' }]);
  });

  it('the webhook alone (the consumer never comes back) makes the label; an unknown payment id changes nothing', async () => {
    const org = await server.createOrganisation();
    const { orderId, body } = await paidPortal(org, 'alleen-webhook');
    const created = await portalCall('alleen-webhook', 'create', body);
    const providerId = new URL(created.body.data.checkout_url).pathname.split('/').pop() as string;
    const paid = await fetch(created.body.data.checkout_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=paid', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(await returnLabels(orderId)).toHaveLength(0);
    expect((await request(server, { method: 'POST', path: '/api/payments/webhook', body: { id: 'tr_testonbekend' } })).status).toBe(200);
    expect(await returnLabels(orderId)).toHaveLength(0);
    expect((await request(server, { method: 'POST', path: '/api/payments/webhook', body: { id: providerId } })).status).toBe(200);
    expect(await returnLabels(orderId)).toHaveLength(1);
    expect(await paymentRows(org)).toMatchObject([{ kind: 'return', status: 'paid' }]);
    const state = await paymentState('alleen-webhook', created.body.data.return_id);
    expect(state.body.data.label.label_id).toBe((await returnLabels(orderId))[0]?.id);
  });

  it('asks no money for a label the account may not make now (an overdue invoice): the pre-check’s refusal, no payment', async () => {
    const org = await server.createOrganisation();
    const { body } = await paidPortal(org, 'achterstallig');
    // Time passing: an open invoice whose due date lies before today.
    await server.database.pool.query(
      `INSERT INTO invoices (organisation_id, number, period_start, period_end, invoice_date, due_date, subtotal_cents, vat_cents, total_cents, vat_lines, billed_to)
       VALUES ($1, 'VH-RETOUR-000001', '2026-01-01', '2026-01-14', '2026-01-15', '2026-01-29', 1000, 0, 1000, '[]', '{}')`,
      [org.organisationId],
    );
    const refused = await portalCall('achterstallig', 'create', body);
    expect(refused.status).toBe(403);
    expect(refused.body.message_code).toBe('overdue_payments');
    expect(await paymentRows(org)).toEqual([]);
    expect((await server.database.pool.query('SELECT id FROM return_requests WHERE organisation_id = $1', [org.organisationId])).rows).toEqual([]);
  });
});
