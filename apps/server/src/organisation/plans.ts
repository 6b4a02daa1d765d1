import { planNames } from '@verzendhuis/domain/organisation';
import type { OrganisationRepository } from './repository';

export const trialPlanId = 'trial';

/** The plans on offer. Prices and quotas are not in the spec; these are ours (docs/plans.md). */
export const planCatalogue = [
  { id: trialPlanId, name: planNames.trial, isTrial: true, labelQuota: 50, monthlyPriceCents: 0, trialDays: 30, sortOrder: 0 },
  { id: 'start', name: planNames.start, isTrial: false, labelQuota: 250, monthlyPriceCents: 0, trialDays: null, sortOrder: 1 },
  { id: 'groei', name: planNames.groei, isTrial: false, labelQuota: 2500, monthlyPriceCents: 2900, trialDays: null, sortOrder: 2 },
  { id: 'zakelijk', name: planNames.zakelijk, isTrial: false, labelQuota: null, monthlyPriceCents: 7900, trialDays: null, sortOrder: 3 },
];

export async function ensureReferenceData(repository: OrganisationRepository): Promise<void> {
  await repository.crossOrganisation.upsertPlans(planCatalogue.map((plan) => ({ ...plan, isActive: true })));
}

export function trialEnd(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}
