import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@verzendhuis/contract/common';
import {
  analyticsDeliveryBreakdownResponseSchema,
  analyticsDeliveryResponseSchema,
  analyticsDeliveryTrendsResponseSchema,
  analyticsLabelBreakdownResponseSchema,
  analyticsLabelSummaryResponseSchema,
  analyticsLabelTotalResponseSchema,
  analyticsLabelTrendsResponseSchema,
  analyticsMetaResponseSchema,
  analyticsQuerySchema,
  analyticsReturnReasonResponseSchema,
  analyticsTrendQuerySchema,
} from '@verzendhuis/contract/analytics';
import { requireAuth } from '../auth/guard';
import type { AnalyticsService } from './service';

const tags = ['Analyses'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const period = 'start en end als JJJJ-MM-DD (dagen in Amsterdam, beide inbegrepen, hoogstens 2 jaar)';

/** The analytics calls (account spec §7), with the ANALYTICS add-on: docs/analytics.md. */
export function analyticsRoutes(service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/analytics/meta',
      { schema: { tags, summary: 'Vervoerders, landen en verzendtypes in de labels; eerste en laatste dag met gegevens', response: { 200: analyticsMetaResponseSchema, ...errors } } },
      async (request) => ({ data: await service.meta(requireAuth(request).organisationId) }),
    );
    app.get(
      '/analytics/label',
      { schema: { tags, summary: `Labels, verzendingen, retouren, vertraagd, fout en verstuurde track & trace-e-mails; ${period}`, querystring: analyticsQuerySchema, response: { 200: analyticsLabelSummaryResponseSchema, ...errors } } },
      async (request) => ({ data: await service.label(requireAuth(request).organisationId, request.query) }),
    );
    app.get(
      '/analytics/label/trends',
      { schema: { tags, summary: `Labels per dag, week (vanaf maandag) of maand (granularity); ${period}`, querystring: analyticsTrendQuerySchema, response: { 200: analyticsLabelTrendsResponseSchema, ...errors } } },
      async (request) => ({ data: await service.labelTrends(requireAuth(request).organisationId, request.query) }),
    );
    app.get(
      '/analytics/label/breakdown',
      { schema: { tags, summary: `Labels per vervoerder, land en verzendtype; ${period}`, querystring: analyticsQuerySchema, response: { 200: analyticsLabelBreakdownResponseSchema, ...errors } } },
      async (request) => ({ data: await service.labelBreakdown(requireAuth(request).organisationId, request.query) }),
    );
    app.get(
      '/analytics/label/total',
      { schema: { tags, summary: `Het aantal labels tegen de even lange periode ervoor; ${period}`, querystring: analyticsQuerySchema, response: { 200: analyticsLabelTotalResponseSchema, ...errors } } },
      async (request) => ({ data: await service.labelTotal(requireAuth(request).organisationId, request.query) }),
    );
    app.get(
      '/analytics/delivery',
      { schema: { tags, summary: `Gemiddelde levertijd en aandeel op tijd, ook per vervoerder; ${period}`, querystring: analyticsQuerySchema, response: { 200: analyticsDeliveryResponseSchema, ...errors } } },
      async (request) => ({ data: await service.delivery(requireAuth(request).organisationId, request.query) }),
    );
    app.get(
      '/analytics/delivery/trends',
      { schema: { tags, summary: `Levertijd en op tijd per dag, week of maand (granularity); ${period}`, querystring: analyticsTrendQuerySchema, response: { 200: analyticsDeliveryTrendsResponseSchema, ...errors } } },
      async (request) => ({ data: await service.deliveryTrends(requireAuth(request).organisationId, request.query) }),
    );
    app.get(
      '/analytics/delivery/breakdown',
      { schema: { tags, summary: `Levertijd en op tijd per vervoerder, land en verzendtype; ${period}`, querystring: analyticsQuerySchema, response: { 200: analyticsDeliveryBreakdownResponseSchema, ...errors } } },
      async (request) => ({ data: await service.deliveryBreakdown(requireAuth(request).organisationId, request.query) }),
    );
    app.get(
      '/analytics/return-reason',
      { schema: { tags, summary: `Retourpercentage en retourredenen; ${period}`, querystring: analyticsQuerySchema, response: { 200: analyticsReturnReasonResponseSchema, ...errors } } },
      async (request) => ({ data: await service.returnReason(requireAuth(request).organisationId, request.query) }),
    );
  };
}
