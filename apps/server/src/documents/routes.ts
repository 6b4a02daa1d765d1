import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { documentResponseSchema, packingSlipBodySchema } from '@verzendhuis/contract/documents';
import { requireAuth } from '../auth/guard';
import type { OrderDocumentService } from './order-documents';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Orders spec §7: packing slips and the export document, answered as base64 PDFs. */
export function documentRoutes(service: OrderDocumentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/order/packingslipdoc',
      {
        schema: {
          tags: ['Documenten'],
          summary: 'Pakbonnen (A4, een pagina per bestelling) voor bestellingen of de bestellingen van labels, als base64-PDF',
          body: packingSlipBodySchema,
          response: { 200: documentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const document = await service.packingSlips(requireAuth(request).organisationId, request.body);
        return { data: { pdf: document.pdf.toString('base64'), filename: document.filename } };
      },
    );

    app.get(
      '/label/:id/exportdoc',
      {
        schema: {
          tags: ['Documenten'],
          summary: 'Exportdocument (CN23 / handelsfactuur) van een label buiten de EU, als base64-PDF',
          params: idParamsSchema,
          response: { 200: documentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const document = await service.exportDocument(requireAuth(request).organisationId, request.params.id);
        return { data: { pdf: document.pdf.toString('base64'), filename: document.filename } };
      },
    );
  };
}
