import { amsterdamIsoDate, amsterdamMidnight, calendarPeriodEnd, planChargeTexts, renewalPeriodName, type SubscriptionPeriod } from '@verzendhuis/domain/plans';
import type { AddonCatalogueRow, AddonRow, ChangeDecision, OrganisationRepository, OrganisationRow, OtherCharge, PlanRow } from './repository';

/** The moment an ISO date starts in Amsterdam. */
export function startOfIsoDate(date: string): Date {
  return amsterdamMidnight(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/** The plan an organisation is on now: none once its trial has ended (docs/plans.md). */
export function effectivePlan(plan: PlanRow | null, subscriptionTo: Date | null, now: Date): PlanRow | null {
  if (!plan) return null;
  if (plan.isTrial && subscriptionTo && subscriptionTo.getTime() <= now.getTime()) return null;
  return plan;
}

/** Whether the organisation's plan is one the renewal charges: paid, not the trial. */
export function isPaidPlan(plan: Pick<PlanRow, 'isTrial' | 'monthlyPriceCents'> | null): boolean {
  return Boolean(plan && !plan.isTrial && plan.monthlyPriceCents > 0);
}

/**
 * A subscription's paid-through date as it counts: the stored one, or, for one from before
 * renewals were kept (null), the end of the period it is in now (that period counts as paid).
 */
export function effectivePaidThrough(stored: string | null, period: SubscriptionPeriod, now: Date): string {
  return stored ?? calendarPeriodEnd(amsterdamIsoDate(now), period);
}

/**
 * The full periods to charge from `paidThrough` up to and including `until` (each period
 * whose first day is at most `until`), and the paid-through date after them. Catching up
 * after a pause charges each missed period once.
 */
export function periodsDue(paidThrough: string, until: string, period: SubscriptionPeriod): { starts: string[]; paidThrough: string } {
  const starts: string[] = [];
  let through = paidThrough;
  while (through <= until) {
    starts.push(through);
    through = calendarPeriodEnd(through, period);
  }
  return { starts, paidThrough: through };
}

/** A charge of a period counts from its first day, or from now when that has passed. */
function chargeMoment(start: string, now: Date): Date {
  const begins = startOfIsoDate(start);
  return begins.getTime() > now.getTime() ? begins : now;
}

export interface RenewalCharge extends OtherCharge {
  organisationId: string;
}

/**
 * What the renewal writes for one organisation, decided under its lock (docs/plans.md
 * "Renewals"): each full month of a paid plan, and each month or year of an add-on not
 * disabled, from its paid-through date up to `until`, and the paid-through dates moved on.
 */
export function decideRenewal(
  state: { organisation: OrganisationRow; plan: PlanRow | null; addons: AddonRow[] },
  catalogue: readonly AddonCatalogueRow[],
  until: string,
  now: Date,
): ChangeDecision<OtherCharge[]> {
  const charges: OtherCharge[] = [];
  const decision: ChangeDecision<OtherCharge[]> = { charges, result: charges, addons: [] };
  if (!state.organisation.isActive) return decision;
  const { plan, organisation } = state;
  if (plan && isPaidPlan(plan)) {
    const due = periodsDue(effectivePaidThrough(organisation.planPaidThrough, 'month', now), until, 'month');
    for (const start of due.starts) {
      charges.push({ description: planChargeTexts.planRenewal(plan.name, renewalPeriodName(start, 'month')), totalCents: plan.monthlyPriceCents, at: chargeMoment(start, now) });
    }
    if (due.paidThrough !== organisation.planPaidThrough) decision.organisation = { planPaidThrough: due.paidThrough };
  }
  // Without a plan (the trial ended, nothing chosen) add-ons are not renewed: each runs out
  // at the end of what was paid, as if disabled then, and is enabled again with a plan.
  const withoutPlan = effectivePlan(plan, organisation.planSubscriptionTo, now) === null;
  for (const addon of state.addons) {
    // Disabled: it runs out at subscription_to, the end of what was paid; never renewed.
    if (addon.subscriptionTo) continue;
    const offer = catalogue.find((a) => a.code === addon.code);
    if (!offer) continue;
    const period: SubscriptionPeriod = addon.subscriptionPeriod === 'year' ? 'year' : 'month';
    if (withoutPlan) {
      decision.addons?.push({ code: addon.code, subscriptionPeriod: addon.subscriptionPeriod, subscriptionTo: startOfIsoDate(effectivePaidThrough(addon.paidThrough, period, now)) });
      continue;
    }
    const price = period === 'year' ? offer.yearlyPriceCents : offer.monthlyPriceCents;
    const due = periodsDue(effectivePaidThrough(addon.paidThrough, period, now), until, period);
    for (const start of due.starts) {
      charges.push({ description: planChargeTexts.addonRenewal(offer.name, renewalPeriodName(start, period)), totalCents: price, at: chargeMoment(start, now) });
    }
    if (due.paidThrough !== addon.paidThrough) {
      decision.addons?.push({ code: addon.code, subscriptionPeriod: addon.subscriptionPeriod, subscriptionTo: null, paidThrough: due.paidThrough });
    }
  }
  return decision;
}

/**
 * The renewal of plans and add-ons (the hourly job `subscription-renewal` and `npm run
 * admin -- renewals --until`). Safe beside another process: each organisation is decided
 * and written in one transaction under its row lock, with the paid-through dates read
 * under that lock, so each period is charged exactly once.
 */
export function createRenewalService(deps: { repository: OrganisationRepository; clock?: () => Date }) {
  const now = () => deps.clock?.() ?? new Date();
  return {
    /** Renews every subscription due by `until` (an ISO date; today in Amsterdam by default); the charges written. */
    async renewDue(until?: string): Promise<RenewalCharge[]> {
      const at = now();
      const day = until ?? amsterdamIsoDate(at);
      const catalogue = await deps.repository.crossOrganisation.listAddons();
      const written: RenewalCharge[] = [];
      for (const organisationId of await deps.repository.crossOrganisation.organisationsDueForRenewal(day)) {
        const charges = await deps.repository.for(organisationId).change((state) => decideRenewal(state, catalogue, day, at));
        written.push(...charges.filter((c) => c.totalCents !== 0).map((c) => ({ ...c, organisationId })));
      }
      return written;
    },
  };
}

export type RenewalService = ReturnType<typeof createRenewalService>;
