import { useMutation } from '@tanstack/react-query';
import type { FeedbackSend } from '@verzendhuis/contract/feedback';
import { useApiClient } from '../../app/api/use-api-client';

export function useSendFeedback() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: FeedbackSend) => client.feedback.send(body) });
}
