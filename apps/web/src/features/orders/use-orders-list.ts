import type { z } from 'zod';
import type { OrderTab, orderListResponseSchema } from '@verzendhuis/contract/order';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import type { ListParams } from '../../ui/data-table/list-params';
import { useRefreshingList } from '../../ui/data-table/use-refreshing-list';

export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** The scope of markOwnChange() for everything that lists orders. */
export const ordersScope = 'orders';

/** Orders spec §2.4: the orders table sorts by order date, newest first, by default. */
export const defaultOrderSort = '-order_date';

/** GET /api/order/ for one tab, refreshed in the background. */
export function useOrdersList(tab: OrderTab, params: ListParams) {
  const client = useApiClient();
  const query = { tab, page: params.page, page_size: params.pageSize, sort: params.sort, search: params.search };
  return useRefreshingList<OrderListResponse>({
    queryKey: queryKeys.orderList(query),
    queryFn: () => client.orders.list({ ...query, search: query.search || undefined }),
    scope: ordersScope,
  });
}
