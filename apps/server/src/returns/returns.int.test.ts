import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { returnErrorMessages } from '@verzendhuis/domain/returns';
import { returnLabelRefusedText } from '@verzendhuis/domain/return-labels';
import { labelledOrders, readyOrders, labelsFor, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { labels } from '../db/schema';

const postnl = startForFile(() => startFakePostnl({ apikey: 'portaal-sleutel' }));
// Time scale 1: the Testvervoerder's parcels move in real hours, which a test makes pass by ageing a label.
const { server, first, second } = testServerForFile({ config: { testCarrierTimeScale: 1 } });

// Raw SQL in this file only to read what a label stores and the API does not show (its
// order snapshot's receiver) and to make an order old (time passing).

const returnAddress = { company_name: 'Retourcentrum De Proef', address_1: 'Industrieweg', housenumber: '7', housenumber_addition: null, zipcode: '3542 AD', city: 'Utrecht', country: 'NL' };

const settings = (org: TestOrganisation, body: unknown) => request(server, { method: 'PATCH', path: '/api/return-settings', token: org.token, body });
const portalCall = (slug: string, what: 'lookup' | 'create' | 'label', body: unknown, headers: Record<string, string> = {}) =>
  request(server, { method: 'POST', path: `/api/public/return/${slug}/${what}`, body, headers });

/** An organisation with its portal on (slug given), its Testvervoerder offered, and one labelled order; the order's number. */
async function openPortal(org: TestOrganisation, slug: string, extra: Record<string, unknown> = {}) {
  const courierId = await testCourierId(org);
  const answer = await settings(org, { payment_methods: ['organisation_paid', 'consumer_paid'], consumer_price_cents: 395, portal: { enabled: true, slug, courier_ids: [courierId] }, ...extra });
  expect(answer.status).toBe(200);
  return courierId;
}

async function shippedOrder(org: TestOrganisation, overrides: Record<string, unknown> = {}) {
  const orderNumber = `RET-${randomUUID().slice(0, 8)}`;
  const { orderIds, labelIds } = await labelledOrders(org, 1, {
    order_number: orderNumber,
    order_items: [
      { name: 'Trui', quantity: 1, unit_price_inc_btw: 39.95, weight: 400 },
      { name: 'Sjaal', quantity: 2, unit_price_inc_btw: 12.5, weight: 100 },
    ],
    ...overrides,
  });
  return { orderNumber, orderId: orderIds[0] as string, labelId: labelIds[0] as string };
}

describe('GET/PATCH return-settings', () => {
  it('starts with defaults: no own return address, organisation_paid, the portal off with a slug from the name', async () => {
    const answer = await request(server, { path: '/api/return-settings', token: first.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ address: null, payment_methods: ['organisation_paid'], consumer_price_cents: 0, portal: { enabled: false, courier_ids: [], return_days: 30 } });
    expect(answer.body.data.portal.url).toBe(`${server.url}/retour/${answer.body.data.portal.slug}`);
  });

  it('stores a return address, payment methods, a price in cents and the portal; a second organisation sees none of it and changes nothing', async () => {
    const org = await server.createOrganisation();
    const courierId = await testCourierId(org);
    const saved = await settings(org, {
      address: { ...returnAddress, zipcode: '3542ad' },
      payment_methods: ['organisation_paid', 'store_credit'],
      consumer_price_cents: 450,
      portal: { enabled: true, slug: 'Proef-Winkel', intro_text: ' Welkom! ', courier_ids: [courierId], return_days: 14 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      address: { ...returnAddress, zipcode: '3542 AD' },
      payment_methods: ['organisation_paid', 'store_credit'],
      consumer_price_cents: 450,
      portal: { enabled: true, slug: 'proef-winkel', intro_text: 'Welkom!', courier_ids: [courierId], return_days: 14 },
    });
    const theirs = await request(server, { path: '/api/return-settings', token: second.token });
    expect(theirs.body.data.address).toBeNull();
    expect(theirs.body.data.portal.slug).not.toBe('proef-winkel');
    // The second organisation cannot take the slug, nor offer the first's courier.
    const taken = await settings(second, { portal: { slug: 'proef-winkel' } });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ message_code: 'return_slug_taken', fields: { 'portal.slug': [returnErrorMessages.return_slug_taken] } });
    const foreignCourier = await settings(second, { portal: { courier_ids: [courierId] } });
    expect(foreignCourier.status).toBe(400);
    expect(foreignCourier.body.fields['portal.courier_ids']).toBeDefined();
    const mine = await request(server, { path: '/api/return-settings', token: org.token });
    expect(mine.body.data.portal).toMatchObject({ slug: 'proef-winkel', enabled: true, courier_ids: [courierId] });
  });

  it('refuses bad input with Dutch messages and stores nothing', async () => {
    const org = await server.createOrganisation();
    const bad = await settings(org, {
      address: { ...returnAddress, zipcode: '35' },
      payment_methods: ['cash'],
      consumer_price_cents: -5,
      portal: { slug: '-x', return_days: 0, intro_text: 'x'.repeat(1001) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('validation');
    expect(Object.keys(bad.body.fields).sort()).toEqual(['address.zipcode', 'consumer_price_cents', 'payment_methods', 'portal.intro_text', 'portal.return_days', 'portal.slug']);
    expect(bad.body.fields['portal.slug'][0]).toMatch(/kleine letters/);
    const noMethods = await settings(org, { payment_methods: [] });
    expect(noMethods.body.fields.payment_methods).toEqual(['Kies minstens één betaalmethode.']);
    const noCourier = await settings(org, { portal: { enabled: true } });
    expect(noCourier.status).toBe(400);
    expect(noCourier.body.fields['portal.courier_ids']).toBeDefined();
    const after = await request(server, { path: '/api/return-settings', token: org.token });
    expect(after.body.data).toMatchObject({ address: null, payment_methods: ['organisation_paid'], portal: { enabled: false } });
    const anonymous = await request(server, { path: '/api/return-settings' });
    expect(anonymous.status).toBe(401);
  });

  it('refuses to turn the portal on without a company name (account spec §8)', async () => {
    const org = await server.createOrganisation({ address: null });
    const courierId = await testCourierId(org);
    const answer = await settings(org, { portal: { enabled: true, courier_ids: [courierId] } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message_code: 'return_company_name_required', message: 'Bedrijfsnaam is verplicht om retouren te activeren' });
    expect((await request(server, { path: '/api/return-settings', token: org.token })).body.data.portal.enabled).toBe(false);
  });
});

describe('the return address on return labels', () => {
  it('a return label made in the API goes to the stored return address; without one to the organisation’s', async () => {
    const org = await server.createOrganisation();
    const [plain] = await readyOrders(org, 1);
    const [plainReturn] = await labelsFor(org, [plain as string], { isReturn: true });
    const receiverOf = async (id: string | undefined) => (await server.database.db.select().from(labels).where(eq(labels.id, id as string)))[0]?.orderSnapshot.shipment_receiver;
    expect(await receiverOf(plainReturn)).toEqual({ zipcode: '3511 AX', country: 'NL' });
    expect((await settings(org, { address: returnAddress })).status).toBe(200);
    const [other] = await readyOrders(org, 1);
    const [toReturnAddress] = await labelsFor(org, [other as string], { isReturn: true });
    expect(await receiverOf(toReturnAddress)).toEqual({ zipcode: '3542 AD', country: 'NL' });
  });
});

describe('the public return portal', () => {
  it('an unknown slug and a portal that is off answer the same not-found', async () => {
    const unknown = await request(server, { path: '/api/public/return/bestaat-niet' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message_code).toBe('return_portal_not_found');
    const org = await server.createOrganisation();
    await settings(org, { portal: { slug: 'staat-uit' } });
    const off = await request(server, { path: '/api/public/return/staat-uit' });
    expect(off.status).toBe(404);
    expect(off.body.message).toBe(unknown.body.message);
  });

  it('shows the organisation, and an order only with its number and postcode; the same message for unknown, wrong postcode and another organisation’s order', async () => {
    const org = await server.createOrganisation({ name: 'Portaalwinkel' });
    await openPortal(org, 'portaalwinkel', { portal: { enabled: true, slug: 'portaalwinkel', intro_text: 'Terugsturen kan binnen 30 dagen.', courier_ids: [await testCourierId(org)] } });
    const page = await request(server, { path: '/api/public/return/portaalwinkel' });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ organisation: { name: 'Webwinkel De Proef', logo_url: null }, intro_text: 'Terugsturen kan binnen 30 dagen.', payment_methods: ['organisation_paid', 'consumer_paid'], consumer_price_cents: 395 });
    const { orderNumber } = await shippedOrder(org);
    const found = await portalCall('portaalwinkel', 'lookup', { order_number: orderNumber, postcode: '1012lg' });
    expect(found.status).toBe(200);
    expect(found.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Trui', 'Sjaal']);
    expect(found.body.data.couriers).toMatchObject([{ service_class: 'test', allowed: true }]);

    const wrongPostcode = await portalCall('portaalwinkel', 'lookup', { order_number: orderNumber, postcode: '9999 ZZ' });
    const unknownOrder = await portalCall('portaalwinkel', 'lookup', { order_number: 'BESTAAT-NIET', postcode: '1012 LG' });
    const theirs = await shippedOrder(second);
    const otherOrganisation = await portalCall('portaalwinkel', 'lookup', { order_number: theirs.orderNumber, postcode: '1012 LG' });
    for (const refused of [wrongPostcode, unknownOrder, otherOrganisation]) {
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ message_code: 'return_order_not_found', message: returnErrorMessages.return_order_not_found });
      expect(JSON.stringify(refused.body)).not.toMatch(/Trui|Sjaal|Damrak/);
    }
    // An order without a label (not shipped) is not found either.
    const [unshipped] = await readyOrders(org, 1, { order_number: 'NOG-NIET-VERZONDEN' });
    expect(unshipped).toBeDefined();
    expect((await portalCall('portaalwinkel', 'lookup', { order_number: 'NOG-NIET-VERZONDEN', postcode: '1012 LG' })).status).toBe(404);
  });

  it('makes one return label for a repeated request, with the reasons and payment method, to the return address; its PDF only with the order’s proof', async () => {
    const org = await server.createOrganisation();
    await openPortal(org, 'een-label', { address: returnAddress });
    const { orderNumber, orderId } = await shippedOrder(org);
    const lookup = await portalCall('een-label', 'lookup', { order_number: orderNumber, postcode: '1012 LG' });
    const [trui, sjaal] = lookup.body.data.items as { id: string }[];
    const body = {
      order_number: orderNumber,
      postcode: '1012 LG',
      items: [
        { item_id: trui?.id, reason: 'item_too_big' },
        { item_id: sjaal?.id, reason: 'other', comment: 'Kleur is anders dan op de foto' },
      ],
      courier_id: lookup.body.data.couriers[0].id,
      payment_method: 'organisation_paid',
    };
    const key = randomUUID();
    const [one, two] = await Promise.all([portalCall('een-label', 'create', body, { 'idempotency-key': key }), portalCall('een-label', 'create', body, { 'idempotency-key': key })]);
    const answers = [one, two].filter((a) => a.status === 200);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const other of [one, two].filter((a) => a.status !== 200)) expect(other.body.message_code).toBe('request_in_progress');
    const again = await portalCall('een-label', 'create', body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(answers[0]?.body.data);
    const created = again.body.data as { label_id: string; tracking_number: string };
    expect(created.tracking_number).toMatch(/\S/);
    const returnLabels = await server.database.db.select().from(labels).where(eq(labels.orderId, orderId));
    expect(returnLabels.filter((l) => l.isReturn)).toHaveLength(1);
    // Another key for the same order: already registered, still one label.
    const secondTry = await portalCall('een-label', 'create', body, { 'idempotency-key': randomUUID() });
    expect(secondTry.status).toBe(409);
    expect(secondTry.body.message_code).toBe('return_already_registered');

    const label = await request(server, { path: `/api/label/${created.label_id}`, token: org.token });
    expect(label.body.data).toMatchObject({
      is_return: true,
      payment: 'organisation_paid',
      reason_retour: [
        { item_id: trui?.id, reason: 'item_too_big', comment: null },
        { item_id: sjaal?.id, reason: 'other', comment: 'Kleur is anders dan op de foto' },
      ],
    });
    const [row] = await server.database.db.select().from(labels).where(eq(labels.id, created.label_id));
    expect(row?.orderSnapshot.shipment_receiver).toEqual({ zipcode: '3542 AD', country: 'NL' });
    // It is in Retouren of its organisation only.
    const returnsTab = await request(server, { path: '/api/label/', token: org.token, query: { is_returned: true } });
    expect(returnsTab.body.data.map((l: { id: string }) => l.id)).toEqual([created.label_id]);
    expect((await request(server, { path: `/api/label/${created.label_id}`, token: second.token })).status).toBe(404);

    const pdf = await portalCall('een-label', 'label', { order_number: orderNumber, postcode: '1012 LG', label_id: created.label_id });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const wrongProof = await portalCall('een-label', 'label', { order_number: orderNumber, postcode: '1000 AA', label_id: created.label_id });
    expect(wrongProof.status).toBe(404);
  });

  it('a portal return label follows tracking like an outgoing one (label/track moves it on)', async () => {
    const org = await server.createOrganisation();
    await openPortal(org, 'volgen');
    const { orderNumber } = await shippedOrder(org);
    const lookup = await portalCall('volgen', 'lookup', { order_number: orderNumber, postcode: '1012 LG' });
    const created = await portalCall('volgen', 'create', { order_number: orderNumber, postcode: '1012 LG', items: [{ item_id: lookup.body.data.items[0].id, reason: 'item_damaged' }], courier_id: lookup.body.data.couriers[0].id, payment_method: 'organisation_paid' }, { 'idempotency-key': randomUUID() });
    const labelId = created.body.data.label_id as string;
    // Time passing: the return label was made two days ago.
    await server.database.db.update(labels).set({ createdAt: sql`${labels.createdAt} - interval '48 hours'` }).where(eq(labels.id, labelId));
    const tracked = await request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [labelId] } });
    expect(tracked.status).toBe(200);
    const label = await request(server, { path: `/api/label/${labelId}`, token: org.token });
    expect(label.body.data.status).not.toBe('ready');
    expect(label.body.data.tracking_date).not.toBeNull();
    const history = await request(server, { path: `/api/label/${labelId}/tracking`, token: org.token });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toMatch(/"status"/);
    expect((await request(server, { path: `/api/label/${labelId}/tracking`, token: second.token })).status).toBe(404);
  });

  it('refuses a method not offered, a courier not offered and a refused carrier/country; nothing is made', async () => {
    const org = await server.createOrganisation();
    const linked = await request(server, {
      method: 'POST',
      path: '/api/courier/create',
      token: org.token,
      body: { courier_class: 'postnl', fields: { api_key: 'portaal-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } },
    });
    const postnlId = linked.body.data.id as string;
    const testId = await testCourierId(org);
    await openPortal(org, 'weigeringen', { portal: { enabled: true, slug: 'weigeringen', courier_ids: [testId, postnlId] } });
    const { orderNumber, orderId } = await shippedOrder(org, { address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin', country: 'DE' });
    const lookup = await portalCall('weigeringen', 'lookup', { order_number: orderNumber, postcode: '10117' });
    expect(lookup.body.data.couriers).toMatchObject([
      { id: testId, allowed: true },
      { id: postnlId, allowed: false },
    ]);
    const base = { order_number: orderNumber, postcode: '10117', items: [{ item_id: lookup.body.data.items[0].id, reason: 'changed_mind' }], courier_id: testId, payment_method: 'organisation_paid' };
    const notOffered = await portalCall('weigeringen', 'create', { ...base, payment_method: 'store_credit' });
    expect(notOffered.body.message_code).toBe('return_payment_not_offered');
    const refusedCountry = await portalCall('weigeringen', 'create', { ...base, courier_id: postnlId });
    expect(refusedCountry.status).toBe(400);
    expect(refusedCountry.body).toMatchObject({ message_code: 'return_courier_refused', message: returnLabelRefusedText });
    const theirCourier = await portalCall('weigeringen', 'create', { ...base, courier_id: await testCourierId(second) });
    expect(theirCourier.body.message_code).toBe('return_courier_not_offered');
    const otherReason = await portalCall('weigeringen', 'create', { ...base, items: [{ item_id: base.items[0]?.item_id, reason: 'other' }] });
    expect(otherReason.status).toBe(400);
    expect(otherReason.body.fields['items.0.comment']).toBeDefined();
    const rows = await server.database.db.select().from(labels).where(eq(labels.orderId, orderId));
    expect(rows.filter((l) => l.isReturn)).toHaveLength(0);
    expect(postnl.requests.some((r) => JSON.stringify(r.body).includes(orderNumber))).toBe(false);
  });

  it('refuses lookups from an address after too many failures, with a Dutch 429', async () => {
    const org = await server.createOrganisation();
    await openPortal(org, 'te-vaak');
    const { orderNumber } = await shippedOrder(org);
    let status = 404;
    let attempts = 0;
    while (status === 404 && attempts < 50) {
      status = (await portalCall('te-vaak', 'lookup', { order_number: `GOK-${attempts}`, postcode: '1012 LG' })).status;
      attempts += 1;
    }
    expect(status).toBe(429);
    expect(attempts).toBeLessThanOrEqual(11);
    // Even the right number and postcode now wait.
    const right = await portalCall('te-vaak', 'lookup', { order_number: orderNumber, postcode: '1012 LG' });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ message_code: 'return_too_many_attempts', message: returnErrorMessages.return_too_many_attempts });
  });
});
