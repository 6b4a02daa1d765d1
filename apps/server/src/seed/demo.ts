import type { OrganisationRepository } from '../organisation/repository';
import { hashPassword } from '../auth/passwords';
import { trialEnd, trialPlanId } from '../organisation/plans';

export const demoUser = { email: 'demo@voorbeeld.nl', password: 'demo1234', name: 'Demo Gebruiker' } as const;

/**
 * On an empty database: the demo organisation on the trial plan with its user.
 * Returns whether it created them.
 */
export async function seedDemo(repository: OrganisationRepository, now = new Date()): Promise<boolean> {
  if (await repository.crossOrganisation.findUserByEmail(demoUser.email)) return false;
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
