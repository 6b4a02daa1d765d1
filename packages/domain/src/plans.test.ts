import { describe, expect, it } from 'vitest';
import { amsterdamDay, amsterdamIsoDate, amsterdamMidnight, calendarPeriodEnd, centsToEuros, dayBefore, formatIsoDateDutch, periodOf, planChargeTexts, proRataCents, renewalPeriodName } from './plans';

describe('pro rata', () => {
  it('rounds the exact share half away from zero to whole cents, one rule for charges and credits', () => {
    expect(proRataCents(2900, 30, 30)).toBe(2900);
    expect(proRataCents(2900, 1, 30)).toBe(97); // 96.67
    expect(proRataCents(2900, 15, 30)).toBe(1450);
    expect(proRataCents(995, 1, 2)).toBe(498); // 497.5 rounds up
    expect(proRataCents(-995, 1, 2)).toBe(-498);
    expect(proRataCents(7900, 6, 30)).toBe(1580);
    expect(proRataCents(0, 6, 30)).toBe(0);
    expect(proRataCents(2900, 1, 0)).toBe(0);
  });

  it('counts the remaining days of the Amsterdam month or year, today included', () => {
    // 25 November 2026, 23:30 UTC is already 26 November in Amsterdam (CET, +1).
    expect(periodOf(new Date('2026-11-25T23:30:00Z'), 'month')).toEqual({ days: 30, remaining: 5, end: new Date('2026-11-30T23:00:00Z') });
    expect(periodOf(new Date('2026-11-25T12:00:00Z'), 'month').remaining).toBe(6);
    expect(periodOf(new Date('2026-02-01T10:00:00Z'), 'month')).toMatchObject({ days: 28, remaining: 28 });
    expect(periodOf(new Date('2028-02-29T10:00:00Z'), 'month')).toMatchObject({ days: 29, remaining: 1 });
    expect(periodOf(new Date('2026-12-31T10:00:00Z'), 'year')).toEqual({ days: 365, remaining: 1, end: new Date('2026-12-31T23:00:00Z') });
    // A summer month ends at midnight CEST (+2).
    expect(periodOf(new Date('2026-06-10T10:00:00Z'), 'month').end).toEqual(new Date('2026-06-30T22:00:00Z'));
  });

  it('finds Amsterdam midnights on both sides of a clock change, and money as strings', () => {
    expect(amsterdamMidnight(2026, 3, 29)).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(amsterdamMidnight(2026, 3, 30)).toEqual(new Date('2026-03-29T22:00:00Z'));
    expect(amsterdamMidnight(2026, 10, 26)).toEqual(new Date('2026-10-25T23:00:00Z'));
    expect(amsterdamDay(new Date('2026-10-25T22:59:59Z'))).toEqual([2026, 10, 25]);
    expect(centsToEuros(2900)).toBe('29.00');
    expect(centsToEuros(-468)).toBe('-4.68');
    expect(centsToEuros(5)).toBe('0.05');
  });
});

describe('renewal periods', () => {
  it('steps a month to the first of the next, over the year end, and a year to 1 January', () => {
    expect(calendarPeriodEnd('2026-11-20', 'month')).toBe('2026-12-01');
    expect(calendarPeriodEnd('2026-12-01', 'month')).toBe('2027-01-01');
    expect(calendarPeriodEnd('2027-01-31', 'month')).toBe('2027-02-01');
    expect(calendarPeriodEnd('2028-02-29', 'month')).toBe('2028-03-01');
    expect(calendarPeriodEnd('2026-11-20', 'year')).toBe('2027-01-01');
    expect(calendarPeriodEnd('2027-01-01', 'year')).toBe('2028-01-01');
  });

  it('knows the last paid day, the Amsterdam date and the Dutch names of a period', () => {
    expect(dayBefore('2027-03-01')).toBe('2027-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    // 23:30 UTC on 30 November is already 1 December in Amsterdam.
    expect(amsterdamIsoDate(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(renewalPeriodName('2026-12-01', 'month')).toBe('december 2026');
    expect(renewalPeriodName('2027-03-01', 'month')).toBe('maart 2027');
    expect(renewalPeriodName('2027-01-01', 'year')).toBe('2027');
    expect(formatIsoDateDutch('2026-12-01')).toBe('01-12-2026');
    expect(planChargeTexts.planRenewal('Groei', 'december 2026')).toBe('Abonnement Groei, december 2026');
  });
});
