import { describe, expect, it } from 'vitest';
import { parseOrderDate } from './amsterdam-time';

describe('parseOrderDate', () => {
  it('reads a date alone as midnight in Amsterdam, in winter and in summer', () => {
    expect(parseOrderDate('2026-11-23')?.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(parseOrderDate('2026-07-01')?.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(parseOrderDate('23-11-2026')?.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(parseOrderDate('1-7-2026')?.toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('reads the stamps shop exports write, with their own offset', () => {
    expect(parseOrderDate('2026-11-23 10:23:45 +0100')?.toISOString()).toBe('2026-11-23T09:23:45.000Z');
    expect(parseOrderDate('2026-11-23 10:23:45 -0500')?.toISOString()).toBe('2026-11-23T15:23:45.000Z');
    expect(parseOrderDate('2026-11-23T10:23:45+01:00')?.toISOString()).toBe('2026-11-23T09:23:45.000Z');
    expect(parseOrderDate('2026-11-23T10:23:45Z')?.toISOString()).toBe('2026-11-23T10:23:45.000Z');
  });

  it('reads a time without a zone as Amsterdam time', () => {
    expect(parseOrderDate('2026-11-23 10:23')?.toISOString()).toBe('2026-11-23T09:23:00.000Z');
    expect(parseOrderDate('23-11-2026 10:23:45')?.toISOString()).toBe('2026-11-23T09:23:45.000Z');
  });

  it('refuses what is no date or no real day', () => {
    for (const text of ['', 'gisteren', '2026-02-30', '31-04-2026', '2026-13-01 10:00:00 +0100', '2026/11/23']) expect(parseOrderDate(text)).toBeNull();
  });
});
