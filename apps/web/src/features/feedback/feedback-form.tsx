import { useState, type SubmitEvent } from 'react';
import { useLocation } from 'react-router';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import { feedbackSendSchema } from '@verzendhuis/contract/feedback';
import { feedbackFormTexts, feedbackMaxLength, feedbackTexts } from '@verzendhuis/domain/frame-texts';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { useSendFeedback } from './use-send-feedback';

/** Server field errors are shown only for an invalid form (account spec §5). */
function fieldErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.body.type !== 'validation' || error.body.message_code !== 'form_invalid') return null;
  const messages = error.body.fields.feedback;
  return messages && messages.length > 0 ? messages.join(' ') : null;
}

export function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { pathname } = useLocation();
  const sendFeedback = useSendFeedback();
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = feedbackSendSchema.safeParse({ feedback, context: { route: pathname } });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? feedbackTexts.required);
      return;
    }
    sendFeedback.mutate(parsed.data, {
      onSuccess: () => {
        showSuccessToast(feedbackTexts.sent);
        onDone();
      },
      onError: (sendError) => {
        setError(fieldErrorOf(sendError));
        showErrorToast(feedbackTexts.failed);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="feedback-form">
      <Stack>
        <Textarea
          label={feedbackFormTexts.label}
          placeholder={feedbackFormTexts.placeholder}
          required
          autosize
          minRows={4}
          maxRows={10}
          value={feedback}
          error={error}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={`${feedback.length}/${feedbackMaxLength}`}
          onChange={(event) => {
            setFeedback(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={sendFeedback.isPending}>
            {feedbackFormTexts.cancel}
          </Button>
          <Button type="submit" loading={sendFeedback.isPending}>
            {feedbackFormTexts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
