import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ApiError } from '@verzendhuis/contract/client';
import { ticketTexts as texts } from '@verzendhuis/domain/tickets';
import { paths } from '../../app/paths';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { TicketConversation } from '../../features/tickets/ticket-conversation';
import { TicketReplyForm } from '../../features/tickets/ticket-reply-form';
import { TicketStatusBadge } from '../../features/tickets/ticket-status-badge';
import { useSetTicketStatus, useTicket } from '../../features/tickets/use-tickets';
import { FullPageMessage } from '../../ui/full-page-message';
import { LoadingScreen } from '../../ui/loading-screen';
import { showSuccessToast } from '../../ui/toasts';

/** /settings/tickets/:ticketId: one investigation, its conversation with the files, reply and close (account spec §2). */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const ticket = useTicket(ticketId);
  const setStatus = useSetTicketStatus(ticketId);

  if (ticket.isPending) return <LoadingScreen inline />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 400);
    return (
      <FullPageMessage
        inline
        title={texts.listTitle}
        message={missing ? texts.notFound : texts.loadFailed}
        actions={
          <Button component={Link} to={paths.tickets} variant="default">
            {texts.backToList}
          </Button>
        }
      />
    );
  }

  const data = ticket.data;
  const change = (status: 'open' | 'closed') =>
    setStatus.mutate(status, {
      onSuccess: () => {
        if (status === 'closed') showSuccessToast(texts.closedToast);
      },
      onError: (error) => handleUnexpectedError(error),
    });

  return (
    <Stack gap="md" maw={880}>
      <Group gap="sm">
        <Button component={Link} to={paths.tickets} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          {texts.backToList}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {texts.ticketTitle(data.subject)}
            </Title>
            <TicketStatusBadge ticket={data} />
          </Group>
          {data.label.id ? (
            <Anchor component={Link} to={paths.label(data.label.id)} size="sm">
              {texts.toLabel}
              {data.label.order_number ? ` (${data.label.order_number})` : ''}
            </Anchor>
          ) : null}
        </Stack>
        {data.status === 'open' ? (
          <Button variant="default" color="red" onClick={() => change('closed')} loading={setStatus.isPending} data-testid="ticket-close">
            {texts.close}
          </Button>
        ) : (
          <Button variant="default" onClick={() => change('open')} loading={setStatus.isPending} data-testid="ticket-reopen">
            {texts.reopen}
          </Button>
        )}
      </Group>
      <Card withBorder padding="sm">
        <Stack gap={2}>
          <Text size="sm">
            <Text span c="gray.7">{texts.fields.email}: </Text>
            {data.email ?? '–'}
          </Text>
          <Text size="sm">
            <Text span c="gray.7">{texts.fields.phone}: </Text>
            {data.phone ?? '–'}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="gray.7">{texts.fields.internal_properties}: </Text>
            {data.internal_properties ?? '–'}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="gray.7">{texts.fields.external_properties}: </Text>
            {data.external_properties ?? '–'}
          </Text>
          {data.cost_price ? (
            <Text size="sm">
              <Text span c="gray.7">{texts.fields.cost_price}: </Text>
              {data.cost_price.replace('.', ',')}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Title order={2} size="h3">
        {texts.conversation}
      </Title>
      <TicketConversation ticket={data} />
      {data.status === 'open' ? (
        <>
          <Title order={2} size="h3">
            {texts.reply}
          </Title>
          <TicketReplyForm ticketId={data.id} />
        </>
      ) : (
        <Alert color="gray" data-testid="ticket-closed">
          {texts.closed}
        </Alert>
      )}
    </Stack>
  );
}
