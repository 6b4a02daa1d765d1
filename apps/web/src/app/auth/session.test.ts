import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, tokenCheckIntervalMs, type TokenSource } from './session';

interface FakeUser {
  access_token: string;
  expires_in: number | undefined;
  expired: boolean | undefined;
}

function user(secondsLeft: number, token = 'old'): FakeUser {
  return { access_token: token, expires_in: secondsLeft, expired: secondsLeft <= 0 };
}

function fakeSource(initial: FakeUser | null, renewal: () => Promise<FakeUser | null>) {
  let stored = initial;
  const signinSilent = vi.fn(async () => {
    const renewed = await renewal();
    stored = renewed ?? stored;
    return renewed;
  });
  const source: TokenSource = { getUser: () => Promise.resolve(stored), signinSilent };
  return { source, signinSilent };
}

describe('session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('does not renew while the token is valid for 70 s or more', async () => {
    const { source, signinSilent } = fakeSource(user(300), () => Promise.resolve(user(3600, 'new')));
    const stop = createSession({ userManager: source, onExpired: vi.fn() }).start();
    await vi.advanceTimersByTimeAsync(tokenCheckIntervalMs * 3);
    stop();
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it('renews when less than 70 s is left', async () => {
    const { source, signinSilent } = fakeSource(user(69), () => Promise.resolve(user(3600, 'new')));
    const session = createSession({ userManager: source, onExpired: vi.fn() });
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(tokenCheckIntervalMs);
    stop();
    expect(signinSilent).toHaveBeenCalledTimes(1);
    await expect(session.getAccessToken()).resolves.toBe('new');
  });

  it('logs a failed renewal and retries on the next check', async () => {
    const { source, signinSilent } = fakeSource(user(30), () => Promise.reject(new Error('offline')));
    const onExpired = vi.fn();
    const stop = createSession({ userManager: source, onExpired }).start();
    await vi.advanceTimersByTimeAsync(tokenCheckIntervalMs * 2);
    stop();
    expect(signinSilent).toHaveBeenCalledTimes(3);
    expect(console.error).toHaveBeenCalled();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('gives up on an expired token after repeated failures', async () => {
    const { source } = fakeSource(user(-10), () => Promise.reject(new Error('invalid_grant')));
    const onExpired = vi.fn();
    const stop = createSession({ userManager: source, onExpired }).start();
    await vi.advanceTimersByTimeAsync(tokenCheckIntervalMs * 3);
    stop();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between concurrent callers', async () => {
    const { source, signinSilent } = fakeSource(user(-1), () => Promise.resolve(user(3600, 'new')));
    const session = createSession({ userManager: source, onExpired: vi.fn() });
    const tokens = await Promise.all([session.getAccessToken(), session.getAccessToken()]);
    expect(tokens).toEqual(['new', 'new']);
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });
});
