import type pg from 'pg';
import { RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';

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
