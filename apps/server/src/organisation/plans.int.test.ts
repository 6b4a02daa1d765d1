import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { periodOf, proRataCents } from '@verzendhuis/domain/plans';
import { readyOrders, request, type TestOrganisation } from '../../test-support/factories';
import { runAdmin } from '../../test-support/admin';
import { testServerForFile } from '../../test-support/server';
import { invoiceItems, organisationAddons, organisations, plans } from '../db/schema';

const { server, first, second } = testServerForFile();


const admin = (...args: string[]) => runAdmin(server.database.url, ...args);

function otherItems(org: TestOrganisation) {
  return server.database.db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.organisationId, org.organisationId), eq(invoiceItems.type, 'other')))
    .orderBy(invoiceItems.createdAt);
}

/** The pro rata amount of a monthly price today: the test may straddle midnight, so either day's. */
function proRataToday(priceCents: number, before: Date): number[] {
  return [before, new Date()].map((at) => {
    const { days, remaining } = periodOf(at, 'month');
    return proRataCents(priceCents, remaining, days);
  });
}

describe('GET plan/', () => {
  it('lists the plans on offer with quota and monthly price, the trial only while it is current', async () => {
    const { data } = await first.api.plans.list();
    expect(data.map((p) => p.id)).toEqual(['trial', 'start', 'groei', 'zakelijk']);
    expect(data[0]).toMatchObject({ name: 'Proefperiode', is_trial: true, is_current: true, quota: { labels: 50 }, monthly_price: '0.00' });
    expect(data[2]).toEqual({ id: 'groei', name: 'Groei', is_trial: false, quota: { labels: 2500 }, monthly_price: '29.00', is_current: false, renewal: null });
    expect(data[3]?.quota.labels).toBeNull();
    expect((await request(server, { path: '/api/plan/' })).status).toBe(401);
  });
});

