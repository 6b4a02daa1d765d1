import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@verzendhuis/contract/common';
import { addressLookupQuerySchema, addressLookupResponseSchema } from '@verzendhuis/contract/order';
import { requireAuth } from '../auth/guard';
import type { AddressLookup } from './pdok';

export function addressRoutes(lookup: AddressLookup): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/address/lookup',
      {
        schema: {
          tags: ['Adressen'],
          summary: 'Straat en plaats bij een Nederlandse postcode en huisnummer',
          querystring: addressLookupQuerySchema,
          response: { 200: addressLookupResponseSchema, 400: errorBodySchema, 503: errorBodySchema },
        },
      },
      async (request) => {
        requireAuth(request);
        return { data: await lookup.lookup(request.query) };
      },
    );
  };
}
