import { AppError, validationError } from '@verzendhuis/domain/errors';
import {
  amsterdamDay,
  amsterdamIsoDate,
  calendarPeriodEnd,
  centsToEuros,
  dayBefore,
  formatIsoDateDutch,
  periodOf,
  planChargeTexts,
  planErrorMessages,
  planValidationTexts,
  proRataCents,
  type SubscriptionPeriod,
} from '@verzendhuis/domain/plans';
import type { Organisation } from '@verzendhuis/contract/user';
import type { AddonOffer, PlanOffer } from '@verzendhuis/contract/plan';
import type { AddonRow, OrganisationRepository, OtherCharge, PlanRow } from './repository';
import { effectivePaidThrough, effectivePlan, isPaidPlan, periodsDue, startOfIsoDate } from './renewals';


/** An add-on counts as active until its paid period ends (subscription.to), or for good without one. */
export function isAddonActive(addon: AddonRow, now: Date): boolean {
  return !addon.subscriptionTo || addon.subscriptionTo.getTime() > now.getTime();
}

function dutchDay(moment: Date): string {
  const [y, m, d] = amsterdamDay(moment);
  return `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`;
}

/**
 * The charges of a plan change on `now` (docs/plans.md): the remaining days of this month
 * (today included) of the current paid plan credited, the new plan's charged; each
 * rounded by the one rule of `proRataCents`. A free plan or a trial makes no item.
 */
export function planChangeCharges(
  current: Pick<PlanRow, 'name' | 'monthlyPriceCents' | 'isTrial'> | null,
  next: Pick<PlanRow, 'name' | 'monthlyPriceCents'>,
  now: Date,
  /** The current plan's paid-through date: whole months renewed ahead (beyond this one) are credited too. */
  currentPaidThrough: string | null = null,
): OtherCharge[] {
  const { days, remaining, end } = periodOf(now, 'month');
  const from = dutchDay(now);
  const to = dutchDay(new Date(end.getTime() - 1));
  const charges: OtherCharge[] = [];
  // This month is credited only when it was charged: not when its renewal is due and has not run yet.
  const thisMonthPaid = currentPaidThrough === null || currentPaidThrough > amsterdamIsoDate(now);
  if (current && isPaidPlan(current) && thisMonthPaid) {
    charges.push({ description: planChargeTexts.planCredit(current.name, from, to), totalCents: -proRataCents(current.monthlyPriceCents, remaining, days) });
    if (currentPaidThrough) {
      const ahead = periodsDue(calendarPeriodEnd(amsterdamIsoDate(now), 'month'), dayBefore(currentPaidThrough), 'month');
      for (const start of ahead.starts) {
        const last = dayBefore(calendarPeriodEnd(start, 'month'));
        charges.push({ description: planChargeTexts.planCredit(current.name, formatIsoDateDutch(start), formatIsoDateDutch(last)), totalCents: -current.monthlyPriceCents });
      }
    }
  }
  if (next.monthlyPriceCents > 0) {
    charges.push({ description: planChargeTexts.planCharge(next.name, from, to), totalCents: proRataCents(next.monthlyPriceCents, remaining, days) });
  }
  return charges;
}

/** The charge of an add-on enabled on `now`: its price for the rest of this month or this year, pro rata. */
export function addonCharge(addon: { name: string; monthlyPriceCents: number; yearlyPriceCents: number }, period: SubscriptionPeriod, now: Date): OtherCharge {
  const { days, remaining, end } = periodOf(now, period);
  const price = period === 'month' ? addon.monthlyPriceCents : addon.yearlyPriceCents;
  return { description: planChargeTexts.addonCharge(addon.name, dutchDay(now), dutchDay(new Date(end.getTime() - 1))), totalCents: proRataCents(price, remaining, days) };
}

