import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiUser, ApiUserPatchBody } from '@verzendhuis/contract/api-user';
import { useApiClient } from '../../app/api/use-api-client';

const apiUserKeys = { list: ['api-users'] as const };

/** GET api-user: the organisation's API users. */
export function useApiUsers() {
  const client = useApiClient();
  return useQuery({ queryKey: apiUserKeys.list, queryFn: async (): Promise<ApiUser[]> => (await client.apiUsers.list()).data });
}

/** Create (answers the secret once), rename, deactivate or activate; the list is read again after each. */
export function useApiUserMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiUserKeys.list });
  return {
    create: useMutation({ mutationFn: async (body: { name: string }) => (await client.apiUsers.create(body)).data.user, onSettled: refresh }),
    update: useMutation({ mutationFn: ({ id, ...body }: ApiUserPatchBody & { id: string }) => client.apiUsers.update(id, body), onSettled: refresh }),
  };
}
