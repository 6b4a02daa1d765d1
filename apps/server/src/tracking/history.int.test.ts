import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakePdok } from '@verzendhuis/test-fakes/fake-pdok';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { labelPackages, labels, orders, tickets, trackingEvents } from '../db/schema';

const pdok = startForFile(() => startFakePdok());
// Time scale 1: the Testvervoerder's parcels move in real hours, which the tests make pass by ageing labels.
const { server, first, second } = testServerForFile({ config: () => ({ testCarrierTimeScale: 1, pdokUrl: pdok.url }) });

// Raw SQL in this file only where the API cannot make the state: time passing (labels and
// orders made hours ago), a ticket (no call makes one yet), the tracking number that
// chooses the Testvervoerder's path, and a carrier location stored without coordinates.

interface Entry {
  event: string;
  status: string;
  occurred_at: string;
  first_seen_at: string;
  location: { name: string | null; zipcode: string | null; latitude: number | null; longitude: number | null } | null;
  courier_description: string | null;
}

async function makeLabel(org: TestOrganisation, packages = 1): Promise<string> {
  const { labelIds } = await labelledOrders(org, 1, {
    address_1: 'Oudegracht',
    housenumber: '12',
    zipcode: '3511 AB',
    city: 'Utrecht',
    shipment_type: 'parcel',
    shipment: { packages: Array.from({ length: packages }, () => ({ weight: 900 })), courier_fields: {} },
  });
  const [id] = labelIds;
  if (!id) throw new Error('no label');
  const packageRows = await server.database.db.select({ id: labelPackages.id }).from(labelPackages).where(eq(labelPackages.labelId, id));
  for (const [i, p] of packageRows.entries()) await server.database.db.update(labelPackages).set({ trackingNumber: `3STEST00000${i}1` }).where(eq(labelPackages.id, p.id));
  return id;
}

/** The label, its order and what was seen of it `hours` further back in time. */
async function ageBy(labelId: string, hours: number) {
  const shift = (column: unknown) => sql`${column} - make_interval(secs => ${hours * 3600})`;
  const [label] = await server.database.db
    .update(labels)
    .set({ createdAt: shift(labels.createdAt), printedAt: shift(labels.printedAt), trackingDate: shift(labels.trackingDate) })
    .where(eq(labels.id, labelId))
    .returning({ orderId: labels.orderId });
  await server.database.db.update(orders).set({ createdAt: shift(orders.createdAt) }).where(eq(orders.id, label?.orderId ?? ''));
  await server.database.db
    .update(trackingEvents)
    .set({ occurredAt: shift(trackingEvents.occurredAt), firstSeenAt: shift(trackingEvents.firstSeenAt), lastSeenAt: shift(trackingEvents.lastSeenAt) })
    .where(eq(trackingEvents.labelId, labelId));
}

const track = (org: TestOrganisation, labelId: string) => request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [labelId] } });
const history = async (org: TestOrganisation, labelId: string) => request(server, { path: `/api/label/${labelId}/tracking`, token: org.token });
const entriesOf = async (labelId: string, packageIndex = 0): Promise<Entry[]> => (await history(first, labelId)).body.data.packages[packageIndex].tracking;

