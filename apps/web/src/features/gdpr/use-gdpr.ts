import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GdprOverview, GdprSettingsBody } from '@verzendhuis/contract/gdpr';
import { useApiClient } from '../../app/api/use-api-client';

export const gdprKey = ['gdpr'] as const;
/** How often the overview is read while an export is being made. */
export const gdprPollMs = 2000;

const busy = (overview: GdprOverview | undefined) => overview?.exports.some((e) => e.status === 'queued' || e.status === 'running') ?? false;

/** GET gdpr/: read again every few seconds while an export is being made (its progress). */
export function useGdprOverview() {
  const client = useApiClient();
  return useQuery({
    queryKey: gdprKey,
    queryFn: async () => (await client.gdpr.overview()).data,
    refetchInterval: (query) => (busy(query.state.data) ? gdprPollMs : false),
  });
}

export function useGdprMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: gdprKey });
  return {
    startExport: useMutation({ mutationFn: () => client.gdpr.startExport(), onSettled: refresh }),
    saveSettings: useMutation({
      mutationFn: (body: GdprSettingsBody) => client.gdpr.saveSettings(body),
      onSuccess: (answer) => queryClient.setQueryData(gdprKey, answer.data),
    }),
    anonymise: useMutation({ mutationFn: () => client.gdpr.anonymise(), onSettled: refresh }),
    download: useMutation({ mutationFn: (id: string) => client.gdpr.download(id) }),
  };
}
