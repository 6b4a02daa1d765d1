import { describe, expect, it } from 'vitest';
import { exportCell, retentionCutoff } from './gdpr';

describe('retentionCutoff', () => {
  it('goes back whole calendar months', () => {
    expect(retentionCutoff(new Date('2026-11-25T02:00:00Z'), 6).toISOString()).toBe('2026-05-25T02:00:00.000Z');
    expect(retentionCutoff(new Date('2026-11-25T02:00:00Z'), 24).toISOString()).toBe('2024-11-25T02:00:00.000Z');
  });

  it('clamps the day to the end of a shorter month', () => {
    expect(retentionCutoff(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });
});

describe('exportCell', () => {
  it('writes nulls, dates and objects as text', () => {
    expect(exportCell(null)).toBe('');
    expect(exportCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(exportCell({ weight: 2 })).toBe('{"weight":2}');
    expect(exportCell(12)).toBe('12');
  });

  it('keeps a spreadsheet from running a formula', () => {
    expect(exportCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(exportCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(exportCell('-5')).toBe('-5');
    expect(exportCell('-A1')).toBe(`'-A1`);
    expect(exportCell('Jan Jansen')).toBe('Jan Jansen');
  });
});
