import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseDelayAfterHours, parseTrackingBudget } from '@verzendhuis/domain/tracking-freshness';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { createCarrierRegistry } from '../carriers/registry';
import { createSettingsCrypto } from '../couriers/settings-crypto';
import { labelPackages, labels, trackingEvents } from '../db/schema';
import { createTrackingService, type TrackingChange } from './service';

const postnl = startForFile(() => startFakePostnl({ apikey: 'pn-sleutel' }));
const { server, first, second } = testServerForFile({ config: { testCarrierTimeScale: 1, carrierTimeoutMs: 1500 } });
// The composition root of a process that runs jobs (its repositories and drawing threads).
const jobs = otherProcessForFile(server);

// Raw SQL in this file only where the API cannot make the state: time passing (labels made
// hours ago, next checks that came due), and labels of earlier tests leaving the due set.

/** A tracking service as the job's process has it, with a budget and a follower of its own. */
async function trackingService(options: { budget: string; delay?: string }) {
  const changes: TrackingChange[] = [];
  const service = createTrackingService({
    repository: jobs.repositories.tracking,
    couriers: jobs.repositories.couriers,
    crypto: await createSettingsCrypto(server.database.db),
    carriers: createCarrierRegistry({ labelDrawing: jobs.labelDrawing }),
    timeoutMs: 1500,
    timeScale: 1,
    concurrency: 1,
    delayAfterHours: parseDelayAfterHours(options.delay ?? null),
    budgetPerMinute: parseTrackingBudget(options.budget),
    publicUrl: server.config.publicUrl,
    onChange: async (change) => void changes.push(change),
  });
  return { service, changes };
}

let postnlCourier = '';

