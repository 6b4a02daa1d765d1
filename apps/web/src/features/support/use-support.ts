import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketReplyInput } from '@verzendhuis/contract/ticket';
import { useApiClient } from '../../app/api/use-api-client';

export const supportKeys = {
  all: ['support-inbox'] as const,
  inbox: (filter: 'waiting' | 'all', page: number) => ['support-inbox', 'list', filter, page] as const,
  detail: (id: string) => ['support-inbox', 'detail', id] as const,
};

export const supportPageSize = 25;

/** GET support/ticket/: every organisation's tickets; polled so that new questions show up. */
export function useSupportInbox(filter: 'waiting' | 'all', page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: supportKeys.inbox(filter, page),
    queryFn: () => client.support.inbox({ filter, page, page_size: supportPageSize }),
    refetchInterval: 60_000,
  });
}

/** GET support/ticket/{id}: one ticket of any organisation with its conversation. */
export function useSupportTicket(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: supportKeys.detail(id),
    queryFn: async () => (await client.support.get(id)).data,
    refetchInterval: 60_000,
  });
}

/** POST support/ticket/{id}/reply: support's answer. */
export function useSupportReply(id: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketReplyInput) => client.support.reply(id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(supportKeys.detail(id), answer.data);
      await queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}
