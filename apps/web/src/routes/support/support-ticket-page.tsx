import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ApiError } from '@verzendhuis/contract/client';
import { supportInboxTexts as texts, ticketTexts } from '@verzendhuis/domain/tickets';
import { useApiClient } from '../../app/api/use-api-client';
import { paths } from '../../app/paths';
import { useSupportReply, useSupportTicket } from '../../features/support/use-support';
import { TicketConversation } from '../../features/tickets/ticket-conversation';
import { ReplyForm } from '../../features/tickets/ticket-reply-form';
import { FullPageMessage } from '../../ui/full-page-message';
import { LoadingScreen } from '../../ui/loading-screen';
import { SupportStatusBadge } from './support-inbox-page';

/** /support/:ticketId: one organisation's ticket as support sees it, with the answer form (docs/tickets.md). */
export function SupportTicketPage() {
  const { ticketId = '' } = useParams();
  const client = useApiClient();
  const ticket = useSupportTicket(ticketId);
  const reply = useSupportReply(ticketId);

  const back = (
    <Button component={Link} to={paths.supportInbox} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      {texts.backToInbox}
    </Button>
  );
  if (ticket.isPending) return <LoadingScreen inline />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 400);
    return <FullPageMessage inline title={texts.title} message={missing ? ticketTexts.notFound : ticketTexts.loadFailed} actions={back} />;
  }
  const data = ticket.data;
  const facts: [string, string | null][] = [
    [ticketTexts.fields.email, data.email],
    [ticketTexts.fields.phone, data.phone],
    [ticketTexts.fields.internal_properties, data.internal_properties],
    [ticketTexts.fields.external_properties, data.external_properties],
    [ticketTexts.fields.cost_price, data.cost_price ? data.cost_price.replace('.', ',') : null],
    [ticketTexts.columns.label, data.label.order_number ?? data.label.tracking_number ?? null],
  ];

  return (
    <Stack gap="md" maw={880}>
      <Group gap="sm">{back}</Group>
      <Group gap="sm">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {texts.ticketTitle(data.organisation.name, data.subject)}
        </Title>
        <SupportStatusBadge ticket={data} />
      </Group>
      <Card withBorder padding="sm">
        <Stack gap={2}>
          {facts.map(([label, value]) => (
            <Text size="sm" key={label} style={{ overflowWrap: 'anywhere' }}>
              <Text span c="gray.7">{label}: </Text>
              {value ?? '–'}
            </Text>
          ))}
        </Stack>
      </Card>
      <Title order={2} size="h3">
        {ticketTexts.conversation}
      </Title>
      <TicketConversation ticket={data} authors={texts.author} fetchFile={(attachmentId) => client.support.attachment(data.id, attachmentId)} />
      {data.status === 'closed' ? (
        <Alert color="gray" data-testid="support-ticket-closed">
          {texts.closedNote}
        </Alert>
      ) : null}
      <Title order={2} size="h3">
        {ticketTexts.reply}
      </Title>
      <ReplyForm send={reply.mutateAsync} pending={reply.isPending} texts={{ label: texts.replyLabel, send: texts.send, sent: texts.sent }} hint={texts.replyHint} />
    </Stack>
  );
}