beforeAll(async () => {
  const linked = await request(server, {
    method: 'POST',
    path: '/api/courier/create',
    token: first.token,
    body: { courier_class: 'postnl', fields: { api_key: 'pn-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } },
  });
  postnlCourier = linked.body.data.id;
});

beforeEach(async () => {
  // Raw SQL: the labels of earlier tests leave the due set, across organisations.
  await server.database.db.update(labels).set({ isActive: false });
  postnl.trackingRateLimit = null;
});

async function makeLabels(org: TestOrganisation, count: number, options: { courierId?: string } = {}): Promise<string[]> {
  const { labelIds } = await labelledOrders(org, count, {
    address_1: 'Oudegracht',
    housenumber: '12',
    zipcode: '3511 AB',
    city: 'Utrecht',
    ...(options.courierId ? { courier_id: options.courierId, shipment_type: 'standard' } : { shipment_type: 'parcel' }),
    shipment: { packages: [{ weight: 900 }], courier_fields: {} },
  });
  return labelIds;
}

/** Raw SQL: the label was made `hours` ago (Testvervoerder tracking number ending in 1: the plain path), next check as given. */
async function setLabel(id: string, values: { hoursOld?: number; nextCheckMinutesAgo?: number | null }) {
  await server.database.db
    .update(labels)
    .set({
      ...(values.hoursOld !== undefined ? { createdAt: sql`now() - make_interval(secs => ${values.hoursOld * 3600})` } : {}),
      ...(values.nextCheckMinutesAgo !== undefined
        ? { trackingNextCheckAt: values.nextCheckMinutesAgo === null ? null : sql`now() - make_interval(secs => ${values.nextCheckMinutesAgo * 60})` }
        : {}),
    })
    .where(eq(labels.id, id));
}

const rows = async (ids: string[]) =>
  new Map(
    (
      await server.database.db
        .select({ id: labels.id, status: labels.status, trackingDate: labels.trackingDate, next: labels.trackingNextCheckAt })
        .from(labels)
        .where(inArray(labels.id, ids))
    ).map((r) => [r.id, r]),
  );

const barcodeOf = async (labelId: string) => (await server.database.db.select({ n: labelPackages.trackingNumber }).from(labelPackages).where(eq(labelPackages.labelId, labelId)))[0]?.n ?? '';

describe('the scheduled refresh within a carrier budget', () => {
  it('asks the most overdue labels first (never asked before all), only as many as the budget allows', async () => {
    const { service } = await trackingService({ budget: 'test=3' });
    const ids = await makeLabels(first, 3);
    const [theirs = ''] = await makeLabels(second, 1);
    const [a = '', b = '', c = ''] = ids;
    await server.database.db.update(labelPackages).set({ trackingNumber: '3STEST000000001' }).where(inArray(labelPackages.labelId, [...ids, theirs]));
    await setLabel(a, { hoursOld: 3, nextCheckMinutesAgo: 5 });
    await setLabel(b, { hoursOld: 3, nextCheckMinutesAgo: 50 });
    await setLabel(c, { hoursOld: 3, nextCheckMinutesAgo: -10 }); // not due for ten minutes
    await setLabel(theirs, { hoursOld: 3, nextCheckMinutesAgo: null }); // never asked
    const now = new Date();

    expect(await service.refreshDue({ now })).toEqual({ checked: 3, changed: 3, failed: 0 });
    const seen = await rows([a, b, c, theirs]);
    expect([a, b, theirs].map((id) => seen.get(id)?.status)).toEqual(['shipped', 'shipped', 'shipped']);
    expect(seen.get(c)).toMatchObject({ status: 'ready', trackingDate: null });
    // Shipped and travelling: asked again in an hour.
    expect(seen.get(a)?.next?.getTime()).toBe(now.getTime() + 60 * 60_000);

    // The budget is spent for this minute; twenty seconds later one request has come back.
    const soon = new Date(now.getTime() + 20_000);
    await setLabel(c, { nextCheckMinutesAgo: 1 });
    expect((await service.refreshDue({ now: soon })).checked).toBe(1);
    expect((await rows([c])).get(c)?.status).toBe('shipped');
  });

  it('takes a parcel out for delivery again sooner than a label just made', async () => {
    const { service } = await trackingService({ budget: 'test=100' });
    const [outForDelivery = '', justMade = ''] = await makeLabels(first, 2);
    await server.database.db.update(labelPackages).set({ trackingNumber: '3STEST000000001' }).where(inArray(labelPackages.labelId, [outForDelivery, justMade]));
    await setLabel(outForDelivery, { hoursOld: 17 });
    const now = new Date();
    await service.refreshDue({ now });
    const seen = await rows([outForDelivery, justMade]);
    expect(seen.get(outForDelivery)?.status).toBe('shipped');
    expect(seen.get(outForDelivery)?.next?.getTime()).toBe(now.getTime() + 15 * 60_000);
    expect(seen.get(justMade)?.next?.getTime()).toBe(now.getTime() + 180 * 60_000);
  });

  it('backs off a carrier that answers 429 for its Retry-After and pushes its labels on; the other carriers go on', async () => {
    const { service } = await trackingService({ budget: 'postnl=100,test=100' });
    const pn = await makeLabels(first, 2, { courierId: postnlCourier });
    const [own = ''] = await makeLabels(first, 1);
    await server.database.db.update(labelPackages).set({ trackingNumber: '3STEST000000001' }).where(eq(labelPackages.labelId, own));
    await setLabel(own, { hoursOld: 3 });
    postnl.trackingRateLimit = { retryAfterSeconds: 600 };
    const asked = () => postnl.requests.filter((r) => r.path.startsWith('/shipment/v2/status/barcode/')).length;
    const before = asked();
    const now = new Date();

    const run = await service.refreshDue({ now });
    expect(run.failed).toBe(1);
    expect(asked() - before).toBe(1);
    const seen = await rows([...pn, own]);
    expect(seen.get(own)?.status).toBe('shipped');
    for (const id of pn) expect(seen.get(id)?.next?.getTime()).toBe(now.getTime() + 600_000);

    // A minute later PostNL answers again, but its Retry-After has not passed: it is not asked.
    postnl.trackingRateLimit = null;
    await server.database.db.update(labels).set({ trackingNextCheckAt: null }).where(inArray(labels.id, pn));
    expect((await service.refreshDue({ now: new Date(now.getTime() + 60_000) })).checked).toBe(0);
    expect(asked() - before).toBe(1);
    // After it, both are asked.
    expect((await service.refreshDue({ now: new Date(now.getTime() + 601_000) })).checked).toBe(2);
    expect(asked() - before).toBe(3);
  });

  it('a user refresh that meets a 429 says so in Dutch, and does not ask that carrier again until its Retry-After', async () => {
    const [label = ''] = await makeLabels(first, 1, { courierId: postnlCourier });
    postnl.trackingRateLimit = { retryAfterSeconds: 300 };
    const refresh = () => request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [label] } });
    const asked = () => postnl.requests.filter((r) => r.path.startsWith('/shipment/v2/status/barcode/')).length;
    const before = asked();
    const answer = await refresh();
    expect(answer.body).toMatchObject({ status: 'failed', errors: [{ label_id: label, message: 'PostNL vraagt om minder verzoeken. De tracking wordt over enkele minuten opnieuw opgehaald.' }] });
    postnl.trackingRateLimit = null;
    expect((await refresh()).body.errors[0].message).toMatch(/^PostNL vraagt om minder verzoeken/);
    expect(asked() - before).toBe(1);
  });
});

