import type { Courier } from '@verzendhuis/contract/courier';
import { requiresStateProvince } from '@verzendhuis/domain/countries';
import type { OrderFormValues } from './form-values';

/** Values the form holds but shows at no input of its own (the shop's status is shown read-only). */
const notShown = new Set(['order_status', 'pickup_point']);
/** An order line's values without an input: its stored id and its React key. */
const lineWithoutInput = new Set(['id', 'key']);

/**
 * Whether an input of the order form shows the errors at `path` (an API path); the others
 * go to the alerts above its buttons. An input shows the value at its path, so a path is
 * shown when it leads to a single value of the form, and the package count below the packages.
 */
export function orderFormShows(values: OrderFormValues, courier: Courier | null, path: string): boolean {
  // The pickup point block shows the refusal of the point as a whole; its parts go above the buttons.
  if (path === 'shipment.packages' || path === 'pickup_point') return true;
  const [root, ...rest] = path.split('.');
  if (!root || notShown.has(root)) return false;
  if (root === 'state_province_code') return requiresStateProvince(values.country);
  if (root === 'order_items' && lineWithoutInput.has(rest[1] ?? '')) return false;
  if (path.startsWith('shipment.courier_fields.')) return !!courier?.meta.order_fields.some((f) => `shipment.courier_fields.${f.name}` === path);
  let value: unknown = values[root as keyof OrderFormValues];
  for (const segment of rest) {
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[segment];
  }
  return value !== undefined && (value === null || typeof value !== 'object');
}
