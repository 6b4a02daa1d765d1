import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { pickupPointQuerySchema, pickupPointsResponseSchema } from '@verzendhuis/contract/pickup-point';
import {
  courierWebhookResponseSchema,
  labelTrackBodySchema,
  labelTrackingResponseSchema,
  labelTrackResponseSchema,
  trackingWebhookParamsSchema,
  trackingWebhookResponseSchema,
} from '@verzendhuis/contract/tracking';
import { requireAuth } from '../auth/guard';
import type { PickupPointService } from './pickup-points';
import type { TrackingService } from './service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Tracking (POST label/track, GET label/{id}/tracking) and pickup points (GET pickup-points/). */
export function trackingRoutes(deps: { tracking: TrackingService; pickupPoints: PickupPointService }): FastifyPluginAsyncZod {
  const { tracking, pickupPoints } = deps;
  return async (app) => {
    app.post(
      '/label/track',
      {
        schema: {
          tags: ['Labels'],
          summary: 'Tracking van labels verversen: de vervoerder wordt per label gevraagd; per label de nieuwe status of een fout',
          body: labelTrackBodySchema,
          response: { 200: labelTrackResponseSchema, ...errors },
        },
      },
      async (request) => tracking.refresh(requireAuth(request).organisationId, request.body.label_ids),
    );

    app.get(
      '/label/:id/tracking',
      { schema: { tags: ['Labels'], summary: 'De trackinggeschiedenis van een label, per pakket', params: idParamsSchema, response: { 200: labelTrackingResponseSchema, ...errors } } },
      async (request) => ({ data: await tracking.history(requireAuth(request).organisationId, request.params.id) }),
    );

    app.post(
      '/courier/:id/webhook',
      {
        schema: {
          tags: ['Vervoerders'],
          summary:
            'Een (nieuwe) webhook-URL voor de trackingberichten van deze vervoerder; de volledige URL wordt één keer getoond, een eerdere werkt daarna niet meer (docs/tracking.md)',
          params: idParamsSchema,
          response: { 200: courierWebhookResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await tracking.createWebhook(requireAuth(request).organisationId, request.params.id) }),
    );

    app.get(
      '/pickup-points/',
      {
        schema: {
          tags: ['Afhaalpunten'],
          summary: 'Afhaalpunten bij een adres of zoekterm, per vervoerder (een zoekterm of minstens twee van straat, postcode en plaats)',
          querystring: pickupPointQuerySchema,
          response: { 200: pickupPointsResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await pickupPoints.search(requireAuth(request).organisationId, request.query) }),
    );
  };
}

/**
 * The carriers' pushed tracking events (public: the secret in the path names the courier).
 * Registered in the api scope beside the print client's calls, outside the login guard.
 */
export function trackingWebhookRoutes(tracking: TrackingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/tracking/webhook/:courier_class/:secret',
      {
        schema: {
          tags: ['Tracking'],
          summary:
            'Trackingberichten die een vervoerder stuurt (zonder login): het geheim in de URL komt uit POST courier/{id}/webhook; de body is het formaat van de vervoerder (Testvervoerder: {tracking_number, events: [{event, occurred_at, description, location}]}). Een onbekend geheim: 404; een onleesbare body: 400; zendingen van een ander worden genegeerd',
          params: trackingWebhookParamsSchema,
          security: [],
          response: { 200: trackingWebhookResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => ({
        status: 'success' as const,
        data: await tracking.receiveWebhook(request.params.courier_class, request.params.secret, request.body, request.headers),
      }),
    );
  };
}
