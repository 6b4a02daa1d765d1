import type { Organisation } from '@verzendhuis/contract/user';
import { AppError } from '@verzendhuis/domain/errors';
import {
  customsCategory,
  declaredItems,
  exportDocumentPrintTexts,
  exportDocumentRefusals,
  exportDocumentTexts,
  refusalFields,
  senderEori,
  type ExportItem,
} from '@verzendhuis/domain/export-document';
import { packingSlipTexts } from '@verzendhuis/domain/labels-texts';
import { resolveTrackingMailSettings } from '@verzendhuis/domain/tracking-mail';
import { errorMessages } from '@verzendhuis/domain/messages';
import type { LabelRepository, LabelRow } from '../labels/repository';
import type { DocumentAddress } from './a4-document';
import { drawExportDocument } from './export-document';
import type { DocumentItemRow, DocumentOrder, OrderDocumentRepository } from './order-documents-repository';
import { drawPackingSlips, type PackingSlip } from './packing-slip';

/** The packing slips and the export document: which orders, which checks, then the drawing. */

export interface GeneratedDocument {
  pdf: Buffer;
  filename: string;
}

function orderNotFound(fields: Record<string, string[]> = {}): AppError {
  return new AppError({ type: 'not_found', messageCode: 'order_not_found', message: errorMessages.order_not_found, fields });
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** The recipient as the label was made (its snapshot of the order). */
function labelRecipient(label: LabelRow): DocumentAddress & { email: string | null; phone: string | null } {
  const o = label.orderSnapshot;
  return {
    name: text(o.name),
    company_name: text(o.company_name),
    address_1: text(o.address_1),
    housenumber: text(o.housenumber),
    address_2: text(o.address_2),
    zipcode: text(o.zipcode),
    city: text(o.city),
    country: text(o.country),
    email: text(o.email),
    phone: text(o.phone),
  };
}

function orderRecipient({ order }: DocumentOrder): DocumentAddress {
  return {
    name: order.name,
    company_name: order.companyName,
    address_1: order.address1,
    housenumber: order.housenumber,
    address_2: order.address2,
    zipcode: order.zipcode,
    city: order.city,
    state_province_code: order.stateProvinceCode,
    country: order.country,
  };
}

function toExportItem(item: DocumentItemRow): ExportItem {
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    sku: item.sku,
    hs_code: item.hsCode,
    product_country: item.productCountry,
    quantity: item.quantity,
    unit_price_inc_btw: item.unitPriceCents / 100,
    weight: item.weight,
    is_dummy_item: item.isDummyItem,
  };
}

