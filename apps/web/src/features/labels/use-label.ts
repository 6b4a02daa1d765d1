import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys';
import { useApiClient } from '../../app/api/use-api-client';

/** GET /api/label/{id}. */
export function useLabel(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.label(id ?? ''),
    queryFn: async () => (await client.labels.get(id ?? '')).data,
    enabled: !!id,
    staleTime: 0,
  });
}
