import { FileInput, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput, Button } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { ticketCreateSchema, type TicketCreate } from '@verzendhuis/contract/ticket';
import type { Label } from '@verzendhuis/contract/label';
import { ticketSubjects, ticketTexts as texts } from '@verzendhuis/domain/tickets';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { showSuccessToast } from '../../ui/toasts';
import { readAttachments } from '../error-report/read-attachments';
import { useCreateTicket } from './use-tickets';

export interface TicketFormValues {
  email: string;
  phone: string;
  subject: string | null;
  message: string;
  internal_properties: string;
  external_properties: string;
  cost_price: string | number;
  attachments: File[];
}

/**
 * The details stage of /dashboard/labels/{id}/create-ticket (account spec §3, §5): the
 * consignee's e-mail and phone (from the label), the reason, the explanation, the contents
 * and the outside of the parcel, its cost price and the files (at least one sales invoice).
 * The files are checked by the schema on their names only; their bytes are read on sending.
 */
export function TicketForm({ label, onBack, onCancel, onCreated }: { label: Label; onBack: (() => void) | null; onCancel: () => void; onCreated: () => void }) {
  const create = useCreateTicket();
  const form = useSchemaForm({
    schema: ticketCreateSchema,
    initialValues: {
      email: label.email ?? '',
      phone: label.phone ?? '',
      subject: null,
      message: '',
      internal_properties: '',
      external_properties: '',
      cost_price: '',
      attachments: [],
    } as TicketFormValues,
    toInput: (v: TicketFormValues) => ({
      label_id: label.id,
      email: v.email,
      phone: v.phone,
      subject: v.subject ?? undefined,
      message: v.message,
      internal_properties: v.internal_properties,
      external_properties: v.external_properties,
      cost_price: v.cost_price === '' ? null : String(v.cost_price),
      // The bytes are read when sending; the checks here need the names and the count.
      attachments: v.attachments.map((file) => ({ filename: file.name, base_64: 'AA==' })),
    }),
  });

  async function send(body: TicketCreate) {
    try {
      const attachments = await readAttachments(form.getValues().attachments);
      await create.mutateAsync({ ...body, attachments });
      showSuccessToast(texts.submitted);
      onCreated();
    } catch (error) {
      if (!showServerErrors(form, error)) handleUnexpectedError(error);
    }
  }

  const sending = form.submitting || create.isPending;
  return (
    <form onSubmit={form.onSubmit(send)} noValidate data-testid="ticket-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={texts.fields.email} type="email" autoComplete="off" withAsterisk {...form.getInputProps('email')} />
          <TextInput label={texts.fields.phone} type="tel" autoComplete="off" withAsterisk {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Select
          label={texts.fields.subject}
          placeholder={texts.fields.subjectPlaceholder}
          data={[...ticketSubjects]}
          withAsterisk
          allowDeselect={false}
          data-testid="ticket-subject"
          {...form.getInputProps('subject')}
        />
        <Textarea label={texts.fields.message} autosize minRows={3} maxRows={10} withAsterisk {...form.getInputProps('message')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea label={texts.fields.internal_properties} autosize minRows={2} withAsterisk {...form.getInputProps('internal_properties')} />
          <Textarea label={texts.fields.external_properties} autosize minRows={2} withAsterisk {...form.getInputProps('external_properties')} />
        </SimpleGrid>
        <NumberInput label={texts.fields.cost_price} min={0} step={0.01} decimalScale={2} decimalSeparator="," allowNegative={false} maw={260} {...form.getInputProps('cost_price')} />
        <FileInput
          label={texts.fields.files}
          multiple
          clearable
          withAsterisk
          accept="application/pdf,image/png,image/jpeg"
          leftSection={<IconPaperclip size={16} />}
          data-testid="ticket-files"
          {...form.getInputProps('attachments')}
        />
        <FormErrorAlerts errors={form.errors} shown={['email', 'phone', 'subject', 'message', 'internal_properties', 'external_properties', 'cost_price', 'attachments']} />
        <Group justify="flex-end">
          {onBack ? (
            <Button variant="default" onClick={onBack} disabled={sending} data-testid="ticket-back">
              {texts.back}
            </Button>
          ) : (
            <Button variant="default" onClick={onCancel} disabled={sending}>
              {texts.cancel}
            </Button>
          )}
          <Button type="submit" loading={sending} data-testid="ticket-submit">
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
