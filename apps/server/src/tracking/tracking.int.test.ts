import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { labelPackages, labels, trackingEvents } from '../db/schema';

const postnl = startForFile(() => startFakePostnl({ apikey: 'pn-sleutel' }));
// Time scale 1: the Testvervoerder's parcels move in real hours, which the tests make pass by ageing labels.
const { server, first, second } = testServerForFile({ config: { testCarrierTimeScale: 1, carrierTimeoutMs: 1500 } });

// Raw SQL in this file only where the API cannot make the state: time passing (labels
// made hours ago) and the tracking numbers that choose the Testvervoerder's path.

/** Labels for new orders to Utrecht, with the organisation's Testvervoerder unless a courier is given. */
async function makeLabels(org: TestOrganisation, count: number, options: { courierId?: string; shipmentType?: string; packages?: number } = {}): Promise<string[]> {
  const { labelIds } = await labelledOrders(org, count, {
    address_1: 'Oudegracht',
    housenumber: '12',
    zipcode: '3511 AB',
    city: 'Utrecht',
    ...(options.courierId ? { courier_id: options.courierId } : {}),
    shipment_type: options.shipmentType ?? 'parcel',
    shipment: { packages: Array.from({ length: options.packages ?? 1 }, () => ({ weight: 900 })), courier_fields: {} },
  });
  return labelIds;
}

/**
 * Moves a label and what was seen of it `hours` back in time, as if it had been made that
 * much earlier: the Testvervoerder's timeline then has run that much further.
 */
async function ageBy(labelId: string, hours: number) {
  const shift = (column: unknown) => sql`${column} - make_interval(secs => ${hours * 3600})`;
  await server.database.db
    .update(labels)
    .set({ createdAt: shift(labels.createdAt), printedAt: shift(labels.printedAt), trackingDate: shift(labels.trackingDate) })
    .where(eq(labels.id, labelId));
  await server.database.db.execute(sql`UPDATE orders SET created_at = created_at - make_interval(secs => ${hours * 3600}) WHERE id = (SELECT order_id FROM labels WHERE id = ${labelId})`);
  await server.database.db
    .update(trackingEvents)
    .set({ occurredAt: shift(trackingEvents.occurredAt), firstSeenAt: shift(trackingEvents.firstSeenAt), lastSeenAt: shift(trackingEvents.lastSeenAt) })
    .where(eq(trackingEvents.labelId, labelId));
}

/** Gives a label's packages tracking numbers ending in `digits`, which choose the Testvervoerder's path. */
async function trackingNumbersEndingIn(labelId: string, digits: string) {
  const packages = await server.database.db.select({ id: labelPackages.id }).from(labelPackages).where(eq(labelPackages.labelId, labelId));
  for (const [i, p] of packages.entries()) {
    await server.database.db.update(labelPackages).set({ trackingNumber: `3STEST${String(i).padStart(9 - digits.length, '0')}${digits}` }).where(eq(labelPackages.id, p.id));
  }
}

const statusOf = async (labelId: string) => (await server.database.db.select({ status: labels.status, trackingDate: labels.trackingDate }).from(labels).where(eq(labels.id, labelId)))[0];

