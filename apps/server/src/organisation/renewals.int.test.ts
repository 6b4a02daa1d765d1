import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amsterdamIsoDate, calendarPeriodEnd, dayBefore, renewalPeriodName } from '@verzendhuis/domain/plans';
import { request, type TestOrganisation } from '../../test-support/factories';
import { runAdmin } from '../../test-support/admin';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { invoiceItems, organisationAddons, organisations } from '../db/schema';
import { queues } from '../jobs/queue';
import { createOrganisationRepository } from './repository';
import { createRenewalService, startOfIsoDate } from './renewals';

const { server, second } = testServerForFile();
const other = otherProcessForFile(server);

const admin = (...args: string[]) => runAdmin(server.database.url, ...args);

/** The renewal as this process runs it (the job's function). */
const renewDue = (until?: string) => createRenewalService({ repository: createOrganisationRepository(server.database.db) }).renewDue(until);

async function charges(org: TestOrganisation): Promise<{ description: string; totalCents: number }[]> {
  const rows = await server.database.db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.organisationId, org.organisationId), eq(invoiceItems.type, 'other')))
    .orderBy(invoiceItems.createdAt, invoiceItems.id);
  return rows.map((r) => ({ description: r.parts[0]?.description ?? '', totalCents: r.totalCents }));
}

async function planPaidThrough(org: TestOrganisation): Promise<string | null> {
  const [row] = await server.database.db.select({ through: organisations.planPaidThrough }).from(organisations).where(eq(organisations.id, org.organisationId));
  return row?.through ?? null;
}

/** The first of next month in Amsterdam: what a change today is paid through (either side of a midnight the test straddles). */
function nextMonthStarts(before: Date): string[] {
  return [before, new Date()].map((at) => calendarPeriodEnd(amsterdamIsoDate(at), 'month'));
}

describe('renewal of a paid plan', () => {
  it('charges the pro rata rest on the change, then the next full month once, even run twice and by two processes at once', async () => {
    const org = await server.createOrganisation();
    const before = new Date();
    await org.api.user.changePlan({ plan_id: 'groei' });
    const through = (await planPaidThrough(org)) ?? '';
    expect(nextMonthStarts(before)).toContain(through);
    expect(await charges(org)).toHaveLength(1);
    const current = (await org.api.plans.list()).data.find((p) => p.is_current);
    expect(current?.renewal).toEqual({ paid_through: through, amount: '29.00' });

    // The day before it is paid through: nothing due.
    expect((await renewDue(dayBefore(through))).filter((c) => c.organisationId === org.organisationId)).toEqual([]);

    // Two admin processes and the other server's renewal at the same moment: one charge.
    const [one, two] = await Promise.all([admin('renewals', '--until', through), admin('renewals', '--until', through), other.renewals.renewDue(through)]);
    expect([one.code, two.code]).toEqual([0, 0]);
    await renewDue(through);
    const month = renewalPeriodName(through, 'month');
    expect((await charges(org)).slice(1)).toEqual([{ description: `Abonnement Groei, ${month}`, totalCents: 2900 }]);
    const next = calendarPeriodEnd(through, 'month');
    expect(await planPaidThrough(org)).toBe(next);
    expect((await org.api.plans.list()).data.find((p) => p.is_current)?.renewal).toEqual({ paid_through: next, amount: '29.00' });

    // The second organisation (trial) is charged nothing and shows no renewal.
    expect(await charges(second)).toEqual([]);
    expect((await second.api.plans.list()).data.every((p) => p.renewal === null)).toBe(true);
  });

  it('catches up a pause: each missed month charged once, at the price of the plan now', async () => {
    const org = await server.createOrganisation();
    await org.api.user.changePlan({ plan_id: 'zakelijk' });
    const through = (await planPaidThrough(org)) ?? '';
    const following = calendarPeriodEnd(through, 'month');
    const third = calendarPeriodEnd(following, 'month');
    const written = await renewDue(third);
    expect(written.filter((c) => c.organisationId === org.organisationId).map((c) => c.description)).toEqual(
      [through, following, third].map((start) => `Abonnement Zakelijk, ${renewalPeriodName(start, 'month')}`),
    );
    await renewDue(third);
    expect((await charges(org)).slice(1).map((c) => c.totalCents)).toEqual([7900, 7900, 7900]);
    expect(await planPaidThrough(org)).toBe(calendarPeriodEnd(third, 'month'));
  });

  it('runs as the hourly job on the queue once a month is due', async () => {
    const org = await server.createOrganisation();
    await org.api.user.changePlan({ plan_id: 'groei' });
    // Time passing (raw SQL): the plan is paid only through the first of this month, so this month is due.
    const thisMonth = `${amsterdamIsoDate(new Date()).slice(0, 7)}-01`;
    await server.database.db.update(organisations).set({ planPaidThrough: thisMonth }).where(eq(organisations.id, org.organisationId));
    await other.queue.send(queues.subscriptionRenewal, {});
    await waitUntil(() => planPaidThrough(org), (through) => through !== thisMonth, { what: 'the renewal job' });
    expect((await charges(org)).slice(1)).toEqual([{ description: `Abonnement Groei, ${renewalPeriodName(thisMonth, 'month')}`, totalCents: 2900 }]);
    expect(await planPaidThrough(org)).toBe(calendarPeriodEnd(thisMonth, 'month'));
  });

  it('never charges the trial or a free plan', async () => {
    const trial = await server.createOrganisation();
    const free = await server.createOrganisation();
    await free.api.user.changePlan({ plan_id: 'start' });
    const far = calendarPeriodEnd(calendarPeriodEnd(amsterdamIsoDate(new Date()), 'year'), 'year');
    const written = await renewDue(far);
    expect(written.filter((c) => [trial.organisationId, free.organisationId].includes(c.organisationId))).toEqual([]);
    expect(await charges(trial)).toEqual([]);
    expect(await charges(free)).toEqual([]);
    expect(await planPaidThrough(free)).toBeNull();
  });
});

