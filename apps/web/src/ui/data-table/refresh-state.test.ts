import { describe, expect, it } from 'vitest';
import { deepEqual } from './deep-equal';
import { initialRefreshState, receiveData, showPending } from './refresh-state';

const page = (ids: string[]) => ({ data: ids.map((id) => ({ id, name: `Order ${id}` })), meta: { total: ids.length } });

describe('deepEqual', () => {
  it('compares JSON values by content', () => {
    expect(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});

describe('the background refresh of a list', () => {
  it('shows the first answer at once', () => {
    const state = receiveData(initialRefreshState(), 'k1', page(['a']));
    expect(state.shown).toEqual(page(['a']));
    expect(state.pending).toBeUndefined();
  });

  it('changes nothing when a refresh returns the same data', () => {
    const first = receiveData(initialRefreshState(), 'k1', page(['a']));
    const again = receiveData(first, 'k1', page(['a']));
    expect(again.shown).toBe(first.shown);
    expect(again.pending).toBeUndefined();
    // The very same answer object is not even compared again.
    expect(receiveData(again, 'k1', again.lastReceived!)).toBe(again);
  });

  it('keeps the shown data and offers the new data when a refresh differs', () => {
    const first = receiveData(initialRefreshState(), 'k1', page(['a']));
    const refreshed = receiveData(first, 'k1', page(['a', 'b']));
    expect(refreshed.shown).toBe(first.shown);
    expect(refreshed.pending).toEqual(page(['a', 'b']));
    const clicked = showPending(refreshed);
    expect(clicked.shown).toEqual(page(['a', 'b']));
    expect(clicked.pending).toBeUndefined();
    expect(showPending(clicked)).toBe(clicked);
  });

  it('withdraws the offer when the data goes back to what is shown', () => {
    const first = receiveData(initialRefreshState(), 'k1', page(['a']));
    const refreshed = receiveData(first, 'k1', page(['a', 'b']));
    expect(receiveData(refreshed, 'k1', page(['a'])).pending).toBeUndefined();
  });

  it('shows the data of a new page, sort or search at once', () => {
    const first = receiveData(initialRefreshState(), 'k1', page(['a']));
    const next = receiveData(first, 'k2', page(['c']));
    expect(next.shown).toEqual(page(['c']));
    expect(next.key).toBe('k2');
  });

  it('replaces cached data by the first answer fetched after opening, without asking', () => {
    const cached = receiveData(initialRefreshState(), 'k1', page(['a']), { fresh: false });
    expect(cached.shown).toEqual(page(['a']));
    expect(receiveData(cached, 'k1', cached.lastReceived!, { fresh: false })).toBe(cached);
    const fetched = receiveData(cached, 'k1', page(['a', 'b']), { fresh: true });
    expect(fetched.shown).toEqual(page(['a', 'b']));
    expect(fetched.pending).toBeUndefined();
    // The same object confirmed by a fetch counts as fresh from then on.
    const confirmed = receiveData(cached, 'k1', cached.lastReceived!, { fresh: true });
    expect(confirmed.confirmed).toBe(true);
    expect(receiveData(confirmed, 'k1', page(['c'])).pending).toEqual(page(['c']));
  });
});

describe('after the user\'s own change', () => {
  it('shows the first answer fetched after the change at once', async () => {
    const { markOwnChange, ownChangeMark } = await import('./own-changes');
    markOwnChange('orders', 1000);
    expect(ownChangeMark('orders')).toBe(1000);
    expect(ownChangeMark('labels')).toBe(0);
    // The list's key carries the mark, so the state starts again for it.
    const before = receiveData(initialRefreshState(), 'k1@0', page(['a']));
    const cachedAfter = receiveData(before, 'k1@1000', page(['a']), { fresh: false });
    expect(cachedAfter.confirmed).toBe(false);
    const fetched = receiveData(cachedAfter, 'k1@1000', page(['b']), { fresh: true });
    expect(fetched.shown).toEqual(page(['b']));
    expect(fetched.pending).toBeUndefined();
  });
});