export function createPlanService(deps: {
  repository: OrganisationRepository;
  /** The organisation as the API shows it (organisation/service.ts). */
  loadOrganisation: (organisationId: string) => Promise<Organisation>;
  clock?: () => Date;
}) {
  const { repository } = deps;
  const now = () => deps.clock?.() ?? new Date();

  return {
    /** GET plan/: the active plans a user can choose, and the current one (a trial only while it is current). */
    async listPlans(organisationId: string): Promise<PlanOffer[]> {
      const [aggregate, all] = await Promise.all([repository.for(organisationId).load(), repository.crossOrganisation.listPlans()]);
      const at = now();
      const current = aggregate ? effectivePlan(aggregate.plan, aggregate.organisation.planSubscriptionTo, at) : null;
      return all
        .filter((p) => p.id === current?.id || (p.isActive && !p.isTrial))
        .map((p) => ({
          id: p.id,
          name: p.name,
          is_trial: p.isTrial,
          quota: { labels: p.labelQuota },
          monthly_price: centsToEuros(p.monthlyPriceCents),
          is_current: p.id === current?.id,
          renewal:
            p.id === current?.id && aggregate && isPaidPlan(p)
              ? { paid_through: effectivePaidThrough(aggregate.organisation.planPaidThrough, 'month', at), amount: centsToEuros(p.monthlyPriceCents) }
              : null,
        }));
    },

    /** POST user/organisation/plan: at once; the rest of this month credited and charged pro rata. */
    async changePlan(organisationId: string, planId: string): Promise<Organisation> {
      const next = await repository.crossOrganisation.findPlan(planId);
      if (!next || !next.isActive || next.isTrial) throw validationError({ plan_id: [planValidationTexts.planUnknown] });
      const at = now();
      await repository.for(organisationId).change(({ organisation, plan }) => {
        const current = effectivePlan(plan, organisation.planSubscriptionTo, at);
        if (current?.id === next.id) {
          throw new AppError({ type: 'usage', messageCode: 'already_subscribed', message: planErrorMessages.already_subscribed(current.name) });
        }
        // Paid through the end of this month (charged pro rata now); the renewal charges on from there.
        const planPaidThrough = isPaidPlan(next) ? calendarPeriodEnd(amsterdamIsoDate(at), 'month') : null;
        return {
          organisation: { planId: next.id, planSubscriptionTo: null, planPaidThrough },
          charges: planChangeCharges(current, next, at, current && isPaidPlan(current) ? organisation.planPaidThrough : null),
          result: undefined,
        };
      });
      return deps.loadOrganisation(organisationId);
    },

    /** GET addons: the catalogue's active add-ons (and any this organisation still has), with its subscription. */
    async listAddons(organisationId: string): Promise<AddonOffer[]> {
      const [aggregate, catalogue] = await Promise.all([repository.for(organisationId).load(), repository.crossOrganisation.listAddons()]);
      const at = now();
      const mine = new Map((aggregate?.addons ?? []).filter((a) => isAddonActive(a, at)).map((a) => [a.code, a]));
      return catalogue
        .filter((a) => a.isActive || mine.has(a.code))
        .map((a) => {
          const subscription = mine.get(a.code);
          const period: SubscriptionPeriod = subscription?.subscriptionPeriod === 'year' ? 'year' : 'month';
          return {
            id: a.code,
            code: a.code,
            name: a.name,
            description: a.description,
            monthly_price: centsToEuros(a.monthlyPriceCents),
            yearly_price: centsToEuros(a.yearlyPriceCents),
            is_active: Boolean(subscription),
            subscription: subscription
              ? { period, to: subscription.subscriptionTo?.toISOString() ?? null }
              : null,
            // Renewed while not disabled: the next period from the paid-through date, at the catalogue's price.
            renewal:
              subscription && !subscription.subscriptionTo
                ? { paid_through: effectivePaidThrough(subscription.paidThrough, period, at), amount: centsToEuros(period === 'year' ? a.yearlyPriceCents : a.monthlyPriceCents) }
                : null,
          };
        });
    },

    /**
     * POST user/organisation/add-on/enable: active at once and charged pro rata to the end of
     * the month or year. One disabled but still running is simply kept on (no new charge).
     */
    async enableAddon(organisationId: string, addonId: string, period: SubscriptionPeriod): Promise<Organisation> {
      const addon = await repository.crossOrganisation.findAddon(addonId);
      if (!addon || !addon.isActive) throw validationError({ addon_id: [planValidationTexts.addonUnknown] });
      const at = now();
      await repository.for(organisationId).change(({ addons }) => {
        const existing = addons.find((a) => a.code === addon.code);
        if (existing && isAddonActive(existing, at)) {
          if (!existing.subscriptionTo) {
            throw new AppError({ type: 'usage', messageCode: 'addon_already_active', message: planErrorMessages.addon_already_active(addon.name) });
          }
          return { addon: { code: addon.code, subscriptionPeriod: existing.subscriptionPeriod, subscriptionTo: null }, charges: [], result: undefined };
        }
        return {
          addon: { code: addon.code, subscriptionPeriod: period, subscriptionTo: null, paidThrough: calendarPeriodEnd(amsterdamIsoDate(at), period) },
          charges: [addonCharge(addon, period, at)],
          result: undefined,
        };
      });
      return deps.loadOrganisation(organisationId);
    },

    /** POST user/organisation/add-on/disable: stays active until the end of its paid period (subscription.to). */
    async disableAddon(organisationId: string, addonId: string): Promise<Organisation> {
      const addon = await repository.crossOrganisation.findAddon(addonId);
      if (!addon) throw validationError({ addon_id: [planValidationTexts.addonUnknown] });
      const at = now();
      await repository.for(organisationId).change(({ addons }) => {
        const existing = addons.find((a) => a.code === addon.code);
        if (!existing || existing.subscriptionTo) {
          throw new AppError({ type: 'usage', messageCode: 'addon_not_active', message: planErrorMessages.addon_not_active(addon.name) });
        }
        const period: SubscriptionPeriod = existing.subscriptionPeriod === 'year' ? 'year' : 'month';
        // Active until the end of what was paid (renewals may have paid beyond this period).
        const to = existing.paidThrough ? startOfIsoDate(existing.paidThrough) : periodOf(at, period).end;
        return { addon: { code: addon.code, subscriptionPeriod: period, subscriptionTo: to }, charges: [], result: undefined };
      });
      return deps.loadOrganisation(organisationId);
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
