import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, listQuerySchema, listResponseSchema } from '@verzendhuis/contract/common';
import { shopSchema, type Shop } from '@verzendhuis/contract/shop';
import { requireAuth } from '../auth/guard';
import { listPage } from '../http/list';
import type { ShopRepository, ShopRow } from './repository';

/** Shop classes are added with the shop connections; the list already answers. */
function toShopDto(row: ShopRow): Shop {
  return {
    id: row.id,
    service_class: row.serviceClass,
    is_active: row.isActive,
    label: row.label,
    meta: { class: row.serviceClass, name: row.label, is_internal: false, images: { mark: `/shops/${row.serviceClass}.svg` } },
  };
}

export function shopRoutes(repository: ShopRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shop/',
      { schema: { tags: ['Webwinkels'], summary: 'Gekoppelde webwinkels', querystring: listQuerySchema, response: { 200: listResponseSchema(shopSchema), 400: errorBodySchema } } },
      async (request) => {
        return listPage(await repository.for(requireAuth(request).organisationId).list(request.query), request.query, toShopDto);
      },
    );
  };
}
