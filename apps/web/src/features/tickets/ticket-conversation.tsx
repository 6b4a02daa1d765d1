import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { TicketDetail, TicketMessage } from '@verzendhuis/contract/ticket';
import { ticketTexts as texts } from '@verzendhuis/domain/tickets';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { formatDateTime } from '../labels/format';
import { saveFile } from '../labels/save-file';

function kilobytes(size: number): string {
  return size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(size / 1024))} kB`;
}

/** One message: who wrote it and when, the text as written (plain text, never HTML), its files as downloads. */
function Message({ message, fetchFile, authors }: { message: TicketMessage; fetchFile: (attachmentId: string) => Promise<Blob>; authors: Record<TicketMessage['author'], string> }) {
  const support = message.author === 'support';
  const download = async (attachmentId: string, filename: string) => {
    try {
      saveFile(await fetchFile(attachmentId), filename);
    } catch (error) {
      handleUnexpectedError(error);
    }
  };
  return (
    <Card withBorder padding="sm" bg={support ? 'blue.0' : undefined} data-testid="ticket-message" data-author={message.author}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fw={600} size="sm">
          {authors[message.author]}
        </Text>
        <Text size="xs" c="gray.7">
          {formatDateTime(message.created_at)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-message-text">
        {message.message}
      </Text>
      {message.attachments.length > 0 ? (
        <Group gap="xs" mt="xs">
          {message.attachments.map((a) => (
            <Button
              key={a.id}
              size="xs"
              variant="default"
              leftSection={<IconPaperclip size={14} />}
              onClick={() => void download(a.id, a.filename)}
              aria-label={texts.download(a.filename)}
              data-testid="ticket-attachment"
              styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 220 } }}
            >
              {a.filename} ({kilobytes(a.size)})
            </Button>
          ))}
        </Group>
      ) : null}
    </Card>
  );
}

/**
 * The conversation of an investigation, oldest first. The customer's page reads files through
 * ticket/{id}/attachment; the operator's inbox passes its own `fetchFile` and author names.
 */
export function TicketConversation({
  ticket,
  fetchFile,
  authors = texts.author,
}: {
  ticket: TicketDetail;
  fetchFile?: (attachmentId: string) => Promise<Blob>;
  authors?: Record<TicketMessage['author'], string>;
}) {
  const client = useApiClient();
  const fetchOwn = (attachmentId: string) => client.tickets.attachment(ticket.id, attachmentId);
  return (
    <Stack gap="sm" data-testid="ticket-conversation">
      {ticket.messages.map((m) => (
        <Message key={m.id} message={m} fetchFile={fetchFile ?? fetchOwn} authors={authors} />
      ))}
    </Stack>
  );
}
