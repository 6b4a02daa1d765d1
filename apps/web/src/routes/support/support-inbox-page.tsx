import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Loader, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { SupportTicket } from '@verzendhuis/contract/ticket';
import { supportInboxTexts as texts, ticketTexts } from '@verzendhuis/domain/tickets';
import { paths } from '../../app/paths';
import { formatDateTime } from '../../features/labels/format';
import { supportPageSize, useSupportInbox } from '../../features/support/use-support';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { SimpleTable } from '../../ui/simple-table';

/** Where a ticket stands for support: waiting for an answer, answered, or closed by the customer. */
export function SupportStatusBadge({ ticket }: { ticket: Pick<SupportTicket, 'status' | 'is_replied'> }) {
  if (ticket.status === 'closed') return <Badge color="gray" variant="light">{texts.status.closed}</Badge>;
  if (!ticket.is_replied) return <Badge color="orange.9" variant="light">{texts.status.waiting}</Badge>;
  return <Badge color="green.9" variant="light">{texts.status.answered}</Badge>;
}

/** /support: the operator's inbox, every organisation's tickets (docs/tickets.md). */
export function SupportInboxPage() {
  const [filter, setFilter] = useState<'waiting' | 'all'>('waiting');
  const [page, setPage] = useState(1);
  const inbox = useSupportInbox(filter, page);
  const pages = Math.max(1, Math.ceil((inbox.data?.meta.total ?? 0) / supportPageSize));

  return (
    <Stack gap="md">
      <SettingsPageHeader title={texts.title} intro={texts.intro} actions={null} />
      <SegmentedControl
        aria-label={texts.filterLabel}
        value={filter}
        onChange={(value) => {
          setFilter(value === 'all' ? 'all' : 'waiting');
          setPage(1);
        }}
        data={[
          { value: 'waiting', label: texts.filter.waiting },
          { value: 'all', label: texts.filter.all },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="support-filter"
      />
      {inbox.isPending ? (
        <Loader aria-label={texts.title} />
      ) : inbox.isError ? (
        <Group>
          <Text>{ticketTexts.loadFailed}</Text>
          <Button variant="default" onClick={() => void inbox.refetch()}>
            {ticketTexts.retry}
          </Button>
        </Group>
      ) : inbox.data.data.length === 0 ? (
        <Text data-testid="support-empty">{texts.empty[filter]}</Text>
      ) : (
        <>
          <SimpleTable
            testId="support-table"
            minWidth={720}
            columns={[{ label: texts.columns.organisation }, { label: texts.columns.subject }, { label: texts.columns.status }, { label: texts.columns.lastMessage }, { label: texts.columns.updated }]}
          >
            {inbox.data.data.map((ticket) => (
              <Table.Tr key={ticket.id} data-testid="support-row">
                <Table.Td>{ticket.organisation.name}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={paths.supportTicket(ticket.id)}>
                    {ticket.subject}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <SupportStatusBadge ticket={ticket} />
                </Table.Td>
                <Table.Td>{ticket.last_message ? texts.author[ticket.last_message.author] : '–'}</Table.Td>
                <Table.Td>{formatDateTime(ticket.updated_at)}</Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
        </>
      )}
    </Stack>
  );
}
