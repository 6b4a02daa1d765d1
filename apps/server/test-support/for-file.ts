import { afterAll, beforeAll } from 'vitest';

/**
 * Something a test file needs the whole way (a fake carrier, a job queue): started in
 * beforeAll, closed in afterAll, in the order the file asks for them (closed in reverse).
 *
 *     const postnl = startForFile(() => startFakePostnl({ apikey: 'sleutel' }));
 *
 * What it answers stands for what beforeAll starts, so hooks and tests use it; the top
 * of the file, which runs before any hook, cannot.
 */
export function startForFile<T extends object>(start: () => Promise<T & { close?: () => Promise<void> }>, stop?: (started: T) => Promise<void>): T {
  let started: (T & { close?: () => Promise<void> }) | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await (stop ? stop(started) : started.close?.());
  });
  return madeInBeforeAll('what startForFile starts', () => started);
}

/** Stands for an object that a beforeAll makes later: every use reads (or writes) the object itself. */
export function madeInBeforeAll<T extends object>(what: string, read: () => T | undefined): T {
  const target = () => {
    const value = read();
    if (!value) throw new Error(`${what} is made in beforeAll: use it in hooks and tests, not at the top of the file`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
  });
}
