import { Link } from 'react-router';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { topBarTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { useUnansweredTicket } from './use-unanswered-ticket';

/** Orders spec §9: the tooltip opens after 500 ms. */
export const ticketTooltipDelayMs = 500;

export function TicketReplyIndicator() {
  const unanswered = useUnansweredTicket();
  if (!unanswered) return null;
  return (
    <Tooltip label={topBarTexts.newTicketReply} openDelay={ticketTooltipDelayMs} withArrow>
      <ActionIcon
        component={Link}
        to={paths.tickets}
        variant="light"
        color="orange"
        size="lg"
        aria-label={topBarTexts.newTicketReply}
        data-testid="ticket-reply-indicator"
      >
        <IconMail size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
