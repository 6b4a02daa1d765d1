import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys';
import { useLabelApi } from './label-api';

/** GET /api/label/{id}. */
export function useLabel(id: string | undefined) {
  const api = useLabelApi();
  return useQuery({
    queryKey: queryKeys.label(id ?? ''),
    queryFn: () => api.get(id ?? ''),
    enabled: !!id,
    staleTime: 0,
  });
}
