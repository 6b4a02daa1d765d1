import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema, listQuerySchema, listResponseSchema } from '@verzendhuis/contract/common';
import {
  onboardRestoreBodySchema,
  onboardRestoreResponseSchema,
  shopClassSchema,
  shopCreateBodySchema,
  shopPatchBodySchema,
  shopSchema,
  shopSyncAllResponseSchema,
  shopSyncResponseSchema,
} from '@verzendhuis/contract/shop';
import { requireAuth } from '../auth/guard';
import type { CourierService } from '../couriers/service';
import { listPage } from '../http/list';
import type { ShopService } from './service';

const tags = ['Webwinkels'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function shopRoutes(deps: { service: ShopService; couriers: CourierService }): FastifyPluginAsyncZod {
  const { service, couriers } = deps;
  return async (app) => {
    app.get(
      '/shop/',
      { schema: { tags, summary: 'Gekoppelde webwinkels, actief en gedeactiveerd, met hun laatste synchronisatie', querystring: listQuerySchema, response: { 200: listResponseSchema(shopSchema), ...errors } } },
      async (request) => listPage(await service.list(requireAuth(request).organisationId, request.query), request.query, (shop) => shop),
    );
    app.get(
      '/shop/meta',
      { schema: { tags, summary: 'Elk webwinkelplatform met de velden van een koppeling', response: { 200: dataResponseSchema(z.array(shopClassSchema)) } } },
      async () => ({ data: service.classes() }),
    );
    app.post(
      '/shop/create',
      {
        schema: {
          tags,
          summary: 'Een webwinkel koppelen: de gegevens worden eerst bij de webwinkel gecontroleerd en versleuteld bewaard (geheimen komen nooit terug)',
          body: shopCreateBodySchema,
          response: { 200: dataResponseSchema(shopSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.create(requireAuth(request).organisationId, request.body) }),
    );
    app.get(
      '/shop/:id',
      { schema: { tags, summary: 'Eén webwinkel', params: idParamsSchema, response: { 200: dataResponseSchema(shopSchema), ...errors } } },
      async (request) => ({ data: await service.get(requireAuth(request).organisationId, request.params.id) }),
    );
    app.patch(
      '/shop/:id',
      {
        schema: {
          tags,
          summary: 'Een webwinkel hernoemen, (de)activeren of nieuwe gegevens geven (gecontroleerd bij de webwinkel; een leeg geheim veld houdt de opgeslagen waarde)',
          params: idParamsSchema,
          body: shopPatchBodySchema,
          response: { 200: dataResponseSchema(shopSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.update(requireAuth(request).organisationId, request.params.id, request.body) }),
    );
    app.post(
      '/shop/:id/reset',
      {
        schema: {
          tags,
          summary: 'De synchronisatie vergeten: de volgende keer worden alle openstaande bestellingen opnieuw gelezen (zonder dubbele bestellingen)',
          params: idParamsSchema,
          response: { 200: dataResponseSchema(shopSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.reset(requireAuth(request).organisationId, request.params.id) }),
    );
    app.post(
      '/update/:id',
      {
        schema: {
          tags,
          summary: 'De bestellingen van één webwinkel nu ophalen',
          params: idParamsSchema,
          response: { 200: shopSyncResponseSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request) => ({ data: await service.syncOne(requireAuth(request).organisationId, request.params.id) }),
    );
    app.post(
      '/update',
      { schema: { tags, summary: 'De bestellingen van alle actieve webwinkels nu ophalen', response: { 200: shopSyncAllResponseSchema, ...errors } } },
      async (request) => ({ data: await service.syncAll(requireAuth(request).organisationId) }),
    );
    app.post(
      '/onboard/restore',
      {
        schema: {
          tags,
          summary: 'Een koppeling herstellen (service = platform of vervoerder, service_type = shop of courier): opnieuw gecontroleerd en geactiveerd',
          body: onboardRestoreBodySchema,
          response: { 200: onboardRestoreResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const { service: name, service_type: type, id } = request.body;
        const restored = type === 'shop' ? await service.restore(organisationId, { service: name, id }) : await couriers.restoreClass(organisationId, name, id);
        return { status: 'success' as const, data: restored };
      },
    );
  };
}
