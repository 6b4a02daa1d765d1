import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { backgroundRefreshIntervalMs } from '../../ui/data-table/use-refreshing-list';

/** GET /api/order/count: the counters of the order tabs, refreshed with the lists. */
export function useOrderCounts(search: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.orderCounts(search),
    queryFn: async () => (await client.orders.count(search ? { search } : {})).data,
    refetchInterval: backgroundRefreshIntervalMs,
    refetchOnMount: 'always',
  });
}
