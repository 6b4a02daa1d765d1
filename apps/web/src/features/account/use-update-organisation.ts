import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationPatch, User } from '@verzendhuis/contract/user';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** PATCH /api/user/organisation; the cached user gets the organisation as the server stored it. */
export function useUpdateOrganisation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: OrganisationPatch) => client.user.patchOrganisation(patch),
    onSuccess: (response) => {
      queryClient.setQueryData<User>(queryKeys.user, (user) =>
        user ? { ...user, organisation: response.data } : user,
      );
    },
  });
}
