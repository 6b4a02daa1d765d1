import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema, idParamsSchema } from '@verzendhuis/contract/common';
import {
  generateTestOrdersBodySchema,
  orderBulkEditResponseSchema,
  orderBulkResponseSchema,
  orderBulkUpdateBodySchema,
  orderBulkUpdateResponseSchema,
  orderCountQuerySchema,
  orderLookupQuerySchema,
  orderCountResponseSchema,
  orderIdsBodySchema,
  orderInputSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSaveResponseSchema,
  orderSchema,
  orderUpdateBodySchema,
} from '@verzendhuis/contract/order';
import { requireAuth } from '../auth/guard';
import type { OrganisationService } from '../organisation/service';
import type { OrderService } from './service';

const tags = ['Bestellingen'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export function orderRoutes(service: OrderService, organisations: OrganisationService): FastifyPluginAsyncZod {
  return async (app) => {
    const list = async (request: { query: z.infer<typeof orderListQuerySchema> } & Parameters<typeof requireAuth>[0]) =>
      service.list(requireAuth(request).organisationId, request.query);
    const listSchema = { tags, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema, ...errors } };
    app.get('/order/', { schema: { ...listSchema, summary: 'Bestellingen van een tab, per pagina' } }, list);
    app.get('/order/search', { schema: { ...listSchema, summary: 'Bestellingen zoeken' } }, list);

    app.get(
      '/order/count',
      { schema: { tags, summary: 'Tellers van de tabs', querystring: orderCountQuerySchema, response: { 200: orderCountResponseSchema, ...errors } } },
      async (request) => ({ data: await service.counts(requireAuth(request).organisationId, request.query.search || undefined) }),
    );

    app.get(
      '/order/lookup',
      { schema: { tags, summary: 'Een bestelling zoeken op bestelnummer of referentie (scannen)', querystring: orderLookupQuerySchema, response: { 200: dataResponseSchema(orderSchema), ...errors } } },
      async (request) => ({ data: await service.lookup(requireAuth(request).organisationId, request.query.code) }),
    );

    app.post(
      '/order/create',
      { schema: { tags, summary: 'Een bestelling aanmaken', body: orderInputSchema, response: { 200: orderSaveResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.create(requireAuth(request).organisationId, request.body) }),
    );

    app.post(
      '/order/bulk',
      {
        bodyLimit: 10 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Veel bestellingen tegelijk; elke bestelling krijgt haar eigen uitkomst',
          body: z.object({ orders: z.array(z.unknown()).min(1).max(1000) }),
          response: { 200: orderBulkResponseSchema, ...errors },
        },
      },
      async (request) => service.bulkCreate(requireAuth(request).organisationId, request.body.orders),
    );

    app.post(
      '/order/update',
      { schema: { tags, summary: 'Alle open bestellingen opnieuw controleren', body: orderUpdateBodySchema, response: { 200: orderBulkUpdateResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: { affected: await service.revalidateAll(requireAuth(request).organisationId) } }),
    );

    app.post(
      '/order/updatebulkorders',
      {
        schema: {
          tags,
          summary: 'Bestellingen verwijderen, of bijwerken (met values: vervoerder, verzendmethode, opties, pakketten, gewicht) en opnieuw controleren',
          body: orderBulkUpdateBodySchema,
          response: { 200: orderBulkEditResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const { order_ids: ids, action, values } = request.body;
        if (action === 'update') return { status: 'success' as const, data: await service.bulkEdit(organisationId, ids, values) };
        const affected = await service.deactivate(organisationId, ids);
        return { status: 'success' as const, data: { affected, skipped: new Set(ids).size - affected } };
      },
    );

    app.post(
      '/order/reset',
      {
        schema: {
          tags,
          summary: 'Verzendregels opnieuw toepassen: open bestellingen zonder label krijgen opnieuw de verzendregels en standaardwaarden (vervoerder, verzendmethode, opties)',
          body: orderIdsBodySchema,
          response: { 200: orderBulkUpdateResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: { affected: await service.reset(requireAuth(request).organisationId, request.body.order_ids) } }),
    );

    app.post(
      '/order/generatetestorders',
      { schema: { tags, summary: 'Test orders maken (alleen tijdens de proefperiode)', body: generateTestOrdersBodySchema, response: { 200: orderBulkUpdateResponseSchema, ...errors } } },
      async (request) => {
        const { organisationId } = requireAuth(request);
        const organisation = await organisations.loadOrganisationDto(organisationId);
        const affected = await service.generateTestOrders(organisationId, request.body.count, organisation.plan?.capabilities.trial ?? false);
        return { status: 'success' as const, data: { affected } };
      },
    );

    app.get(
      '/order/:id',
      { schema: { tags, summary: 'Eén bestelling', params: idParamsSchema, response: { 200: dataResponseSchema(orderSchema), ...errors } } },
      async (request) => ({ data: await service.get(requireAuth(request).organisationId, request.params.id) }),
    );

    app.post(
      '/order/:id',
      { schema: { tags, summary: 'Een bestelling wijzigen', params: idParamsSchema, body: orderInputSchema, response: { 200: orderSaveResponseSchema, ...errors } } },
      async (request) => ({ status: 'success' as const, data: await service.update(requireAuth(request).organisationId, request.params.id, request.body) }),
    );
  };
}
