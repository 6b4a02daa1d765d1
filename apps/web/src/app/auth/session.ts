import type { User } from 'oidc-client-ts';

type SessionUser = Pick<User, 'access_token' | 'expires_in' | 'expired'>;

/** The part of oidc-client-ts's UserManager the session needs. */
export interface TokenSource {
  getUser(): Promise<SessionUser | null>;
  /** With a refresh token in the stored user this is a refresh-token grant, no iframe. */
  signinSilent(): Promise<SessionUser | null>;
}

/** Account spec §4 and §9: check every 6 s, renew below 70 s of validity. */
export const tokenCheckIntervalMs = 6_000;
export const tokenRenewBelowSeconds = 70;
/** Failed renewals of an already expired token after which the user logs in again. */
export const maxFailedRenewalsWhenExpired = 3;

export interface Session {
  /** The access token for the API, renewed first when it has expired. */
  getAccessToken: () => Promise<string | null>;
  /** Renews the token (refresh-token grant); concurrent callers share one request. */
  renew: () => Promise<SessionUser>;
  /** Starts the check loop; returns the function that stops it. */
  start: () => () => void;
}

export function createSession({
  userManager,
  onExpired,
}: {
  userManager: TokenSource;
  /** Called when the token has expired and renewing keeps failing. */
  onExpired: () => void;
}): Session {
  let renewal: Promise<SessionUser> | null = null;
  let failuresWhileExpired = 0;

  function renew(): Promise<SessionUser> {
    renewal ??= userManager
      .signinSilent()
      .then((user) => {
        if (!user) throw new Error('Token renewal returned no user');
        return user;
      })
      .finally(() => {
        renewal = null;
      });
    return renewal;
  }

  async function getAccessToken(): Promise<string | null> {
    const user = await userManager.getUser();
    if (!user) return null;
    if (!user.expired) return user.access_token;
    try {
      return (await renew()).access_token;
    } catch {
      // The API answers 401 to the stale token, which starts a new login.
      return user.access_token;
    }
  }

  async function check(): Promise<void> {
    const user = await userManager.getUser();
    if (!user) return;
    const secondsLeft = user.expires_in;
    if (secondsLeft !== undefined && secondsLeft >= tokenRenewBelowSeconds) {
      failuresWhileExpired = 0;
      return;
    }
    try {
      await renew();
      failuresWhileExpired = 0;
    } catch (error) {
      console.error('Renewing the access token failed; retrying on the next check', error);
      if (user.expired) {
        failuresWhileExpired += 1;
        if (failuresWhileExpired >= maxFailedRenewalsWhenExpired) {
          failuresWhileExpired = 0;
          onExpired();
        }
      }
    }
  }

  function start(): () => void {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      check()
        .catch((error: unknown) => console.error('Checking the session failed', error))
        .finally(() => {
          running = false;
        });
    };
    tick();
    const timer = globalThis.setInterval(tick, tokenCheckIntervalMs);
    return () => globalThis.clearInterval(timer);
  }

  return { getAccessToken, renew, start };
}
