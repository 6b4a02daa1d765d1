import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { documentResponseSchema, packingSlipBodySchema } from '@verzendhuis/contract/documents';
import { requireAuth } from '../auth/guard';
import type { Database } from '../db/client';
import type { LabelRepository } from '../labels/repository';
import type { OrganisationService } from '../organisation/service';
import { createOrderDocumentService } from './order-documents';
import { createOrderDocumentRepository } from './order-documents-repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Orders spec §7: packing slips and the export document, answered as base64 PDFs. */
export function documentRoutes(deps: { db: Database; labels: LabelRepository; organisations: OrganisationService }): FastifyPluginAsyncZod {
  const service = createOrderDocumentService({
    orders: createOrderDocumentRepository(deps.db),
    labels: deps.labels,
    loadOrganisation: (organisationId) => deps.organisations.loadOrganisationDto(organisationId),
  });
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