describe('GET /api/label/{id}/tracking: the history as the label page shows it (orders spec §2.7)', () => {
  it('starts with the order, merges ready and printed within 60 s, and gives the depots their place on the map', async () => {
    const label = await makeLabel(first, 2);
    await request(server, { method: 'POST', path: '/api/label/pdf', token: first.token, body: { label_ids: [label] } });
    await ageBy(label, 21);
    expect((await track(first, label)).body.data[0]).toMatchObject({ status: 'completed' });

    const answer = await history(first, label);
    expect(answer.status).toBe(200);
    expect(answer.body.data.packages).toHaveLength(2);
    for (const index of [0, 1]) {
      const entries = await entriesOf(label, index);
      expect(entries.map((e) => e.event)).toEqual(['order_created', 'ready_printed', 'shipped', 'at_depot', 'at_depot', 'out_for_delivery', 'delivered']);
    }
    const entries = await entriesOf(label);
    expect(entries[1]).toMatchObject({ status: 'ready', location: null, courier_description: null });
    const firstSeen = entries.map((e) => Date.parse(e.first_seen_at));
    expect(firstSeen).toEqual([...firstSeen].sort((a, b) => a - b));
    expect(entries[3]?.location).toMatchObject({ name: 'Testvervoerder Sorteercentrum Nieuwegein', latitude: 52.0224, longitude: 5.0916 });
    expect(entries[4]?.location).toMatchObject({ name: 'Testvervoerder Depot Utrecht', latitude: 52.0991, longitude: 5.0929 });
    // The depots know their place: the address lookup was not asked.
    expect(pdok.requests).toHaveLength(0);
  });

  it('keeps ready and printed apart when the label was printed later, and shows them before any refresh', async () => {
    const label = await makeLabel(first);
    await ageBy(label, 1);
    await request(server, { method: 'POST', path: '/api/label/pdf', token: first.token, body: { label_ids: [label] } });
    // No refresh yet: the label's own moments are in the history all the same.
    expect((await entriesOf(label)).map((e) => e.event)).toEqual(['order_created', 'ready', 'printed']);
    await track(first, label);
    expect((await entriesOf(label)).map((e) => e.event)).toEqual(['order_created', 'ready', 'printed']);
  });

  it('adds the ticket-created entry when an investigation was asked about the label', async () => {
    const label = await makeLabel(first);
    await ageBy(label, 3);
    await track(first, label);
    await server.database.db.insert(tickets).values({ organisationId: first.organisationId, labelId: label, subject: 'Pakket niet ontvangen' });
    const events = (await entriesOf(label)).map((e) => e.event);
    expect(events).toEqual(['order_created', 'ready', 'shipped', 'ticket_created']);
  });

  it('looks a Dutch carrier address without coordinates up, and answers without them when the lookup finds nothing', async () => {
    const label = await makeLabel(first);
    await ageBy(label, 7);
    await track(first, label);
    // A carrier that gives an address but no coordinates (the stored location, as PostNL or DHL would give it).
    await server.database.db
      .update(trackingEvents)
      .set({ location: { name: 'Bruna Oudegracht', address_1: 'Oudegracht 12', address_2: null, zipcode: '3511 AB', city: 'Utrecht', country: 'NL' } })
      .where(eq(trackingEvents.labelId, label));
    const found = (await entriesOf(label)).find((e) => e.event === 'at_depot');
    expect(found?.location).toMatchObject({ name: 'Bruna Oudegracht', latitude: 52.0907, longitude: 5.1214 });
    expect(pdok.requests.at(-1)?.searchParams.get('q')).toBe('postcode:3511AB and huisnummer:12');

    await server.database.db
      .update(trackingEvents)
      .set({ location: { name: 'Onbekend depot', address_1: 'Nergensweg 3', address_2: null, zipcode: '1234 AB', city: 'Nergens', country: 'NL' } })
      .where(eq(trackingEvents.labelId, label));
    const unknown = (await entriesOf(label)).find((e) => e.event === 'at_depot');
    expect(unknown?.location).toMatchObject({ name: 'Onbekend depot', latitude: null, longitude: null });
  });

  it('answers the history without coordinates when the address lookup is down', async () => {
    const label = await makeLabel(first);
    await ageBy(label, 7);
    await track(first, label);
    await server.database.db
      .update(trackingEvents)
      .set({ location: { name: 'Depot', address_1: 'Storingweg 1', address_2: null, zipcode: '9999 ZZ', city: 'Storing', country: 'NL' } })
      .where(eq(trackingEvents.labelId, label));
    const answer = await history(first, label);
    expect(answer.status).toBe(200);
    const depot = (answer.body.data.packages[0].tracking as Entry[]).find((e) => e.event === 'at_depot');
    expect(depot?.location).toMatchObject({ name: 'Depot', latitude: null, longitude: null });
  });

  it('shows another organisation nothing of the label and changes nothing', async () => {
    const label = await makeLabel(first);
    await ageBy(label, 3);
    await track(first, label);
    const before = await history(first, label);
    const theirs = await history(second, label);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ message_code: 'label_not_found', message: 'Label niet gevonden.' });
    expect(await history(first, label)).toEqual(before);
  });

  it('refuses an id that is not a uuid in Dutch', async () => {
    const answer = await request(server, { path: '/api/label/niet-een-id/tracking', token: first.token });
    expect(answer.status).toBe(400);
    expect(answer.body.message_code).toBeTruthy();
  });
});
