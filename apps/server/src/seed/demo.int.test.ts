import { describe, expect, it } from 'vitest';
import { createApiClient } from '@verzendhuis/contract/client';
import { completeOrganisationAddress } from '@verzendhuis/domain/organisation';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { readyOrders, requestLabels, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { createOrganisationRepository } from '../organisation/repository';
import { demoUser, seedDemo } from './demo';

const { server } = testServerForFile({ organisations: [] });

describe('the demo organisation', () => {
  it('is complete at once: a Dutch address as sender, so its first labels are made', async () => {
    expect(await seedDemo(createOrganisationRepository(server.database.db))).toBe(true);
    const tokens = await loginWithPassword({ baseUrl: server.url, email: demoUser.email, password: demoUser.password });
    const api = createApiClient({ baseUrl: server.url, getToken: () => tokens.access_token });
    const { organisation } = (await api.user.get()).data;
    expect(organisation.status).toBeNull();
    expect(organisation.address).not.toBeNull();
    expect(completeOrganisationAddress(organisation.address)).toEqual(organisation.address);
    const demo = { serverUrl: server.url, token: tokens.access_token, api } as TestOrganisation;
    const ids = await readyOrders(demo, 1);
    expect((await requestLabels(demo, { order_ids: ids })).body.status).toBe('success');
  });

  it('gets another 30 days when its trial has ended, and keeps a plan chosen in the demo', async () => {
    const repository = createOrganisationRepository(server.database.db);
    const user = await repository.crossOrganisation.findUserByEmail(demoUser.email);
    if (!user) throw new Error('no demo user');
    const later = new Date(Date.now() + 45 * 24 * 60 * 60 * 1000);
    expect(await seedDemo(repository, later)).toBe(false);
    const extended = (await repository.for(user.organisationId).load())?.organisation;
    expect(extended?.planId).toBe('trial');
    expect(extended?.planSubscriptionTo?.getTime()).toBe(later.getTime() + 30 * 24 * 60 * 60 * 1000);

    await server.database.pool.query("UPDATE organisations SET plan_id = (SELECT id FROM plans WHERE NOT is_trial ORDER BY id LIMIT 1), plan_subscription_to = $2 WHERE id = $1", [user.organisationId, new Date(0)]);
    await seedDemo(repository, later);
    const kept = (await repository.for(user.organisationId).load())?.organisation;
    expect(kept?.planId).not.toBe('trial');
    expect(kept?.planSubscriptionTo?.getTime()).toBe(0);
  });
});
