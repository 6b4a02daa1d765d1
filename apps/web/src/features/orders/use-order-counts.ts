import { useQuery } from '@tanstack/react-query';
import { orderSearchCounterBound } from '@verzendhuis/contract/order';
import { dashboardTexts } from '@verzendhuis/domain/orders-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { backgroundRefreshIntervalMs } from '../../ui/data-table/use-refreshing-list';

export interface OrderCountLabels {
  orders: string;
  problematic: string;
  other: string;
}

/** The counters as shown: with a search each stops at its bound, shown as "100+". */
export function orderCountLabels(counts: { orders: number; problematic: number; other: number }, searching: boolean): OrderCountLabels {
  const label = (count: number) => dashboardTexts.tabCount(count, searching && count >= orderSearchCounterBound);
  return { orders: label(counts.orders), problematic: label(counts.problematic), other: label(counts.other) };
}

/** GET /api/order/count: the counters of the order tabs, refreshed with the lists. */
export function useOrderCounts(search: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.orderCounts(search),
    queryFn: async () => orderCountLabels((await client.orders.count(search ? { search } : {})).data, Boolean(search)),
    refetchInterval: backgroundRefreshIntervalMs,
    refetchOnMount: 'always',
  });
}
