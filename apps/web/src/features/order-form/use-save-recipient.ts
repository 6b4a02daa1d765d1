import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@verzendhuis/contract/client';
import type { Contact, ContactInput } from '@verzendhuis/contract/contact';
import { useApiClient } from '../../app/api/use-api-client';

const compact = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, '').toLowerCase();

/**
 * Whether a contact is the same person at the same address as the recipient: the name (any
 * case and spacing), the country, the postcode (without spaces) and the house number.
 */
export function sameContact(contact: Pick<Contact, 'name' | 'country' | 'zipcode' | 'housenumber'>, recipient: ContactInput): boolean {
  return (
    compact(contact.name) === compact(recipient.name) &&
    compact(contact.country) === compact(recipient.country) &&
    compact(contact.zipcode) === compact(recipient.zipcode) &&
    compact(contact.housenumber) === compact(recipient.housenumber)
  );
}

/**
 * "Opslaan in adresboek" (docs/address-book.md): the contact the recipient was picked from
 * (or saved as before) while the name is still that contact's, or else a contact that is
 * the same person at the same address, is updated ("Contact aangepast"); only a new one is
 * created ("Contact aangemaakt"), and is then the one a second click updates. Never a
 * second copy of the same contact.
 */
export function useSaveRecipient() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [linked, setLinked] = useState<{ id: string; name: string } | null>(null);
  const save = useMutation({
    mutationFn: async (recipient: ContactInput): Promise<'created' | 'updated'> => {
      let id = linked && compact(linked.name) === compact(recipient.name) ? linked.id : null;
      if (!id && recipient.name) {
        const found = await client.contacts.list({ search: recipient.name.trim(), page_size: 100 });
        id = found.data.find((contact) => sameContact(contact, recipient))?.id ?? null;
      }
      if (id) {
        try {
          await client.contacts.update({ ...recipient, id });
          setLinked({ id, name: recipient.name ?? '' });
          return 'updated';
        } catch (error) {
          // Deleted from the address book meanwhile: saved as a new contact below.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
      }
      const created = await client.contacts.create(recipient);
      setLinked({ id: created.data.id, name: created.data.name });
      return 'created';
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contacts'] }),
  });
  return { save, linkTo: (contact: Pick<Contact, 'id' | 'name'>) => setLinked({ id: contact.id, name: contact.name }) };
}
