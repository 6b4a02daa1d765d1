import type { UserManager } from 'oidc-client-ts';
import type { AppConfig } from '@verzendhuis/contract/config';
import { currentPath, safeReturnPath } from './return-path';
import { createSession, type Session } from './session';
import { completeSignin, createUserManager } from './user-manager';

export interface AuthController {
  userManager: UserManager;
  session: Session;
  /** Sends the browser to the provider; `register` opens its registration page instead. */
  login: (returnTo?: string, screen?: 'register') => Promise<void>;
  /** Forgets the stored login and logs in again, back to the current path. */
  restartLogin: () => Promise<void>;
  /** Exchanges the code of the redirect back; resolves to the path to continue on. */
  completeLogin: () => Promise<string>;
  /** Forgets the stored login and signs out at the provider, which returns to the origin. */
  logout: () => Promise<void>;
}

/**
 * The login flow outside React: one per page, so that a redirect that is already
 * under way is not started a second time by another part of the app.
 */
export function createAuthController(oidc: AppConfig['oidc']): AuthController {
  const userManager = createUserManager(oidc);
  // Set once the browser is on its way to the provider; later requests to go there are moot.
  let leaving = false;

  async function redirect(returnTo: string, screen?: 'register'): Promise<void> {
    leaving = true;
    try {
      await userManager.signinRedirect({
        state: safeReturnPath(returnTo),
        extraQueryParams: screen ? { screen } : undefined,
      });
    } catch (error) {
      leaving = false;
      throw error;
    }
  }

  async function login(returnTo: string = '/', screen?: 'register'): Promise<void> {
    if (leaving) return;
    await redirect(returnTo, screen);
  }

  async function restartLogin(): Promise<void> {
    if (leaving) return;
    leaving = true;
    const returnTo = currentPath();
    await userManager.removeUser().catch((error: unknown) => {
      console.error('Removing the stored login failed', error);
    });
    await redirect(returnTo);
  }

  async function completeLogin(): Promise<string> {
    const user = await completeSignin(userManager, window.location.href);
    return safeReturnPath(user.state);
  }

  async function logout(): Promise<void> {
    leaving = true;
    const user = await userManager.getUser();
    await userManager.removeUser();
    try {
      await userManager.signoutRedirect({ id_token_hint: user?.id_token });
    } catch (error) {
      // The user is logged out here either way; without the provider's logout page go home.
      console.error('Signing out at the identity provider failed', error);
      window.location.assign('/');
    }
  }

  const session = createSession({
    userManager,
    onExpired: () => {
      restartLogin().catch((error: unknown) => {
        console.error('Restarting login failed', error);
      });
    },
  });

  return { userManager, session, login, restartLogin, completeLogin, logout };
}
