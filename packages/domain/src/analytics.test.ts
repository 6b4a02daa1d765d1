import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { parseAnalyticsQuery, periodStartOf, periodStarts, previousPeriod, promisedWorkingDays } from './analytics';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.messageCode;
  }
  return 'none';
}

describe('analytics periods', () => {
  it('weeks start on Monday, months on the first', () => {
    expect(periodStartOf('2026-03-01', 'week')).toBe('2026-02-23');
    expect(periodStartOf('2026-03-02', 'week')).toBe('2026-03-02');
    expect(periodStartOf('2026-03-08', 'week')).toBe('2026-03-02');
    expect(periodStartOf('2026-03-31', 'month')).toBe('2026-03-01');
    expect(periodStarts('2025-11-15', '2026-02-01', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(periodStarts('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('checks start, end, their order, two years at most and the granularity', () => {
    expect(parseAnalyticsQuery({ start: '2026-01-01', end: '2026-01-31' })).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(codeOf(() => parseAnalyticsQuery({ end: '2026-01-31' }))).toBe('analytics_period_missing');
    expect(codeOf(() => parseAnalyticsQuery({ start: '2026-02-29', end: '2026-03-31' }))).toBe('analytics_date_invalid');
    expect(codeOf(() => parseAnalyticsQuery({ start: '2026-02-02', end: '2026-02-01' }))).toBe('analytics_end_before_start');
    expect(codeOf(() => parseAnalyticsQuery({ start: '2024-01-01', end: '2026-01-01' }))).toBe('analytics_period_too_long');
    expect(codeOf(() => parseAnalyticsQuery({ start: '2024-01-02', end: '2026-01-01' }))).toBe('none');
    expect(codeOf(() => parseAnalyticsQuery({ start: '2026-01-01', end: '2026-01-02', granularity: 'year' }, { granularity: true }))).toBe('analytics_granularity_invalid');
  });

  it('the previous period has the same length; the promise depends on the destination', () => {
    expect(previousPeriod({ start: '2026-03-01', end: '2026-03-31' })).toEqual({ start: '2026-01-29', end: '2026-02-28' });
    expect([promisedWorkingDays('NL'), promisedWorkingDays('BE'), promisedWorkingDays('FR')]).toEqual([1, 2, 4]);
  });
});
