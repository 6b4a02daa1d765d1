import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { AppConfig } from '@verzendhuis/contract/config';

/** Login with authorization code + PKCE at the configured identity provider. */
export function createUserManager(oidc: AppConfig['oidc']): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: oidc.issuer,
    client_id: oidc.client_id,
    scope: oidc.scope,
    redirect_uri: `${origin}/authentication`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // The session loop in session.ts renews the token itself.
    automaticSilentRenew: false,
  });
}

/** A stored user is usable while its token is valid or can still be renewed. */
export function isUsableUser(user: User | null): user is User {
  return user !== null && (!user.expired || Boolean(user.refresh_token));
}

const callbacks = new Map<string, Promise<User>>();

/**
 * Handles the redirect back from the provider once per URL: the code can be
 * exchanged only once, and a React effect may run twice.
 */
export function completeSignin(userManager: UserManager, url: string): Promise<User> {
  let pending = callbacks.get(url);
  if (!pending) {
    pending = userManager.signinRedirectCallback(url);
    callbacks.set(url, pending);
  }
  return pending;
}
