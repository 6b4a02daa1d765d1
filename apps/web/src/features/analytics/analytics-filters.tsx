import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/nl';
import '@mantine/dates/styles.css';
import { analyticsGranularities, analyticsTexts, type AnalyticsGranularity } from '@verzendhuis/domain/analytics';
import { periodPresets, presetFilter, amsterdamToday, type AnalyticsFilter, type PeriodPreset } from './analytics-period';

const datesSettings = { locale: 'nl', firstDayOfWeek: 1 as const, weekendDays: [0, 6] as (0 | 6)[] };

/** The period (a range picker and Dutch presets) and the granularity of the trend charts. */
export function AnalyticsFilters({ filter, onChange }: { filter: AnalyticsFilter; onChange: (filter: AnalyticsFilter) => void }) {
  const preset = periodPresets.find((p) => {
    const f = presetFilter(p, amsterdamToday());
    return f.start === filter.start && f.end === filter.end;
  });
  return (
    <DatesProvider settings={datesSettings}>
      <Group gap="sm" align="flex-end" wrap="wrap" data-testid="analytics-filters">
        <Select
          label={analyticsTexts.periodPreset}
          data={periodPresets.map((p) => ({ value: p, label: analyticsTexts.presets[p] }))}
          value={preset ?? null}
          placeholder={analyticsTexts.period}
          onChange={(value) => value && onChange(presetFilter(value as PeriodPreset, amsterdamToday()))}
          allowDeselect={false}
          w={220}
          data-testid="analytics-preset"
        />
        <DatePickerInput
          type="range"
          label={analyticsTexts.period}
          value={[filter.start, filter.end]}
          valueFormat="D MMM YYYY"
          onChange={([start, end]) => {
            if (start && end) onChange({ ...filter, start: String(start).slice(0, 10), end: String(end).slice(0, 10) });
          }}
          w={280}
          maw="100%"
          data-testid="analytics-range"
        />
        <Select
          label={analyticsTexts.granularity}
          data={analyticsGranularities.map((g) => ({ value: g, label: analyticsTexts.granularities[g] }))}
          value={filter.granularity}
          onChange={(value) => value && onChange({ ...filter, granularity: value as AnalyticsGranularity })}
          allowDeselect={false}
          w={160}
          data-testid="analytics-granularity"
        />
      </Group>
    </DatesProvider>
  );
}
