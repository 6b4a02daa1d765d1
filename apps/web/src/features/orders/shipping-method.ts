import type { Courier } from '@verzendhuis/contract/courier';

/** The name of an order's shipment type, looked up in its courier; null when unknown. */
export function shippingMethodName(
  order: { courier_id: string | null; shipment_type: string | null },
  couriers: readonly Pick<Courier, 'id' | 'shipment_types'>[],
): string | null {
  if (!order.courier_id || !order.shipment_type) return null;
  const courier = couriers.find((c) => c.id === order.courier_id);
  return courier?.shipment_types.find((t) => t.id === order.shipment_type)?.name ?? null;
}
