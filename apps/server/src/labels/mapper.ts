import type { InvoiceItem } from '@verzendhuis/contract/billing';
import type { Label } from '@verzendhuis/contract/label';
import { pickupPointSchema, type PickupPoint } from '@verzendhuis/contract/order';
import type { LabelTrackingMail } from '@verzendhuis/contract/tracking-mail';
import { itemRowToApi } from '../orders/mapper';
import type { LabelOrderDetails, LabelPackageRow, LabelRow } from './repository';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** What a label's answer carries besides its own row: loaded for a page of labels at once. */
export interface LabelExtras {
  packages: LabelPackageRow[];
  /** The label's order today (lines, export flag, shop); absent when the order is gone. */
  order?: LabelOrderDetails;
  invoiceItems: InvoiceItem[];
  ticketId?: string;
  /** Its tracking e-mails (tracking-mail/); none when not given. */
  trackingMails?: LabelTrackingMail[];
}

/** The pickup point in a label's order snapshot, when it is one (labels made before it was stored have none). */
function snapshotPickupPoint(value: unknown): PickupPoint | null {
  const parsed = pickupPointSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toLabelDto(row: LabelRow, extras: LabelExtras): Label {
  const o = row.orderSnapshot;
  const { packages, order } = extras;
  return {
    id: row.id,
    order_id: row.orderId,
    order_number: text(o.order_number),
    order_date: text(o.order_date),
    order_status: text(o.order_status),
    status: row.status,
    error_status: row.errorStatus,
    status_info: row.statusInfo,
    is_active: row.isActive,
    is_return: row.isReturn,
    marker: row.marker,
    payment: row.paymentMethod,
    reason_retour: row.reasonRetour ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    tracking_date: row.trackingDate?.toISOString() ?? null,
    printed_at: row.printedAt?.toISOString() ?? null,
    courier_id: row.courierId,
    service_id: order?.shopId ?? null,
    name: text(o.name),
    company_name: text(o.company_name),
    address_1: text(o.address_1),
    address_2: text(o.address_2),
    housenumber: text(o.housenumber),
    zipcode: text(o.zipcode),
    city: text(o.city),
    country: text(o.country),
    email: text(o.email),
    phone: text(o.phone),
    order_items: (order?.items ?? []).map(itemRowToApi),
    validators: { is_export: order?.isExport ?? false },
    invoice_items: extras.invoiceItems,
    ticket: extras.ticketId ? { id: extras.ticketId } : null,
    pickup_point: snapshotPickupPoint(o.pickup_point),
    shipment: {
      tracking_number: row.trackingNumber,
      tracking_url: packages[0]?.trackingUrl ?? null,
      shipment_type: row.shipmentType,
      courier_fields: row.courierFields,
      packages: packages.map((p) => ({
        package_number: p.packageNumber,
        weight: p.weight,
        tracking_number: p.trackingNumber,
        tracking_url: p.trackingUrl,
        pickup_url: null,
        courier_class: row.courierClass,
        courier_id: row.courierId,
      })),
      tracking_mails: extras.trackingMails ?? [],
    },
  };
}
