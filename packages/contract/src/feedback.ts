import { z } from 'zod';
import { feedbackContextLimits as limits, feedbackMaxLength, feedbackTexts } from '@verzendhuis/domain/frame-texts';

const contextText = (max: number) => z.string({ error: feedbackTexts.contextInvalid }).max(max, { error: feedbackTexts.contextInvalid });

/**
 * The context of a feedback or an error report, stored as it is sent: where the user was,
 * and for an error report its technical details and the files added. Strict and bounded,
 * never free JSON.
 */
export const feedbackContextSchema = z
  .object({
    route: contextText(limits.routeMax).optional(),
    kind: z.enum(['error_report'], { error: feedbackTexts.contextInvalid }).optional(),
    details: contextText(limits.detailsMax).optional(),
    attachments: z
      .array(
        z.object({ filename: contextText(limits.filenameMax), base_64: z.string({ error: feedbackTexts.contextInvalid }).max(limits.attachmentBase64Max, { error: feedbackTexts.attachmentTooLarge }) }).strict(),
        { error: feedbackTexts.contextInvalid },
      )
      .max(limits.attachmentsMax, { error: feedbackTexts.tooManyAttachments })
      .optional(),
  })
  .strict();
export type FeedbackContext = z.infer<typeof feedbackContextSchema>;

/** POST feedback/send. `context` is where the user was (route, browser). */
export const feedbackSendSchema = z.object({
  feedback: z
    .string({ error: feedbackTexts.required })
    .trim()
    .min(1, { error: feedbackTexts.required })
    .max(feedbackMaxLength, { error: feedbackTexts.tooLong }),
  context: feedbackContextSchema.optional(),
});
export type FeedbackSend = z.infer<typeof feedbackSendSchema>;
