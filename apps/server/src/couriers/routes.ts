import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema, listQuerySchema, listResponseSchema } from '@verzendhuis/contract/common';
import { courierClassSchema, courierCountersResponseSchema, courierCreateBodySchema, courierPatchBodySchema, courierSchema } from '@verzendhuis/contract/courier';
import { requireAuth } from '../auth/guard';
import { listPage } from '../http/list';
import type { CourierRepository, CourierRow } from './repository';
import type { CourierService } from './service';

const tags = ['Vervoerders'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function courierRoutes(deps: { repository: CourierRepository; service: CourierService }): FastifyPluginAsyncZod {
  const { repository, service } = deps;
  return async (app) => {
    app.post(
      '/courier/create',
      {
        schema: {
          tags,
          summary: 'Een vervoerder koppelen: een eigen contract (fields = de gegevens) of dat van Verzendhuis (fields.contract = "platform")',
          body: courierCreateBodySchema,
          response: { 200: dataResponseSchema(courierSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.create(requireAuth(request).organisationId, request.body) }),
    );

    app.get(
      '/courier/',
      { schema: { tags, summary: 'Gekoppelde vervoerders, actief en gedeactiveerd', querystring: listQuerySchema, response: { 200: listResponseSchema(courierSchema), ...errors } } },
      async (request) => {
        // A courier of a class this server no longer knows is left out.
        const known = (row: CourierRow) => (service.classKnown(row) ? service.dto(row) : null);
        const page = listPage(await repository.for(requireAuth(request).organisationId).list(request.query), request.query, known);
        return { ...page, data: page.data.filter((c) => c !== null) };
      },
    );
    app.get(
      '/courier/meta',
      { schema: { tags, summary: 'Elke vervoerdersklasse: metadata, de velden van een eigen contract en de contracten van Verzendhuis', response: { 200: dataResponseSchema(z.array(courierClassSchema)) } } },
      async () => ({ data: await service.classes() }),
    );
    app.get(
      '/couriercounters/',
      { schema: { tags, summary: 'Actieve vervoerders met een eigen contract en via Verzendhuis', response: { 200: courierCountersResponseSchema, ...errors } } },
      async (request) => ({ data: await service.counters(requireAuth(request).organisationId) }),
    );
    app.get(
      '/courier/:id',
      { schema: { tags, summary: 'Eén vervoerder', params: idParamsSchema, response: { 200: dataResponseSchema(courierSchema), ...errors } } },
      async (request) => ({ data: await service.get(requireAuth(request).organisationId, request.params.id) }),
    );
    app.patch(
      '/courier/:id',
      {
        schema: {
          tags,
          summary: 'Een vervoerder hernoemen, (de)activeren of de gegevens van een eigen contract wijzigen (een leeg geheim veld houdt de opgeslagen waarde)',
          params: idParamsSchema,
          body: courierPatchBodySchema,
          response: { 200: dataResponseSchema(courierSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.update(requireAuth(request).organisationId, request.params.id, request.body) }),
    );
    app.post(
      '/courier/:id/reset',
      {
        schema: {
          tags,
          summary: 'Een gedeactiveerde vervoerder opnieuw activeren als zijn contract nog werkt',
          params: idParamsSchema,
          response: { 200: dataResponseSchema(courierSchema), ...errors },
        },
      },
      async (request) => ({ data: await service.reset(requireAuth(request).organisationId, request.params.id) }),
    );
  };
}
