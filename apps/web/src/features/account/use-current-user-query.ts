import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { User } from '@verzendhuis/contract/user';
import { useApiClient } from '../../app/api/use-api-client';
import { useAuth } from '../../app/auth/use-auth';
import { queryKeys } from '../../app/query-keys';

/** GET /api/user: the logged-in user with the organisation. */
export function useCurrentUserQuery(): UseQueryResult<User> {
  const client = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: queryKeys.user,
    queryFn: async () => (await client.user.get()).data,
    enabled: status === 'authenticated',
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}
