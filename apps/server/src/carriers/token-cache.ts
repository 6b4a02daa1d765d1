import { createHash } from 'node:crypto';
import { CarrierError } from './types';

/** A carrier's access token and the moment (epoch ms) the carrier says it ends. */
export interface CarrierToken {
  token: string;
  expiresAt: number;
}

/** Thrown by a call made with a token the carrier no longer accepts (401, expired): the cache logs in again once. */
export class TokenRejectedError extends Error {
  constructor() {
    super('carrier token rejected');
    this.name = 'TokenRejectedError';
  }
}

/**
 * The one cache of carrier logins (DPD's getAuth, UPS's OAuth, …), per set of
 * credentials (hashed: the cache keeps no password as a key):
 * - single-flight: concurrent calls of a label job wait for the same login;
 * - a token is used until `marginMs` before it ends, then a new login is made;
 * - a failed login is not kept (the next call tries again);
 * - `withToken` runs a call with the token and, when the call throws
 *   `TokenRejectedError` (the carrier says the token expired or is unknown), forgets that
 *   token, logs in again and retries once; a second rejection is the call's error.
 */
export function createTokenCache(options: { marginMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Promise<CarrierToken>>();

  const keyOf = (credentials: readonly string[]) => createHash('sha256').update(credentials.join('\u0000')).digest('hex');

  async function token(credentials: readonly string[], login: () => Promise<CarrierToken>): Promise<string> {
    const key = keyOf(credentials);
    for (;;) {
      const cached = entries.get(key);
      if (!cached) break;
      const entry = await cached.catch(() => null);
      if (entry && entry.expiresAt - options.marginMs > now()) return entry.token;
      // Expired or failed: drop it unless another caller already replaced it, then look again.
      if (entries.get(key) === cached) {
        entries.delete(key);
        break;
      }
    }
    const pending = login();
    entries.set(key, pending);
    pending.catch(() => {
      if (entries.get(key) === pending) entries.delete(key);
    });
    return (await pending).token;
  }

  /** Forgets `rejected` (only that token: a newer login made meanwhile stays). */
  async function invalidate(credentials: readonly string[], rejected: string): Promise<void> {
    const key = keyOf(credentials);
    const cached = entries.get(key);
    if (!cached) return;
    const entry = await cached.catch(() => null);
    if ((!entry || entry.token === rejected) && entries.get(key) === cached) entries.delete(key);
  }

  return {
    token,
    invalidate,
    async withToken<T>(credentials: readonly string[], login: () => Promise<CarrierToken>, call: (token: string) => Promise<T>): Promise<T> {
      const first = await token(credentials, login);
      try {
        return await call(first);
      } catch (error) {
        if (!(error instanceof TokenRejectedError)) throw error;
        await invalidate(credentials, first);
        return call(await token(credentials, login));
      }
    },
  };
}

export type TokenCache = ReturnType<typeof createTokenCache>;

/**
 * A link's credentials checked by a login where that costs no shipment (DPD's getAuth,
 * UPS's OAuth token), for `CarrierAdapter.verifySettings`: null when the carrier takes
 * them; `refused` (Dutch field errors) when it refuses them; `unreachable` on any other failure.
 */
export async function loginFieldErrors(
  login: () => Promise<unknown>,
  errors: { refused: Record<string, string[]>; unreachable: Record<string, string[]> },
): Promise<Record<string, string[]> | null> {
  try {
    await login();
    return null;
  } catch (error) {
    return error instanceof CarrierError && error.kind === 'refused' ? errors.refused : errors.unreachable;
  }
}
