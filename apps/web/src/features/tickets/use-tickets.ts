import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketCreateInput, TicketReplyInput } from '@verzendhuis/contract/ticket';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** Under the key of the top bar's envelope query (['tickets', …]): a change reloads the envelope too. */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: (page: number) => ['tickets', 'list', page] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
};

export const ticketPageSize = 25;

/** GET ticket/: the organisation's investigations, newest first. */
export function useTicketList(page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ticketKeys.list(page),
    queryFn: () => client.tickets.list({ page, page_size: ticketPageSize, sort: '-created_at' }),
  });
}

/** GET ticket/{id}: the ticket and its conversation; polled every minute so support's reply shows up. */
export function useTicket(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: ticketKeys.detail(id ?? ''),
    queryFn: async () => (await client.tickets.get(id ?? '')).data,
    enabled: !!id,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

function useTicketChange<Input>(send: (input: Input) => Promise<{ data: { id: string; label: { id: string | null } } }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(ticketKeys.detail(answer.data.id), answer.data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.unansweredTicket }),
        answer.data.label.id ? queryClient.invalidateQueries({ queryKey: queryKeys.label(answer.data.label.id) }) : undefined,
      ]);
    },
  });
}

/** POST ticket/create. */
export function useCreateTicket() {
  const client = useApiClient();
  return useTicketChange((body: TicketCreateInput) => client.tickets.create(body));
}

/** POST ticket/{id}/reply. */
export function useReplyTicket(id: string) {
  const client = useApiClient();
  return useTicketChange((body: TicketReplyInput) => client.tickets.reply(id, body));
}

/** PATCH ticket/{id}: close or reopen. */
export function useSetTicketStatus(id: string) {
  const client = useApiClient();
  return useTicketChange((status: 'open' | 'closed') => client.tickets.setStatus(id, status));
}
