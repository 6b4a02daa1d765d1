import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnSettingsPatch } from '@verzendhuis/contract/returns';
import { useApiClient } from '../../app/api/use-api-client';

export const returnSettingsKey = ['return-settings'] as const;

/** GET return-settings. */
export function useReturnSettings() {
  const client = useApiClient();
  return useQuery({ queryKey: returnSettingsKey, queryFn: async () => (await client.returns.settings()).data });
}

/** PATCH return-settings; the cache gets the settings as the server stored them. */
export function useUpdateReturnSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ReturnSettingsPatch) => client.returns.updateSettings(patch),
    onSuccess: (response) => queryClient.setQueryData(returnSettingsKey, response.data),
  });
}