describe('POST /api/label/track with the Testvervoerder', () => {
  it('moves labels from ready and printed to shipped and to completed as time passes', async () => {
    const [ready, printed] = await makeLabels(first, 2, { packages: 2 });
    if (!ready || !printed) throw new Error('no labels');
    await trackingNumbersEndingIn(ready, '1');
    await trackingNumbersEndingIn(printed, '2');
    await request(server, { method: 'POST', path: '/api/label/pdf', token: first.token, body: { label_ids: [printed] } });

    const now = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [ready, printed] } });
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ status: 'success', errors: [] });
    expect(now.body.data).toEqual([
      expect.objectContaining({ label_id: ready, status: 'ready', previous_status: 'ready', new_events: 2 }),
      expect.objectContaining({ label_id: printed, status: 'printed', previous_status: 'printed', new_events: 4 }),
    ]);
    expect(now.body.data[0].tracking_date).not.toBeNull();

    await ageBy(ready, 3);
    await ageBy(printed, 3);
    const later = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [ready, printed] } });
    expect(later.body.data.map((d: { status: string; previous_status: string }) => [d.previous_status, d.status])).toEqual([
      ['ready', 'shipped'],
      ['printed', 'shipped'],
    ]);
    const again = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [ready] } });
    expect(again.body.data[0]).toMatchObject({ status: 'shipped', new_events: 0 });

    await ageBy(ready, 22);
    const delivered = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [ready] } });
    expect(delivered.body.data[0]).toMatchObject({ previous_status: 'shipped', status: 'completed' });
    expect((await request(server, { path: `/api/label/${ready}`, token: first.token })).body.data.status).toBe('completed');

    // The history per package, sorted by first_seen_at, in our event names with the carrier's words and places (more in history.int.test.ts).
    const history = await request(server, { path: `/api/label/${ready}/tracking`, token: first.token });
    expect(history.status).toBe(200);
    expect(history.body.data.packages).toHaveLength(2);
    const entries = history.body.data.packages[0].tracking;
    expect(entries.map((e: { event: string }) => e.event)).toEqual(['order_created', 'ready', 'shipped', 'at_depot', 'at_depot', 'out_for_delivery', 'delivered']);
    expect(entries[3]).toMatchObject({ status: 'shipped', courier_description: 'Het pakket is gesorteerd in het sorteercentrum.', location: { name: 'Testvervoerder Sorteercentrum Nieuwegein', city: 'Nieuwegein' } });
    expect(entries[6]).toMatchObject({ status: 'completed', courier_description: 'Het pakket is bezorgd.', location: null });
    expect(entries[1]).toMatchObject({ status: 'ready', courier_description: null });
  });

  it('shows a failed delivery as delayed, then delivered at the neighbours', async () => {
    const [label] = await makeLabels(first, 1);
    if (!label) throw new Error('no label');
    await trackingNumbersEndingIn(label, '7');
    await ageBy(label, 20);
    expect((await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [label] } })).body.data[0].status).toBe('delayed');
    await ageBy(label, 25);
    expect((await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [label] } })).body.data[0].status).toBe('completed');
    const events = await server.database.db.select({ event: trackingEvents.event }).from(trackingEvents).where(eq(trackingEvents.labelId, label));
    expect(events.map((e) => e.event)).toContain('delivered_at_neighbors');
  });

  it('leaves a label marked delivered by hand as it is', async () => {
    const [label] = await makeLabels(first, 1);
    if (!label) throw new Error('no label');
    await request(server, { method: 'POST', path: '/api/label/updatebulklabels', token: first.token, body: { label_ids: [label], action: 'deliver_labels' } });
    const result = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [label] } });
    expect(result.body.data[0]).toMatchObject({ status: 'completed', previous_status: 'completed', new_events: 0 });
  });

  it('another organisation’s label ids are neither refreshed nor shown', async () => {
    const [label] = await makeLabels(first, 1);
    if (!label) throw new Error('no label');
    await ageBy(label, 3);
    const theirs = await request(server, { method: 'POST', path: '/api/label/track', token: second.token, body: { label_ids: [label, '00000000-0000-4000-8000-000000000000'] } });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({
      status: 'failed',
      data: [],
      errors: [
        { label_id: label, message: 'Label niet gevonden.' },
        { label_id: '00000000-0000-4000-8000-000000000000', message: 'Label niet gevonden.' },
      ],
    });
    expect(await statusOf(label)).toEqual({ status: 'ready', trackingDate: null });
    expect((await server.database.db.select().from(trackingEvents).where(eq(trackingEvents.labelId, label))).length).toBe(0);
    const history = await request(server, { path: `/api/label/${label}/tracking`, token: second.token });
    expect(history.status).toBe(404);
    expect(history.body).toMatchObject({ message_code: 'label_not_found', message: 'Label niet gevonden.' });
  });

  it('refuses an empty or too large selection in Dutch', async () => {
    const empty = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.label_ids).toEqual(['Kies minstens één label.']);
    const many = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: Array.from({ length: 251 }, () => '00000000-0000-4000-8000-000000000000') } });
    expect(many.status).toBe(400);
    expect(many.body.fields.label_ids).toEqual(['Ververs de tracking van hoogstens 250 labels tegelijk.']);
  });
});

