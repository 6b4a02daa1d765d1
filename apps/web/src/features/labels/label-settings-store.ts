import { useSyncExternalStore } from 'react';
import {
  labelSettingsStorageKey,
  parseLabelSettings,
  positionAfterUse,
  readLabelSettings,
  writeLabelSettings,
  type LabelSettings,
  type StartPosition,
} from './label-settings';

/**
 * One set of label settings for the whole app: every print control (orders bulk bar,
 * order form footer, label tabs, label page) shows and changes the same settings
 * and start position. The settings follow localStorage, also when another browser
 * tab changes them; the position lives in memory only.
 */
export interface LabelSettingsState extends LabelSettings {
  position: StartPosition;
}

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

let state: LabelSettingsState = { ...readLabelSettings(storage()), position: 1 };
const listeners = new Set<() => void>();

function set(next: LabelSettingsState): void {
  if (next.mode === state.mode && next.format === state.format && next.position === state.position) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === labelSettingsStorageKey) set({ ...state, ...parseLabelSettings(event.newValue) });
  });
}

export const labelSettingsStore = {
  get: (): LabelSettingsState => state,
  update(change: Partial<LabelSettings>): void {
    const next = { ...state, ...change };
    writeLabelSettings(storage(), next);
    set(next);
  },
  setPosition(position: StartPosition): void {
    set({ ...state, position });
  },
  /** After a PDF was made with the current settings: the position goes back to 1 (A4). */
  used(): void {
    set({ ...state, position: positionAfterUse(state.format, state.position) });
  },
};

export function useLabelSettings(): LabelSettingsState {
  return useSyncExternalStore(subscribe, labelSettingsStore.get);
}
