import type { LimiterFactory } from '../http/shared-limiter';

export const maxFailedLogins = 10;
export const failedLoginWindowSeconds = 15 * 60;

/**
 * Counts failed logins per IP address and e-mail address. A successful login clears
 * the count, so people who log in often are never slowed down; guessing is.
 * Counted in PostgreSQL, so every process sees the same count (docs/auth.md).
 */
export function createLoginAttempts(limiters: LimiterFactory) {
  const limiter = limiters({ keyPrefix: 'login', points: maxFailedLogins, duration: failedLoginWindowSeconds });
  const key = (ip: string, email: string) => `${ip}|${email}`;
  return {
    async isBlocked(ip: string, email: string): Promise<boolean> {
      const state = await limiter.get(key(ip, email));
      return (state?.consumedPoints ?? 0) >= maxFailedLogins;
    },
    async recordFailure(ip: string, email: string): Promise<void> {
      await limiter.consume(key(ip, email)).catch(() => undefined);
    },
    async recordSuccess(ip: string, email: string): Promise<void> {
      await limiter.delete(key(ip, email));
    },
  };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
