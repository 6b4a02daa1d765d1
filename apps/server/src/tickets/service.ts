import type { SupportTicket, SupportTicketDetail, TicketAttachmentInput, TicketCreate, TicketDetail, Ticket } from '@verzendhuis/contract/ticket';
import { AppError, notFound, validationError } from '@verzendhuis/domain/errors';
import { attachmentTypeOf, ticketErrorMessages, ticketFormTexts, ticketLimits } from '@verzendhuis/domain/tickets';
import type { NewAttachment, TicketMessageView, TicketRepository, TicketView } from './repository';

export function toTicketDto(row: TicketView): Ticket {
  return {
    id: row.id,
    status: row.status,
    is_replied: row.isReplied,
    subject: row.subject,
    label: { id: row.labelId, order_number: row.label?.orderNumber ?? null, tracking_number: row.label?.trackingNumber ?? null },
    last_message: row.lastMessage ? { author: row.lastMessage.author, created_at: row.lastMessage.createdAt.toISOString() } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toDetailDto(row: TicketView, messages: TicketMessageView[]): TicketDetail {
  return {
    ...toTicketDto(row),
    email: row.email,
    phone: row.phone,
    internal_properties: row.internalProperties,
    external_properties: row.externalProperties,
    cost_price: row.costPrice,
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      message: m.text,
      created_at: m.createdAt.toISOString(),
      attachments: m.attachments.map((a) => ({ id: a.id, filename: a.filename, content_type: a.contentType, size: a.size })),
    })),
  };
}

const strictBase64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The files of a request or reply, each checked on its bytes: valid base64, at most 10 MB,
 * a PDF, PNG or JPEG by its magic bytes (the name and any claimed type count for nothing).
 * A refusal names the file under `attachments`; nothing is stored then.
 */
export function readAttachments(files: readonly TicketAttachmentInput[]): NewAttachment[] {
  const problems: string[] = [];
  const read = files.map((file): NewAttachment | null => {
    const base64 = file.base_64.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
    if (!strictBase64.test(base64) || base64.length % 4 === 1) {
      problems.push(ticketFormTexts.fileUnreadable);
      return null;
    }
    const content = Buffer.from(base64, 'base64');
    if (content.length === 0) {
      problems.push(ticketFormTexts.fileUnreadable);
      return null;
    }
    if (content.length > ticketLimits.attachmentMaxBytes) {
      problems.push(ticketFormTexts.fileTooLarge(file.filename));
      return null;
    }
    const contentType = attachmentTypeOf(content);
    if (!contentType) {
      problems.push(ticketFormTexts.fileWrongType(file.filename));
      return null;
    }
    return { filename: file.filename.replace(/[\\/\r\n"]/g, '_'), contentType, content };
  });
  if (problems.length > 0) throw validationError({ attachments: problems });
  return read.filter((f): f is NewAttachment => f !== null);
}

/** The ticket calls (docs/tickets.md). `anyLabel`: in development every label may be investigated (orders spec §6). */
export function createTicketService(deps: { repository: TicketRepository; anyLabel: boolean }) {
  const { repository } = deps;

  async function detail(organisationId: string, id: string): Promise<TicketDetail> {
    const tickets = repository.for(organisationId);
    const [row, messages] = await Promise.all([tickets.find(id), tickets.messages(id)]);
    if (!row) throw notFound('ticket_not_found');
    return toDetailDto(row, messages);
  }

  return {
    detail,

    /** ticket/create: a request for an investigation of one of the organisation's labels, with its files. */
    async create(organisationId: string, input: TicketCreate): Promise<TicketDetail> {
      const tickets = repository.for(organisationId);
      const facts = await tickets.labelFacts(input.label_id);
      if (!facts) throw notFound('ticket_label_not_found');
      if (!facts.hasLabelPrice && !deps.anyLabel) {
        throw new AppError({ type: 'usage', messageCode: 'ticket_not_investigable', message: ticketErrorMessages.ticket_not_investigable });
      }
      if (facts.hasTicket) throw new AppError({ type: 'usage', messageCode: 'ticket_exists', message: ticketErrorMessages.ticket_exists });
      const attachments = readAttachments(input.attachments);
      const row = await tickets.create({
        labelId: input.label_id,
        subject: input.subject,
        email: input.email,
        phone: input.phone,
        internalProperties: input.internal_properties,
        externalProperties: input.external_properties,
        costPrice: input.cost_price ? input.cost_price : null,
        message: { text: input.message, attachments },
      });
      return detail(organisationId, row.id);
    },

    /** ticket/{id}/reply: the customer's message; refused on a closed ticket. */
    async reply(organisationId: string, id: string, input: { message: string; attachments?: TicketAttachmentInput[] | undefined }): Promise<TicketDetail> {
      const tickets = repository.for(organisationId);
      const row = await tickets.find(id);
      if (!row) throw notFound('ticket_not_found');
      if (row.status === 'closed') throw new AppError({ type: 'usage', messageCode: 'ticket_closed', message: ticketErrorMessages.ticket_closed });
      const attachments = readAttachments(input.attachments ?? []);
      if (!(await tickets.reply(id, input.message, attachments))) throw notFound('ticket_not_found');
      return detail(organisationId, id);
    },

    /** PATCH ticket/{id}: close or reopen. */
    async setStatus(organisationId: string, id: string, status: 'open' | 'closed'): Promise<TicketDetail> {
      if (!(await repository.for(organisationId).setStatus(id, status))) throw notFound('ticket_not_found');
      return detail(organisationId, id);
    },

    async attachment(organisationId: string, id: string, attachmentId: string) {
      const file = await repository.for(organisationId).attachment(id, attachmentId);
      if (!file) throw notFound('ticket_attachment_not_found');
      return file;
    },

    /** Support's answer (the operator command and the operator's inbox): stored, the ticket is open again and lights the envelope. */
    async supportReply(id: string, text: string, files: readonly TicketAttachmentInput[] = []): Promise<{ organisationId: string; subject: string }> {
      const trimmed = text.trim();
      if (!trimmed) throw validationError({ message: [ticketFormTexts.replyRequired] });
      const attachments = readAttachments(files);
      const answered = await repository.crossOrganisation.supportReply(id, trimmed, attachments);
      if (!answered) throw notFound('ticket_not_found');
      return answered;
    },

    /** The operator's inbox: every organisation's tickets, `waiting` only those that wait for support. */
    async supportInbox(query: { page: number; page_size: number; waiting: boolean }): Promise<{ data: SupportTicket[]; meta: { total: number; page: number; page_size: number } }> {
      const { rows, total } = await repository.crossOrganisation.inbox(query);
      return {
        data: rows.map((row) => ({ ...toTicketDto(row), organisation: { id: row.organisationId, name: row.organisationName } })),
        meta: { total, page: query.page, page_size: query.page_size },
      };
    },

    /** One ticket of any organisation, for the operator: read through that organisation's own scoped reads. */
    async supportDetail(id: string): Promise<SupportTicketDetail> {
      const owner = await repository.crossOrganisation.ownerOf(id);
      if (!owner) throw notFound('ticket_not_found');
      return { ...(await detail(owner.organisationId, id)), organisation: { id: owner.organisationId, name: owner.organisationName } };
    },

    async supportAttachment(id: string, attachmentId: string) {
      const owner = await repository.crossOrganisation.ownerOf(id);
      const file = owner ? await repository.for(owner.organisationId).attachment(id, attachmentId) : null;
      if (!file) throw notFound('ticket_attachment_not_found');
      return file;
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
