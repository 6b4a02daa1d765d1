import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema, listQuerySchema, listResponseSchema } from '@verzendhuis/contract/common';
import {
  contactDeleteResponseSchema,
  contactDeleteSchema,
  contactInputSchema,
  contactPatchSchema,
  contactResponseSchema,
  contactSchema,
} from '@verzendhuis/contract/contact';
import { requireAuth } from '../auth/guard';
import { listPage } from '../http/list';
import type { ContactService } from './service';

const tags = ['Adresboek'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The address book (account spec §7): list and search, create, change, delete. */
export function contactRoutes(service: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/contacts',
      { schema: { tags, summary: 'Contacten, op naam; search zoekt in naam, bedrijf, postcode en plaats', querystring: listQuerySchema, response: { 200: listResponseSchema(contactSchema), ...errors } } },
      async (request) => listPage(await service.list(requireAuth(request).organisationId, request.query), request.query, (contact) => contact),
    );

    app.get(
      '/contacts/:id',
      { schema: { tags, summary: 'Eén contact', params: idParamsSchema, response: { 200: dataResponseSchema(contactSchema), ...errors } } },
      async (request) => ({ data: await service.get(requireAuth(request).organisationId, request.params.id) }),
    );

    app.post(
      '/contacts',
      { schema: { tags, summary: 'Een contact aanmaken (naam, postcode en adresregel 1 verplicht)', body: contactInputSchema, response: { 200: contactResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.create(requireAuth(request).organisationId, request.body) }),
    );

    app.patch(
      '/contacts',
      { schema: { tags, summary: 'Een contact wijzigen: het hele contact met zijn id', body: contactPatchSchema, response: { 200: contactResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.update(requireAuth(request).organisationId, request.body) }),
    );

    app.delete(
      '/contacts',
      { schema: { tags, summary: 'Contacten verwijderen (ids); antwoordt hoeveel er verwijderd zijn', body: contactDeleteSchema, response: { 200: contactDeleteResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, deleted: await service.remove(requireAuth(request).organisationId, request.body.ids) }),
    );
  };
}
