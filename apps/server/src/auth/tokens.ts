import { createRemoteJWKSet, errors as joseErrors, importJWK, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AppError } from '@verzendhuis/domain/errors';
import { authErrorMessages } from '@verzendhuis/domain/auth-texts';
import type { AppConfig } from '../config';
import { publicJwk, type ProviderSecrets } from './secrets';

export type TokenVerifier = (token: string) => Promise<JWTPayload & { sub: string }>;

export function authenticationError(messageCode: 'not_authenticated' | 'token_expired'): AppError {
  return new AppError({ type: 'authentication', messageCode, message: authErrorMessages[messageCode] });
}

async function discoverJwks(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery of ${issuer} answered ${response.status}`);
  const discovery = (await response.json()) as { jwks_uri?: string };
  if (!discovery.jwks_uri) throw new Error(`OIDC discovery of ${issuer} has no jwks_uri`);
  return createRemoteJWKSet(new URL(discovery.jwks_uri));
}

/**
 * Verifies the Bearer access token: signature, issuer, audience (or the client it
 * was issued to) and expiry. Embedded mode uses the provider's own key; an external
 * provider's keys come from its discovery document.
 */
export function createTokenVerifier(config: AppConfig, secrets: ProviderSecrets | null): TokenVerifier {
  const { issuer, clientId, audience } = config.oidc;
  type StaticKey = Awaited<ReturnType<typeof importJWK>>;
  let keys: Promise<JWTVerifyGetKey | StaticKey> | null = null;
  const getKeys = () => {
    keys ??=
      config.oidc.mode === 'embedded' && secrets
        ? importJWK(publicJwk(secrets.signingKey), 'ES256')
        : discoverJwks(issuer);
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };
  return async (token) => {
    let payload: JWTPayload;
    try {
      const key = await getKeys();
      const options = { issuer, ...(audience ? { audience } : {}) };
      payload = (
        typeof key === 'function' ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options)
      ).payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw authenticationError('token_expired');
      throw authenticationError('not_authenticated');
    }
    if (!audience && payload.azp !== clientId && payload.client_id !== clientId) throw authenticationError('not_authenticated');
    if (!payload.sub) throw authenticationError('not_authenticated');
    return payload as JWTPayload & { sub: string };
  };
}
