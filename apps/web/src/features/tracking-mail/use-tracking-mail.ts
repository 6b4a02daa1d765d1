import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackingMailSendTest, TrackingSettingsPatch } from '@verzendhuis/contract/tracking-mail';
import { useApiClient } from '../../app/api/use-api-client';

/** The cache keys of this area: the settings and the stored mails. */
export const trackingMailKeys = {
  settings: ['tracking-mail', 'settings'] as const,
  list: (page: number) => ['tracking-mail', 'list', page] as const,
  all: ['tracking-mail'] as const,
};

/** GET tracking: every mail with its text, the colour and the logo. */
export function useTrackingMailSettings() {
  const client = useApiClient();
  return useQuery({ queryKey: trackingMailKeys.settings, queryFn: async () => (await client.trackingMail.settings()).data });
}

/** PATCH tracking: the answer replaces the cached settings. */
export function useUpdateTrackingMailSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingSettingsPatch) => client.trackingMail.update(body),
    onSuccess: (answer) => queryClient.setQueryData(trackingMailKeys.settings, answer.data),
  });
}

/** POST trackingmail/sendtest; the outbox shows the test mail afterwards. */
export function useSendTestMail() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingMailSendTest) => client.trackingMail.sendTest(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackingMailKeys.all }),
  });
}

/** GET trackingmail/: one page of the stored mails. */
export function useTrackingMails(page: number) {
  const client = useApiClient();
  return useQuery({ queryKey: trackingMailKeys.list(page), queryFn: () => client.trackingMail.list({ page, page_size: 25 }) });
}
