import type { Label } from '@verzendhuis/contract/label';
import type { LabelPackageRow, LabelRow } from './repository';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function toLabelDto(row: LabelRow, packages: LabelPackageRow[]): Label {
  const o = row.orderSnapshot;
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
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    tracking_date: row.trackingDate?.toISOString() ?? null,
    courier_id: row.courierId,
    name: text(o.name),
    company_name: text(o.company_name),
    address_1: text(o.address_1),
    housenumber: text(o.housenumber),
    zipcode: text(o.zipcode),
    city: text(o.city),
    country: text(o.country),
    shipment: {
      tracking_number: row.trackingNumber,
      shipment_type: row.shipmentType,
      courier_fields: row.courierFields,
      packages: packages.map((p) => ({
        package_number: p.packageNumber,
        weight: p.weight,
        tracking_number: p.trackingNumber,
        tracking_url: p.trackingUrl,
        courier_class: row.courierClass,
        courier_id: row.courierId,
      })),
    },
  };
}
