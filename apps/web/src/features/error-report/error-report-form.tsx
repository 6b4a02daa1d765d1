import { useState, type SubmitEvent } from 'react';
import { Button, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { errorReportTexts, feedbackMaxLength, feedbackTexts } from '@verzendhuis/domain/frame-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { TechnicalDetails } from '../../ui/technical-details';
import { readAttachments } from './read-attachments';

export function ErrorReportForm({ details, route, onDone }: { details: string; route: string; onDone: () => void }) {
  const client = useApiClient();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      setError(errorReportTexts.messageRequired);
      return;
    }
    if (text.length > feedbackMaxLength) {
      setError(feedbackTexts.tooLong);
      return;
    }
    setSending(true);
    try {
      const attachments = await readAttachments(files);
      await client.feedback.send({
        feedback: text,
        context: { kind: 'error_report', details, route, attachments },
      });
      showSuccessToast(errorReportTexts.thanks);
      onDone();
    } catch (sendError) {
      console.error('Sending the error report failed', sendError);
      showErrorToast(errorReportTexts.failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="error-report-form">
      <Stack>
        <Text size="sm">{errorReportTexts.intro}</Text>
        <Textarea
          label={errorReportTexts.messageLabel}
          placeholder={errorReportTexts.messagePlaceholder}
          required
          autosize
          minRows={3}
          maxRows={8}
          value={message}
          error={error}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={`${message.length}/${feedbackMaxLength}`}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <FileInput
          label={errorReportTexts.attachmentsLabel}
          placeholder={errorReportTexts.attachmentsPlaceholder}
          multiple
          clearable
          leftSection={<IconPaperclip size={16} />}
          value={files}
          onChange={setFiles}
        />
        <TechnicalDetails details={details} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={sending}>
            {errorReportTexts.cancel}
          </Button>
          <Button type="submit" loading={sending}>
            {errorReportTexts.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
