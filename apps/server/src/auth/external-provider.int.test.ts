import { describe, expect, it } from 'vitest';
import { createApiClient } from '@verzendhuis/contract/client';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';

// Server "provider" plays the external identity provider (as Keycloak would);
// server "app" runs with OIDC_ISSUER pointing at it and its own built-in one off.
const { server: provider } = testServerForFile({ organisations: [] });
const { server: app } = testServerForFile({
  config: () => ({ env: { OIDC_ISSUER: provider.config.oidc.issuer, OIDC_CLIENT_ID: 'verzendhuis-web', OIDC_AUDIENCE: provider.config.oidc.audience ?? '' } }),
  organisations: [],
});

describe('an external OpenID Connect provider', () => {
  it('turns the built-in provider off and tells the web app where to log in', async () => {
    const config = (await request(app, { path: '/api/config' })).body;
    expect(config.oidc).toMatchObject({ issuer: provider.config.oidc.issuer, client_id: 'verzendhuis-web', registration: false });
    expect((await request(app, { path: '/oidc/.well-known/openid-configuration' })).status).toBe(404);
  });

  it('accepts its tokens and gives a new user an organisation on the trial plan, once', async () => {
    const account = await provider.createOrganisation({ name: 'Bij de provider' });
    const tokens = await loginWithPassword({ baseUrl: provider.url, email: account.email, password: account.password });
    const api = createApiClient({ baseUrl: app.url, getToken: () => tokens.access_token });
    const first = await api.user.get();
    expect(first.data.email).toBe(account.email);
    expect(first.data.is_first_login).toBe(true);
    expect(first.data.organisation.plan?.id).toBe('trial');
    const again = await api.user.get();
    expect(again.data.organisation.id).toBe(first.data.organisation.id);
    expect(again.data.is_first_login).toBe(false);
  });

  it('makes one organisation when the first calls of a new user come at once', async () => {
    const account = await provider.createOrganisation();
    const tokens = await loginWithPassword({ baseUrl: provider.url, email: account.email, password: account.password });
    const api = createApiClient({ baseUrl: app.url, getToken: () => tokens.access_token });
    const answers = await Promise.all([api.user.get(), api.user.get(), api.user.get()]);
    expect(new Set(answers.map((a) => a.data.organisation.id)).size).toBe(1);
  });

  it('refuses tokens of the app’s own kind that the external provider did not sign', async () => {
    const local = await app.database.pool.query("SELECT count(*)::int AS n FROM app_secrets WHERE name LIKE 'oidc%'");
    expect(local.rows[0].n).toBe(0);
    const response = await request(app, { path: '/api/user', token: 'eyJhbGciOiJub25lIn0.e30.' });
    expect(response.status).toBe(401);
  });
});
