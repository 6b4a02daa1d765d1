import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import {
  publicTrackingResponseSchema,
  trackingMailDetailResponseSchema,
  trackingMailListQuerySchema,
  trackingMailListResponseSchema,
  trackingMailSendTestResponseSchema,
  trackingMailSendTestSchema,
  trackingMailSettingsResponseSchema,
  trackingSettingsPatchSchema,
  trackingSettingsPostSchema,
} from '@verzendhuis/contract/tracking-mail';
import { AppError } from '@verzendhuis/domain/errors';
import { generalErrorMessages } from '@verzendhuis/domain/messages';
import { requireAuth } from '../auth/guard';
import type { RequestLimit } from '../http/shared-limiter';
import type { TrackingMailService } from './service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Tracking e-mails: the settings (GET/POST/PATCH tracking), sendtest and the stored mails. */
export function trackingMailRoutes(service: TrackingMailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tracking',
      { schema: { tags: ['Track & trace-e-mails'], summary: 'De instellingen van de track & trace-e-mails (standaardteksten ingevuld)', response: { 200: trackingMailSettingsResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.settings(requireAuth(request).organisationId) }),
    );
    app.post(
      '/tracking',
      {
        schema: {
          tags: ['Track & trace-e-mails'],
          summary: 'Alle track & trace-e-mails en de merkkleur in één keer opslaan',
          body: trackingSettingsPostSchema,
          response: { 200: trackingMailSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.replaceSettings(requireAuth(request).organisationId, request.body) }),
    );
    app.patch(
      '/tracking',
      {
        schema: {
          tags: ['Track & trace-e-mails'],
          summary: 'Een deel van de track & trace-instellingen wijzigen (een e-mail aan of uit, een tekst, de merkkleur)',
          body: trackingSettingsPatchSchema,
          response: { 200: trackingMailSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.updateSettings(requireAuth(request).organisationId, request.body) }),
    );
    app.post(
      '/trackingmail/sendtest',
      {
        schema: {
          tags: ['Track & trace-e-mails'],
          summary: 'De gekozen e-mail met voorbeeldgegevens naar één adres sturen (zonder mailserver: in de outbox)',
          body: trackingMailSendTestSchema,
          response: { 200: trackingMailSendTestResponseSchema, 502: errorBodySchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.sendTest(requireAuth(request).organisationId, request.body) }),
    );
    app.get(
      '/trackingmail/',
      {
        schema: {
          tags: ['Track & trace-e-mails'],
          summary: 'De bewaarde track & trace-e-mails met hun status, nieuwste eerst (de outbox)',
          querystring: trackingMailListQuerySchema,
          response: { 200: trackingMailListResponseSchema, ...errors },
        },
      },
      async (request) => service.list(requireAuth(request).organisationId, request.query),
    );
    app.get(
      '/trackingmail/:id',
      { schema: { tags: ['Track & trace-e-mails'], summary: 'Eén bewaarde e-mail met HTML en tekst', params: idParamsSchema, response: { 200: trackingMailDetailResponseSchema, ...errors } } },
      async (request) => service.get(requireAuth(request).organisationId, request.params.id),
    );
  };
}

/**
 * GET public/tracking/{token}: the public tracking page of the mails' links, without login.
 * At most `publicTrackingPerMinute` (service.ts) requests per IP address per minute, counted by every
 * process on the database together (`limit`, http/shared-limiter.ts); beyond that 429 with Retry-After.
 */
export function publicTrackingRoutes(service: TrackingMailService, limit: RequestLimit): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/tracking/:token',
      {
        schema: {
          tags: ['Track & trace-e-mails'],
          summary: 'De openbare track & trace-pagina van een zending (zonder inloggen; geen persoonsgegevens)',
          security: [],
          params: z.object({ token: z.string().max(100) }),
          response: { 200: publicTrackingResponseSchema, 404: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const wait = await limit.take(request.ip);
        if (wait !== null) {
          reply.header('retry-after', String(wait));
          throw new AppError({ type: 'usage', messageCode: 'too_many_requests', message: generalErrorMessages.too_many_requests });
        }
        return { data: await service.publicTracking(request.params.token) };
      },
    );
  };
}
