import { eq, inArray } from 'drizzle-orm';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { createOrders, labelledOrders, readyOrders, request, requestLabels, type RawResponse, type TestOrganisation } from '../../test-support/factories';
import { startTestServer, testServerForFile } from '../../test-support/server';
import { waitUntilBlockedBy } from '../../test-support/wait';
import { labels, orders, organisations, plans } from '../db/schema';
import { createLabelRepository } from './repository';

const { server, first, second } = testServerForFile();

// Raw SQL in this file only where the API cannot make the state: plan quotas and the
// organisation's payment and account-manager flags (the operator's), a trigger that fails
// a write, and the repository's own claim in the lock tests.

async function labelCount(orderIds: string[]) {
  return (await server.database.db.select().from(labels).where(inArray(labels.orderId, orderIds))).length;
}

describe('label/ (the labels list): a total bounded like the orders list', () => {
  it('counts exactly up to 1,000 (or a page beyond the one asked) and says when it stopped', async () => {
    const org = await server.createOrganisation();
    const { labelIds } = await labelledOrders(org, 3);
    const list = async (query: Record<string, string>) => (await request(server, { path: '/api/label/', query, token: org.token })).body;
    const few = await list({ sort: 'name' });
    expect(few.meta).toEqual({ total: 3, page: 1, page_size: 25, total_is_lower_bound: false });
    expect([...few.data.map((l: { id: string }) => l.id)].sort()).toEqual([...labelIds].sort());
    // 1,100 more labels: through the API this would take minutes, so straight in the table,
    // copies of a real one under other names.
    await server.database.pool.query(
      `INSERT INTO labels (organisation_id, order_id, courier_id, courier_class, status, shipment_type, order_snapshot, tracking_number)
       SELECT organisation_id, order_id, courier_id, courier_class, 'ready', shipment_type,
              order_snapshot || jsonb_build_object('name', 'Bulk ' || lpad(g::text, 4, '0')), 'BULK' || g
       FROM labels, generate_series(1, 1100) AS g WHERE id = $1`,
      [labelIds[0]],
    );
    expect((await list({})).meta).toEqual({ total: 1000, page: 1, page_size: 25, total_is_lower_bound: true });
    expect((await list({ page: '2', page_size: '250' })).meta).toEqual({ total: 1000, page: 2, page_size: 250, total_is_lower_bound: true });
    // A deep page counts a page beyond itself: here every label, so exact.
    expect((await list({ page: '5', page_size: '250' })).meta).toEqual({ total: 1103, page: 5, page_size: 250, total_is_lower_bound: false });
    expect((await list({ page: '5', page_size: '250' })).data).toHaveLength(103);
    const found = await list({ search: 'Bulk 0042' });
    expect(found.meta).toEqual({ total: 1, page: 1, page_size: 25, total_is_lower_bound: false });
    expect(found.data[0].name).toBe('Bulk 0042');
    // Sorted on the order's copied fields, either way (their own indexes).
    expect((await list({ sort: 'name', page_size: '2' })).data.map((l: { name: string }) => l.name)).toEqual(['Bulk 0001', 'Bulk 0002']);
    expect((await list({ sort: '-name', page: '2', page_size: '3' })).data.map((l: { name: string }) => l.name)).toEqual(['Bulk 1100', 'Bulk 1099', 'Bulk 1098']);
    // label/count stays exact.
    expect((await request(server, { path: '/api/label/count', token: org.token })).body.data.count).toBe(1103);
  });
});

