import { useQuery } from '@tanstack/react-query';
import type { Courier } from '@verzendhuis/contract/courier';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** GET /api/courier/: the organisation's couriers, active and removed. */
export function useCouriers() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.couriers,
    queryFn: async (): Promise<Courier[]> => (await client.couriers.list()).data,
    staleTime: 60_000,
  });
}
