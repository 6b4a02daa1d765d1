import { describe, expect, it } from 'vitest';
import { authTexts } from '@verzendhuis/domain/auth-texts';
import { startLogin } from '@verzendhuis/test-fakes/oidc-login';
import { startForFile } from '../../test-support/for-file';
import { startTestServer } from '../../test-support/server';
import { failedLoginWindowSeconds, maxFailedLogins, maxRegistrationsPerIp } from './login-attempts';

// Behind a proxy (TRUST_PROXY): the client's address is the proxy's X-Forwarded-For.
const proxied = startForFile(() => startTestServer({ trustProxy: true }));
// Without it (the default): the socket's address, whatever X-Forwarded-For says.
const direct = startForFile(() => startTestServer());

const forwardedFor = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
const emptyRegistration = { organisation_name: '', name: '', email: '', password: '', password_repeat: '' };

describe('login limits per account and per address', () => {
  it('locks an account after its failed logins from rotating addresses, with a Dutch message and Retry-After', async () => {
    const organisation = await proxied.createOrganisation();
    for (let n = 0; n < maxFailedLogins; n++) {
      const login = await startLogin({ baseUrl: proxied.url, headers: forwardedFor(n + 1) });
      expect((await login.submit({ email: organisation.email, password: `fout-${n}` })).status).toBe(401);
    }
    // Yet another address, now with the right password: the account is locked.
    const login = await startLogin({ baseUrl: proxied.url, headers: forwardedFor(200) });
    const response = await login.submit({ email: organisation.email, password: organisation.password });
    expect(response.status).toBe(429);
    expect(response.code).toBeNull();
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(failedLoginWindowSeconds);
    expect(response.body).toContain(authTexts.tooManyAttemptsFor(retryAfter));
    // Another account from the same addresses is not locked.
    const other = await proxied.createOrganisation();
    expect(other.token).toBeTruthy();
  });
});

describe('TRUST_PROXY: which address the limits per IP count', () => {
  it('counts the X-Forwarded-For address when the proxy is trusted', async () => {
    for (let n = 0; n < maxRegistrationsPerIp; n++) {
      const login = await startLogin({ baseUrl: proxied.url, screen: 'register', headers: forwardedFor(7) });
      expect((await login.register(emptyRegistration)).status).toBe(400);
    }
    const again = await startLogin({ baseUrl: proxied.url, screen: 'register', headers: forwardedFor(7) });
    const refused = await again.register(emptyRegistration);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Te veel registraties vanaf dit adres.');
    // Another client behind the same proxy still registers.
    const neighbour = await startLogin({ baseUrl: proxied.url, screen: 'register', headers: forwardedFor(8) });
    expect((await neighbour.register(emptyRegistration)).status).toBe(400);
  });

  it("counts the socket's address without it: a forged X-Forwarded-For does not get round the limit", async () => {
    for (let n = 0; n < maxRegistrationsPerIp; n++) {
      const login = await startLogin({ baseUrl: direct.url, screen: 'register', headers: forwardedFor(n + 1) });
      expect((await login.register(emptyRegistration)).status).toBe(400);
    }
    const rotated = await startLogin({ baseUrl: direct.url, screen: 'register', headers: forwardedFor(99) });
    expect((await rotated.register(emptyRegistration)).status).toBe(429);
  });
});
