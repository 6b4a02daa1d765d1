import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema, listQuerySchema, listResponseSchema } from '@verzendhuis/contract/common';
import { courierMetaSchema, courierSchema } from '@verzendhuis/contract/courier';
import { AppError } from '@verzendhuis/domain/errors';
import { requireAuth } from '../auth/guard';
import { listPage } from '../http/list';
import { allCourierClassMeta, carrierAdapter } from '../carriers/registry';
import { validationError } from '../http/errors';
import type { SettingsCrypto } from './settings-crypto';
import type { CourierRepository } from './repository';
import { toCourierDto } from './service';

const courierNotFound = () => new AppError({ type: 'not_found', messageCode: 'courier_not_found', message: 'Vervoerder niet gevonden.' });

const courierCreateBodySchema = z.object({
  courier_class: z.string().max(64),
  fields: z.record(z.string().max(64), z.unknown()).default({}),
});

export function courierRoutes(repository: CourierRepository, crypto: SettingsCrypto): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/courier/create',
      { schema: { tags: ['Vervoerders'], summary: 'Een eigen vervoerderscontract koppelen', body: courierCreateBodySchema, response: { 200: dataResponseSchema(courierSchema), 400: errorBodySchema, 404: errorBodySchema } } },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const adapter = carrierAdapter(request.body.courier_class);
        if (!adapter) throw new AppError({ type: 'not_found', messageCode: 'courier_class_not_found', message: 'Deze vervoerder bestaat niet.' });
        const parsed = adapter.settingsSchema.safeParse(request.body.fields);
        if (!parsed.success) {
          const fields: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) (fields[['fields', ...issue.path].join('.')] ??= []).push(issue.message);
          throw validationError(fields);
        }
        const row = await repository.create(organisationId, { serviceClass: adapter.meta.class, label: adapter.meta.name, settings: crypto.seal(parsed.data) });
        const dto = toCourierDto(row);
        if (!dto) throw courierNotFound();
        return { data: dto };
      },
    );

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