describe('renewal of add-ons', () => {
  it('renews a yearly add-on per year; GET addons shows when and for how much', async () => {
    const org = await server.createOrganisation();
    const before = new Date();
    await org.api.user.enableAddon({ addon_id: 'ANALYTICS', subscription_period: 'year' });
    const [subscription] = await server.database.db.select().from(organisationAddons).where(eq(organisationAddons.organisationId, org.organisationId));
    const through = subscription?.paidThrough ?? '';
    expect([before, new Date()].map((at) => calendarPeriodEnd(amsterdamIsoDate(at), 'year'))).toContain(through);
    expect((await org.api.addons.list()).data.find((a) => a.code === 'ANALYTICS')?.renewal).toEqual({ paid_through: through, amount: '99.00' });

    await renewDue(through);
    const lastDayOfThatYear = dayBefore(calendarPeriodEnd(through, 'year'));
    await renewDue(lastDayOfThatYear);
    expect((await charges(org)).slice(1)).toEqual([{ description: `Add-on Analytics, ${through.slice(0, 4)}`, totalCents: 9900 }]);
    const next = calendarPeriodEnd(through, 'year');
    expect((await org.api.addons.list()).data.find((a) => a.code === 'ANALYTICS')?.renewal).toEqual({ paid_through: next, amount: '99.00' });
    // Still active the whole time; the second organisation has nothing of it.
    expect((await org.api.user.get()).data.organisation.active_addons.map((a) => a.code)).toEqual(['ANALYTICS']);
    expect(await charges(second)).toEqual([]);
    expect((await second.api.addons.list()).data.every((a) => a.renewal === null && !a.is_active)).toBe(true);
  });

  it('does not renew a disabled add-on: it ends at the end of what was paid', async () => {
    const org = await server.createOrganisation();
    await org.api.user.enableAddon({ addon_id: 'ORDER_ITEM_SCAN', subscription_period: 'month' });
    const disabled = await org.api.user.disableAddon({ addon_id: 'ORDER_ITEM_SCAN' });
    const to = disabled.data.active_addons[0]?.subscription.to;
    const [row] = await server.database.db.select().from(organisationAddons).where(eq(organisationAddons.organisationId, org.organisationId));
    expect(to).toBeTruthy();
    expect((await org.api.addons.list()).data.find((a) => a.code === 'ORDER_ITEM_SCAN')?.renewal).toBeNull();

    const far = calendarPeriodEnd(calendarPeriodEnd(row?.paidThrough ?? '', 'month'), 'month');
    await renewDue(far);
    expect(await charges(org)).toHaveLength(1);
    const [after] = await server.database.db.select().from(organisationAddons).where(eq(organisationAddons.organisationId, org.organisationId));
    expect(after?.subscriptionTo?.toISOString()).toBe(to);
    expect(after?.paidThrough).toBe(row?.paidThrough);

    // Enabled again before its end: renewed again from where it was paid.
    await org.api.user.enableAddon({ addon_id: 'ORDER_ITEM_SCAN', subscription_period: 'month' });
    await renewDue(row?.paidThrough ?? '');
    expect((await charges(org)).slice(1)).toEqual([{ description: `Add-on Artikelen scannen, ${renewalPeriodName(row?.paidThrough ?? '', 'month')}`, totalCents: 1495 }]);
  });
});

describe('npm run admin -- renewals', () => {
  it('prints what it charged, then nothing the second time; refuses bad arguments', async () => {
    const org = await server.createOrganisation();
    await org.api.user.changePlan({ plan_id: 'groei' });
    const through = (await planPaidThrough(org)) ?? '';
    const first = await admin('renewals', '--until', through);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`organisation ${org.organisationId}  Abonnement Groei, ${renewalPeriodName(through, 'month')}  EUR 29.00`);
    // Charged ahead of its month: dated at the month's first day, so that period's invoice takes it.
    const [renewal] = await server.database.db
      .select({ createdAt: invoiceItems.createdAt })
      .from(invoiceItems)
      .where(and(eq(invoiceItems.organisationId, org.organisationId), eq(invoiceItems.totalCents, 2900)));
    const start = startOfIsoDate(through);
    // Only when the test straddled the month's first midnight has the month begun: then it is dated now.
    expect(renewal?.createdAt.getTime()).toBe(start.getTime() > Date.now() ? start.getTime() : renewal?.createdAt.getTime());
    const again = await admin('renewals', '--until', through);
    expect(again.stdout).not.toContain(org.organisationId);

    for (const args of [['renewals'], ['renewals', '--until', '2026-02-30'], ['renewals', '--from', '2026-12-01']]) {
      const bad = await admin(...args);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('usage: npm run admin -- renewals --until YYYY-MM-DD');
    }
    expect((await request(server, { path: '/api/plan/' })).status).toBe(401);
  });
});
