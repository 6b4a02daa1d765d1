import { useLocation } from 'react-router';
import { Stack } from '@mantine/core';
import { feedbackSendSchema } from '@verzendhuis/contract/feedback';
import { feedbackFormTexts, feedbackTexts } from '@verzendhuis/domain/frame-texts';
import { FormActions } from '../../ui/form/form-actions';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { FeedbackTextarea } from './feedback-textarea';
import { useSendFeedback } from './use-send-feedback';

export function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { pathname } = useLocation();
  const sendFeedback = useSendFeedback();
  const form = useSchemaForm({
    schema: feedbackSendSchema,
    initialValues: { feedback: '' },
    toInput: (values) => ({ feedback: values.feedback, context: { route: pathname } }),
  });

  const submit = form.onSubmit((body) =>
    sendFeedback.mutate(body, {
      onSuccess: () => {
        showSuccessToast(feedbackTexts.sent);
        onDone();
      },
      onError: (error) => {
        showServerErrors(form, error);
        showErrorToast(feedbackTexts.failed);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="feedback-form">
      <Stack>
        <FeedbackTextarea
          label={feedbackFormTexts.label}
          placeholder={feedbackFormTexts.placeholder}
          rows={{ min: 4, max: 10 }}
          input={form.getInputProps('feedback')}
        />
        <FormErrorAlerts errors={form.errors} shown={['feedback']} />
        <FormActions cancelLabel={feedbackFormTexts.cancel} onCancel={onDone} submitLabel={feedbackFormTexts.submit} sending={sendFeedback.isPending} />
      </Stack>
    </form>
  );
}
