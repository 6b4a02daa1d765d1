import { describe, expect, it } from 'vitest';
import { failedLoginWindowSeconds, maxFailedLogins, maxLoginPostsPerIp, maxRegistrationsPerIp } from '../auth/login-attempts';
import { publicTrackingPerMinute } from '../tracking-mail/service';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';

const { server, first } = testServerForFile({ config: { apiUserRateLimit: 3 } });
// Two more processes on the server's database, each with its own composition root.
const other = otherProcessForFile(server);
const here = otherProcessForFile(server);

describe('rate limits shared by every process on one database', () => {
  it('counts failed logins made on one process when another checks them, and a success clears them for both', async () => {
    const email = `gedeeld-${Date.now()}@voorbeeld.nl`;
    for (let n = 0; n < maxFailedLogins - 1; n++) await other.loginAttempts.recordFailure(email);
    expect(await here.loginAttempts.lockedFor(email)).toBeNull();
    await here.loginAttempts.recordFailure(email);
    const wait = await other.loginAttempts.lockedFor(email);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(failedLoginWindowSeconds);
    expect(await here.loginAttempts.lockedFor(`ander-${email}`)).toBeNull();
    await here.loginAttempts.recordSuccess(email);
    expect(await other.loginAttempts.lockedFor(email)).toBeNull();
  });

  it('counts registrations and login posts per IP address over every process', async () => {
    for (let n = 0; n < maxRegistrationsPerIp; n++) expect(await (n % 2 ? other : here).loginAttempts.takeRegistration('203.0.113.20')).toBeNull();
    expect(await other.loginAttempts.takeRegistration('203.0.113.20')).toBeGreaterThan(0);
    expect(await here.loginAttempts.takeRegistration('203.0.113.21')).toBeNull();
    for (let n = 0; n < maxLoginPostsPerIp; n++) expect(await (n % 2 ? other : here).loginAttempts.takeLoginPost('203.0.113.30')).toBeNull();
    expect(await here.loginAttempts.takeLoginPost('203.0.113.30')).toBeGreaterThan(0);
  });

  it('counts the public tracking page per IP address over every process', async () => {
    for (let n = 0; n < publicTrackingPerMinute; n++) expect(await (n % 2 ? other : here).publicTrackingLimit.take('203.0.113.40')).toBeNull();
    expect(await other.publicTrackingLimit.take('203.0.113.40')).toBeGreaterThan(0);
    expect(await here.publicTrackingLimit.take('203.0.113.41')).toBeNull();
  });

  it('limits an API user across processes: calls on the server and on another process count together', async () => {
    const key = (await first.api.apiUsers.create({ name: 'Gedeeld' })).data.user;
    // Two calls through the server's /api, one through the other process's guard check: the limit of 3 is used up.
    for (let n = 0; n < 2; n++) {
      const answer = await fetch(`${server.url}/api/order/`, { headers: { authorization: `Bearer ${key.secret}` } });
      expect(answer.status).toBe(200);
    }
    await other.apiUsers.authenticate({ id: null, secret: key.secret });
    const refused = await fetch(`${server.url}/api/order/`, { headers: { authorization: `Bearer ${key.secret}` } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message_code).toBe('api_user_rate_limited');
  });
});

