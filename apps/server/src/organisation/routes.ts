import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponseSchema, errorBodySchema } from '@verzendhuis/contract/common';
import { organisationPatchResponseSchema, organisationPatchSchema, userSchema } from '@verzendhuis/contract/user';
import { requireUser } from '../auth/guard';
import type { OrganisationService } from './service';

export function organisationRoutes(service: OrganisationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      {
        config: { allowBlocked: true },
        schema: {
          tags: ['Account'],
          summary: 'De ingelogde gebruiker met zijn organisatie',
          response: { 200: dataResponseSchema(userSchema), 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await service.currentUser(requireUser(request).user) }),
    );

    app.patch(
      '/user/organisation',
      {
        schema: {
          tags: ['Account'],
          summary: 'Gegevens van de organisatie wijzigen',
          body: organisationPatchSchema,
          response: { 200: organisationPatchResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => service.updateOrganisation(requireUser(request).organisationId, request.body),
    );
  };
}
