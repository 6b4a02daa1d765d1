import type { OrganisationRepository } from '../organisation/repository';
import { hashPassword } from '../auth/passwords';
import { trialEnd, trialPlanId } from '../organisation/plans';

export const demoUser = { email: 'demo@voorbeeld.nl', password: 'demo1234', name: 'Demo Gebruiker' } as const;

/**
 * On an empty database: the demo organisation on the trial plan with its user.
 * Returns whether it created them. On a database that has it, a trial that ended is
 * given another 30 days, so the demo of a long-lived DATA_DIR keeps making labels; a
 * plan chosen in the demo is left alone.
 */
export async function seedDemo(repository: OrganisationRepository, now = new Date()): Promise<boolean> {
  const existing = await repository.crossOrganisation.findUserByEmail(demoUser.email);
  if (existing) {
    await repository.for(existing.organisationId).change(({ organisation }) => ({
      organisation:
        organisation.planId === trialPlanId && organisation.planSubscriptionTo && organisation.planSubscriptionTo.getTime() <= now.getTime()
          ? { planSubscriptionTo: trialEnd(now, 30) }
          : {},
      charges: [],
      result: undefined,
    }));
    return false;
  }
  await repository.crossOrganisation.createOrganisationWithUser({
    organisation: {
      name: 'Demo Webwinkel',
      planId: trialPlanId,
      planSubscriptionTo: trialEnd(now, 30),
      contactEmail: demoUser.email,
      contactPhone: '0201234567',
      // The sender of its labels: the demo makes labels at once.
      address: { company_name: 'Demo Webwinkel', address_1: 'Oudegracht', housenumber: '158', housenumber_addition: null, zipcode: '3511 AZ', city: 'Utrecht', country: 'NL' },
    },
    user: {
      email: demoUser.email,
      name: demoUser.name,
      passwordHash: await hashPassword(demoUser.password),
      oidcIssuer: null,
      oidcSubject: null,
      // The demo starts on the dashboard, not on the first-login page.
      firstLoginSeenAt: now,
    },
  });
  return true;
}
