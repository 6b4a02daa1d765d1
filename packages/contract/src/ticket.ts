import { z } from 'zod';
import { ticketErrorMessages, ticketFormTexts as t, ticketLimits, ticketSubjects } from '@verzendhuis/domain/tickets';

/**
 * Investigations (tickets), account spec §2-§5 and §7 (docs/tickets.md): ticket/create,
 * GET ticket/ and ticket/{id}, PATCH ticket/{id} (close or reopen), ticket/{id}/reply and
 * the attachments of the conversation.
 */

export const ticketSchema = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'closed']),
  /** Support answered last: with status open, the ticket is "unanswered" and lights the top bar's envelope. */
  is_replied: z.boolean(),
  subject: z.string(),
  label: z.object({ id: z.uuid().nullable(), order_number: z.string().nullable().optional(), tracking_number: z.string().nullable().optional() }),
  /** When the last message of the conversation was written and by whom; null without messages. */
  last_message: z.object({ author: z.enum(['customer', 'support']), created_at: z.string() }).nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
  sort: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
  status: z.enum(['open', 'closed']).optional(),
  is_replied: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** One file as sent: its name and its content in base64 (spec §7: attachments [filename, base_64]). */
export const ticketAttachmentInputSchema = z.object({
  filename: z.string({ error: t.fileUnreadable }).trim().min(1, { error: t.fileUnreadable }).max(ticketLimits.filenameMax, { error: t.tooLong(ticketLimits.filenameMax) }),
  // base64 of at most 10 MB (4/3 of the bytes, plus padding); the exact size and the type are checked on the bytes.
  base_64: z
    .string({ error: t.fileUnreadable })
    .min(1, { error: t.fileUnreadable })
    .max(Math.ceil(ticketLimits.attachmentMaxBytes / 3) * 4 + 4, { error: t.fileTooLarge('Het bestand') }),
});
export type TicketAttachmentInput = z.infer<typeof ticketAttachmentInputSchema>;

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: t.tooLong(max) });

/** POST ticket/create: the form of §3 with the checks and texts of §5. */
export const ticketCreateSchema = z.object({
  label_id: z.uuid({ error: ticketErrorMessages.ticket_label_not_found }),
  email: z
    .string({ error: t.emailRequired })
    .trim()
    .min(1, { error: t.emailRequired })
    .pipe(z.email({ error: t.emailInvalid }).max(254, { error: t.emailInvalid })),
  phone: requiredText(t.phoneRequired, 40),
  subject: z.enum(ticketSubjects, { error: t.subjectRequired }),
  message: requiredText(t.messageRequired, ticketLimits.messageMax),
  internal_properties: requiredText(t.internalPropertiesRequired, ticketLimits.propertiesMax),
  external_properties: requiredText(t.externalPropertiesRequired, ticketLimits.propertiesMax),
  /** Free text, a number of at least 0 in steps of 0.01 (§5); empty: not given. */
  cost_price: z
    .union([z.string(), z.number()], { error: t.costPriceInvalid })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= ticketLimits.costPriceMax), { error: t.costPriceInvalid })
    .optional()
    .nullable(),
  attachments: z
    .array(ticketAttachmentInputSchema, { error: t.filesRequired })
    .min(1, { error: t.filesRequired })
    .max(ticketLimits.attachmentsMax, { error: t.tooManyFiles }),
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;
export type TicketCreate = z.output<typeof ticketCreateSchema>;

/** POST ticket/{id}/reply: a message, with files if wanted. */
export const ticketReplySchema = z.object({
  message: requiredText(t.replyRequired, ticketLimits.messageMax),
  attachments: z.array(ticketAttachmentInputSchema).max(ticketLimits.attachmentsMax, { error: t.tooManyFiles }).optional(),
});
export type TicketReplyInput = z.input<typeof ticketReplySchema>;

/** PATCH ticket/{id}: close (or reopen) the investigation. */
export const ticketPatchSchema = z.object({ status: z.enum(['open', 'closed']) }).strict();

export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  content_type: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
  size: z.number().int(),
});

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(['customer', 'support']),
  message: z.string(),
  created_at: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** GET ticket/{id}: the ticket with the form's data and the conversation, oldest first. */
export const ticketDetailSchema = ticketSchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  internal_properties: z.string().nullable(),
  external_properties: z.string().nullable(),
  cost_price: z.string().nullable(),
  messages: z.array(ticketMessageSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketDetailResponseSchema = z.object({ status: z.literal('success'), data: ticketDetailSchema });
export const ticketAttachmentParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/** The operator's inbox (docs/tickets.md): a ticket with the organisation it belongs to. */
const ticketOrganisationSchema = z.object({ id: z.uuid(), name: z.string() });
export const supportTicketSchema = ticketSchema.extend({ organisation: ticketOrganisationSchema });
export type SupportTicket = z.infer<typeof supportTicketSchema>;
export const supportTicketDetailSchema = ticketDetailSchema.extend({ organisation: ticketOrganisationSchema });
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;
export const supportTicketDetailResponseSchema = z.object({ status: z.literal('success'), data: supportTicketDetailSchema });
export const supportInboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
  /** waiting (default): open tickets whose last word is the customer's; all: every ticket, latest change first. */
  filter: z.enum(['waiting', 'all']).default('waiting'),
});
