/**
 * Analytics (account spec §2 /analytics/{tab}, §7 the analytics calls; docs/analytics.md):
 * the period rules of every call, the on-time rule, and the Dutch texts of the area.
 */
import { analyticsErrorMessages, type AnalyticsErrorCode, type AnalyticsGranularity } from './analytics-texts';
import { AppError } from './errors';

export { analyticsErrorMessages, analyticsTexts, type AnalyticsErrorCode, type AnalyticsGranularity } from './analytics-texts';

export const analyticsGranularities = ['day', 'week', 'month'] as const satisfies readonly AnalyticsGranularity[];

/** At most two years (731 days, a leap day included) per call. */
export const analyticsMaxDays = 731;


function invalid(code: Exclude<AnalyticsErrorCode, 'analytics_addon_inactive'>, field: string): AppError {
  return new AppError({ type: 'validation', messageCode: code, message: analyticsErrorMessages[code], fields: { [field]: [analyticsErrorMessages[code]] } });
}

export function analyticsAddonInactive(): AppError {
  return new AppError({ type: 'authorization', messageCode: 'analytics_addon_inactive', message: analyticsErrorMessages.analytics_addon_inactive });
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day YYYY-MM-DD that exists, else null. */
export function parseDay(value: string): string | null {
  const match = dayPattern.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === value ? value : null;
}

export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

export function dayFromNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

export interface AnalyticsPeriod {
  /** First day, inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

/**
 * The period of an analytics call: start and end required (days in Europe/Amsterdam, both
 * inclusive), end not before start, at most two years; trends also need a granularity.
 */
export function parseAnalyticsQuery(query: { start?: string; end?: string; granularity?: string }, options: { granularity: true }): AnalyticsPeriod & { granularity: AnalyticsGranularity };
export function parseAnalyticsQuery(query: { start?: string; end?: string; granularity?: string }, options?: { granularity: false }): AnalyticsPeriod;
export function parseAnalyticsQuery(query: { start?: string; end?: string; granularity?: string }, options: { granularity: boolean } = { granularity: false }): AnalyticsPeriod & { granularity?: AnalyticsGranularity } {
  if (!query.start) throw invalid('analytics_period_missing', 'start');
  if (!query.end) throw invalid('analytics_period_missing', 'end');
  const start = parseDay(query.start);
  if (!start) throw invalid('analytics_date_invalid', 'start');
  const end = parseDay(query.end);
  if (!end) throw invalid('analytics_date_invalid', 'end');
  if (end < start) throw invalid('analytics_end_before_start', 'end');
  if (dayNumber(end) - dayNumber(start) + 1 > analyticsMaxDays) throw invalid('analytics_period_too_long', 'end');
  if (!options.granularity) return { start, end };
  const granularity = analyticsGranularities.find((g) => g === query.granularity);
  if (!granularity) throw invalid('analytics_granularity_invalid', 'granularity');
  return { start, end, granularity };
}

/** The first day of the period (day, ISO week from Monday, calendar month) a day falls in. */
export function periodStartOf(day: string, granularity: AnalyticsGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on a Monday.
  return dayFromNumber(n - (((n + 3) % 7) + 7) % 7);
}

/** Every period start from the period of `start` to that of `end`, in order. */
export function periodStarts(start: string, end: string, granularity: AnalyticsGranularity): string[] {
  const out: string[] = [];
  let current = periodStartOf(start, granularity);
  const last = periodStartOf(end, granularity);
  while (current <= last) {
    out.push(current);
    if (granularity === 'day') current = dayFromNumber(dayNumber(current) + 1);
    else if (granularity === 'week') current = dayFromNumber(dayNumber(current) + 7);
    else {
      const y = Number(current.slice(0, 4));
      const m = Number(current.slice(5, 7));
      current = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}

/** The period of equal length right before a period (for the comparison of label/total). */
export function previousPeriod(period: AnalyticsPeriod): AnalyticsPeriod {
  const length = dayNumber(period.end) - dayNumber(period.start) + 1;
  return { start: dayFromNumber(dayNumber(period.start) - length), end: dayFromNumber(dayNumber(period.start) - 1) };
}

/**
 * On time (docs/analytics.md): delivered within the carrier's promise, counted in working
 * days (Monday to Saturday) from the day the carrier first scanned the parcel (else the
 * day the label was made) to the day of delivery, Amsterdam days. The same rule is in the
 * migration's SQL function analytics_promised_days.
 */
export function promisedWorkingDays(country: string): number {
  if (country === 'NL') return 1;
  if (country === 'BE' || country === 'LU' || country === 'DE') return 2;
  return 4;
}

/** A share 0..1 rounded to 4 decimals; null without a denominator. */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

/** Hours rounded to one decimal; null without deliveries. */
export function averageHours(seconds: number, count: number): number | null {
  return count === 0 ? null : Math.round((seconds / count / 3600) * 10) / 10;
}
