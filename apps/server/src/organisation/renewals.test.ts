import { describe, expect, it } from 'vitest';
import { planChangeCharges } from './plan-service';
import type { AddonCatalogueRow, AddonRow, OrganisationRow, PlanRow } from './repository';
import { decideRenewal, periodsDue, startOfIsoDate } from './renewals';

const groei: PlanRow = { id: 'groei', name: 'Groei', isTrial: false, labelQuota: 2500, monthlyPriceCents: 2900, trialDays: null, sortOrder: 2, isActive: true };
const trial: PlanRow = { ...groei, id: 'trial', name: 'Proefperiode', isTrial: true, monthlyPriceCents: 0, trialDays: 30 };
const catalogue: AddonCatalogueRow[] = [
  { code: 'ANALYTICS', name: 'Analytics', description: '', monthlyPriceCents: 995, yearlyPriceCents: 9900, sortOrder: 1, isActive: true },
  { code: 'ORDER_ITEM_SCAN', name: 'Artikelen scannen', description: '', monthlyPriceCents: 1495, yearlyPriceCents: 14900, sortOrder: 2, isActive: true },
];

function organisation(over: Partial<OrganisationRow> = {}): OrganisationRow {
  return { id: 'o1', isActive: true, planId: 'groei', planSubscriptionTo: null, planPaidThrough: '2026-12-01', ...over } as OrganisationRow;
}

function addon(over: Partial<AddonRow>): AddonRow {
  return { organisationId: 'o1', code: 'ANALYTICS', subscriptionPeriod: 'month', subscriptionTo: null, paidThrough: '2026-12-01', meta: {}, createdAt: new Date(), ...over };
}

