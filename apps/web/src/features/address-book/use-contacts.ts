import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactInput, ContactPatch } from '@verzendhuis/contract/contact';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** One page of the address book, by name, for a search. */
export function useContactPage(search: string, page: number, pageSize: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.contactPage(search, page, pageSize),
    queryFn: () => client.contacts.list({ search: search || undefined, page, page_size: pageSize }),
    placeholderData: (previous) => previous,
  });
}

/** The contact of /settings/address-book/{contactId}. */
export function useContact(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.contact(id ?? ''),
    queryFn: async () => (await client.contacts.get(id as string)).data,
    enabled: Boolean(id),
    retry: false,
  });
}

/** Create, change and delete; each refreshes every contact list (the page's and the order form's). */
export function useContactMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['contacts'] });
  return {
    create: useMutation({ mutationFn: (body: ContactInput) => client.contacts.create(body), onSuccess }),
    update: useMutation({ mutationFn: (body: ContactPatch) => client.contacts.update(body), onSuccess }),
    remove: useMutation({ mutationFn: (ids: string[]) => client.contacts.remove(ids), onSuccess }),
  };
}