describe('the delay rule (DELAY_AFTER_HOURS), applied by the scheduled refresh', () => {
  it('makes a parcel without news for 36 hours delayed through recordTracking (the follower sees it), and a later real event moves it on', async () => {
    const { service, changes } = await trackingService({ budget: 'postnl=100', delay: 'postnl=36' });
    const [label = ''] = await makeLabels(first, 1, { courierId: postnlCourier });
    const barcode = await barcodeOf(label);
    // PostNL stamps to the second.
    const start = Math.floor(Date.now() / 1000) * 1000;
    const status = (code: string, description: string, phase: string, at: number) => ({ code, description, phase, phaseDescription: '', at: new Date(at) });
    const sorted = status('5', 'Zending gesorteerd', '2', start + 3_600_000);
    postnl.tracking.set(barcode, [sorted]);

    await service.refreshDue({ now: new Date(start + 2 * 3_600_000) });
    expect((await rows([label])).get(label)?.status).toBe('shipped');
    // 35 hours after the last scan: still on time.
    await server.database.db.update(labels).set({ trackingNextCheckAt: null }).where(eq(labels.id, label));
    await service.refreshDue({ now: new Date(start + 36 * 3_600_000) });
    expect((await rows([label])).get(label)?.status).toBe('shipped');

    await server.database.db.update(labels).set({ trackingNextCheckAt: null }).where(eq(labels.id, label));
    const late = new Date(start + 40 * 3_600_000);
    await service.refreshDue({ now: late });
    expect((await rows([label])).get(label)?.status).toBe('delayed');
    const delayed = await server.database.db.select().from(trackingEvents).where(and(eq(trackingEvents.labelId, label), eq(trackingEvents.event, 'delivery_delayed')));
    expect(delayed).toHaveLength(1);
    expect(delayed[0]?.occurredAt.getTime()).toBe(start + 37 * 3_600_000);
    expect(delayed[0]?.courierDescription).toMatch(/^Geen nieuws van de vervoerder sinds \d{2}-\d{2}-\d{4} \d{2}:\d{2}\.$/);
    expect(changes.filter((c) => c.labelId === label).at(-1)).toMatchObject({ previousStatus: 'shipped', status: 'delayed', newEvents: ['delivery_delayed'], organisationId: first.organisationId });
    // The history shows it like any event.
    const history = await request(server, { path: `/api/label/${label}/tracking`, token: first.token });
    expect(history.body.data.packages[0].tracking.map((e: { event: string }) => e.event)).toContain('delivery_delayed');

    // Asked again: nothing new is stored twice.
    await server.database.db.update(labels).set({ trackingNextCheckAt: null }).where(eq(labels.id, label));
    await service.refreshDue({ now: new Date(start + 45 * 3_600_000) });
    expect(await server.database.db.select().from(trackingEvents).where(and(eq(trackingEvents.labelId, label), eq(trackingEvents.event, 'delivery_delayed')))).toHaveLength(1);

    // PostNL scans it again: out for delivery, shipped again.
    postnl.tracking.set(barcode, [sorted, status('7', 'Zending in distributieproces', '3', start + 46 * 3_600_000)]);
    await server.database.db.update(labels).set({ trackingNextCheckAt: null }).where(eq(labels.id, label));
    await service.refreshDue({ now: new Date(start + 47 * 3_600_000) });
    expect((await rows([label])).get(label)?.status).toBe('shipped');
  });
});