describe('POST user/organisation/plan', () => {
  it('changes the plan at once and charges the rest of the month; the second organisation sees and changes nothing', async () => {
    const org = await server.createOrganisation();
    const before = new Date();
    const changed = await org.api.user.changePlan({ plan_id: 'groei' });
    expect(changed.data.plan).toMatchObject({ id: 'groei', name: 'Groei', capabilities: { trial: false }, quota: { labels: 2500 }, subscription: { to: null } });
    const [charge] = await otherItems(org);
    expect(charge).toMatchObject({ labelId: null, invoiceId: null, type: 'other' });
    expect(proRataToday(2900, before)).toContain(charge?.totalCents);
    expect(charge?.parts[0]?.description).toMatch(/^Abonnement Groei van \d{2}-\d{2}-\d{4} tot en met \d{2}-\d{2}-\d{4}$/);

    const upgraded = await org.api.user.changePlan({ plan_id: 'zakelijk' });
    expect(upgraded.data.plan?.id).toBe('zakelijk');
    const items = await otherItems(org);
    expect(items.map((i) => i.totalCents)).toEqual([charge?.totalCents, -(charge?.totalCents ?? 0), expect.any(Number)]);
    expect(proRataToday(7900, before)).toContain(items[2]?.totalCents);
    expect((await org.api.plans.list()).data.filter((p) => p.is_current).map((p) => p.id)).toEqual(['zakelijk']);
    // The trial is no longer offered once it is not the current plan.
    expect((await org.api.plans.list()).data.map((p) => p.id)).toEqual(['start', 'groei', 'zakelijk']);

    expect((await second.api.user.get()).data.organisation.plan?.id).toBe('trial');
    expect(await otherItems(second)).toEqual([]);
    expect((await second.api.plans.list()).data.find((p) => p.is_current)?.id).toBe('trial');
  });

  it('answers "al geabonneerd op" for the current plan and writes nothing', async () => {
    const org = await server.createOrganisation();
    await org.api.user.changePlan({ plan_id: 'start' });
    const again = await request(server, { method: 'POST', path: '/api/user/organisation/plan', token: org.token, body: { plan_id: 'start' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 409, type: 'usage', message_code: 'already_subscribed', message: 'Je bent al geabonneerd op Start.' });
    expect(await otherItems(org)).toEqual([]);
  });

  it('makes two changes at the same moment one after the other: one succeeds, one is already subscribed, one charge', async () => {
    const org = await server.createOrganisation();
    const send = () => request(server, { method: 'POST', path: '/api/user/organisation/plan', token: org.token, body: { plan_id: 'groei' } });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await otherItems(org)).toHaveLength(1);

    const enable = () => request(server, { method: 'POST', path: '/api/user/organisation/add-on/enable', token: org.token, body: { addon_id: 'ORDER_ITEM_SCAN', subscription_period: 'month' } });
    const enabled = await Promise.all([enable(), enable()]);
    expect(enabled.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await otherItems(org)).toHaveLength(2);
  });

  it('refuses an unknown, inactive or trial plan and a bad body with a Dutch validation error, writing nothing', async () => {
    const org = await server.createOrganisation();
    await server.database.db.update(plans).set({ isActive: false }).where(eq(plans.id, 'zakelijk')); // the operator's plan-set --active no
    try {
      for (const body of [{ plan_id: 'goud' }, { plan_id: 'zakelijk' }, { plan_id: 'trial' }, {}, { plan_id: 12 }, { plan_id: 'x'.repeat(200) }]) {
        const refused = await request(server, { method: 'POST', path: '/api/user/organisation/plan', token: org.token, body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body).toMatchObject({ type: 'validation', fields: { plan_id: ['Kies een abonnement uit de lijst.'] } });
      }
      expect((await org.api.plans.list()).data.map((p) => p.id)).toEqual(['trial', 'start', 'groei']);
    } finally {
      await server.database.db.update(plans).set({ isActive: true }).where(eq(plans.id, 'zakelijk'));
    }
    expect((await org.api.user.get()).data.organisation.plan?.id).toBe('trial');
    expect(await otherItems(org)).toEqual([]);
  });

  it('leaves an organisation without a plan when its trial ends: labels refused until a plan is chosen', async () => {
    const org = await server.createOrganisation();
    // Time passing: the trial's 30 days are over (raw SQL, the API cannot move time).
    await server.database.db.update(organisations).set({ planSubscriptionTo: new Date(Date.now() - 1000) }).where(eq(organisations.id, org.organisationId));
    expect((await org.api.user.get()).data.organisation.plan).toBeNull();
    expect((await org.api.plans.list()).data.some((p) => p.is_current)).toBe(false);
    const [orderId] = await readyOrders(org, 1);
    const refused = await request(server, { method: 'POST', path: '/api/order/label/create', token: org.token, body: { order_ids: [orderId] } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'usage', message_code: 'no_plan' });
    expect(refused.body.message).toContain('Kies een abonnement');

    await org.api.user.changePlan({ plan_id: 'start' });
    const made = await request(server, { method: 'POST', path: '/api/order/label/create', token: org.token, body: { order_ids: [orderId] } });
    expect(made.status).toBe(200);
    expect(made.body.data).toHaveLength(1);
    expect((await second.api.user.get()).data.organisation.plan?.id).toBe('trial');
  });
});

describe('add-ons', () => {
  it('lists the catalogue, enables with a pro rata charge, disables until the end of the paid period', async () => {
    const org = await server.createOrganisation();
    const listed = await org.api.addons.list();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: 'ANALYTICS', code: 'ANALYTICS', name: 'Analytics', monthly_price: '9.95', yearly_price: '99.00', is_active: false, subscription: null }),
      expect.objectContaining({ id: 'ORDER_ITEM_SCAN', name: 'Artikelen scannen', monthly_price: '14.95', is_active: false }),
    ]);

    const before = new Date();
    const enabled = await org.api.user.enableAddon({ addon_id: 'ANALYTICS', subscription_period: 'month' });
    expect(enabled.data.active_addons).toEqual([{ code: 'ANALYTICS', subscription: { period: 'month', to: null }, meta: {} }]);
    const [charge] = await otherItems(org);
    expect(proRataToday(995, before)).toContain(charge?.totalCents);
    expect(charge?.parts[0]?.description).toMatch(/^Add-on Analytics van /);

    const again = await request(server, { method: 'POST', path: '/api/user/organisation/add-on/enable', token: org.token, body: { addon_id: 'ANALYTICS', subscription_period: 'year' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message_code: 'addon_already_active', message: 'De add-on Analytics is al actief voor je organisatie.' });

    // The second organisation sees none of it and cannot end it.
    expect((await second.api.addons.list()).data.every((a) => !a.is_active)).toBe(true);
    const theirs = await request(server, { method: 'POST', path: '/api/user/organisation/add-on/disable', token: second.token, body: { addon_id: 'ANALYTICS' } });
    expect(theirs.status).toBe(409);
    expect((await org.api.addons.list()).data[0]?.subscription).toEqual({ period: 'month', to: null });

    const disabled = await org.api.user.disableAddon({ addon_id: 'ANALYTICS' });
    const to = disabled.data.active_addons[0]?.subscription.to;
    expect([before, new Date()].map((at) => periodOf(at, 'month').end.toISOString())).toContain(to);
    expect((await org.api.addons.list()).data[0]).toMatchObject({ is_active: true, subscription: { period: 'month', to } });
    const twice = await request(server, { method: 'POST', path: '/api/user/organisation/add-on/disable', token: org.token, body: { addon_id: 'ANALYTICS' } });
    expect(twice.body).toMatchObject({ status: 409, message_code: 'addon_not_active' });

    // Enabled again before its end: kept on, no second charge.
    const resumed = await org.api.user.enableAddon({ addon_id: 'ANALYTICS', subscription_period: 'month' });
    expect(resumed.data.active_addons[0]?.subscription.to).toBeNull();
    expect(await otherItems(org)).toHaveLength(1);

    // Past its end (time passing, raw SQL) it is gone from active_addons.
    await org.api.user.disableAddon({ addon_id: 'ANALYTICS' });
    await server.database.db
      .update(organisationAddons)
      .set({ subscriptionTo: new Date(Date.now() - 1000) })
      .where(eq(organisationAddons.organisationId, org.organisationId));
    expect((await org.api.user.get()).data.organisation.active_addons).toEqual([]);
    expect(await otherItems(second)).toEqual([]);
  });

  it('refuses an unknown add-on or period with a Dutch validation error, writing nothing', async () => {
    const org = await server.createOrganisation();
    for (const [path, body, field] of [
      ['enable', { addon_id: 'CRYSTAL_BALL', subscription_period: 'month' }, 'addon_id'],
      ['enable', { addon_id: 'ANALYTICS', subscription_period: 'week' }, 'subscription_period'],
      ['enable', {}, 'addon_id'],
      ['disable', { addon_id: 'CRYSTAL_BALL' }, 'addon_id'],
    ] as const) {
      const refused = await request(server, { method: 'POST', path: `/api/user/organisation/add-on/${path}`, token: org.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.type).toBe('validation');
      expect(refused.body.fields[field]?.[0]).toMatch(/^Kies /);
    }
    expect(await otherItems(org)).toEqual([]);
    expect((await org.api.user.get()).data.organisation.active_addons).toEqual([]);
  });
});

