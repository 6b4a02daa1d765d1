import type { FastifyBaseLogger } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { authTexts } from '@verzendhuis/domain/auth-texts';
import type { AppConfig } from '../config';
import { oidcScope } from '../config';
import type { Database } from '../db/client';
import type { OrganisationRepository } from '../organisation/repository';
import { createPgAdapterFactory } from './adapter';
import { autoSubmitScriptPath, escapeHtml, messagePage, page } from './pages';
import type { ProviderSecrets } from './secrets';

export const accessTokenTtlSeconds = 300;
const day = 24 * 60 * 60;

/** The origins the web app may be opened on: PUBLIC_URL and its loopback twin, plus Vite's dev server. */
function webOrigins(config: AppConfig): string[] {
  const origins = new Set([config.publicUrl]);
  const url = new URL(config.publicUrl);
  if (url.hostname === 'localhost') origins.add(config.publicUrl.replace('//localhost', '//127.0.0.1'));
  if (url.hostname === '127.0.0.1') origins.add(config.publicUrl.replace('//127.0.0.1', '//localhost'));
  if (config.environment === 'development') origins.add('http://localhost:5173');
  return [...origins];
}

/**
 * The built-in OpenID Connect provider (authorization code + PKCE, refresh tokens,
 * JWT access tokens for the API resource). Mounted under /oidc by the HTTP layer.
 */
export function createOidcProvider(deps: {
  config: AppConfig;
  db: Database;
  secrets: ProviderSecrets;
  users: OrganisationRepository;
  /** The process's JSON logger (docs/observability.md). */
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): Provider {
  const { config, secrets, users } = deps;
  if (config.oidc.mode !== 'embedded') throw new Error('the built-in provider runs only without OIDC_ISSUER');
  const { issuer, clientId, audience } = config.oidc;
  const origins = webOrigins(config);

  const configuration: Configuration = {
    adapter: createPgAdapterFactory(deps.db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Verzendhuis',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        id_token_signed_response_alg: 'ES256',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((o) => `${o}/authentication`),
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
      },
    ],
    jwks: { keys: [secrets.signingKey as never] },
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: oidcScope.split(' '),
    extraParams: ['screen'],
    // The web app calls the token endpoint from the browser: allow its own origins only.
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Logging out needs a form post (against cross-site logout); ours posts itself.
        logoutSource: async (ctx, form) => {
          ctx.body = page(
            authTexts.logoutTitle,
            `<h1>${authTexts.logoutTitle}</h1><p>${authTexts.logoutQuestion}</p>${form.replace(
              '</form>',
              `<input type="hidden" name="logout" value="yes"><button type="submit">${authTexts.logoutButton}</button></form>`,
            )}<script src="${autoSubmitScriptPath}"></script>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = messagePage(authTexts.logoutTitle, authTexts.loggedOut, { href: config.publicUrl, label: authTexts.backToApp });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * day,
      Grant: 14 * day,
      RefreshToken: 14 * day,
    },
    // Our own first-party web app: it always gets a refresh token, and needs no consent screen.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile offline_access');
      grant.addResourceScope(audience, 'api');
      await grant.save();
      return grant;
    },
    // Like Keycloak's: the access token names its user, so that another instance of
    // the app can use this provider as an external one.
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await users.crossOrganisation.findUserById(token.accountId).catch(() => undefined);
      return user ? { email: user.email, name: user.name } : undefined;
    },
    findAccount: async (_ctx, id) => {
      const user = await users.crossOrganisation.findUserById(id).catch(() => undefined);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, email: user.email, email_verified: false, name: user.name }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    renderError: async (ctx, out, error) => {
      deps.log.warn({ error: out.error, description: out.error_description, cause: error instanceof Error ? error.message : undefined }, 'login error page');
      ctx.type = 'html';
      ctx.body = messagePage(
        authTexts.errorTitle,
        out.error === 'invalid_request' && /interaction|session/i.test(String(out.error_description ?? ''))
          ? authTexts.sessionExpired
          : `${authTexts.sessionExpired} (${escapeHtml(String(out.error))})`,
        { href: config.publicUrl, label: authTexts.backToApp },
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a proxy that the operator trusts (TRUST_PROXY), the provider reads its
  // X-Forwarded-Proto and -Host too, so its cookies are secure behind TLS termination.
  if (config.trustProxy !== false) provider.proxy = true;
  provider.on('server_error', (_ctx, error) => {
    deps.log.error({ err: error }, 'oidc provider error');
  });
  return provider;
}
