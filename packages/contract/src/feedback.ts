import { z } from 'zod';
import { feedbackMaxLength, feedbackTexts } from '@verzendhuis/domain/frame-texts';

/** POST feedback/send. `context` is where the user was (route, browser). */
export const feedbackSendSchema = z.object({
  feedback: z
    .string({ error: feedbackTexts.required })
    .trim()
    .min(1, { error: feedbackTexts.required })
    .max(feedbackMaxLength, { error: feedbackTexts.tooLong }),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type FeedbackSend = z.infer<typeof feedbackSendSchema>;
