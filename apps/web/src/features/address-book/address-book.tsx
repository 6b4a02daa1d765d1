import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { Contact } from '@verzendhuis/contract/contact';
import { countryName } from '@verzendhuis/domain/countries';
import { contactTexts as texts } from '@verzendhuis/domain/contacts-texts';
import { paths } from '../../app/paths';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table-column';
import { DataTablePagination } from '../../ui/data-table/data-table-pagination';
import { defaultPageSize } from '../../ui/data-table/list-params';
import { SelectionBar } from '../../ui/data-table/selection-bar';
import { useRowSelection } from '../../ui/data-table/use-row-selection';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { contactSearchDebounceMs } from '../order-form/address-book-modal';
import { ContactFormModal } from './contact-form-modal';
import { useContact, useContactMutations, useContactPage } from './use-contacts';

const addressOf = (c: Contact) =>
  [`${c.address_1} ${c.housenumber ?? ''}`.trim(), `${c.zipcode} ${c.city ?? ''}`.trim()].filter(Boolean).join(', ');

/**
 * /settings/address-book/{contactId?} (account spec §2 Address book): the contacts by
 * name, searched (500 ms after typing stops), selected and deleted after a confirmation;
 * "Contact aanmaken" opens the form; a contact's edit link opens it at its own address.
 */
export function AddressBook({ contactId }: { contactId: string | undefined }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), contactSearchDebounceMs);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [creating, setCreating] = useState(false);
  // The dialog is unmounted when it closes, so the focus is given back to its opener here.
  const createButton = useRef<HTMLButtonElement>(null);
  const list = useContactPage(debounced, page, pageSize);
  const editing = useContact(contactId);
  const { remove } = useContactMutations();
  const rows = list.data?.data ?? [];
  const selection = useRowSelection(
    rows.map((c) => c.id),
    `${debounced}|${page}|${pageSize}`,
  );

  const closeEdit = () => void navigate(paths.addressBook);

  const deleteSelected = async () => {
    const ids = selection.selectedIds;
    const confirmed = await openConfirmDialog({ title: texts.deleteTitle, message: texts.deleteMessage(ids.length), type: 'danger', confirmLabel: texts.deleteConfirm, cancelLabel: texts.cancel });
    if (!confirmed) return;
    remove.mutate(ids, {
      onSuccess: ({ deleted }) => {
        selection.clear();
        showSuccessToast(texts.deleted(deleted));
      },
      onError: () => showErrorToast(texts.deleteFailed),
    });
  };

  const columns: DataTableColumn<Contact>[] = [
    { id: 'name', header: texts.columns.name, render: (c) => <Text size="sm" fw={600}>{c.name}</Text> },
    { id: 'company', header: texts.columns.company, render: (c) => c.company_name ?? '' },
    { id: 'address', header: texts.columns.address, render: addressOf },
    { id: 'country', header: texts.columns.country, render: (c) => countryName(c.country) },
    { id: 'email', header: texts.columns.email, render: (c) => c.email ?? '' },
    { id: 'phone', header: texts.columns.phone, render: (c) => c.phone ?? '' },
    {
      id: 'actions',
      header: texts.columns.actions,
      width: 80,
      render: (c) => (
        <ActionIcon variant="subtle" aria-label={texts.editRow(c.name)} onClick={() => void navigate(`${paths.addressBook}/${encodeURIComponent(c.id)}`)} data-testid="contact-edit">
          <IconPencil size={16} />
        </ActionIcon>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <SettingsPageHeader
        title={texts.title}
        intro={texts.intro}
        actions={
          <Button leftSection={<IconPlus size={16} />} ref={createButton} onClick={() => setCreating(true)} data-testid="contact-create">
            {texts.create}
          </Button>
        }
      />
      <TextInput
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
        data-testid="contact-search"
      />
      <SelectionBar count={selection.selectedIds.length} onClear={selection.clear}>
        <Button color="red" size="compact-sm" leftSection={<IconTrash size={14} />} onClick={() => void deleteSelected()} loading={remove.isPending} data-testid="contacts-delete">
          {texts.deleteSelected}
        </Button>
      </SelectionBar>
      {list.isError ? (
        <Alert color="red" data-testid="contacts-load-failed">
          {debounced ? texts.searchFailed : texts.loadFailed}
        </Alert>
      ) : list.isPending ? null : (
        <>
          <DataTable
            rows={rows}
            columns={columns}
            getRowId={(c) => c.id}
            getRowLabel={(c) => c.name}
            sort="name"
            onSort={() => undefined}
            selection={selection}
            busy={list.isFetching}
            testId="contacts-table"
            empty={
              <Text c="gray.7" py="md" data-testid="contacts-empty">
                {debounced ? texts.noResults : texts.empty}
              </Text>
            }
          />
          <DataTablePagination
            page={page}
            pageSize={pageSize}
            total={list.data?.meta.total ?? 0}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
      {creating ? (
        <ContactFormModal
          contact={null}
          onClose={() => {
            setCreating(false);
            requestAnimationFrame(() => createButton.current?.focus());
          }}
        />
      ) : null}
      {contactId && editing.data ? <ContactFormModal key={editing.data.id} contact={editing.data} onClose={closeEdit} /> : null}
      {contactId && editing.isError ? (
        <Alert color="red" data-testid="contact-not-found">
          {texts.notFound}
        </Alert>
      ) : null}
    </Stack>
  );
}
