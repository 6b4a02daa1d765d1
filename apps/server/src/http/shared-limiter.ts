import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** What a limiter counts: `points` in `duration` seconds, under its own key prefix. */
export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

/**
 * The limiters of every process on one database count together (docs/auth.md): the
 * counters live in PostgreSQL (`rate_limits`, made by a migration), so failed logins,
 * API-user calls, claim codes and portal lookups are limited the same behind a load
 * balancer as on one process. Rows older than an hour are removed every five minutes.
 */
export function sharedLimiters(pool: pg.Pool): LimiterFactory {
  return (options) => new RateLimiterPostgres({ storeClient: pool, tableName: 'rate_limits', tableCreated: true, ...options });
}

/** A limit on requests: each `take` uses one point of `key`; null while within the limit, else the seconds to wait. */
export interface RequestLimit {
  take(key: string): Promise<number | null>;
}

/** Whole seconds (at least one) until a limiter's window frees a point. */
export function secondsUntil(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** `points` requests per `duration` seconds per key, shared by every process (the registration and login posts per IP, the public tracking page). */
export function requestLimit(limiters: LimiterFactory, options: LimiterOptions): RequestLimit {
  const limiter = limiters(options);
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return secondsUntil(error.msBeforeNext);
        throw error;
      }
    },
  };
}
