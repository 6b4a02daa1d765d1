import { FileInput, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { feedbackSendSchema, type FeedbackSend } from '@verzendhuis/contract/feedback';
import { errorReportTexts } from '@verzendhuis/domain/frame-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { TechnicalDetails } from '../../ui/technical-details';
import { FeedbackTextarea } from '../feedback/feedback-textarea';
import { readAttachments } from './read-attachments';

export function ErrorReportForm({ details, route, onDone }: { details: string; route: string; onDone: () => void }) {
  const client = useApiClient();
  const form = useSchemaForm({
    schema: feedbackSendSchema,
    initialValues: { feedback: '', files: [] as File[] },
    toInput: (values) => ({ feedback: values.feedback, context: { kind: 'error_report', details, route } }),
    // An empty report asks what the user was doing; the schema's other texts are the feedback's.
    message: (issue) => (issue.code === 'too_small' ? errorReportTexts.messageRequired : issue.message),
  });

  async function send(body: FeedbackSend) {
    try {
      // The attachments are read only now, and sent in the context.
      const attachments = await readAttachments(form.getValues().files);
      await client.feedback.send({ ...body, context: { ...body.context, attachments } });
      showSuccessToast(errorReportTexts.thanks);
      onDone();
    } catch (sendError) {
      console.error('Sending the error report failed', sendError);
      showServerErrors(form, sendError);
      showErrorToast(errorReportTexts.failed);
    }
  }

  const sending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(send)} noValidate data-testid="error-report-form">
      <Stack>
        <Text size="sm">{errorReportTexts.intro}</Text>
        <FeedbackTextarea
          label={errorReportTexts.messageLabel}
          placeholder={errorReportTexts.messagePlaceholder}
          rows={{ min: 3, max: 8 }}
          input={form.getInputProps('feedback')}
        />
        <FileInput
          label={errorReportTexts.attachmentsLabel}
          placeholder={errorReportTexts.attachmentsPlaceholder}
          multiple
          clearable
          leftSection={<IconPaperclip size={16} />}
          {...form.getInputProps('files')}
        />
        <TechnicalDetails details={details} />
        <FormErrorAlerts errors={form.errors} shown={['feedback', 'files']} />
        <FormActions cancelLabel={errorReportTexts.cancel} onCancel={onDone} submitLabel={errorReportTexts.send} sending={sending} />
      </Stack>
    </form>
  );
}
