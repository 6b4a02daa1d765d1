import { useSyncExternalStore } from 'react';

/**
 * The moments the user changed a list's data themself (delete, update, generate).
 * A list shows the first answer fetched after such a moment at once, instead of
 * offering it behind "Data laden": the user expects to see their own change.
 */
const marks = new Map<string, number>();
const listeners = new Set<() => void>();

export function markOwnChange(scope: string, now: number = Date.now()): void {
  marks.set(scope, now);
  for (const listener of listeners) listener();
}

export function ownChangeMark(scope: string): number {
  return marks.get(scope) ?? 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOwnChangeMark(scope: string): number {
  return useSyncExternalStore(subscribe, () => ownChangeMark(scope));
}
