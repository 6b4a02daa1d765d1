import { SignJWT, importJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { createApiClient, ApiError } from '@verzendhuis/contract/client';
import { loginWithPassword, refreshTokens, revokeToken, startLogin } from '@verzendhuis/test-fakes/oidc-login';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { loadProviderSecrets } from './secrets';
import { users } from '../db/schema';
import { count } from 'drizzle-orm';

const { server } = testServerForFile({ organisations: [] });

describe('authentication of API calls', () => {
  it('answers 401 with the error body without a token', async () => {
    const response = await request(server, { path: '/api/user' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      status: 401,
      message: 'Je bent niet (meer) ingelogd. Log opnieuw in.',
      message_code: 'not_authenticated',
      type: 'authentication',
      fields: {},
      errors: [{ field: null, message: 'Je bent niet (meer) ingelogd. Log opnieuw in.' }],
    });
  });

  it('refuses a malformed token and one signed by another key', async () => {
    expect((await request(server, { path: '/api/user', token: 'not-a-jwt' })).status).toBe(401);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(server.config.oidc.issuer)
      .setAudience(server.config.oidc.audience ?? '')
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('5m')
      .sign(privateKey);
    const response = await request(server, { path: '/api/user', token: forged });
    expect(response.status).toBe(401);
    expect(response.body.type).toBe('authentication');
  });

  it('refuses an expired token signed with the real key', async () => {
    const organisation = await server.createOrganisation();
    const secrets = await loadProviderSecrets(server.database.db);
    const key = await importJWK(secrets.signingKey, 'ES256');
    const expired = await new SignJWT({ client_id: 'verzendhuis-web', scope: 'api' })
      .setProtectedHeader({ alg: 'ES256', kid: secrets.signingKey.kid })
      .setIssuer(server.config.oidc.issuer)
      .setAudience(server.config.oidc.audience ?? '')
      .setSubject(organisation.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(key);
    const response = await request(server, { path: '/api/user', token: expired });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      status: 401,
      message: 'Je sessie is verlopen. Log opnieuw in.',
      message_code: 'token_expired',
      type: 'authentication',
      fields: {},
      errors: [{ field: null, message: 'Je sessie is verlopen. Log opnieuw in.' }],
    });
  });
});

describe('login with the built-in provider', () => {
  it('logs in with code + PKCE and gets a short-lived JWT for the API', async () => {
    const organisation = await server.createOrganisation({ name: 'Bakkerij Jansen' });
    const tokens = await loginWithPassword({ baseUrl: server.url, email: organisation.email, password: organisation.password });
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect(tokens.expires_in).toBeLessThanOrEqual(300);
    expect(tokens.refresh_token).toBeTruthy();
    const api = createApiClient({ baseUrl: server.url, getToken: () => tokens.access_token });
    const { data } = await api.user.get();
    expect(data.email).toBe(organisation.email);
    expect(data.organisation.name).toBe('Bakkerij Jansen');
    expect(data.organisation.plan?.capabilities.trial).toBe(true);
  });

  it('marks the first login once', async () => {
    const organisation = await server.createOrganisation();
    expect((await organisation.api.user.get()).data.is_first_login).toBe(true);
    expect((await organisation.api.user.get()).data.is_first_login).toBe(false);
  });

  it('shows a Dutch error for a wrong password and issues no code', async () => {
    const organisation = await server.createOrganisation();
    const login = await startLogin({ baseUrl: server.url });
    expect(login.loginHtml).toContain('Inloggen');
    expect(login.loginHtml).toContain('Gratis account aanmaken');
    const result = await login.submit({ email: organisation.email, password: 'verkeerd-wachtwoord' });
    expect(result.code).toBeNull();
    expect(result.status).toBe(401);
    expect(result.body).toContain('Onjuist e-mailadres of wachtwoord.');
    const unknown = await login.submit({ email: 'niemand@voorbeeld.nl', password: 'wat-dan-ook' });
    expect(unknown.body).toContain('Onjuist e-mailadres of wachtwoord.');
  });

  it('renews the access token with the refresh token, which rotates', async () => {
    const organisation = await server.createOrganisation();
    const tokens = await loginWithPassword({ baseUrl: server.url, email: organisation.email, password: organisation.password });
    const response = await refreshTokens(server.url, tokens.refresh_token ?? '');
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as { access_token: string; refresh_token: string };
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect((await request(server, { path: '/api/user', token: renewed.access_token })).status).toBe(200);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    // Rotation: the used refresh token is refused from now on (and, as a replayed token, ends its grant).
    const replayed = await refreshTokens(server.url, tokens.refresh_token ?? '');
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('ends renewal at logout: the refresh token of the ended session is refused', async () => {
    const organisation = await server.createOrganisation();
    const login = await startLogin({ baseUrl: server.url });
    const page = await login.submit({ email: organisation.email, password: organisation.password });
    const tokens = await login.exchange(page.code ?? '');
    const renewed = await refreshTokens(server.url, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const latest = ((await renewed.json()) as { refresh_token: string }).refresh_token;

    expect(await login.logout(tokens.id_token ?? '')).toBeLessThan(400);
    const afterLogout = await refreshTokens(server.url, latest);
    expect(afterLogout.status).toBe(400);
    expect(((await afterLogout.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('ends renewal when the grant is revoked', async () => {
    const organisation = await server.createOrganisation();
    const tokens = await loginWithPassword({ baseUrl: server.url, email: organisation.email, password: organisation.password });
    const revoked = await revokeToken(server.url, tokens.refresh_token ?? '');
    expect(revoked.status).toBe(200);
    const refused = await refreshTokens(server.url, tokens.refresh_token ?? '');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('limits failed login attempts per e-mail address; a success clears the count', async () => {
    const organisation = await server.createOrganisation();
    const login = await startLogin({ baseUrl: server.url });
    for (let i = 0; i < 9; i++) await login.submit({ email: organisation.email, password: `fout-${i}` });
    // a success after nine failures starts the count afresh
    await loginWithPassword({ baseUrl: server.url, email: organisation.email, password: organisation.password });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await login.submit({ email: organisation.email, password: `fout-${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // another address from the same IP is not affected
    const other = await server.createOrganisation();
    expect((await login.submit({ email: other.email, password: 'fout' })).status).toBe(401);
    const blocked = await login.submit({ email: organisation.email, password: organisation.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain('Te veel inlogpogingen');
  });
});

describe('registration on the built-in provider', () => {
  async function userCount() {
    const [row] = await server.database.db.select({ n: count() }).from(users);
    return row?.n ?? 0;
  }

  it('refuses bad input in Dutch and stores nothing', async () => {
    const before = await userCount();
    const login = await startLogin({ baseUrl: server.url, screen: 'register' });
    expect(login.loginHtml).toContain('Gratis account aanmaken');
    const result = await login.register({ organisation_name: '', name: 'Piet', email: 'geen-email', password: 'kort', password_repeat: 'kort' });
    expect(result.code).toBeNull();
    expect(result.status).toBe(400);
    expect(result.body).toContain('Vul de naam van je organisatie in.');
    expect(result.body).toContain('Vul een geldig e-mailadres in.');
    expect(result.body).toContain('Kies een wachtwoord van minimaal 8 tekens.');
    expect(await userCount()).toBe(before);
  });
  // The rest of registration (one answer for every address, the confirmation link): registration.int.test.ts.
});

describe('the typed client', () => {
  it('raises ApiError with the body', async () => {
    const api = createApiClient({ baseUrl: server.url });
    await expect(api.user.get()).rejects.toBeInstanceOf(ApiError);
  });
});
