import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, SegmentedControl, Stack, Table } from '@mantine/core';
import type { SupportTicket } from '@verzendhuis/contract/ticket';
import { supportInboxTexts as texts, ticketTexts } from '@verzendhuis/domain/tickets';
import { paths } from '../../app/paths';
import { formatDateTime } from '../../features/labels/format';
import { supportPageSize, useSupportInbox } from '../../features/support/use-support';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { PagedList } from '../../ui/paged-list';
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
      <PagedList query={inbox} page={page} pageSize={supportPageSize} onPageChange={setPage} label={texts.title} empty={texts.empty[filter]} emptyTestId="support-empty" texts={ticketTexts}>
        {(rows) => (
          <SimpleTable
            label={texts.title}
            testId="support-table"
            minWidth={720}
            columns={[{ label: texts.columns.organisation }, { label: texts.columns.subject }, { label: texts.columns.status }, { label: texts.columns.lastMessage }, { label: texts.columns.updated }]}
          >
            {rows.map((ticket) => (
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
        )}
      </PagedList>
    </Stack>
  );
}
