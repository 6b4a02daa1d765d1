import { FileInput, Group, Stack, Textarea, Button } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { ticketReplySchema, type TicketReplyInput } from '@verzendhuis/contract/ticket';
import { ticketTexts as texts } from '@verzendhuis/domain/tickets';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showSuccessToast } from '../../ui/toasts';
import { readAttachments } from '../error-report/read-attachments';
import { useReplyTicket } from './use-tickets';

/** The customer's reply under the conversation: a message and optional files (PDF, PNG, JPEG). */
export function TicketReplyForm({ ticketId }: { ticketId: string }) {
  const reply = useReplyTicket(ticketId);
  return <ReplyForm send={reply.mutateAsync} pending={reply.isPending} />;
}

/** A reply to a conversation (the customer's, or support's in the operator's inbox): a message and optional files. */
export function ReplyForm({
  send: sendReply,
  pending,
  texts: labels = { label: texts.replyLabel, send: texts.send, sent: texts.replySent },
  hint,
}: {
  send: (body: TicketReplyInput) => Promise<unknown>;
  pending: boolean;
  texts?: { label: string; send: string; sent: string };
  hint?: string;
}) {
  const form = useSchemaForm({
    schema: ticketReplySchema,
    initialValues: { message: '', attachments: [] as File[] },
    toInput: (v: { message: string; attachments: File[] }) => ({ message: v.message, attachments: v.attachments.map((f) => ({ filename: f.name, base_64: 'AA==' })) }),
  });

  async function send(body: TicketReplyInput) {
    try {
      const attachments = await readAttachments(form.getValues().attachments);
      await sendReply({ message: body.message, attachments });
      form.reset();
      showSuccessToast(labels.sent);
    } catch (error) {
      if (!showServerErrors(form, error)) handleUnexpectedError(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(send)} noValidate data-testid="ticket-reply-form">
      <Stack gap="sm">
        <Textarea label={labels.label} description={hint} autosize minRows={3} maxRows={10} {...form.getInputProps('message')} />
        <FileInput
          label={texts.attachments}
          multiple
          clearable
          accept="application/pdf,image/png,image/jpeg"
          leftSection={<IconPaperclip size={16} />}
          {...form.getInputProps('attachments')}
        />
        <FormErrorAlerts errors={form.errors} shown={['message', 'attachments']} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting || pending} data-testid="ticket-reply-send">
            {labels.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
