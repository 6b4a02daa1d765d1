import { Badge } from '@mantine/core';
import type { Ticket } from '@verzendhuis/contract/ticket';
import { ticketTexts as texts } from '@verzendhuis/domain/tickets';

/** Open, Gesloten, or Nieuwe reactie (open and replied by support: what lights the envelope). */
export function TicketStatusBadge({ ticket }: { ticket: Pick<Ticket, 'status' | 'is_replied'> }) {
  if (ticket.status === 'closed') {
    return (
      <Badge color="gray" variant="light" data-testid="ticket-status">
        {texts.status.closed}
      </Badge>
    );
  }
  return ticket.is_replied ? (
    <Badge color="indigo" variant="filled" data-testid="ticket-status">
      {texts.status.replied}
    </Badge>
  ) : (
    <Badge color="blue" variant="light" data-testid="ticket-status">
      {texts.status.open}
    </Badge>
  );
}