describe('tracking webhooks', () => {
  const post = (path: string, body: unknown) => request(server, { method: 'POST', path, body });
  const pathOf = (url: string) => new URL(url).pathname;
  let courierId = '';
  let url = '';

  beforeAll(async () => {
    courierId = (await first.api.couriers.list()).data.find((c) => c.service_class === 'test' && c.proxied_id === null)?.id ?? '';
    const made = await request(server, { method: 'POST', path: `/api/courier/${courierId}/webhook`, token: first.token });
    expect(made.status).toBe(200);
    url = made.body.data.url;
  });

  it('makes a URL with a secret under PUBLIC_URL, for the courier’s own organisation only', async () => {
    expect(url.startsWith(`${server.config.publicUrl}/api/tracking/webhook/test/`)).toBe(true);
    expect(url.split('/').pop()?.length).toBeGreaterThanOrEqual(32);
    const theirs = await request(server, { method: 'POST', path: `/api/courier/${courierId}/webhook`, token: second.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message_code).toBe('courier_not_found');
    const pn = await request(server, { method: 'POST', path: `/api/courier/${postnlCourier}/webhook`, token: first.token });
    expect(pn.status).toBe(400);
    expect(pn.body).toMatchObject({ message_code: 'courier_webhook_not_supported', message: 'Deze vervoerder stuurt geen trackingberichten; de tracking wordt bij de vervoerder opgehaald.' });
    const proxied = await request(server, { method: 'POST', path: '/api/courier/create', token: first.token, body: { courier_class: 'test', fields: { contract: 'platform' } } });
    expect(proxied.body.data.proxied_id).not.toBeNull();
    expect((await request(server, { method: 'POST', path: `/api/courier/${proxied.body.data.id}/webhook`, token: first.token })).body.message_code).toBe('courier_webhook_not_supported');
    // The first organisation's URL still works: the second's attempt changed nothing.
    expect((await post(pathOf(url), { tracking_number: 'ONBEKEND0001', events: [{ event: 'shipped', occurred_at: new Date().toISOString() }] })).status).toBe(200);
  });

  it('stores pushed events through the usual rules: the label moves and the history shows them', async () => {
    const [label = ''] = await makeLabels(first, 1);
    const trackingNumber = await barcodeOf(label);
    const at = new Date(Date.now() + 60_000).toISOString();
    const answer = await post(pathOf(url), {
      tracking_number: trackingNumber,
      events: [{ event: 'out_for_delivery', occurred_at: at, description: 'De bezorger is onderweg', location: { name: 'Depot Utrecht', city: 'Utrecht', country: 'NL' } }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success', data: { parcels: 1, matched: 1 } });
    expect((await rows([label])).get(label)?.status).toBe('shipped');
    const history = await request(server, { path: `/api/label/${label}/tracking`, token: first.token });
    expect(history.body.data.packages[0].tracking).toContainEqual(expect.objectContaining({ event: 'out_for_delivery', courier_description: 'De bezorger is onderweg', location: expect.objectContaining({ name: 'Depot Utrecht' }) }));
    // The same push again adds nothing.
    await post(pathOf(url), { tracking_number: trackingNumber, events: [{ event: 'out_for_delivery', occurred_at: at }] });
    const events = await server.database.db.select().from(trackingEvents).where(and(eq(trackingEvents.labelId, label), eq(trackingEvents.event, 'out_for_delivery')));
    expect(events).toHaveLength(1);
  });

  it('answers an unknown secret, or a known one under another class, with a plain 404', async () => {
    const secret = url.split('/').pop() ?? '';
    for (const path of [`/api/tracking/webhook/test/${'x'.repeat(32)}`, `/api/tracking/webhook/dhl/${secret}`, `/api/tracking/webhook/nope/${secret}`]) {
      const answer = await post(path, { tracking_number: 'X', events: [] });
      expect(answer.status).toBe(404);
      expect(answer.body.message_code).toBe('route_not_found');
    }
  });

  it('refuses a body that is not the carrier’s format in Dutch, and stores nothing', async () => {
    const [label = ''] = await makeLabels(first, 1);
    const trackingNumber = await barcodeOf(label);
    for (const body of [{ tracking_number: trackingNumber, events: [{ event: 'teleported', occurred_at: new Date().toISOString() }] }, { tracking_number: trackingNumber, events: [{ event: 'shipped', occurred_at: 'gisteren' }] }, { hello: 'world' }, []]) {
      const answer = await post(pathOf(url), body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message_code: 'tracking_webhook_unreadable', message: 'De trackingberichten konden niet worden gelezen: controleer het formaat van de vervoerder.' });
    }
    expect(await server.database.db.select().from(trackingEvents).where(eq(trackingEvents.labelId, label))).toEqual([]);
    expect((await rows([label])).get(label)).toMatchObject({ status: 'ready', trackingDate: null });
  });

  it('ignores the tracking number of another organisation’s label', async () => {
    const [theirs = ''] = await makeLabels(second, 1);
    const answer = await post(pathOf(url), { tracking_number: await barcodeOf(theirs), events: [{ event: 'delivered', occurred_at: new Date().toISOString() }] });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ parcels: 1, matched: 0 });
    expect(await server.database.db.select().from(trackingEvents).where(eq(trackingEvents.labelId, theirs))).toEqual([]);
    expect((await rows([theirs])).get(theirs)?.status).toBe('ready');
  });

  it('is documented in the OpenAPI document as a call without login', async () => {
    const document = (await request(server, { path: '/api/docs/json' })).body;
    const webhook = document.paths['/api/tracking/webhook/{courier_class}/{secret}']?.post;
    expect(webhook?.summary).toMatch(/^Trackingberichten die een vervoerder stuurt/);
    expect(webhook?.security).toEqual([]);
    expect(document.paths['/api/courier/{id}/webhook']?.post).toBeDefined();
  });

  it('a new URL replaces the old one', async () => {
    const again = await request(server, { method: 'POST', path: `/api/courier/${courierId}/webhook`, token: first.token });
    expect(again.body.data.url).not.toBe(url);
    const body = { tracking_number: 'ONBEKEND0001', events: [{ event: 'shipped', occurred_at: new Date().toISOString() }] };
    expect((await post(pathOf(url), body)).status).toBe(404);
    expect((await post(pathOf(again.body.data.url), body)).status).toBe(200);
    url = again.body.data.url;
  });
});
