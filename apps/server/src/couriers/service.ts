import type { Courier } from '@verzendhuis/contract/courier';
import type { CourierRules } from '@verzendhuis/domain/order-validation';
import { courierClassMeta } from '../carriers/registry';
import type { CourierRow } from './repository';

export function toCourierDto(row: CourierRow): Courier | null {
  const meta = courierClassMeta(row.serviceClass);
  if (!meta) return null;
  return {
    id: row.id,
    proxied_id: row.proxiedId,
    service_class: row.serviceClass,
    service_name: meta.name,
    label: row.label,
    is_active: row.isActive,
    shipment_types: meta.shipment_types,
    meta,
  };
}

export function courierRules(row: CourierRow | undefined | null): CourierRules | null {
  if (!row) return null;
  const meta = courierClassMeta(row.serviceClass);
  if (!meta) return null;
  return { is_active: row.isActive, max_packages: meta.max_packages, shipment_types: meta.shipment_types, order_fields: meta.order_fields };
}
