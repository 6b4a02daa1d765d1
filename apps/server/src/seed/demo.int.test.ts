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
});