describe('order/label/create', () => {
  it('makes a label per order with the Testvervoerder; the orders leave the orders tab', async () => {
    const ids = await readyOrders(first, 3);
    const before = (await first.api.orders.count()).data.orders;
    const { status, body } = await requestLabels(first, { order_ids: ids });
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data.map((d: { order_id: string }) => d.order_id).sort()).toEqual([...ids].sort());
    expect((await first.api.orders.count()).data.orders).toBe(before - 3);
    const label = (await request(server, { path: `/api/label/${body.data[0].id}`, token: first.token })).body;
    expect(label.data.shipment.packages[0].tracking_number).toMatch(/^3STEST/);
    expect(label.data.name).toBe('Zoë Łukasz-Müller');
    // another organisation sees none of it
    const theirs = await request(server, { path: `/api/label/${body.data[0].id}`, token: second.token });
    expect(theirs.status).toBe(404);
    expect((await request(server, { path: '/api/label/', token: second.token })).body.data).toEqual([]);
    const list = (await request(server, { path: '/api/label/', query: { search: label.data.order_number, sort: 'order_number' }, token: first.token })).body;
    expect(list.data.map((l: { id: string }) => l.id)).toEqual([body.data[0].id]);
    const other = await requestLabels(second, { order_ids: ids });
    expect(other.body.status).toBe('failed');
    expect(other.body.errors.map((e: { message: string }) => e.message)).toEqual(['Order niet gevonden.', 'Order niet gevonden.', 'Order niet gevonden.']);
  });

  it('reports each order’s fate: one bad order never fails the batch', async () => {
    const [good] = await readyOrders(first, 1);
    const [incomplete] = await createOrders(first, 1, { name: '' });
    const { body } = await requestLabels(first, { order_ids: [good, incomplete, '00000000-0000-4000-8000-000000000000'] });
    expect(body.status).toBe('partial');
    expect(body.data.map((d: { order_id: string }) => d.order_id)).toEqual([good]);
    expect(body.errors.map((e: { message: string }) => e.message).sort()).toEqual(['Deze bestelling is niet compleet. Los eerst de problemen op.', 'Order niet gevonden.'].sort());
  });

  it('answers a repeat with the same Idempotency-Key without a second label', async () => {
    const ids = await readyOrders(first, 2);
    const once = await requestLabels(first, { order_ids: ids }, 'knop-1');
    const again = await requestLabels(first, { order_ids: ids }, 'knop-1');
    expect(again.body).toEqual(once.body);
    expect(await labelCount(ids)).toBe(2);
    const misuse = await requestLabels(first, { order_ids: [ids[0]] }, 'knop-1');
    expect(misuse.status).toBe(422);
    expect(misuse.body.message_code).toBe('idempotency_key_reused');
  });

  it('makes one label when the same request comes five times at once', async () => {
    const ids = await readyOrders(first, 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => requestLabels(first, { order_ids: ids })));
    // The answers in the failure message: which of the five made the label, and what the others heard.
    expect(await labelCount(ids), JSON.stringify(answers.map((a) => a.body))).toBe(1);
    const outcomes = answers.map((r) => r.body.status);
    expect(outcomes).toContain('success');
  });

  it('reports an order whose label could not be stored as that order’s failure; the batch and its answer stay', async () => {
    // A real database failure for one order: a trigger refuses its label row (the claim) and,
    // for a second order, its packages (when the carrier's label is stored).
    await server.database.pool.query(`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'labels' THEN
          IF NEW.order_snapshot->>'order_number' LIKE 'BOOM-CLAIM-%' THEN
            RAISE EXCEPTION 'disk full (test)';
          END IF;
        ELSIF (SELECT order_snapshot->>'order_number' FROM labels WHERE id = NEW.label_id) LIKE 'BOOM-STORE-%' THEN
          RAISE EXCEPTION 'disk full (test)';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON labels FOR EACH ROW EXECUTE FUNCTION refuse_boom();
      CREATE TRIGGER refuse_boom BEFORE INSERT ON label_packages FOR EACH ROW EXECUTE FUNCTION refuse_boom();`);
    try {
      const [atClaim = ''] = await readyOrders(first, 1, { order_number: `BOOM-CLAIM-${Date.now()}` });
      const [atStore = ''] = await readyOrders(first, 1, { order_number: `BOOM-STORE-${Date.now()}` });
      const fine = await readyOrders(first, 2);
      const { status, body } = await requestLabels(first, { order_ids: [fine[0], atClaim, atStore, fine[1]] }, `boom-${Date.now()}`);
      expect(status).toBe(200);
      expect(body.status, JSON.stringify(body)).toBe('partial');
      expect(body.data.map((d: { order_id: string }) => d.order_id).sort()).toEqual([...fine].sort());
      const failed = 'Er ging iets mis bij het maken van dit label; er is geen label gemaakt. Probeer het opnieuw.';
      expect(body.errors).toHaveLength(2);
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { order_id: atClaim, order_number: expect.stringMatching(/^BOOM-CLAIM-/), message: failed },
          { order_id: atStore, order_number: expect.stringMatching(/^BOOM-STORE-/), message: failed },
        ]),
      );
      // Nothing half-written: no label for the failed orders, which are still open.
      expect(await labelCount([atClaim, atStore])).toBe(0);
      for (const id of [atClaim, atStore]) expect((await first.api.orders.get(id)).data.shipment_ids).toEqual([]);
    } finally {
      await server.database.pool.query('DROP TRIGGER refuse_boom ON labels; DROP TRIGGER refuse_boom ON label_packages; DROP FUNCTION refuse_boom();');
    }
  });

  it('finishes a label while a second request claims the same order, without a deadlock', async () => {
    // The second request holds the order row and then asks for a "creating" label of its
    // own, which waits on the first label's row. Finishing the first label must not need
    // the order row after touching its label (the two would wait on each other).
    const [orderId = ''] = await readyOrders(first, 1);
    const repository = createLabelRepository(server.database.db);
    const courierId = (await first.api.couriers.list()).data[0]?.id ?? '';
    const claimValues = { orderId, courierId, courierClass: 'test', isReturn: false, shipmentType: 'parcel', courierFields: {}, orderSnapshot: { order_number: 'DEADLOCK' } };
    const claimed = await repository.for(first.organisationId).claim(claimValues, { force: false });
    if (typeof claimed === 'string') throw new Error(`no claim: ${claimed}`);
    // The carrier's answer is stored without the order row; the finish needs it.
    expect(
      await repository.for(first.organisationId).recordCarrierLabel(claimed.id, [
        { packageNumber: 1, weight: 800, trackingNumber: '3STEST000000001', trackingUrl: null, labelFile: Buffer.from('%PDF-1.7') },
      ]),
    ).toBe(true);
    let finishing: Promise<void> = Promise.resolve();
    const secondClaim = server.database.db
      .transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
        finishing = repository.for(first.organisationId).finish({ id: claimed.id, orderId });
        await waitUntilBlockedBy(tx, server.database.pool);
        await tx.insert(labels).values({ ...claimValues, organisationId: first.organisationId, status: 'creating' });
      })
      .then(
        () => null,
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
    // The second claim meets the first "creating" label: busy (unique violation), not a deadlock (40P01).
    expect(await secondClaim).toBe('23505');
    await finishing;
    const [label] = await server.database.db.select().from(labels).where(eq(labels.id, claimed.id));
    expect(label?.status).toBe('ready');
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.shipmentIds).toEqual([claimed.id]);
  });

  it('warns about orders that already have a label and makes a new one only when forced', async () => {
    const ids = await readyOrders(first, 1);
    await requestLabels(first, { order_ids: ids });
    const warned = await requestLabels(first, { order_ids: ids });
    expect(warned.body).toMatchObject({ status: 'warning', data: [], warnings: [{ order_id: ids[0], type: 'duplicate', message: 'Deze bestelling heeft al een label.' }] });
    expect(await labelCount(ids)).toBe(1);
    const forced = await requestLabels(first, { order_ids: ids, force: true });
    expect(forced.body.status).toBe('success');
    expect(await labelCount(ids)).toBe(2);
  });

  it('refuses over the plan quota with used, quota and requested', async () => {
    const org = await server.createOrganisation();
    const ids = await readyOrders(org, 3);
    await server.database.db.update(plans).set({ labelQuota: 2 }).where(eq(plans.id, 'trial'));
    try {
      const { status, body } = await requestLabels(org, { order_ids: ids });
      expect(status).toBe(403);
      expect(body).toMatchObject({ type: 'usage', message_code: 'quota_exceeded', fields: { quota: ['2'], used: ['0'], requested: ['3'] } });
      expect(body.message).toMatch(/^Limiet bereikt!/);
      expect(await labelCount(ids)).toBe(0);
    } finally {
      await server.database.db.update(plans).set({ labelQuota: 50 }).where(eq(plans.id, 'trial'));
    }
  });

  it('counts the labels being made against the quota at each claim, so no two requests pass it together', async () => {
    const org = await server.createOrganisation();
    const repository = createLabelRepository(server.database.db);
    const courierId = (await org.api.couriers.list()).data[0]?.id ?? '';
    // One label made (1 package) and one being made for an order of 2 packages: 3 of a quota of 4.
    const [madeOrder = ''] = await readyOrders(org, 1);
    expect((await requestLabels(org, { order_ids: [madeOrder] })).body.status).toBe('success');
    const [inFlightOrder = '', nextOrder = ''] = await readyOrders(org, 2, { shipment: { packages: [{ weight: 500 }, { weight: 500 }], courier_fields: {} } });
    const claimValues = (orderId: string) => ({ orderId, courierId, courierClass: 'test', isReturn: false, shipmentType: 'parcel', courierFields: {}, orderSnapshot: {} });
    const quota = (packages: number) => ({ limit: 4, since: new Date(Date.now() - 60 * 60_000), packages });
    expect(await repository.for(org.organisationId).claim(claimValues(inFlightOrder), { force: false, quota: quota(2) })).toMatchObject({ id: expect.any(String) });
    // Another order of 2 packages would make 5: refused; one of 1 package fits exactly.
    expect(await repository.for(org.organisationId).claim(claimValues(nextOrder), { force: false, quota: quota(2) })).toBe('quota');
    expect(await repository.for(org.organisationId).claim(claimValues(nextOrder), { force: false, quota: quota(1) })).toMatchObject({ id: expect.any(String) });

    // Over HTTP: a plan of 3 labels, and two requests of 2 orders at the same moment. Each may
    // pass the request's pre-check on its own (0 + 2 of 3); whichever way they meet, never
    // more than 3 labels, and every order is either labelled or refused with the quota.
    const racer = await server.createOrganisation();
    const orderIds = await readyOrders(racer, 4);
    await server.database.db.update(plans).set({ labelQuota: 3 }).where(eq(plans.id, 'trial'));
    try {
      const answers = await Promise.all([requestLabels(racer, { order_ids: orderIds.slice(0, 2) }), requestLabels(racer, { order_ids: orderIds.slice(2) })]);
      let made = 0;
      let refused = 0;
      for (const { status, body } of answers) {
        if (status === 403) {
          expect(body.message_code).toBe('quota_exceeded');
          refused += 2;
        } else {
          made += body.data.length;
          for (const error of body.errors) expect(error.message).toBe('Limiet bereikt! Met dit label kom je boven de 3 labels van je abonnement deze maand; er is geen label gemaakt.');
          refused += body.errors.length;
        }
      }
      expect(made).toBeLessThanOrEqual(3);
      expect(made + refused).toBe(4);
      expect(await labelCount(orderIds)).toBe(made);
    } finally {
      await server.database.db.update(plans).set({ labelQuota: 50 }).where(eq(plans.id, 'trial'));
    }
  });

  it('refuses with overdue payments, in Dutch', async () => {
    const org = await server.createOrganisation();
    const ids = await readyOrders(org, 1);
    await server.database.db.update(organisations).set({ canCreateLabels: false }).where(eq(organisations.id, org.organisationId));
    const { status, body } = await requestLabels(org, { order_ids: ids });
    expect(status).toBe(403);
    expect(body.message).toBe('Je hebt helaas achterstallige betalingen in je account.');
  });

  it('runs the pre-checks before the duplicate question, in the order of account spec §4', async () => {
    const org = await server.createOrganisation();
    const ids = await readyOrders(org, 1);
    expect((await requestLabels(org, { order_ids: ids })).body.status).toBe('success');
    // The same order again would be a duplicate warning; an account manager action refuses first.
    await server.database.db.update(organisations).set({ accountManagerActionRequired: true }).where(eq(organisations.id, org.organisationId));
    const refused = await requestLabels(org, { order_ids: ids });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'usage', message_code: 'account_manager_action_required', message: 'Neem contact op met de accountmanager' });
    // Overdue payments come before the account manager.
    await server.database.db.update(organisations).set({ canCreateLabels: false }).where(eq(organisations.id, org.organisationId));
    expect((await requestLabels(org, { order_ids: ids })).body.message_code).toBe('overdue_payments');
    await server.database.db.update(organisations).set({ canCreateLabels: true, accountManagerActionRequired: false }).where(eq(organisations.id, org.organisationId));
    expect((await requestLabels(org, { order_ids: ids })).body.status).toBe('warning');
    expect(await labelCount(ids)).toBe(1);
  });
});

