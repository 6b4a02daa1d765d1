import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, listResponseSchema } from '@verzendhuis/contract/common';
import { ticketListQuerySchema, ticketSchema, type Ticket } from '@verzendhuis/contract/ticket';
import { requireAuth } from '../auth/guard';
import { listPage } from '../http/list';
import type { TicketRepository, TicketRow } from './repository';

function toTicketDto(row: TicketRow): Ticket {
  return {
    id: row.id,
    status: row.status,
    is_replied: row.isReplied,
    subject: row.subject,
    label: { id: row.labelId },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function ticketRoutes(repository: TicketRepository): FastifyPluginAsyncZod {
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
  };
}
