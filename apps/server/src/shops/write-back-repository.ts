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
  /** labels.write_back: pending, done, failed; null where the label was finished without one (see schema.ts). */
  writeBack: WriteBackState | null;
}

export type WriteBackState = 'pending' | 'done' | 'failed';

/** A write-back the recovery looks at: still pending. */
export interface PendingWriteBack {
  organisationId: string;
  labelId: string;
}

/** The label's status_info without its order_update_failed warning, in its order. */
const withoutWarning = () =>
  sql`(SELECT coalesce(jsonb_agg(e.i ORDER BY e.n), '[]'::jsonb) FROM jsonb_array_elements(${labels.statusInfo}) WITH ORDINALITY AS e(i, n) WHERE e. i->>'type' <> ${orderUpdateFailedType})`;

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
            write_back: WriteBackState | null;
          }>(sql`
            SELECT l.id AS label_id, l.is_active, l.is_return, l.courier_class, l.tracking_number,
                   (SELECT p.tracking_url FROM label_packages p WHERE p.label_id = l.id ORDER BY p.package_number LIMIT 1) AS tracking_url,
                   o.shop_id, o.external_key, l.write_back,
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
            writeBack: row.write_back,
          };
        },

        /** The write-back failed for good: state failed and the order_update_failed warning on the label (replacing an earlier one). */
        async markFailed(labelId: string, message: string): Promise<void> {
          const info: StatusInfoValue = { type: orderUpdateFailedType, field: null, message, status: 'warning' };
          const now = new Date();
          await db
            .update(labels)
            .set({
              statusInfo: sql`${withoutWarning()} || ${JSON.stringify([info])}::jsonb`,
              writeBack: 'failed',
              writeBackAt: now,
              updatedAt: now,
            })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
        },

        /** The shop knows of the label: state done, and no order_update_failed warning. */
        async markDone(labelId: string): Promise<void> {
          const now = new Date();
          await db
            .update(labels)
            .set({
              statusInfo: withoutWarning(),
              writeBack: 'done',
              writeBackAt: now,
              updatedAt: now,
            })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
        },

        /** Takes the order_update_failed warning off a label there is no shop to tell for. */
        async clearFailed(labelId: string): Promise<void> {
          await db
            .update(labels)
            .set({
              statusInfo: withoutWarning(),
              updatedAt: new Date(),
            })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), sql`${labels.statusInfo} @> ${JSON.stringify([{ type: orderUpdateFailedType }])}::jsonb`));
        },
      };
    },

    crossOrganisation: {
      /**
       * Active labels whose write-back is still pending since before `before`, oldest first,
       * taken for a new try: their write_back_at becomes now, so the next look (of this or
       * another process) passes them by for a while and reaches the others.
       */
      async takePending(before: Date, limit: number): Promise<PendingWriteBack[]> {
        const result = await db.execute<{ organisation_id: string; id: string }>(sql`
          UPDATE labels SET write_back_at = now()
          WHERE id IN (
            SELECT id FROM labels
            WHERE write_back = 'pending' AND write_back_at < ${before.toISOString()}::timestamptz AND is_active
            ORDER BY write_back_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING organisation_id, id`);
        return result.rows.map((row) => ({ organisationId: row.organisation_id, labelId: row.id }));
      },
    },
  };
}

export type ShopWriteBackRepository = ReturnType<typeof createShopWriteBackRepository>;