describe('label counters and bulk updates', () => {
  it('counts, marks delivered and deletes only the caller’s labels', async () => {
    const org = await server.createOrganisation();
    const ids = await readyOrders(org, 2);
    const { body } = await requestLabels(org, { order_ids: ids });
    const labelIds: string[] = body.data.map((d: { id: string }) => d.id);
    const get = async (who: TestOrganisation, path: string) => (await request(server, { path: `/api${path}`, token: who.token })).body;
    const post = async (who: TestOrganisation, payload: unknown) => (await request(server, { method: 'POST', path: '/api/label/updatebulklabels', token: who.token, body: payload })).body;
    expect((await get(org, '/label/count')).data.count).toBe(2);
    expect((await get(org, '/labelcounters/')).data).toEqual({ labels: 2, quota: 50 });
    // Another organisation counts only its own, and changes none of these labels.
    const secondCounters = (await get(second, '/labelcounters/')).data.labels;
    expect((await post(second, { label_ids: labelIds, action: 'deactivate' })).data.affected).toBe(0);
    expect((await post(second, { label_ids: labelIds, action: 'deliver_labels' })).data.affected).toBe(0);
    expect((await get(org, '/label/count?status=completed')).data.count).toBe(0);
    expect((await get(second, '/labelcounters/')).data.labels).toBe(secondCounters);
    expect((await get(org, '/labelcounters/')).data).toEqual({ labels: 2, quota: 50 });
    expect((await post(org, { label_ids: [labelIds[0]], action: 'deliver_labels' })).data.affected).toBe(1);
    expect((await get(org, '/label/count?status=completed')).data.count).toBe(1);
    expect((await post(org, { label_ids: [labelIds[1]], action: 'deactivate' })).data.affected).toBe(1);
    expect((await get(org, '/label/count')).data.count).toBe(1);
    expect((await get(second, '/label/count')).data.count).toBe(0);
    const bad = await post(org, { label_ids: labelIds, action: 'verbranden' });
    expect(bad.type).toBe('validation');
  });
});