describe('npm run admin -- plans / plan-set / addons / addon-set', () => {
  it('changes a plan and an add-on beside the running app; the API shows it at once', async () => {
    const listed = await admin('plans');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('groei\tGroei\t2500\t29.00\tactive');

    const set = await admin('plan-set', 'groei', '--name', 'Groei Plus', '--quota', '3000', '--price', '34,50');
    expect(set.code).toBe(0);
    expect((await first.api.plans.list()).data.find((p) => p.id === 'groei')).toMatchObject({ name: 'Groei Plus', quota: { labels: 3000 }, monthly_price: '34.50' });
    expect((await admin('plan-set', 'groei', '--name', 'Groei', '--quota', '2500', '--price', '29')).code).toBe(0);

    const addon = await admin('addon-set', 'ANALYTICS', '--price', '12.50', '--yearly-price', '120');
    expect(addon.code).toBe(0);
    expect((await first.api.addons.list()).data[0]).toMatchObject({ monthly_price: '12.50', yearly_price: '120.00' });
    expect((await admin('addons')).stdout).toContain('ANALYTICS\tAnalytics\t12.50\t120.00\tactive');
    expect((await admin('addon-set', 'ANALYTICS', '--price', '9.95', '--yearly-price', '99')).code).toBe(0);

    for (const bad of [
      ['plan-set', 'goud', '--price', '5'],
      ['plan-set', 'groei', '--quota', 'veel'],
      ['plan-set', 'groei', '--price', 'gratis'],
      ['plan-set', 'groei', '--colour', 'blauw'],
      ['addon-set', 'CRYSTAL_BALL', '--price', '1'],
    ]) {
      const failed = await admin(...bad);
      expect(failed.code, bad.join(' ')).toBe(1);
    }
    expect((await first.api.plans.list()).data.find((p) => p.id === 'groei')).toMatchObject({ name: 'Groei', monthly_price: '29.00' });
  });
});
