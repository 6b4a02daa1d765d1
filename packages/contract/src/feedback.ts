import { z } from 'zod';

export const feedbackMaxLength = 500;

export const feedbackTexts = {
  required: 'Vul je feedback in.',
  tooLong: `Je feedback mag maximaal ${feedbackMaxLength} tekens zijn.`,
  sent: 'Feedback verstuurd!',
  failed: 'Feedback niet verstuurd',
} as const;

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