describe('label/pdf', () => {
  it('puts the labels on A4 from the chosen position, and on A6 pages; only the organisation’s own', async () => {
    const ids = await readyOrders(first, 3);
    const { body } = await requestLabels(first, { order_ids: ids });
    const labelIds = body.data.map((d: { id: string }) => d.id);
    const pdf = async (org: TestOrganisation, payload: Record<string, unknown>) => request(server, { method: 'POST', path: '/api/label/pdf', token: org.token, body: payload });
    const a4 = await pdf(first, { label_ids: labelIds, format: 'a4', positions: 3 });
    expect(a4.headers.get('content-type')).toBe('application/pdf');
    const a4Doc = await PDFDocument.load(a4.body);
    expect(a4Doc.getPageCount()).toBe(2);
    expect(Math.round(a4Doc.getPage(0).getWidth())).toBe(595);
    const a6Doc = await PDFDocument.load((await pdf(first, { label_ids: labelIds })).body);
    expect(a6Doc.getPageCount()).toBe(3);
    expect(Math.round(a6Doc.getPage(0).getHeight())).toBe(420);
    const theirs = await pdf(second, { label_ids: labelIds });
    expect(theirs.status).toBe(404);
    const badPosition = await pdf(first, { label_ids: labelIds, format: 'a4', positions: 5 });
    expect(badPosition.body.fields.positions).toEqual(['Kies positie 1, 2, 3 of 4.']);
  });
});

