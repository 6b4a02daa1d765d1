import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Stack, Table } from '@mantine/core';
import type { Ticket } from '@verzendhuis/contract/ticket';
import { ticketTexts as texts } from '@verzendhuis/domain/tickets';
import { paths } from '../../app/paths';
import { investigationPaths } from '../../features/labels/label-action-rules';
import { formatDateTime } from '../../features/labels/format';
import { TicketStatusBadge } from '../../features/tickets/ticket-status-badge';
import { ticketPageSize, useTicketList } from '../../features/tickets/use-tickets';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { PagedList } from '../../ui/paged-list';
import { SimpleTable } from '../../ui/simple-table';
import { screenTitles } from '@verzendhuis/domain/frame-texts';

function labelName(ticket: Ticket): string {
  return ticket.label.order_number ?? ticket.label.tracking_number ?? '–';
}

function lastReply(ticket: Ticket): string {
  const last = ticket.last_message;
  if (!last) return texts.noReplyYet;
  return `${formatDateTime(last.created_at)} · ${texts.author[last.author]}`;
}

/** /settings/tickets: the investigations, newest first, with status, label and last reply (account spec §2). */
export function TicketsPage() {
  const [page, setPage] = useState(1);
  const list = useTicketList(page);

  return (
    <Stack gap="md">
      <SettingsPageHeader title={texts.listTitle} intro={texts.listIntro} actions={null} />
      <PagedList query={list} page={page} pageSize={ticketPageSize} onPageChange={setPage} label={texts.listTitle} empty={texts.listEmpty} emptyTestId="tickets-empty" texts={texts}>
        {(rows) => (
          <SimpleTable
            label={screenTitles.tickets}
            testId="tickets-table"
            minWidth={640}
            columns={[{ label: texts.columns.subject }, { label: texts.columns.status }, { label: texts.columns.label }, { label: texts.columns.lastReply }, { label: texts.columns.created }]}
          >
            {rows.map((ticket) => (
              <Table.Tr key={ticket.id} data-testid="ticket-row">
                <Table.Td>
                  <Anchor component={Link} to={investigationPaths.ticket(ticket.id)}>
                    {ticket.subject}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <TicketStatusBadge ticket={ticket} />
                </Table.Td>
                <Table.Td>
                  {ticket.label.id ? (
                    <Anchor component={Link} to={paths.label(ticket.label.id)}>
                      {labelName(ticket)}
                    </Anchor>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                <Table.Td data-testid="ticket-last-reply">{lastReply(ticket)}</Table.Td>
                <Table.Td>{formatDateTime(ticket.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </PagedList>
    </Stack>
  );
}
