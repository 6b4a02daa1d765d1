import { useQuery } from '@tanstack/react-query';
import type { Shop } from '@verzendhuis/contract/shop';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** GET /api/shop/: the organisation's linked webshops. */
export function useShops() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.shops,
    queryFn: async (): Promise<Shop[]> => (await client.shops.list()).data,
    staleTime: 60_000,
  });
}
