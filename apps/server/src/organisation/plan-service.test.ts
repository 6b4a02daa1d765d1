import { describe, expect, it } from 'vitest';
import { addonCharge, planChangeCharges } from './plan-service';
import { effectivePlan } from './renewals';

const plan = (over: Partial<{ id: string; name: string; monthlyPriceCents: number; isTrial: boolean }>) => ({
  id: 'groei',
  name: 'Groei',
  isTrial: false,
  labelQuota: 2500,
  monthlyPriceCents: 2900,
  trialDays: null,
  sortOrder: 2,
  isActive: true,
  ...over,
});

describe('plan changes', () => {
  // 25 November 2026 in Amsterdam: 6 of 30 days left, today included.
  const now = new Date('2026-11-25T10:00:00Z');

  it('credits the rest of the month of a paid plan and charges the new one, each rounded once', () => {
    expect(planChangeCharges(plan({}), plan({ name: 'Zakelijk', monthlyPriceCents: 7900 }), now)).toEqual([
      { description: 'Tegoed abonnement Groei van 25-11-2026 tot en met 30-11-2026', totalCents: -580 },
      { description: 'Abonnement Zakelijk van 25-11-2026 tot en met 30-11-2026', totalCents: 1580 },
    ]);
  });

  it('makes no credit for a trial or a free plan, and no charge for a free plan', () => {
    expect(planChangeCharges(plan({ isTrial: true, monthlyPriceCents: 0 }), plan({}), now)).toEqual([
      { description: 'Abonnement Groei van 25-11-2026 tot en met 30-11-2026', totalCents: 580 },
    ]);
    expect(planChangeCharges(null, plan({ monthlyPriceCents: 0, name: 'Start' }), now)).toEqual([]);
  });

  it('charges an add-on for the rest of the month or the year', () => {
    const analytics = { name: 'Analytics', monthlyPriceCents: 995, yearlyPriceCents: 9900 };
    expect(addonCharge(analytics, 'month', now)).toEqual({ description: 'Add-on Analytics van 25-11-2026 tot en met 30-11-2026', totalCents: 199 });
    // 37 of 365 days left in 2026: 9900 × 37 / 365 = 1003.56.
    expect(addonCharge(analytics, 'year', now)).toEqual({ description: 'Add-on Analytics van 25-11-2026 tot en met 31-12-2026', totalCents: 1004 });
  });

  it('leaves an organisation whose trial has ended without a plan', () => {
    const trial = plan({ id: 'trial', isTrial: true, monthlyPriceCents: 0 });
    expect(effectivePlan(trial, new Date('2026-11-26T00:00:00Z'), now)).toBe(trial);
    expect(effectivePlan(trial, new Date('2026-11-25T10:00:00Z'), now)).toBeNull();
    expect(effectivePlan(plan({}), null, now)).not.toBeNull();
  });
});
