import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import {
  apiUserCreateBodySchema,
  apiUserCreateResponseSchema,
  apiUserListResponseSchema,
  apiUserPatchBodySchema,
  apiUserResponseSchema,
} from '@verzendhuis/contract/api-user';
import { requireUser } from '../auth/guard';
import type { ApiUserService } from './service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** API users (docs/api-users.md): managed by the organisation's people only, never by an API user. */
export function apiUserRoutes(service: ApiUserService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api-user',
      { schema: { tags: ['API-gebruikers'], summary: 'API-gebruikers van de organisatie', response: { 200: apiUserListResponseSchema, ...errors } } },
      async (request) => ({ data: await service.list(requireUser(request).organisationId) }),
    );

    app.post(
      '/api-user/create',
      {
        schema: {
          tags: ['API-gebruikers'],
          summary: 'API-gebruiker aanmaken (het geheim staat alleen in dit antwoord)',
          body: apiUserCreateBodySchema,
          response: { 200: apiUserCreateResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: { user: await service.create(requireUser(request).organisationId, request.body) } }),
    );

    app.patch(
      '/api-user/:id',
      {
        schema: {
          tags: ['API-gebruikers'],
          summary: 'API-gebruiker hernoemen, deactiveren of activeren',
          params: idParamsSchema,
          body: apiUserPatchBodySchema,
          response: { 200: apiUserResponseSchema, 404: errorBodySchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.update(requireUser(request).organisationId, request.params.id, request.body) }),
    );
  };
}
