import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Center, Group, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { Contact } from '@verzendhuis/contract/contact';
import { countryName } from '@verzendhuis/domain/countries';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { addressBookTexts as texts } from '@verzendhuis/domain/orders-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { queryKeys } from '../../app/query-keys';

/** Account spec §9: the contact search is debounced 500 ms. */
export const contactSearchDebounceMs = 500;
const contactsShown = 50;

/** Account spec §2 Address book: search the contacts and confirm one into the recipient fields. */
export function AddressBookModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (contact: Contact) => void;
}) {
  const client = useApiClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), contactSearchDebounceMs);
  const [chosen, setChosen] = useState<string | null>(null);
  const contacts = useQuery({
    queryKey: queryKeys.contacts(debounced),
    queryFn: async () => (await client.contacts.list({ search: debounced || undefined, page_size: contactsShown })).data,
    enabled: opened,
  });
  const list = contacts.data ?? [];
  const picked = list.find((c) => c.id === chosen) ?? null;

  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} size="lg" closeButtonProps={{ 'aria-label': dialogTexts.close }}>
      <Stack gap="sm">
        <TextInput
          label={texts.searchLabel}
          placeholder={texts.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
          data-testid="address-book-search"
        />
        {contacts.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : contacts.isError ? (
          <Alert color="red">{texts.loadFailed}</Alert>
        ) : list.length === 0 ? (
          <Text c="dimmed" py="md" ta="center" data-testid="address-book-empty">
            {debounced ? texts.noResults : texts.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Radio.Group value={chosen} onChange={setChosen} aria-label={texts.listLabel}>
              <Stack gap="xs">
                {list.map((contact) => (
                  <Radio.Card key={contact.id} value={contact.id} p="sm" radius="md" data-testid="address-book-contact">
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600} size="sm">
                          {contact.name}
                          {contact.company_name ? ` · ${contact.company_name}` : ''}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[`${contact.address_1} ${contact.housenumber ?? ''}`.trim(), `${contact.zipcode} ${contact.city ?? ''}`.trim(), countryName(contact.country)]
                            .filter(Boolean)
                            .join(', ')}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button disabled={!picked} onClick={() => picked && onPick(picked)} data-testid="address-book-pick">
            {texts.pick}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
