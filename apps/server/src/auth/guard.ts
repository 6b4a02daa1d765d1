import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@verzendhuis/domain/errors';
import { authErrorMessages } from '@verzendhuis/domain/auth-texts';
import type { AppConfig } from '../config';
import type { OrganisationRepository, UserRow } from '../organisation/repository';
import type { OrganisationService } from '../organisation/service';
import { authenticationError, type TokenVerifier } from './tokens';

export interface AuthContext {
  user: UserRow;
  organisationId: string;
}

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

/** Every call under this scope needs a valid Bearer token of a known user. */
export function registerAuthGuard(
  app: FastifyInstance,
  deps: { config: AppConfig; verify: TokenVerifier; repository: OrganisationRepository; service: OrganisationService },
): void {
  app.decorateRequest('auth', null);
  const cache = createTokenCache();
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    const token = match?.[1];
    if (!token) throw authenticationError('not_authenticated');
    const cached = cache.get(token);
    const user = cached ?? (await resolveUser(token));
    if (!user.organisationIsActive && !request.routeOptions.config.allowBlocked) {
      throw new AppError({ type: 'authorization', messageCode: 'account_blocked', message: authErrorMessages.account_blocked });
    }
    request.auth = { user, organisationId: user.organisationId };
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
