import { courierFieldDefaultsOf, defaultShipmentTypeOf } from './order-bulk-edit';
import { sumItemWeights } from './order-form';
import type { CourierRules } from './order-validation';

/**
 * Defaults every source of orders shares (the API, the form, and later CSV and shops):
 * a package without a weight (missing or 0) takes the summed weight of the order lines,
 * spread evenly over the packages that have none, in whole grams rounded up. An order
 * whose lines have no weight either keeps 0, which validation then reports on the
 * package (docs/orders.md, "Gewicht").
 */
export function withDefaultPackageWeights<T extends { shipment: { packages: { weight: number }[] }; order_items: { quantity?: number | null; weight?: number | null }[] }>(order: T): T {
  const without = order.shipment.packages.filter((p) => !(p.weight > 0)).length;
  const itemWeight = sumItemWeights(order.order_items);
  if (without === 0 || itemWeight <= 0) return order;
  const share = Math.ceil(itemWeight / without);
  return { ...order, shipment: { ...order.shipment, packages: order.shipment.packages.map((p) => (p.weight > 0 ? p : { ...p, weight: share })) } };
}

/** A courier of the organisation as the defaults see it: its id and its rules. */
export interface DefaultsCourier extends CourierRules {
  id: string;
}

type DefaultableOrder = {
  courier_id?: string | null;
  shipment_type?: string | null;
  shipment: { packages: { weight: number }[]; courier_fields: Record<string, unknown> };
  order_items: { quantity?: number | null; weight?: number | null }[];
};

/**
 * The defaults every source of orders shares (the form, the API, CSV import and shops;
 * docs/orders.md, "Standaardwaarden"), applied after the shipping rules:
 * - no courier: the organisation's first active courier (`couriers` in the order they were linked);
 * - no shipment type: that courier's default type (or its first);
 * - courier options the order does not name: the courier's defaults;
 * - a package without a weight: the summed item weights (withDefaultPackageWeights).
 * A courier the order names is kept as it is, even when inactive: validation reports it.
 */
export function applyOrderDefaults<T extends DefaultableOrder>(order: T, context: { couriers: readonly DefaultsCourier[] }): T {
  const courierId = order.courier_id || context.couriers.find((c) => c.is_active)?.id || null;
  const courier = courierId ? (context.couriers.find((c) => c.id === courierId) ?? null) : null;
  const shipmentType = order.shipment_type?.trim() ? order.shipment_type : defaultShipmentTypeOf(courier);
  const courierFields = courier && courierId !== order.courier_id ? { ...courierFieldDefaultsOf(courier), ...order.shipment.courier_fields } : order.shipment.courier_fields;
  return withDefaultPackageWeights({
    ...order,
    courier_id: courierId,
    shipment_type: shipmentType,
    shipment: { ...order.shipment, courier_fields: courierFields },
  });
}
