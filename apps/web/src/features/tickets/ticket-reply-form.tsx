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
  const form = useSchemaForm({
    schema: ticketReplySchema,
    initialValues: { message: '', attachments: [] as File[] },
    toInput: (v: { message: string; attachments: File[] }) => ({ message: v.message, attachments: v.attachments.map((f) => ({ filename: f.name, base_64: 'AA==' })) }),
  });

  async function send(body: TicketReplyInput) {
    try {
      const attachments = await readAttachments(form.getValues().attachments);
      await reply.mutateAsync({ message: body.message, attachments });
      form.reset();
      showSuccessToast(texts.replySent);
    } catch (error) {
      if (!showServerErrors(form, error)) handleUnexpectedError(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(send)} noValidate data-testid="ticket-reply-form">
      <Stack gap="sm">
        <Textarea label={texts.replyLabel} autosize minRows={3} maxRows={10} {...form.getInputProps('message')} />
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
          <Button type="submit" loading={form.submitting || reply.isPending} data-testid="ticket-reply-send">
            {texts.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
