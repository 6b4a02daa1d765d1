import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamsSchema, successResponseSchema } from '@verzendhuis/contract/common';
import {
  shipmentLogicDryRunResponseSchema,
  shipmentLogicListResponseSchema,
  shipmentLogicReorderBodySchema,
  shipmentLogicRuleInputSchema,
  shipmentLogicRulePatchSchema,
  shipmentLogicRuleResponseSchema,
} from '@verzendhuis/contract/shipment-logic';
import { requireAuth } from '../auth/guard';
import type { ShipmentLogicService } from './service';

const tags = ['Verzendregels'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function shipmentLogicRoutes(service: ShipmentLogicService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shipment-logic/',
      { schema: { tags, summary: 'De verzendregels in hun volgorde, elk met wat er nu mis mee is (errors)', response: { 200: shipmentLogicListResponseSchema, ...errors } } },
      async (request) => ({ data: await service.list(requireAuth(request).organisationId) }),
    );

    app.post(
      '/shipment-logic/',
      {
        schema: {
          tags,
          summary: 'Een verzendregel toevoegen (achteraan): voorwaarden (alle of een van), acties en of de volgende regels daarna ook meedoen',
          body: shipmentLogicRuleInputSchema,
          response: { 200: shipmentLogicRuleResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.create(requireAuth(request).organisationId, request.body) }),
    );

    app.post(
      '/shipment-logic/reorder',
      {
        schema: {
          tags,
          summary: 'De volgorde van de verzendregels: elke regel precies één keer, de eerste wordt als eerste bekeken',
          body: shipmentLogicReorderBodySchema,
          response: { 200: shipmentLogicListResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await service.reorder(requireAuth(request).organisationId, request.body.ids) }),
    );

    app.post(
      '/shipment-logic/dry-run',
      {
        schema: {
          tags,
          summary: 'Proefdraaien: welke regel elk van de laatste 50 bestellingen nu zou krijgen, met de vervoerder en verzendmethode die eruit volgen; slaat niets op',
          body: z.object({}).optional(),
          response: { 200: shipmentLogicDryRunResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await service.dryRun(requireAuth(request).organisationId) }),
    );

    app.patch(
      '/shipment-logic/:id',
      {
        schema: {
          tags,
          summary: 'Een verzendregel wijzigen, aan- of uitzetten (alleen de meegegeven velden; acties als geheel)',
          params: idParamsSchema,
          body: shipmentLogicRulePatchSchema,
          response: { 200: shipmentLogicRuleResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'success' as const, data: await service.update(requireAuth(request).organisationId, request.params.id, request.body) }),
    );

    app.delete(
      '/shipment-logic/:id',
      { schema: { tags, summary: 'Een verzendregel verwijderen', params: idParamsSchema, response: { 200: successResponseSchema, ...errors } } },
      async (request) => {
        await service.remove(requireAuth(request).organisationId, request.params.id);
        return { status: 'success' as const };
      },
    );
  };
}
