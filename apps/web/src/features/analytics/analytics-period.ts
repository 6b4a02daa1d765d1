import { dayFromNumber, dayNumber, type AnalyticsGranularity } from '@verzendhuis/domain/analytics';

export const periodPresets = ['today', 'last7', 'last30', 'thisMonth', 'lastMonth', 'thisYear'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

export interface AnalyticsFilter {
  start: string;
  end: string;
  granularity: AnalyticsGranularity;
}

/** Today in Amsterdam as YYYY-MM-DD (the days of the analytics calls are Amsterdam days). */
export function amsterdamToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The period of a preset, counted back from today; the granularity that suits its length. */
export function presetFilter(preset: PeriodPreset, today: string): AnalyticsFilter {
  const t = dayNumber(today);
  const month = today.slice(0, 7);
  switch (preset) {
    case 'today':
      return { start: today, end: today, granularity: 'day' };
    case 'last7':
      return { start: dayFromNumber(t - 6), end: today, granularity: 'day' };
    case 'last30':
      return { start: dayFromNumber(t - 29), end: today, granularity: 'day' };
    case 'thisMonth':
      return { start: `${month}-01`, end: today, granularity: 'day' };
    case 'lastMonth': {
      const lastDay = dayFromNumber(dayNumber(`${month}-01`) - 1);
      return { start: `${lastDay.slice(0, 7)}-01`, end: lastDay, granularity: 'day' };
    }
    case 'thisYear':
      return { start: `${today.slice(0, 4)}-01-01`, end: today, granularity: 'month' };
  }
}

/** "2026-03-02" → "2 mrt 2026"; a month period → "mrt 2026". */
export function periodLabel(period: string, granularity: AnalyticsGranularity): string {
  const date = new Date(`${period}T12:00:00Z`);
  if (granularity === 'month') return date.toLocaleDateString('nl-NL', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return date.toLocaleDateString('nl-NL', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export function formatNumber(n: number): string {
  return n.toLocaleString('nl-NL');
}
