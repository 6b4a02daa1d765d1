import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@verzendhuis/contract/common';
import { orderRetryUpdateBodySchema, orderRetryUpdateResponseSchema } from '@verzendhuis/contract/order';
import { requireAuth } from '../auth/guard';
import type { ShopWriteBack } from './write-back';

const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** order/retry-update (orders spec §7): the label page's retry of a failed write-back to the shop. */
export function shopWriteBackRoutes(writeBack: Pick<ShopWriteBack, 'retry'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/order/retry-update',
      {
        schema: {
          tags: ['Bestellingen'],
          summary: 'De webwinkel opnieuw laten weten dat deze labels gemaakt zijn',
          description:
            'Meldt elk label opnieuw aan de webwinkel van zijn bestelling (Shopify: een fulfilment met track & trace; WooCommerce: status voltooid met een notitie). Gelukt: de waarschuwing order_update_failed verdwijnt van het label. Mislukt: het label houdt de waarschuwing, met de reden in errors.',
          body: orderRetryUpdateBodySchema,
          response: { 200: orderRetryUpdateResponseSchema, ...errors },
        },
      },
      async (request) => writeBack.retry(requireAuth(request).organisationId, request.body.label_ids),
    );
  };
}
