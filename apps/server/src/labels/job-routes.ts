import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { labelJobListResponseSchema, labelJobResponseSchema } from '@verzendhuis/contract/label-job';
import { requireAuth } from '../auth/guard';
import type { LabelJobService } from './jobs';

const tags = ['Labels'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The background jobs of large label selections (labels/jobs.ts); an organisation sees only its own. */
export function labelJobRoutes(service: LabelJobService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/label/job/',
      {
        schema: {
          tags,
          summary: 'De labeltaken van de laatste 24 uur, nieuwste eerst (voortgang, zonder resultaat)',
          response: { 200: labelJobListResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await service.recent(requireAuth(request).organisationId) }),
    );

    app.get(
      '/label/job/:id',
      {
        schema: {
          tags,
          summary: 'Eén labeltaak: voortgang en, als hij klaar is, per bestelling de uitkomst',
          params: idParamsSchema,
          response: { 200: labelJobResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await service.get(requireAuth(request).organisationId, request.params.id) }),
    );
  };
}
