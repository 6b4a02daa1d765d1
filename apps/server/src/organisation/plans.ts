import { planNames } from '@verzendhuis/domain/organisation';
import { addonDefaultTexts } from '@verzendhuis/domain/plans';
import type { OrganisationRepository } from './repository';

export const trialPlanId = 'trial';

/**
 * The plans as first seeded. The `plans` table is the source of truth: these rows are
 * written only when missing, never over the operator's changes (`npm run admin --
 * plan-set`). Prices and quotas are ours (docs/plans.md).
 */
export const planCatalogue = [
  { id: trialPlanId, name: planNames.trial, isTrial: true, labelQuota: 50, monthlyPriceCents: 0, trialDays: 30, sortOrder: 0 },
  { id: 'start', name: planNames.start, isTrial: false, labelQuota: 250, monthlyPriceCents: 0, trialDays: null, sortOrder: 1 },
  { id: 'groei', name: planNames.groei, isTrial: false, labelQuota: 2500, monthlyPriceCents: 2900, trialDays: null, sortOrder: 2 },
  { id: 'zakelijk', name: planNames.zakelijk, isTrial: false, labelQuota: null, monthlyPriceCents: 7900, trialDays: null, sortOrder: 3 },
];

/** The add-ons as first seeded (the `addons` table is the source of truth; `addon-set` changes one). */
export const addonCatalogue = [
  { code: 'ANALYTICS' as const, ...addonDefaultTexts.ANALYTICS, monthlyPriceCents: 995, yearlyPriceCents: 9900, sortOrder: 0 },
  { code: 'ORDER_ITEM_SCAN' as const, ...addonDefaultTexts.ORDER_ITEM_SCAN, monthlyPriceCents: 1495, yearlyPriceCents: 14900, sortOrder: 1 },
];

/** Seeds the plans and add-ons that are missing; an existing row keeps what the operator set. */
export async function ensureReferenceData(repository: OrganisationRepository): Promise<void> {
  await repository.crossOrganisation.seedPlans(planCatalogue.map((plan) => ({ ...plan, isActive: true })));
  await repository.crossOrganisation.seedAddons(addonCatalogue.map((addon) => ({ ...addon, isActive: true })));
}

export function trialEnd(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}
