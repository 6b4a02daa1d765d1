import { describe, expect, it } from 'vitest';
import {
  defaultLabelSettings,
  effectiveMode,
  labelSettingsStorageKey,
  parseLabelSettings,
  pdfPositions,
  positionAfterUse,
  readLabelSettings,
  showsPositions,
  writeLabelSettings,
} from './label-settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('label settings', () => {
  it('default to download as PDF on A6 (orders spec §9, account spec §9)', () => {
    expect(defaultLabelSettings).toEqual({ mode: 'pdf', format: 'a6' });
    expect(readLabelSettings(memoryStorage())).toEqual({ mode: 'pdf', format: 'a6' });
    expect(readLabelSettings(null)).toEqual({ mode: 'pdf', format: 'a6' });
  });

  it('are remembered under label_settings and read back', () => {
    const storage = memoryStorage();
    writeLabelSettings(storage, { mode: 'printer', format: 'a4' });
    expect(labelSettingsStorageKey).toBe('label_settings');
    expect(JSON.parse(storage.data.get('label_settings') ?? '')).toEqual({ mode: 'printer', format: 'a4' });
    expect(readLabelSettings(storage)).toEqual({ mode: 'printer', format: 'a4' });
  });

  it('fall back per field on what cannot be read', () => {
    expect(parseLabelSettings('{"mode":"fax","format":"a4"}')).toEqual({ mode: 'pdf', format: 'a4' });
    expect(parseLabelSettings('{"mode":"printer","format":"letter"}')).toEqual({ mode: 'printer', format: 'a6' });
    expect(parseLabelSettings('not json')).toEqual(defaultLabelSettings);
    expect(parseLabelSettings('null')).toEqual(defaultLabelSettings);
    expect(parseLabelSettings('"a4"')).toEqual(defaultLabelSettings);
  });

  it('survive a storage that refuses to be read or written', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readLabelSettings(broken)).toEqual(defaultLabelSettings);
    expect(() => writeLabelSettings(broken, { mode: 'pdf', format: 'a4' })).not.toThrow();
  });

  it('send a start position only for A4', () => {
    expect(pdfPositions('a4', 3)).toBe(3);
    expect(pdfPositions('a6', 3)).toBeUndefined();
    expect(showsPositions({ format: 'a4' })).toBe(true);
    expect(showsPositions({ format: 'a6' })).toBe(false);
  });

  it('put the start position back to 1 after it was used on A4', () => {
    expect(positionAfterUse('a4', 3)).toBe(1);
    expect(positionAfterUse('a4', 1)).toBe(1);
    // On A6 the position was not used: it stays for the next A4 sheet.
    expect(positionAfterUse('a6', 4)).toBe(4);
  });

  it('download in printer mode while no print client is connected', () => {
    expect(effectiveMode({ mode: 'printer' }, false)).toBe('pdf');
    expect(effectiveMode({ mode: 'printer' }, true)).toBe('printer');
    expect(effectiveMode({ mode: 'pdf' }, true)).toBe('pdf');
  });
});
