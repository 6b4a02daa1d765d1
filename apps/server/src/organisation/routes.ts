import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema } from '@verzendhuis/contract/common';
import { logoParamsSchema, organisationLogoUploadSchema, organisationPatchResponseSchema, organisationPatchSchema, organisationSchema, userSchema } from '@verzendhuis/contract/user';
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

    app.put(
      '/user/organisation/logo',
      {
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags: ['Account'],
          summary: 'Logo van de organisatie uploaden (PNG of JPEG, max. 1 MB, base64)',
          body: organisationLogoUploadSchema,
          response: { 200: dataResponseSchema(organisationSchema), 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await service.uploadLogo(requireUser(request).organisationId, request.body.file.base_64) }),
    );

    app.delete(
      '/user/organisation/logo',
      {
        schema: {
          tags: ['Account'],
          summary: 'Logo van de organisatie verwijderen',
          response: { 200: dataResponseSchema(organisationSchema), 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await service.deleteLogo(requireUser(request).organisationId) }),
    );
  };
}

/**
 * The uploaded logo at its public address (no login: tracking e-mails and the return
 * portal show it). Served as the image type its bytes proved, never sniffed, never as HTML.
 */
export function publicLogoRoutes(service: OrganisationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/logo/:id',
      { schema: { tags: ['Algemeen'], summary: 'Logo van een organisatie', params: logoParamsSchema, response: { 200: z.any().describe('PNG of JPEG'), 404: errorBodySchema } } },
      async (request, reply) => {
        const logo = await service.publicLogo(request.params.id);
        return reply
          .type(logo.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(logo.content);
      },
    );
  };
}
