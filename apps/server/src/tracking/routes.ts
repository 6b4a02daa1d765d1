import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import { pickupPointQuerySchema, pickupPointsResponseSchema } from '@verzendhuis/contract/pickup-point';
import { labelTrackBodySchema, labelTrackingResponseSchema, labelTrackResponseSchema } from '@verzendhuis/contract/tracking';
import { AppError } from '@verzendhuis/domain/errors';
import { trackingTexts } from '@verzendhuis/domain/tracking';
import { requireAuth } from '../auth/guard';
import type { AppConfig } from '../config';
import { createCourierRepository } from '../couriers/repository';
import type { SettingsCrypto } from '../couriers/settings-crypto';
import type { Database } from '../db/client';
import { createPickupPointService } from './pickup-points';
import { createTrackingRepository } from './repository';
import { createTrackingService } from './service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Tracking (POST label/track, GET label/{id}/tracking) and pickup points (GET pickup-points/). */
export function trackingRoutes(deps: { db: Database; crypto: SettingsCrypto; config: Pick<AppConfig, 'carrierTimeoutMs' | 'testCarrierTimeScale'> }): FastifyPluginAsyncZod {
  return async (app) => {
    const couriers = createCourierRepository(deps.db);
    const tracking = createTrackingService({
      repository: createTrackingRepository(deps.db),
      couriers,
      crypto: deps.crypto,
      timeoutMs: deps.config.carrierTimeoutMs,
      timeScale: deps.config.testCarrierTimeScale,
      log: app.log,
    });
    const pickupPoints = createPickupPointService({ couriers, crypto: deps.crypto, timeoutMs: deps.config.carrierTimeoutMs, log: app.log });

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
      async (request) => {
        const history = await tracking.history(requireAuth(request).organisationId, request.params.id);
        if (!history) throw new AppError({ type: 'not_found', messageCode: 'label_not_found', message: trackingTexts.labelNotFound });
        return { data: history };
      },
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
