import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { invoiceLabelListResponseSchema, invoiceListResponseSchema, invoicePageQuerySchema, invoiceResponseSchema } from '@verzendhuis/contract/invoices';
import { requireAuth } from '../auth/guard';
import type { InvoiceFile, InvoiceService } from './service';

const tags = ['Facturatie'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

function sendFile(reply: FastifyReply, file: InvoiceFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** The invoice calls (account spec §7; docs/billing.md "## Invoices"). POST invoice/{id}/payment is the payment area's. */
export function invoiceRoutes(service: InvoiceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invoice/',
      { schema: { tags, summary: 'De facturen van de organisatie, nieuwste eerst, met het openstaande bedrag', querystring: invoicePageQuerySchema, response: { 200: invoiceListResponseSchema, ...errors } } },
      async (request) => service.list(requireAuth(request).organisationId, request.query),
    );

    app.get(
      '/invoice/:id',
      { schema: { tags, summary: 'Eén factuur: kop, btw-regels en totaal', params: idParamsSchema, response: { 200: invoiceResponseSchema, ...errors } } },
      async (request) => ({ data: await service.get(requireAuth(request).organisationId, request.params.id) }),
    );

    app.get(
      '/invoice/:id/pdf',
      { schema: { tags, summary: 'De factuur als PDF (A4)', params: idParamsSchema, produces: ['application/pdf'] } },
      async (request, reply) => sendFile(reply, await service.pdf(requireAuth(request).organisationId, request.params.id)),
    );

    app.get(
      '/invoice/:id/label/',
      {
        schema: { tags, summary: 'De regels van de factuur per label, per pagina', params: idParamsSchema, querystring: invoicePageQuerySchema, response: { 200: invoiceLabelListResponseSchema, ...errors } },
      },
      async (request) => service.labelLines(requireAuth(request).organisationId, request.params.id, request.query),
    );

    app.get(
      '/invoice/:id/label/csv',
      { schema: { tags, summary: 'De regels van de factuur als CSV (puntkomma, decimale komma, UTF-8 met BOM)', params: idParamsSchema, produces: ['text/csv'] } },
      async (request, reply) => sendFile(reply, await service.csv(requireAuth(request).organisationId, request.params.id)),
    );

    app.get(
      '/invoice/:id/label/xlsx',
      { schema: { tags, summary: 'De regels van de factuur als Excel-bestand (XLSX)', params: idParamsSchema, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } },
      async (request, reply) => sendFile(reply, await service.xlsx(requireAuth(request).organisationId, request.params.id)),
    );
  };
}
