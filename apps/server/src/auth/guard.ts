import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@verzendhuis/domain/errors';
import { authErrorMessages } from '@verzendhuis/domain/auth-texts';
import { apiUserErrorMessages } from '@verzendhuis/domain/api-users-texts';
import { ticketErrorMessages } from '@verzendhuis/domain/tickets';
import { ApiUserRateLimited, looksLikeJwt, type ApiUserService } from '../api-users/service';
import type { AppConfig } from '../config';
import type { OrganisationRepository, UserRow } from '../organisation/repository';
import type { OrganisationService } from '../organisation/service';
import { authenticationError, type TokenVerifier } from './tokens';

/**
 * Who calls: a person (an OIDC access token) or an API user of the organisation (its key,
 * docs/api-users.md). Routes that need a person use requireUser; every other route serves both.
 */
export type AuthContext =
  | { kind: 'user'; user: UserRow; apiUser: null; organisationId: string }
  | { kind: 'api_user'; user: null; apiUser: { id: string; name: string }; organisationId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The call answers even for a blocked organisation (GET user, to show the blocked message). */
    allowBlocked?: boolean;
  }
}

type AuthUser = UserRow & { organisationIsActive: boolean };

/**
 * A token seen recently skips the signature check and the user lookup. Kept at most
 * 15 s (and never past the token's expiry), so a blocked organisation is blocked
 * within 15 s on every process.
 */
function createTokenCache(maxEntries = 10_000, maxAgeMs = 15_000) {
  const entries = new Map<string, { user: AuthUser; until: number }>();
  return {
    get(token: string): AuthUser | undefined {
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (hit.until > Date.now()) return hit.user;
      entries.delete(token);
      return undefined;
    },
    set(token: string, user: AuthUser, expiresAtSeconds: number | undefined): void {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(token, { user, until: Math.min(Date.now() + maxAgeMs, (expiresAtSeconds ?? 0) * 1000) });
    },
  };
}

/** `Basic base64(id:secret)`: the key id and secret of an API user; null when the header is no Basic. */
function basicCredentials(header: string): { id: string; secret: string } | null {
  const match = header.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Every call under this scope needs a valid Bearer token of a known user, or the key of an
 * active API user (`Basic base64(id:secret)`, or `Bearer <secret>`: a JWT has dots, a secret none).
 */
export function registerAuthGuard(
  app: FastifyInstance,
  deps: { config: AppConfig; verify: TokenVerifier; repository: OrganisationRepository; service: OrganisationService; apiUsers: ApiUserService },
): void {
  app.decorateRequest('auth', null);
  const cache = createTokenCache();
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const header = request.headers.authorization ?? '';
    const basic = basicCredentials(header);
    const token = header.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (basic || (token && !looksLikeJwt(token))) {
      const apiUser = await deps.apiUsers.authenticate(basic ?? { id: null, secret: token! }).catch((error: unknown) => {
        if (error instanceof ApiUserRateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      });
      if (!apiUser.organisationIsActive && !request.routeOptions.config.allowBlocked) {
        throw new AppError({ type: 'authorization', messageCode: 'account_blocked', message: authErrorMessages.account_blocked });
      }
      request.auth = { kind: 'api_user', user: null, apiUser: { id: apiUser.id, name: apiUser.name }, organisationId: apiUser.organisationId };
      return;
    }
    if (!token) throw authenticationError('not_authenticated');
    const cached = cache.get(token);
    const user = cached ?? (await resolveUser(token));
    if (!user.organisationIsActive && !request.routeOptions.config.allowBlocked) {
      throw new AppError({ type: 'authorization', messageCode: 'account_blocked', message: authErrorMessages.account_blocked });
    }
    request.auth = { kind: 'user', user, apiUser: null, organisationId: user.organisationId };
  });

  async function resolveUser(token: string): Promise<AuthUser> {
    const claims = await deps.verify(token);
    const user =
      deps.config.oidc.mode === 'embedded'
        ? await deps.repository.crossOrganisation.findUserForAuth({ id: claims.sub }).catch(() => undefined)
        : ((await deps.repository.crossOrganisation.findUserForAuth({ issuer: deps.config.oidc.issuer, subject: claims.sub })) ??
          (await provisionExternalUser(deps, claims)));
    if (!user) throw authenticationError('not_authenticated');
    cache.set(token, user, claims.exp);
    return user;
  }
}

/** A user of an external provider seen for the first time gets an organisation on the trial plan. */
async function provisionExternalUser(
  deps: { config: AppConfig; repository: OrganisationRepository; service: OrganisationService },
  claims: { sub: string; email?: unknown; name?: unknown; preferred_username?: unknown },
): Promise<(UserRow & { organisationIsActive: boolean }) | undefined> {
  const email = typeof claims.email === 'string' ? claims.email : null;
  if (!email) return undefined;
  const name = typeof claims.name === 'string' ? claims.name : typeof claims.preferred_username === 'string' ? claims.preferred_username : email;
  const user = await deps.service.provisionExternal({ issuer: deps.config.oidc.issuer, subject: claims.sub, email, name });
  return { ...user, organisationIsActive: true };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw authenticationError('not_authenticated');
  return request.auth;
}

/** A call of Verzendhuis support (the operator's inbox, docs/tickets.md): a person with role operator; anyone else gets 403. */
export function requireOperator(request: FastifyRequest): { user: UserRow; organisationId: string } {
  const auth = requireUser(request);
  if (auth.user.role !== 'operator') {
    throw new AppError({ type: 'authorization', messageCode: 'ticket_operator_only', message: ticketErrorMessages.ticket_operator_only });
  }
  return auth;
}

/** A call only a person may make (managing API users, the organisation's settings, feedback): an API user gets 403. */
export function requireUser(request: FastifyRequest): { user: UserRow; organisationId: string } {
  const auth = requireAuth(request);
  if (auth.kind !== 'user') {
    throw new AppError({ type: 'authorization', messageCode: 'api_user_not_allowed', message: apiUserErrorMessages.api_user_not_allowed });
  }
  return auth;
}
