import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { centsToEuros, type InvoiceItem } from '@verzendhuis/contract/billing';
import { billingTexts } from '@verzendhuis/domain/billing-texts';
import { refundDescription } from '@verzendhuis/domain/invoices-texts';
import type { Database } from '../db/client';
import { invoiceItems, labelPrices } from '../db/schema';
import type { LabelCharge, PriceRow } from './pricing';

export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type InvoiceItemDto = InvoiceItem;

/** The transaction of labels.complete: the invoice item is written in it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function toInvoiceItemDto(row: InvoiceItemRow): InvoiceItemDto {
  return { id: row.id, type: row.type, parts: row.parts, total: centsToEuros(row.totalCents) };
}

export function createBillingRepository(db: Database) {
  return {
    /** The invoice items of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        /** The invoice items of the given labels, by label id (labels without items are absent). */
        async invoiceItemsOf(labelIds: readonly string[]): Promise<Map<string, InvoiceItemDto[]>> {
          const byLabel = new Map<string, InvoiceItemDto[]>();
          if (labelIds.length === 0) return byLabel;
          const rows = await db
            .select()
            .from(invoiceItems)
            .where(and(eq(invoiceItems.organisationId, organisationId), inArray(invoiceItems.labelId, [...labelIds])))
            .orderBy(asc(invoiceItems.createdAt), asc(invoiceItems.id));
          for (const row of rows) {
            if (row.labelId === null) continue;
            const list = byLabel.get(row.labelId) ?? [];
            list.push(toInvoiceItemDto(row));
            byLabel.set(row.labelId, list);
          }
          return byLabel;
        },

        /**
         * The label_price item of a proxy label, inside the transaction `tx` that completes
         * the label. The unique index allows one per label, so a retry never charges twice.
         */
        async insertLabelPriceItem(tx: Transaction, labelId: string, charge: LabelCharge): Promise<void> {
          await tx
            .insert(invoiceItems)
            .values({ organisationId, labelId, type: 'label_price', parts: charge.parts, totalCents: charge.totalCents })
            .onConflictDoNothing();
        },

        /**
         * Inside a label delete's transaction: a label never handed to its carrier is not
         * charged. A refund item of minus its label price is written once per label (a unique
         * index), to be set off on the next invoice.
         */
        async insertRefundItems(tx: Transaction, labelIds: readonly string[]): Promise<void> {
          if (labelIds.length === 0) return;
          await tx.execute(sql`
            INSERT INTO ${invoiceItems} (organisation_id, label_id, type, parts, total_cents)
            SELECT organisation_id, label_id, 'refund',
                   jsonb_build_array(jsonb_build_object('id', 'refund', 'description', ${refundDescription(billingTexts.refundedLabelPrice)}::text,
                     'unit_price', to_char(-total_cents / 100.0, 'FM9999999990.00'))),
                   -total_cents
            FROM ${invoiceItems}
            WHERE organisation_id = ${organisationId} AND type = 'label_price' AND ${inArray(invoiceItems.labelId, [...labelIds])}
            ON CONFLICT DO NOTHING`);
        },
      };
    },

    /** The price table of proxy labels: reference data, the same for every organisation. */
    crossOrganisation: {
      /** All price rows of one courier class (what one price calculation needs). */
      async pricesOfClass(courierClass: string): Promise<PriceRow[]> {
        return db.select().from(labelPrices).where(eq(labelPrices.courierClass, courierClass));
      },

      /** The price table for label-price/, limited to the given classes, in reading order. */
      async listPrices(filter: { classes: readonly string[]; shipmentType?: string; zone?: string }): Promise<PriceRow[]> {
        if (filter.classes.length === 0) return [];
        const conditions: SQL[] = [inArray(labelPrices.courierClass, [...filter.classes])];
        if (filter.shipmentType) conditions.push(eq(labelPrices.shipmentType, filter.shipmentType));
        if (filter.zone) conditions.push(eq(labelPrices.zone, filter.zone));
        return db
          .select()
          .from(labelPrices)
          .where(and(...conditions))
          .orderBy(
            asc(labelPrices.courierClass),
            asc(labelPrices.shipmentType),
            sql`CASE ${labelPrices.zone} WHEN 'NL' THEN 0 WHEN 'EU' THEN 1 ELSE 2 END`,
            sql`${labelPrices.option} IS NOT NULL`,
            asc(labelPrices.maxWeight),
            asc(labelPrices.unitPriceCents),
          );
      },

      /** Makes label_prices equal to the reference table: rows upserted by their stable id, others removed. */
      async syncPriceTable(rows: readonly PriceRow[]): Promise<void> {
        await db.transaction(async (tx) => {
          if (rows.length > 0) {
            await tx
              .insert(labelPrices)
              .values([...rows])
              .onConflictDoUpdate({
                target: labelPrices.id,
                set: {
                  courierClass: sql`excluded.courier_class`,
                  shipmentType: sql`excluded.shipment_type`,
                  zone: sql`excluded.zone`,
                  maxWeight: sql`excluded.max_weight`,
                  option: sql`excluded.option`,
                  description: sql`excluded.description`,
                  unitPriceCents: sql`excluded.unit_price_cents`,
                },
              });
          }
          await tx.delete(labelPrices).where(rows.length > 0 ? notInArray(labelPrices.id, rows.map((r) => r.id)) : sql`true`);
        });
      },
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
export type OrganisationBilling = ReturnType<BillingRepository['for']>;
