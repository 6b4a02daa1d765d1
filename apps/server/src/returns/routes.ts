import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@verzendhuis/contract/common';
import {
  returnCreateBodySchema,
  returnCreateResponseSchema,
  returnLabelPdfBodySchema,
  returnLookupBodySchema,
  returnLookupResponseSchema,
  returnPaymentParamsSchema,
  returnPaymentStartedResponseSchema,
  returnPaymentStateResponseSchema,
  returnPortalResponseSchema,
  returnSettingsPatchSchema,
  returnSettingsResponseSchema,
  slugParamsSchema,
} from '@verzendhuis/contract/returns';
import { requireAuth } from '../auth/guard';
import type { ReturnService } from './service';

const tags = ['Retouren'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const publicErrors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/** /settings/return: the logged-in user's calls. */
export function returnSettingsRoutes(service: ReturnService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/return-settings',
      { schema: { tags, summary: 'De retourinstellingen: retouradres, betaalmethoden en het retourportaal', response: { 200: returnSettingsResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.settings(requireAuth(request).organisationId) }),
    );
    app.patch(
      '/return-settings',
      {
        schema: {
          tags,
          summary: 'Retourinstellingen wijzigen (elk deel apart; address: null is het adres van de organisatie)',
          body: returnSettingsPatchSchema,
          response: { 200: returnSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.updateSettings(requireAuth(request).organisationId, request.body) }),
    );
  };
}

/** The public return portal (no login): the slug names the organisation, order number and postcode prove the order. */
export function returnPortalRoutes(service: ReturnService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/return/:slug',
      { schema: { tags, summary: 'Retourportaal (openbaar): naam, logo, welkomsttekst en betaalmethoden', params: slugParamsSchema, response: { 200: returnPortalResponseSchema, ...publicErrors } } },
      async (request) => ({ data: await service.portal(request.params.slug) }),
    );
    app.post(
      '/public/return/:slug/lookup',
      {
        schema: {
          tags,
          summary: 'Retourportaal (openbaar): een verzonden bestelling zoeken met bestelnummer en postcode (beperkt aantal mislukte pogingen per adres)',
          params: slugParamsSchema,
          body: returnLookupBodySchema,
          response: { 200: returnLookupResponseSchema, ...publicErrors },
        },
      },
      async (request) => ({ data: await service.lookup(request.params.slug, request.ip, request.body) }),
    );
    app.post(
      '/public/return/:slug/create',
      {
        schema: {
          tags,
          summary: 'Retourportaal (openbaar): het retourlabel maken (Idempotency-Key: één label per verzoek)',
          params: slugParamsSchema,
          body: returnCreateBodySchema,
          response: { 200: returnCreateResponseSchema, ...publicErrors },
        },
      },
      async (request) => {
        const key = request.headers['idempotency-key'];
        const idempotencyKey = typeof key === 'string' && key.trim() ? key.trim().slice(0, 200) : undefined;
        return { status: 'success' as const, data: await service.create(request.params.slug, request.ip, request.body, { idempotencyKey }) };
      },
    );
    app.get(
      '/public/return/:slug/payment/:id',
      {
        schema: {
          tags,
          summary: 'Retourportaal (openbaar): een betaalde retour na de betaalpagina, opnieuw gelezen bij de betaalprovider; eenmaal betaald het retourlabel',
          params: returnPaymentParamsSchema,
          response: { 200: returnPaymentStateResponseSchema, ...publicErrors },
        },
      },
      async (request) => ({ data: await service.paymentState(request.params.slug, request.params.id) }),
    );
    app.post(
      '/public/return/:slug/payment/:id/retry',
      {
        schema: {
          tags,
          summary: 'Retourportaal (openbaar): opnieuw betalen na een mislukte betaling (dezelfde retour, een nieuwe betaling)',
          params: returnPaymentParamsSchema,
          response: { 200: returnPaymentStartedResponseSchema, ...publicErrors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.retryPayment(request.params.slug, request.params.id) }),
    );
    app.get(
      '/public/return/:slug/payment/:id/label',
      { schema: { tags, summary: 'Retourportaal (openbaar): het retourlabel van een betaalde retour als PDF', params: returnPaymentParamsSchema } },
      async (request, reply) => {
        const pdf = await service.paidLabelPdf(request.params.slug, request.params.id);
        return reply.type('application/pdf').header('content-disposition', 'attachment; filename="retourlabel.pdf"').send(Buffer.from(pdf));
      },
    );
    app.post(
      '/public/return/:slug/label',
      { schema: { tags, summary: 'Retourportaal (openbaar): het retourlabel als PDF', params: slugParamsSchema, body: returnLabelPdfBodySchema } },
      async (request, reply) => {
        const pdf = await service.labelPdf(request.params.slug, request.ip, request.body);
        return reply.type('application/pdf').header('content-disposition', 'attachment; filename="retourlabel.pdf"').send(Buffer.from(pdf));
      },
    );
  };
}
