import { describe, expect, it } from 'vitest';
import { maxFailedLogins } from '../auth/login-attempts';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';

const { server, first } = testServerForFile({ config: { apiUserRateLimit: 3 } });
// Two more processes on the server's database, each with its own composition root.
const other = otherProcessForFile(server);
const here = otherProcessForFile(server);

describe('rate limits shared by every process on one database', () => {
  it('counts failed logins made on one process when another checks them, and a success clears them for both', async () => {
    const email = `gedeeld-${Date.now()}@voorbeeld.nl`;
    for (let n = 0; n < maxFailedLogins; n++) await other.loginAttempts.recordFailure('203.0.113.9', email);
    expect(await here.loginAttempts.isBlocked('203.0.113.9', email)).toBe(true);
    expect(await here.loginAttempts.isBlocked('203.0.113.10', email)).toBe(false);
    await here.loginAttempts.recordSuccess('203.0.113.9', email);
    expect(await other.loginAttempts.isBlocked('203.0.113.9', email)).toBe(false);
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

