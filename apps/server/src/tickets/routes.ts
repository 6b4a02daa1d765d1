import { attachmentHeaders } from '../http/security-headers';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema, listResponseSchema } from '@verzendhuis/contract/common';
import {
  ticketAttachmentParamsSchema,
  ticketCreateSchema,
  ticketDetailResponseSchema,
  ticketListQuerySchema,
  ticketPatchSchema,
  ticketReplySchema,
  ticketSchema,
  supportInboxQuerySchema,
  supportTicketDetailResponseSchema,
  supportTicketSchema,
} from '@verzendhuis/contract/ticket';
import { ticketLimits } from '@verzendhuis/domain/tickets';
import { requireAuth, requireOperator } from '../auth/guard';
import { listPage } from '../http/list';
import type { TicketRepository } from './repository';
import { toTicketDto, type TicketService } from './service';

/** Room for the most files of one request in base64 (4/3 of their bytes) and the form around them. */
const ticketBodyLimit = Math.ceil((ticketLimits.attachmentsMax * ticketLimits.attachmentMaxBytes * 4) / 3) + 1024 * 1024;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export function ticketRoutes(repository: TicketRepository, service: TicketService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ticket/',
      {
        schema: {
          tags: ['Onderzoeken'],
          summary: 'Onderzoeken van de organisatie',
          querystring: ticketListQuerySchema,
          response: { 200: listResponseSchema(ticketSchema), 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        return listPage(await repository.for(requireAuth(request).organisationId).list(request.query), request.query, toTicketDto);
      },
    );

    app.post(
      '/ticket/create',
      {
        bodyLimit: ticketBodyLimit,
        schema: {
          tags: ['Onderzoeken'],
          summary: 'Onderzoek aanvragen voor een label (met verkoopfactuur als bijlage)',
          body: ticketCreateSchema,
          response: { 200: ticketDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.create(requireAuth(request).organisationId, request.body) }),
    );

    app.get(
      '/ticket/:id',
      {
        schema: {
          tags: ['Onderzoeken'],
          summary: 'Eén onderzoek met het gesprek',
          params: idParamsSchema,
          response: { 200: ticketDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.detail(requireAuth(request).organisationId, request.params.id) }),
    );

    app.patch(
      '/ticket/:id',
      {
        schema: {
          tags: ['Onderzoeken'],
          summary: 'Onderzoek sluiten of heropenen',
          params: idParamsSchema,
          body: ticketPatchSchema,
          response: { 200: ticketDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({
        status: 'success' as const,
        data: await service.setStatus(requireAuth(request).organisationId, request.params.id, request.body.status),
      }),
    );

    app.post(
      '/ticket/:id/reply',
      {
        bodyLimit: ticketBodyLimit,
        schema: {
          tags: ['Onderzoeken'],
          summary: 'Reageren op een onderzoek',
          params: idParamsSchema,
          body: ticketReplySchema,
          response: { 200: ticketDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.reply(requireAuth(request).organisationId, request.params.id, request.body) }),
    );

    app.get(
      '/ticket/:id/attachment/:attachmentId',
      {
        schema: {
          tags: ['Onderzoeken'],
          summary: 'Een bijlage van het gesprek (altijd als download)',
          params: ticketAttachmentParamsSchema,
        },
      },
      async (request, reply) => sendAttachment(reply, await service.attachment(requireAuth(request).organisationId, request.params.id, request.params.attachmentId)),
    );

    // The operator's inbox (docs/tickets.md): Verzendhuis support reads and answers every organisation's tickets.
    app.get(
      '/support/ticket/',
      {
        schema: {
          tags: ['Klantenservice'],
          summary: 'Alle onderzoeken van alle organisaties (alleen klantenservice): wachtend op antwoord of alle',
          querystring: supportInboxQuerySchema,
          response: { 200: listResponseSchema(supportTicketSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => {
        requireOperator(request);
        const { page, page_size, filter } = request.query;
        return service.supportInbox({ page, page_size, waiting: filter === 'waiting' });
      },
    );

    app.get(
      '/support/ticket/:id',
      {
        schema: {
          tags: ['Klantenservice'],
          summary: 'Eén onderzoek van een organisatie met het gesprek (alleen klantenservice)',
          params: idParamsSchema,
          response: { 200: supportTicketDetailResponseSchema, ...errors, 403: errorBodySchema },
        },
      },
      async (request) => {
        requireOperator(request);
        return { status: 'success' as const, data: await service.supportDetail(request.params.id) };
      },
    );

    app.post(
      '/support/ticket/:id/reply',
      {
        bodyLimit: ticketBodyLimit,
        schema: {
          tags: ['Klantenservice'],
          summary: 'Antwoorden als klantenservice: het onderzoek gaat (weer) open en de klant ziet de envelop',
          params: idParamsSchema,
          body: ticketReplySchema,
          response: { 200: supportTicketDetailResponseSchema, ...errors, 403: errorBodySchema },
        },
      },
      async (request) => {
        requireOperator(request);
        await service.supportReply(request.params.id, request.body.message, request.body.attachments ?? []);
        return { status: 'success' as const, data: await service.supportDetail(request.params.id) };
      },
    );

    app.get(
      '/support/ticket/:id/attachment/:attachmentId',
      {
        schema: {
          tags: ['Klantenservice'],
          summary: 'Een bijlage van het gesprek (alleen klantenservice; altijd als download)',
          params: ticketAttachmentParamsSchema,
        },
      },
      async (request, reply) => {
        requireOperator(request);
        return sendAttachment(reply, await service.supportAttachment(request.params.id, request.params.attachmentId));
      },
    );
  };
}

/** A file of the conversation: always a download, never rendered by the browser (http/security-headers.ts). */
function sendAttachment(reply: FastifyReply, file: { filename: string; contentType: string; content: Buffer }) {
  return attachmentHeaders(reply, { filename: file.filename, contentType: file.contentType }).send(file.content);
}
