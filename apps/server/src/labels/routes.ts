import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import {
  labelBulkUpdateBodySchema,
  labelBulkUpdateResponseSchema,
  labelCountersResponseSchema,
  labelCountQuerySchema,
  labelCountResponseSchema,
  labelCreateBodySchema,
  labelCreateResponseSchema,
  labelListQuerySchema,
  labelListResponseSchema,
  labelPdfBodySchema,
  labelPdfQuerySchema,
  labelSchema,
  labelUpdateBodySchema,
  returnMarkBodySchema,
} from '@verzendhuis/contract/label';
import { z } from 'zod';
import { requireAuth } from '../auth/guard';
import type { LabelService } from './service';

const tags = ['Labels'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

const labelChangedResponseSchema = z.object({ status: z.literal('success'), data: labelSchema });
/** POST label/{id}: the label, and for a delete whose carrier has no cancel call the Dutch notice that it was not informed. */
const labelUpdatedResponseSchema = labelChangedResponseSchema.extend({ notice: z.string().optional() });

/** The labels' calls: each parses its request, calls one use case of the label service and maps the answer. */
export function labelRoutes(service: LabelService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/order/label/create',
      { schema: { tags, summary: 'Labels maken voor bestellingen (per bestelling een uitkomst; Idempotency-Key aanbevolen)', body: labelCreateBodySchema, response: { 200: labelCreateResponseSchema, ...errors } } },
      async (request) => {
        const key = request.headers['idempotency-key'];
        return service.create(requireAuth(request).organisationId, request.body, {
          idempotencyKey: typeof key === 'string' && key.trim() ? key.trim().slice(0, 200) : undefined,
        });
      },
    );

    app.get(
      '/label/',
      { schema: { tags, summary: 'Labels, nieuwste eerst', querystring: labelListQuerySchema, response: { 200: labelListResponseSchema, ...errors } } },
      async (request) => service.list(requireAuth(request).organisationId, request.query),
    );

    app.get(
      '/label/count',
      { schema: { tags, summary: 'Aantal labels met een filter', querystring: labelCountQuerySchema, response: { 200: labelCountResponseSchema, ...errors } } },
      async (request) => ({ data: { count: await service.count(requireAuth(request).organisationId, request.query) } }),
    );

    app.get(
      '/labelcounters/',
      { schema: { tags, summary: 'Gebruikte labels deze maand tegenover het quotum', response: { 200: labelCountersResponseSchema, ...errors } } },
      async (request) => ({ data: await service.counters(requireAuth(request).organisationId) }),
    );

    app.post(
      '/label/updatebulklabels',
      { schema: { tags, summary: 'Labels verwijderen of als bezorgd markeren (niet terug te draaien)', body: labelBulkUpdateBodySchema, response: { 200: labelBulkUpdateResponseSchema, ...errors } } },
      async (request) => {
        const { affected, errors: refused, notice } = await service.bulkUpdate(requireAuth(request).organisationId, request.body.label_ids, request.body.action);
        return { status: 'success' as const, data: { affected, ...(refused.length > 0 ? { errors: refused } : {}), ...(notice ? { notice } : {}) } };
      },
    );

    app.get(
      '/label/:id',
      { schema: { tags, summary: 'Eén label', params: idParamsSchema, response: { 200: dataResponseSchema(labelSchema), ...errors } } },
      async (request) => ({ data: await service.get(requireAuth(request).organisationId, request.params.id) }),
    );

    app.post(
      '/label/:id',
      {
        schema: {
          tags,
          summary: 'Een label wijzigen: verwijderen (is_active false), bezorgd (status completed) of een retour markeren (marker); niet terug te draaien',
          params: idParamsSchema,
          body: labelUpdateBodySchema,
          response: { 200: labelUpdatedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { is_active: isActive, status, marker } = request.body;
        const { label, notice } = await service.change(requireAuth(request).organisationId, request.params.id, { isActive, status, marker });
        return { status: 'success' as const, data: label, ...(notice ? { notice } : {}) };
      },
    );

    app.post(
      '/return/:id',
      {
        schema: {
          tags,
          summary: 'Een retourlabel markeren: confirm, action_required, item_missing of refuse',
          params: idParamsSchema,
          body: returnMarkBodySchema,
          response: { 200: labelChangedResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: (await service.change(requireAuth(request).organisationId, request.params.id, { marker: request.body.marker })).label }),
    );

    app.post(
      '/label/pdf',
      {
        schema: {
          tags,
          summary: 'De labels als PDF: A6 per pagina of vier op A4 (positions: startpositie of de posities van het eerste vel; sort: volgorde, anders die van label_ids)',
          querystring: labelPdfQuerySchema,
          body: labelPdfBodySchema,
        },
      },
      async (request, reply) => {
        // Streamed as the sheet is made: 10,000 labels are never in memory at once.
        const pdf = await service.pdfStream(requireAuth(request).organisationId, request.body, request.query);
        return reply.type('application/pdf').header('content-disposition', 'attachment; filename="labels.pdf"').send(Readable.from(pdf, { objectMode: false }));
      },
    );
  };
}
