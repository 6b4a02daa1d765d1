import { useQuery } from '@tanstack/react-query';
import { hasUnansweredTicket } from '@verzendhuis/domain/organisation';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';
import { useAppConfig } from '../../app/use-app-config';

const refreshIntervalMs = 5 * 60_000;

/** Whether support replied to an open investigation; tickets load only when the build enables them. */
export function useUnansweredTicket(): boolean {
  const client = useApiClient();
  const config = useAppConfig();
  const { data } = useQuery({
    queryKey: queryKeys.unansweredTicket,
    queryFn: () => client.tickets.list({ status: 'open', is_replied: true, page_size: 1 }),
    enabled: config.tickets_enabled,
    refetchInterval: refreshIntervalMs,
    refetchOnWindowFocus: true,
  });
  return data ? hasUnansweredTicket({ tickets: data.data }) : false;
}
