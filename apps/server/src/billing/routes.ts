import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centsToEuros, labelPriceListResponseSchema, labelPriceQuerySchema, type LabelPrice } from '@verzendhuis/contract/billing';
import { errorBodySchema } from '@verzendhuis/contract/common';
import { requireAuth } from '../auth/guard';
import type { CourierRepository } from '../couriers/repository';
import type { PriceRow } from './pricing';
import type { BillingRepository } from './repository';

function toLabelPriceDto(row: PriceRow): LabelPrice {
  return {
    id: row.id,
    courier_class: row.courierClass,
    shipment_type: row.shipmentType,
    zone: row.zone as LabelPrice['zone'],
    max_weight: row.maxWeight,
    option: row.option,
    description: row.description,
    unit_price: centsToEuros(row.unitPriceCents),
  };
}

export function billingRoutes(deps: { billing: BillingRepository; couriers: CourierRepository }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/label-price/',
      {
        schema: {
          tags: ['Facturatie'],
          summary: 'De prijzen per label van de contracten van Verzendhuis (excl. btw): per vervoerder, verzendtype, zone en gewicht, en de toeslagen',
          querystring: labelPriceQuerySchema,
          response: { 200: labelPriceListResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        requireAuth(request);
        // Only classes an organisation can link via the platform are invoiced, so only those have prices to show.
        const classes = [...new Set((await deps.couriers.crossOrganisation.activePlatformContracts()).map((c) => c.courierClass))].filter(
          (c) => request.query.courier_class === undefined || c === request.query.courier_class,
        );
        const rows = await deps.billing.crossOrganisation.listPrices({ classes, shipmentType: request.query.shipment_type, zone: request.query.zone });
        return { data: rows.map(toLabelPriceDto) };
      },
    );
  };
}
