import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../http/shared-limiter';
import { AppError } from '@verzendhuis/domain/errors';
import { apiUserErrorMessages } from '@verzendhuis/domain/api-users-texts';
import type { ApiUser, ApiUserCreated } from '@verzendhuis/contract/api-user';
import type { ApiUserRepository, ApiUserRow } from './repository';

/** A secret: a prefix that tells it from a JWT at a glance, then 32 random bytes (base64url, no dots). */
export const apiSecretPrefix = 'vhs_';

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A JWT is three base64url parts joined by dots; a secret of ours has no dot. */
export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

export interface ApiUserIdentity {
  id: string;
  name: string;
  organisationId: string;
  organisationIsActive: boolean;
}

function dto(row: ApiUserRow): ApiUser {
  return {
    id: row.id,
    name: row.name,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError({ type: 'not_found', messageCode: 'api_user_not_found', message: apiUserErrorMessages.api_user_not_found });
const invalid = () => new AppError({ type: 'authentication', messageCode: 'api_user_invalid', message: apiUserErrorMessages.api_user_invalid });

/** Thrown when an API user is over its limit; the guard turns retryAfterSeconds into Retry-After. */
export class ApiUserRateLimited extends AppError {
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super({ type: 'usage', messageCode: 'api_user_rate_limited', message: apiUserErrorMessages.api_user_rate_limited(limit, retryAfterSeconds) });
  }
}

/**
 * API users (docs/api-users.md): their management by the organisation's people, and the
 * check of their keys by the /api guard, with a rate limit per API user (shared by every process, http/shared-limiter.ts).
 */
export function createApiUserService(deps: { repository: ApiUserRepository; rateLimitPerMinute: number; limiters: LimiterFactory }) {
  const { repository } = deps;
  const limiter = deps.limiters({ keyPrefix: 'api-user', points: deps.rateLimitPerMinute, duration: 60 });

  return {
    async list(organisationId: string): Promise<ApiUser[]> {
      return (await repository.for(organisationId).list()).map(dto);
    },

    /** The secret is made here and answered once; only its hash is stored. */
    async create(organisationId: string, body: { name: string }): Promise<ApiUserCreated> {
      const secret = apiSecretPrefix + randomBytes(32).toString('base64url');
      const row = await repository.for(organisationId).create({ name: body.name, secretHash: secretHash(secret) });
      return { ...dto(row), secret };
    },

    async update(organisationId: string, id: string, body: { name?: string; is_active?: boolean }): Promise<ApiUser> {
      const row = await repository.for(organisationId).update(id, { name: body.name, isActive: body.is_active });
      if (!row) throw notFound();
      return dto(row);
    },

    /**
     * The API user of a key: `Basic` gives id and secret, `Bearer` the secret alone. A wrong
     * id, secret or a deactivated user is one and the same 401; over the limit a 429.
     */
    async authenticate(credentials: { id: string | null; secret: string }): Promise<ApiUserIdentity> {
      const hash = secretHash(credentials.secret);
      const row = await repository.crossOrganisation.findForAuth(hash);
      if (!row || !row.isActive) throw invalid();
      if (credentials.id !== null) {
        const given = Buffer.from(credentials.id.toLowerCase());
        const expected = Buffer.from(row.id);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      }
      try {
        await limiter.consume(row.id);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new ApiUserRateLimited(deps.rateLimitPerMinute, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
      await repository.crossOrganisation.markUsed(row.organisationId, row.id);
      return { id: row.id, name: row.name, organisationId: row.organisationId, organisationIsActive: row.organisationIsActive };
    },
  };
}

export type ApiUserService = ReturnType<typeof createApiUserService>;
