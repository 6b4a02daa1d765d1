import { RateLimiterRes } from 'rate-limiter-flexible';
import { requestLimit, secondsUntil, type LimiterFactory } from '../http/shared-limiter';

/** Failed logins of one account (e-mail address), from any address, before it is locked for the rest of the window. */
export const maxFailedLogins = 10;
export const failedLoginWindowSeconds = 15 * 60;
/** Login posts from one IP address over all accounts (against trying many accounts from one address). */
export const maxLoginPostsPerIp = 100;
export const loginPostWindowSeconds = 15 * 60;
/** Registrations (posts of the registration form) from one IP address; the browser suite makes about 14 an hour. */
export const maxRegistrationsPerIp = 20;
export const registrationWindowSeconds = 60 * 60;

/**
 * The limits of the login and registration pages (docs/auth.md), counted in PostgreSQL
 * (`rate_limits`), so every process on one database counts together and a lockout holds
 * on each:
 * - failed logins per account: after `maxFailedLogins` within the window the account is
 *   locked until the window ends, whichever IP addresses the attempts came from (rotating
 *   addresses does not help); a successful login clears the count;
 * - login posts per IP address over all accounts, and registrations per IP address.
 * The IP address is Fastify's `request.ip`, which follows TRUST_PROXY.
 */
export function createLoginAttempts(limiters: LimiterFactory) {
  const failures = limiters({ keyPrefix: 'login-account', points: maxFailedLogins, duration: failedLoginWindowSeconds });
  const posts = requestLimit(limiters, { keyPrefix: 'login-ip', points: maxLoginPostsPerIp, duration: loginPostWindowSeconds });
  const registrations = requestLimit(limiters, { keyPrefix: 'register-ip', points: maxRegistrationsPerIp, duration: registrationWindowSeconds });
  return {
    /** Seconds until the account may try again, or null when it is not locked. */
    async lockedFor(email: string): Promise<number | null> {
      const state = await failures.get(email);
      return state && state.consumedPoints >= maxFailedLogins ? secondsUntil(state.msBeforeNext) : null;
    },
    async recordFailure(email: string): Promise<void> {
      await failures.consume(email).catch((error: unknown) => {
        if (!(error instanceof RateLimiterRes)) throw error;
      });
    },
    async recordSuccess(email: string): Promise<void> {
      await failures.delete(email);
    },
    /** One login post from `ip`: null within the limit, else the seconds to wait. */
    takeLoginPost: (ip: string) => posts.take(ip),
    /** One registration post from `ip`: null within the limit, else the seconds to wait. */
    takeRegistration: (ip: string) => registrations.take(ip),
  };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
