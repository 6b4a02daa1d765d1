import { attachmentHeaders } from '../http/security-headers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema } from '@verzendhuis/contract/common';
import { logoParamsSchema, organisationLogoUploadSchema, organisationPatchResponseSchema, organisationPatchSchema, organisationSchema, userSchema } from '@verzendhuis/contract/user';
import { requireUser } from '../auth/guard';
import { addonDisableBodySchema, addonEnableBodySchema, addonListResponseSchema, planChangeBodySchema, planChangeResponseSchema, planListResponseSchema } from '@verzendhuis/contract/plan';
import type { PlanService } from './plan-service';
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
        return attachmentHeaders(reply, { filename: 'logo', contentType: logo.contentType, inlineImage: true })
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(logo.content);
      },
    );
  };
}

/** Plans and add-ons (account spec §7; docs/plans.md): a person's choice, not an API user's. */
export function planRoutes(service: PlanService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/plan/',
      { schema: { tags: ['Account'], summary: 'De abonnementen die te kiezen zijn, het huidige gemarkeerd', response: { 200: planListResponseSchema, 401: errorBodySchema } } },
      async (request) => ({ data: await service.listPlans(requireUser(request).organisationId) }),
    );

    app.post(
      '/user/organisation/plan',
      {
        schema: {
          tags: ['Account'],
          summary: 'Abonnement wijzigen (direct, naar rato gefactureerd)',
          body: planChangeBodySchema,
          response: { 200: planChangeResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.changePlan(requireUser(request).organisationId, request.body.plan_id) }),
    );

    app.get(
      '/addons',
      { schema: { tags: ['Account'], summary: 'De add-ons met het abonnement van de organisatie', response: { 200: addonListResponseSchema, 401: errorBodySchema } } },
      async (request) => ({ data: await service.listAddons(requireUser(request).organisationId) }),
    );

    app.post(
      '/user/organisation/add-on/enable',
      {
        schema: {
          tags: ['Account'],
          summary: 'Add-on inschakelen (direct, naar rato gefactureerd)',
          body: addonEnableBodySchema,
          response: { 200: planChangeResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => ({
        status: 'success' as const,
        data: await service.enableAddon(requireUser(request).organisationId, request.body.addon_id, request.body.subscription_period),
      }),
    );

    app.post(
      '/user/organisation/add-on/disable',
      {
        schema: {
          tags: ['Account'],
          summary: 'Add-on uitschakelen (actief tot het einde van de betaalde periode)',
          body: addonDisableBodySchema,
          response: { 200: planChangeResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.disableAddon(requireUser(request).organisationId, request.body.addon_id) }),
    );
  };
}
