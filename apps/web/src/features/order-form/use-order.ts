import { useQuery } from '@tanstack/react-query';
import type { Order } from '@verzendhuis/contract/order';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** GET /api/order/{id}. */
export function useOrder(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.order(id ?? ''),
    queryFn: async (): Promise<Order> => (await client.orders.get(id ?? '')).data,
    enabled: !!id,
    staleTime: 0,
  });
}
