import { describe, expect, it } from 'vitest';
import { createTokenCache, TokenRejectedError } from './token-cache';

function loginCounter(expiresInMs: number, clock: { now: number }) {
  const state = { logins: 0 };
  const login = async () => {
    state.logins += 1;
    await Promise.resolve();
    return { token: `token-${state.logins}`, expiresAt: clock.now + expiresInMs };
  };
  return { state, login };
}

describe('createTokenCache', () => {
  it('shares one login among concurrent calls and reuses it until the margin before it ends', async () => {
    const clock = { now: 1_000_000 };
    const cache = createTokenCache({ marginMs: 60_000, now: () => clock.now });
    const { state, login } = loginCounter(24 * 3600_000, clock);
    const tokens = await Promise.all(Array.from({ length: 8 }, () => cache.token(['dpd', 'user', 'pw'], login)));
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(state.logins).toBe(1);
    clock.now += 24 * 3600_000 - 60_001;
    expect(await cache.token(['dpd', 'user', 'pw'], login)).toBe('token-1');
    clock.now += 2;
    expect(await cache.token(['dpd', 'user', 'pw'], login)).toBe('token-2');
    // Other credentials have a login of their own.
    expect(await cache.token(['dpd', 'other', 'pw'], login)).toBe('token-3');
  });

  it('keeps no failed login', async () => {
    const cache = createTokenCache({ marginMs: 0 });
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new Error('refused');
    };
    await expect(cache.token(['x'], failing)).rejects.toThrow('refused');
    await expect(cache.token(['x'], failing)).rejects.toThrow('refused');
    expect(attempts).toBe(2);
  });

  it('logs in again once when a call rejects its token, and gives up after a second rejection', async () => {
    const clock = { now: 0 };
    const cache = createTokenCache({ marginMs: 0, now: () => clock.now });
    const { state, login } = loginCounter(3600_000, clock);
    const seen: string[] = [];
    const answer = await cache.withToken(['k'], login, async (token) => {
      seen.push(token);
      if (token === 'token-1') throw new TokenRejectedError();
      return 'ok';
    });
    expect(answer).toBe('ok');
    expect(seen).toEqual(['token-1', 'token-2']);
    await expect(
      cache.withToken(['k'], login, async () => {
        throw new TokenRejectedError();
      }),
    ).rejects.toBeInstanceOf(TokenRejectedError);
    expect(state.logins).toBe(3);
  });
});
