import { useLocation, useNavigate } from 'react-router';
import { SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LabelStatus } from '@verzendhuis/contract/label';
import { delayedViewTexts as texts } from '@verzendhuis/domain/tracking-history';
import { useApiClient } from '../../app/api/use-api-client';
import { paths } from '../../app/paths';
import { backgroundRefreshIntervalMs } from '../../ui/data-table/use-refreshing-list';
import { tabSearch } from '../dashboard/dashboard-tabs';

/** GET label/count of one filter, refreshed with the lists. */
function useLabelCount(status: readonly LabelStatus[]) {
  const client = useApiClient();
  const value = status.join(',');
  return useQuery({
    queryKey: ['labels', 'count', value, 'false'],
    queryFn: async () => (await client.labels.count({ status: value, is_returned: false })).data.count,
    refetchInterval: backgroundRefreshIntervalMs,
  });
}

/**
 * Inside Verzonden: all labels on their way, or only the delayed ones (the delayed view,
 * /dashboard/delayed), each with its count; choosing one goes to its route.
 */
export function TrackingFilter({ value, allStatuses }: { value: 'tracking' | 'delayed'; allStatuses: readonly LabelStatus[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const all = useLabelCount(allStatuses);
  const delayed = useLabelCount(['delayed']);
  const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  return (
    <SegmentedControl
      aria-label={texts.filterLabel}
      value={value}
      onChange={(next) => void navigate(paths.dashboardTab(next) + tabSearch(new URLSearchParams(location.search)))}
      data={[
        { value: 'tracking', label: withCount(texts.all, all.data) },
        { value: 'delayed', label: withCount(texts.delayed, delayed.data) },
      ]}
      size="sm"
      data-testid="tracking-filter"
    />
  );
}