describe('POST /api/label/track with PostNL (fake)', () => {
  let courierId: string;

  beforeAll(async () => {
    const linked = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'postnl', fields: { api_key: 'pn-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } } });
    courierId = linked.body.data.id;
  });

  const barcodeOf = async (labelId: string) => (await server.database.db.select({ n: labelPackages.trackingNumber }).from(labelPackages).where(eq(labelPackages.labelId, labelId)))[0]?.n ?? '';
  const status = (code: string, description: string, phase: string, at: string) => ({ code, description, phase, phaseDescription: '', at: new Date(at) });

  it('maps PostNL’s statuses onto the label: shipped, then completed', async () => {
    const [label] = await makeLabels(first, 1, { courierId, shipmentType: 'standard' });
    if (!label) throw new Error('no label');
    const barcode = await barcodeOf(label);
    expect(barcode).toMatch(/^3SDEVC/);
    const statuses = [status('1', 'Zending voorgemeld', '1', '2025-06-02T07:05:00Z'), status('5', 'Zending gesorteerd', '2', '2025-06-02T22:10:00Z')];
    postnl.tracking.set(barcode, statuses);
    expect((await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [label] } })).body.data[0]).toMatchObject({ status: 'shipped', new_events: 3 });
    postnl.tracking.set(barcode, [...statuses, status('9', 'Zending afgeleverd', '4', '2025-06-03T11:02:00Z')]);
    expect((await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [label] } })).body.data[0]).toMatchObject({ previous_status: 'shipped', status: 'completed', new_events: 1 });
    const history = await request(server, { path: `/api/label/${label}/tracking`, token: first.token });
    expect(history.body.data.packages[0].tracking.map((e: { courier_description: string | null }) => e.courier_description)).toContain('Zending afgeleverd');
    expect(postnl.requests.filter((r) => r.path === `/shipment/v2/status/barcode/${barcode}`).every((r) => r.apikey === 'pn-sleutel')).toBe(true);
  });

  it('reports a failing carrier per label; the others in the same request are refreshed', async () => {
    const [failing, slow] = await makeLabels(first, 2, { courierId, shipmentType: 'standard' });
    const [fine] = await makeLabels(first, 1);
    if (!failing || !slow || !fine) throw new Error('no labels');
    postnl.tracking.set(await barcodeOf(failing), 'error');
    postnl.tracking.set(await barcodeOf(slow), 'hang');
    await ageBy(fine, 3);
    const result = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [failing, fine, slow] } });
    expect(result.status).toBe(200);
    expect(result.body.status).toBe('partial');
    expect(result.body.data.map((d: { label_id: string; status: string }) => [d.label_id, d.status])).toEqual([[fine, 'shipped']]);
    expect(result.body.errors).toEqual([
      { label_id: failing, message: 'PostNL is nu niet bereikbaar. Probeer het later opnieuw.' },
      { label_id: slow, message: 'PostNL antwoordde niet op tijd. Probeer het later opnieuw.' },
    ]);
    // nothing half-written for the failed ones
    expect(await statusOf(failing)).toEqual({ status: 'ready', trackingDate: null });
    const stored = await server.database.db.select().from(trackingEvents).where(inArray(trackingEvents.labelId, [failing, slow]));
    expect(stored).toEqual([]);
  });
});
