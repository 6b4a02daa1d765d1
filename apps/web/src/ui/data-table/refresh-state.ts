import { deepEqual } from './deep-equal';

/**
 * What a list shows while it refreshes in the background (orders spec §2.3): a
 * refreshed result replaces the shown data only when it differs, and then only when
 * the user asks for it ("Data laden"). A new page, sort or search (a new key) is
 * shown at once, and so is the first answer fetched after the list opened (until
 * then the list may show what the cache still had).
 */
export interface RefreshState<T> {
  /** The query key the shown data belongs to. */
  key: string | null;
  shown: T | undefined;
  /** Newer data of the same key that differs from the shown data. */
  pending: T | undefined;
  /** The last data received, so that the same answer is compared only once. */
  lastReceived: T | undefined;
  /** The shown data was fetched while the list was open (not just taken from the cache). */
  confirmed: boolean;
}

export function initialRefreshState<T>(): RefreshState<T> {
  return { key: null, shown: undefined, pending: undefined, lastReceived: undefined, confirmed: false };
}

/**
 * Data arrived for `key`. `fresh` says it was fetched after the list opened; cached
 * data is shown at once but replaced, also at once, by the first fresh answer.
 */
export function receiveData<T>(
  state: RefreshState<T>,
  key: string,
  data: T,
  { fresh = true, equal = deepEqual }: { fresh?: boolean; equal?: (a: T, b: T) => boolean } = {},
): RefreshState<T> {
  if (state.key !== key || state.shown === undefined || !state.confirmed) {
    if (state.key === key && data === state.lastReceived && state.confirmed === fresh) return state;
    return { key, shown: data, pending: undefined, lastReceived: data, confirmed: fresh };
  }
  if (data === state.lastReceived) return state;
  if (equal(data, state.shown)) return { ...state, pending: undefined, lastReceived: data };
  if (state.pending !== undefined && equal(data, state.pending)) return { ...state, lastReceived: data };
  return { ...state, pending: data, lastReceived: data };
}

/** The user clicked "Data laden". */
export function showPending<T>(state: RefreshState<T>): RefreshState<T> {
  if (state.pending === undefined) return state;
  return { ...state, shown: state.pending, pending: undefined };
}