describe('periods due', () => {
  it('charges each period whose first day is at most until, once, and moves the date on', () => {
    expect(periodsDue('2026-12-01', '2026-11-30', 'month')).toEqual({ starts: [], paidThrough: '2026-12-01' });
    expect(periodsDue('2026-12-01', '2026-12-01', 'month')).toEqual({ starts: ['2026-12-01'], paidThrough: '2027-01-01' });
    expect(periodsDue('2026-12-01', '2027-02-14', 'month')).toEqual({ starts: ['2026-12-01', '2027-01-01', '2027-02-01'], paidThrough: '2027-03-01' });
    expect(periodsDue('2027-01-01', '2027-12-31', 'year')).toEqual({ starts: ['2027-01-01'], paidThrough: '2028-01-01' });
  });

  it('starts a date at Amsterdam midnight', () => {
    expect(startOfIsoDate('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(startOfIsoDate('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });
});

describe('a plan chosen on the 20th', () => {
  const chosen = new Date('2026-11-20T10:00:00Z');

  it('is charged 11 of 30 days now, then the full month of December on the 1st, once', () => {
    expect(planChangeCharges(trial, groei, chosen)).toEqual([{ description: 'Abonnement Groei van 20-11-2026 tot en met 30-11-2026', totalCents: 1063 }]);
    const firstOfDecember = new Date('2026-11-30T23:10:00Z');
    const renewed = decideRenewal({ organisation: organisation(), plan: groei, addons: [] }, catalogue, '2026-12-01', firstOfDecember);
    expect(renewed.charges).toEqual([{ description: 'Abonnement Groei, december 2026', totalCents: 2900, at: firstOfDecember }]);
    expect(renewed.organisation).toEqual({ planPaidThrough: '2027-01-01' });
    // Run again once that is stored: nothing.
    const again = decideRenewal({ organisation: organisation({ planPaidThrough: '2027-01-01' }), plan: groei, addons: [] }, catalogue, '2026-12-01', firstOfDecember);
    expect(again.charges).toEqual([]);
    expect(again.organisation).toBeUndefined();
  });

  it('credits months renewed ahead when the plan changes again', () => {
    expect(planChangeCharges(groei, { name: 'Zakelijk', monthlyPriceCents: 7900 }, chosen, '2027-01-01')).toEqual([
      { description: 'Tegoed abonnement Groei van 20-11-2026 tot en met 30-11-2026', totalCents: -1063 },
      { description: 'Tegoed abonnement Groei van 01-12-2026 tot en met 31-12-2026', totalCents: -2900 },
      { description: 'Abonnement Zakelijk van 20-11-2026 tot en met 30-11-2026', totalCents: 2897 },
    ]);
    expect(planChangeCharges(groei, { name: 'Zakelijk', monthlyPriceCents: 7900 }, chosen, '2026-12-01')).toHaveLength(2);
    // On the 1st before the renewal ran: that month was not charged, so nothing is credited.
    const firstOfDecember = new Date('2026-12-01T08:00:00Z');
    expect(planChangeCharges(groei, { name: 'Zakelijk', monthlyPriceCents: 7900 }, firstOfDecember, '2026-12-01')).toEqual([
      { description: 'Abonnement Zakelijk van 01-12-2026 tot en met 31-12-2026', totalCents: 7900 },
    ]);
  });
});

describe('decideRenewal', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('dates a charge ahead of its period at the period’s first day (the invoice of that period takes it)', () => {
    const { charges } = decideRenewal({ organisation: organisation(), plan: groei, addons: [] }, catalogue, '2027-01-01', now);
    expect(charges.map((c) => [c.description, c.at?.toISOString()])).toEqual([
      ['Abonnement Groei, december 2026', '2026-11-30T23:00:00.000Z'],
      ['Abonnement Groei, januari 2027', '2026-12-31T23:00:00.000Z'],
    ]);
  });

  it('never charges the trial, a free plan or an organisation switched off', () => {
    expect(decideRenewal({ organisation: organisation({ planPaidThrough: null }), plan: trial, addons: [] }, catalogue, '2030-01-01', now).charges).toEqual([]);
    expect(decideRenewal({ organisation: organisation({ planPaidThrough: null }), plan: { ...groei, monthlyPriceCents: 0 }, addons: [] }, catalogue, '2030-01-01', now).charges).toEqual([]);
    expect(decideRenewal({ organisation: organisation({ isActive: false }), plan: groei, addons: [addon({})] }, catalogue, '2030-01-01', now).charges).toEqual([]);
  });

  it('counts a plan from before renewals (no date) as paid to the end of this month', () => {
    const decided = decideRenewal({ organisation: organisation({ planPaidThrough: null }), plan: groei, addons: [] }, catalogue, '2026-11-25', now);
    expect(decided.charges).toEqual([]);
    expect(decided.organisation).toEqual({ planPaidThrough: '2026-12-01' });
  });

  it('renews add-ons by their period and leaves a disabled one alone', () => {
    const decided = decideRenewal(
      {
        organisation: organisation({ planId: 'trial' }),
        plan: trial,
        addons: [
          addon({ code: 'ANALYTICS', subscriptionPeriod: 'year', paidThrough: '2027-01-01' }),
          addon({ code: 'ORDER_ITEM_SCAN', subscriptionPeriod: 'month', paidThrough: '2026-12-01', subscriptionTo: new Date('2026-11-30T23:00:00Z') }),
        ],
      },
      catalogue,
      '2027-02-01',
      now,
    );
    expect(decided.charges.map((c) => [c.description, c.totalCents])).toEqual([['Add-on Analytics, 2027', 9900]]);
    expect(decided.addons).toEqual([{ code: 'ANALYTICS', subscriptionPeriod: 'year', subscriptionTo: null, paidThrough: '2028-01-01' }]);
  });
});

describe('add-ons without a plan', () => {
  const firstOfDecember = new Date('2026-11-30T23:10:00Z');

  it('are not renewed once the trial has ended: each runs out at the end of what was paid', () => {
    const ended = organisation({ planId: 'trial', planSubscriptionTo: new Date('2026-11-20T00:00:00Z'), planPaidThrough: null });
    const decision = decideRenewal({ organisation: ended, plan: trial, addons: [addon({}), addon({ code: 'ORDER_ITEM_SCAN', subscriptionPeriod: 'year', paidThrough: '2027-01-01' })] }, catalogue, '2026-12-01', firstOfDecember);
    expect(decision.charges).toEqual([]);
    expect(decision.addons).toEqual([
      { code: 'ANALYTICS', subscriptionPeriod: 'month', subscriptionTo: startOfIsoDate('2026-12-01') },
      { code: 'ORDER_ITEM_SCAN', subscriptionPeriod: 'year', subscriptionTo: startOfIsoDate('2027-01-01') },
    ]);
  });

  it('are renewed during the trial', () => {
    const onTrial = organisation({ planId: 'trial', planSubscriptionTo: new Date('2026-12-20T00:00:00Z'), planPaidThrough: null });
    const decision = decideRenewal({ organisation: onTrial, plan: trial, addons: [addon({})] }, catalogue, '2026-12-01', firstOfDecember);
    expect(decision.charges).toHaveLength(1);
    expect(decision.addons).toEqual([{ code: 'ANALYTICS', subscriptionPeriod: 'month', subscriptionTo: null, paidThrough: '2027-01-01' }]);
  });
});