export function createOrderDocumentService(deps: {
  orders: OrderDocumentRepository;
  labels: LabelRepository;
  loadOrganisation: (organisationId: string) => Promise<Organisation>;
  /** The organisation's uploaded logo, drawn on its packing slips. */
  loadLogo: (organisationId: string) => Promise<{ content: Buffer } | null>;
}) {
  function slipOf(organisation: Organisation, found: DocumentOrder, label: LabelRow | null, branding: Pick<PackingSlip, 'logo' | 'brandColor'>): PackingSlip {
    return {
      ...branding,
      shopName: found.shopLabel ?? organisation.name,
      orderNumber: found.order.orderNumber,
      orderDate: found.order.orderDate,
      trackingNumber: label?.trackingNumber ?? null,
      sender: organisation.address && { name: null, ...organisation.address },
      recipient: label ? labelRecipient(label) : orderRecipient(found),
      // Dummy lines (shipping costs, a discount) are not in the box.
      lines: found.items
        .filter((item) => !item.isDummyItem)
        .map((item) => ({ quantity: item.quantity, name: item.name, description: item.description, sku: item.sku, ean: item.eanCode, weight: item.weight })),
    };
  }

  return {
    /**
     * One packing slip per order, in the order asked. By label: the label's order, once
     * per order. Any id that is not the caller's (or does not exist) refuses the whole
     * request: nothing is produced.
     */
    async packingSlips(organisationId: string, body: { order_ids?: string[]; label_ids?: string[] }): Promise<GeneratedDocument> {
      const [organisation, logo] = await Promise.all([deps.loadOrganisation(organisationId), deps.loadLogo(organisationId)]);
      const branding = { logo: logo?.content ?? null, brandColor: resolveTrackingMailSettings(organisation.tracking.mail_settings).brand_color };
      const slips: PackingSlip[] = [];
      if (body.label_ids) {
        const ids = [...new Set(body.label_ids)];
        const labels = new Map((await deps.labels.for(organisationId).findMany(ids)).map((l) => [l.id, l]));
        const missing = ids.filter((id) => !labels.has(id));
        if (missing.length > 0) throw orderNotFound({ label_ids: missing.map(() => errorMessages.order_not_found) });
        const ordered = ids.map((id) => labels.get(id)!);
        const orders = await deps.orders.for(organisationId).loadOrders([...new Set(ordered.map((l) => l.orderId))], { activeOnly: false });
        const seen = new Set<string>();
        for (const label of ordered) {
          const found = orders.get(label.orderId);
          if (!found) throw orderNotFound();
          if (seen.has(label.orderId)) continue;
          seen.add(label.orderId);
          slips.push(slipOf(organisation, found, label, branding));
        }
      } else {
        const ids = [...new Set(body.order_ids ?? [])];
        const orders = await deps.orders.for(organisationId).loadOrders(ids, { activeOnly: true });
        const missing = ids.filter((id) => !orders.has(id));
        if (missing.length > 0) throw orderNotFound({ order_ids: missing.map(() => errorMessages.order_not_found) });
        for (const id of ids) slips.push(slipOf(organisation, orders.get(id)!, null, branding));
      }
      return { pdf: await drawPackingSlips(slips), filename: packingSlipTexts.filename };
    },

    /**
     * The CN23 / commercial invoice of a label. A label that is not the caller's answers
     * "Order niet gevonden." (404), as the spec's refusal list names it; a label that may
     * not have one answers 400 with every reason in `fields`.
     */
    async exportDocument(organisationId: string, labelId: string): Promise<GeneratedDocument> {
      const [label] = await deps.labels.for(organisationId).findMany([labelId]);
      if (!label) throw orderNotFound();
      const found = (await deps.orders.for(organisationId).loadOrders([label.orderId], { activeOnly: false })).get(label.orderId);
      if (!found) throw orderNotFound();
      const recipient = labelRecipient(label);
      const items = found.items.map(toExportItem);
      const refusals = exportDocumentRefusals({
        country: recipient.country ?? found.order.country,
        statusInfo: [...label.statusInfo, ...found.order.statusInfo],
        items,
      });
      if (refusals.length > 0) {
        throw new AppError({
          type: 'validation',
          messageCode: 'export_document_refused',
          message: refusals.length === 1 ? refusals[0]!.message : exportDocumentTexts.refused,
          fields: refusalFields(refusals),
        });
      }
      const organisation = await deps.loadOrganisation(organisationId);
      const packages = (await deps.labels.for(organisationId).packagesOf([label.id])).get(label.id) ?? [];
      const grossWeight = packages.reduce((sum, p) => sum + p.weight, 0);
      const invoiceNumber = found.order.orderNumber?.trim() || label.id.slice(0, 8).toUpperCase();
      const snapshotDate = text(label.orderSnapshot.order_date);
      const declared = declaredItems(found.items.map((row) => ({ row, ...toExportItem(row) })));
      const pdf = await drawExportDocument({
        invoiceNumber,
        date: snapshotDate ? new Date(snapshotDate) : found.order.orderDate,
        category: customsCategory({ isReturn: label.isReturn, items }),
        currency: found.order.currency,
        trackingNumber: label.trackingNumber,
        grossWeight: grossWeight > 0 ? grossWeight : null,
        sender: {
          name: organisation.address?.company_name ?? organisation.name,
          address: organisation.address && { name: null, ...organisation.address },
          email: organisation.contact.email,
          phone: organisation.contact.phone,
          eori: senderEori({ destination: recipient.country ?? found.order.country, eori: organisation.company.eori_number, eoriGb: organisation.company.eori_number_gb }),
          vat: organisation.company.vat_number,
        },
        receiver: { ...recipient, country: recipient.country ?? found.order.country },
        // The refusal check above guarantees every field of a declared item.
        items: declared.map(({ item: { row } }) => ({
          name: row.name,
          description: row.description,
          sku: row.sku,
          quantity: row.quantity,
          weight: row.weight ?? 0,
          unitValueCents: row.unitPriceCents,
          hsCode: row.hsCode ?? '',
          originCountry: row.productCountry ?? '',
        })),
      });
      return { pdf, filename: exportDocumentPrintTexts.filename(invoiceNumber) };
    },
  };
}

export type OrderDocumentService = ReturnType<typeof createOrderDocumentService>;
