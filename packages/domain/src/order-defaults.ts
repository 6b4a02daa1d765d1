import { sumItemWeights } from './order-form';

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
