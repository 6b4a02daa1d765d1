import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { labels, type StatusInfoValue } from '../db/schema';

/** The warning type a failed write-back leaves on its label (orders spec §2.7). */
export const orderUpdateFailedType = 'order_update_failed';

/** What the write-back of one label needs: the label, its first package's tracking page, its order's shop and the shop's id of the order. */
export interface WriteBackTarget {
  labelId: string;
  isActive: boolean;
  isReturn: boolean;
  courierClass: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shopId: string | null;
  /** shop:<shop id>:<the shop's order id> (orders.external_key), null for orders that did not come from a shop. */
  externalKey: string | null;
  hasWarning: boolean;
}

export function createShopWriteBackRepository(db: Database) {
  return {
    /** The write-back state of one organisation's labels: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async target(labelId: string): Promise<WriteBackTarget | null> {
          const result = await db.execute<{
            label_id: string;
            is_active: boolean;
            is_return: boolean;
            courier_class: string;
            tracking_number: string | null;
            tracking_url: string | null;
            shop_id: string | null;
            external_key: string | null;
            has_warning: boolean;
          }>(sql`
            SELECT l.id AS label_id, l.is_active, l.is_return, l.courier_class, l.tracking_number,
                   (SELECT p.tracking_url FROM label_packages p WHERE p.label_id = l.id ORDER BY p.package_number LIMIT 1) AS tracking_url,
                   o.shop_id, o.external_key,
                   l.status_info @> ${JSON.stringify([{ type: orderUpdateFailedType }])}::jsonb AS has_warning
            FROM labels l JOIN orders o ON o.id = l.order_id AND o.organisation_id = l.organisation_id
            WHERE l.organisation_id = ${organisationId} AND l.id = ${labelId}`);
          const row = result.rows[0];
          if (!row) return null;
          return {
            labelId: row.label_id,
            isActive: row.is_active,
            isReturn: row.is_return,
            courierClass: row.courier_class,
            trackingNumber: row.tracking_number,
            trackingUrl: row.tracking_url,
            shopId: row.shop_id,
            externalKey: row.external_key,
            hasWarning: row.has_warning,
          };
        },

        /** Puts the order_update_failed warning on the label (replacing an earlier one). */
        async markFailed(labelId: string, message: string): Promise<void> {
          const info: StatusInfoValue = { type: orderUpdateFailedType, field: null, message, status: 'warning' };
          await db
            .update(labels)
            .set({
              statusInfo: sql`(SELECT coalesce(jsonb_agg(e.i ORDER BY e.n), '[]'::jsonb) FROM jsonb_array_elements(${labels.statusInfo}) WITH ORDINALITY AS e(i, n) WHERE e. i->>'type' <> ${orderUpdateFailedType}) || ${JSON.stringify([info])}::jsonb`,
              updatedAt: new Date(),
            })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
        },

        /** Takes the order_update_failed warning off the label: the shop knows of it now. */
        async clearFailed(labelId: string): Promise<void> {
          await db
            .update(labels)
            .set({
              statusInfo: sql`(SELECT coalesce(jsonb_agg(e.i ORDER BY e.n), '[]'::jsonb) FROM jsonb_array_elements(${labels.statusInfo}) WITH ORDINALITY AS e(i, n) WHERE e. i->>'type' <> ${orderUpdateFailedType})`,
              updatedAt: new Date(),
            })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), sql`${labels.statusInfo} @> ${JSON.stringify([{ type: orderUpdateFailedType }])}::jsonb`));
        },
      };
    },
  };
}

export type ShopWriteBackRepository = ReturnType<typeof createShopWriteBackRepository>;
