import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema, listQuerySchema, listResponseSchema } from '@verzendhuis/contract/common';
import { courierMetaSchema, courierSchema } from '@verzendhuis/contract/courier';
import { AppError } from '@verzendhuis/domain/errors';
import { requireAuth } from '../auth/guard';
import { listPage } from '../http/list';
import { allCourierClassMeta } from '../carriers/registry';
import type { CourierRepository } from './repository';
import { toCourierDto } from './service';

const courierNotFound = () => new AppError({ type: 'not_found', messageCode: 'courier_not_found', message: 'Vervoerder niet gevonden.' });

export function courierRoutes(repository: CourierRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/courier/',
      { schema: { tags: ['Vervoerders'], summary: 'Gekoppelde vervoerders', querystring: listQuerySchema, response: { 200: listResponseSchema(courierSchema), 400: errorBodySchema } } },
      async (request) => {
        const page = listPage(await repository.list(requireAuth(request).organisationId, request.query), request.query, toCourierDto);
        // A courier of a class this server no longer knows is left out.
        return { ...page, data: page.data.filter((c) => c !== null) };
      },
    );
    app.get(
      '/courier/meta',
      { schema: { tags: ['Vervoerders'], summary: 'Metadata van elke vervoerdersklasse', response: { 200: dataResponseSchema(z.array(courierMetaSchema)) } } },
      async () => ({ data: allCourierClassMeta() }),
    );
    app.get(
      '/courier/:id',
      { schema: { tags: ['Vervoerders'], summary: 'Eén vervoerder', params: idParamsSchema, response: { 200: dataResponseSchema(courierSchema), 404: errorBodySchema } } },
      async (request) => {
        const row = await repository.find(requireAuth(request).organisationId, request.params.id);
        const dto = row && toCourierDto(row);
        if (!dto) throw courierNotFound();
        return { data: dto };
      },
    );
  };
}