/** Each label on a sheet page is a Form XObject drawn at (e, f) by `q a b c d e f cm /Ln Do Q`: its drawing and where it sits. */
function labelsOn(page: PDFPage): { drawing: string; x: number; y: number }[] {
  const decode = (stream: unknown) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '');
  const content = decode(page.node.Contents());
  const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  return [...content.matchAll(/q [-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ ([-\d.]+) ([-\d.]+) cm \/(\w+) Do Q/g)].map((m) => ({
    drawing: decode(xObjects?.lookup(PDFName.of(m[3]!))),
    x: Number(m[1]),
    y: Number(m[2]),
  }));
}

describe('label/pdf order and positions', () => {
  const pdf = async (org: TestOrganisation, payload: Record<string, unknown>, query = '') => request(server, { method: 'POST', path: `/api/label/pdf${query}`, token: org.token, body: payload });
  const load = async (response: RawResponse) => {
    expect(response.status).toBe(200);
    return PDFDocument.load(response.body);
  };

  it('keeps the order of label_ids, or sorts by ?sort= (a leading minus descends), on A6 and A4', async () => {
    const byName = new Map<string, string>();
    for (const name of ['Bram Bos', 'Cees Claassen', 'Anna Aalbers']) {
      const [orderId] = await readyOrders(first, 1, { name });
      const { body } = await requestLabels(first, { order_ids: [orderId] });
      byName.set(name, body.data[0].id);
    }
    const ids = [...byName.values()]; // Bram, Cees, Anna
    // The drawing of each label alone, to recognise it on a sheet.
    const drawingOf = new Map<string, string>();
    for (const [name, id] of byName) drawingOf.set(labelsOn((await load(await pdf(first, { label_ids: [id] }))).getPage(0))[0]!.drawing, name);
    expect(drawingOf.size).toBe(3);
    const namesOnA6 = async (query: string) => (await load(await pdf(first, { label_ids: ids }, query))).getPages().map((p) => drawingOf.get(labelsOn(p)[0]!.drawing));

    expect(await namesOnA6('')).toEqual(['Bram Bos', 'Cees Claassen', 'Anna Aalbers']);
    expect(await namesOnA6('?sort=name')).toEqual(['Anna Aalbers', 'Bram Bos', 'Cees Claassen']);
    expect(await namesOnA6('?sort=-name')).toEqual(['Cees Claassen', 'Bram Bos', 'Anna Aalbers']);
    expect(await namesOnA6('?sort=created_at')).toEqual(['Bram Bos', 'Cees Claassen', 'Anna Aalbers']);

    // On A4 the sorted labels fill the positions in order: 1 top left, 2 top right, 3 bottom left.
    const sheet = await load(await pdf(first, { label_ids: ids, format: 'a4' }, '?sort=-name'));
    expect(sheet.getPageCount()).toBe(1);
    const placed = labelsOn(sheet.getPage(0));
    expect(placed.map((l) => drawingOf.get(l.drawing))).toEqual(['Cees Claassen', 'Bram Bos', 'Anna Aalbers']);
    expect(placed.map((l) => [l.x > 200 ? 'right' : 'left', l.y > 400 ? 'top' : 'bottom'])).toEqual([
      ['left', 'top'],
      ['right', 'top'],
      ['left', 'bottom'],
    ]);

    const unknown = await pdf(first, { label_ids: ids }, '?sort=gewicht');
    expect(unknown.status).toBe(400);
    const refusal = unknown.body;
    expect(refusal).toMatchObject({ status: 400, type: 'validation' });
    expect(refusal.fields.sort).toEqual(['Onbekende sortering. Kies created_at, status, order_number, name of country, met een minteken ervoor voor aflopend.']);
    // Sorted or not, another organisation gets none of them.
    expect((await pdf(second, { label_ids: ids }, '?sort=name')).status).toBe(404);
  });

  it('fills only the listed positions of the first A4 sheet, then whole sheets', async () => {
    const orderIds = await readyOrders(first, 3);
    const { body } = await requestLabels(first, { order_ids: orderIds });
    const ids = body.data.map((d: { id: string }) => d.id);
    const sheet = await load(await pdf(first, { label_ids: ids, format: 'a4', positions: [4, 2] }));
    const corners = sheet.getPages().map((p) => labelsOn(p).map((l) => (l.y > 400 ? 1 : 3) + (l.x > 200 ? 1 : 0)));
    expect(corners).toEqual([[2, 4], [1]]);
    // One number is the start position; a list [3, 4] is the same as starting at 3.
    const fromThree = await load(await pdf(first, { label_ids: ids, format: 'a4', positions: 3 }));
    const listed = await load(await pdf(first, { label_ids: ids, format: 'a4', positions: [3, 4] }));
    const cornersOf = (doc: PDFDocument) => doc.getPages().map((p) => labelsOn(p).map((l) => (l.y > 400 ? 1 : 3) + (l.x > 200 ? 1 : 0)));
    expect(cornersOf(fromThree)).toEqual([[3, 4], [1]]);
    expect(cornersOf(listed)).toEqual(cornersOf(fromThree));

    const empty = await pdf(first, { label_ids: ids, format: 'a4', positions: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.positions).toEqual(['Kies minstens één positie op het eerste vel.']);
    const outside = await pdf(first, { label_ids: ids, format: 'a4', positions: [2, 7] });
    expect(outside.status).toBe(400);
  });

  it('refuses a deleted label in the selection, and makes no file', async () => {
    const orderIds = await readyOrders(first, 2);
    const { body } = await requestLabels(first, { order_ids: orderIds });
    const ids = body.data.map((d: { id: string }) => d.id);
    await request(server, { method: 'POST', path: `/api/label/${ids[0]}`, token: first.token, body: { is_active: false } });
    const refused = await pdf(first, { label_ids: ids }, '?sort=name');
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Label niet gevonden.');
  });
});

describe('the mandate pre-check in production', () => {
  it('refuses without a ready direct debit mandate, and labels once it is ready', async () => {
    const production = await startTestServer({ environment: 'production' });
    try {
      const org = await production.createOrganisation();
      const [orderId] = await createOrders(org, 1, { order_number: 'MANDAAT-1', name: 'Jan Jansen' });
      const send = () => requestLabels(org, { order_ids: [orderId] });
      const refused = await send();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ type: 'usage', message_code: 'direct_debit_required', message: 'Geen automatische incasso' });
      await production.database.db.update(organisations).set({ paymentStatus: 'ready' }).where(eq(organisations.id, org.organisationId));
      expect((await send()).body.status).toBe('success');
    } finally {
      await production.close();
    }
  });
});
