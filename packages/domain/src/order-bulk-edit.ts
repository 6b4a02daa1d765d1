import { applyCourierFieldRules } from './order-form';
import type { CourierRules } from './order-validation';
import { orderBulkEditTexts } from './orders-texts';

/**
 * The bulk edit of the orders table (updatebulkorders with values): what changes on
 * one order. Only the values given change; the order is re-validated afterwards by
 * the caller with validateOrder, like any other order.
 */

export type CourierFieldValue = string | number | boolean | null;

/** What a bulk edit may set; a value left out stays as it is on each order. */
export interface BulkOrderValues {
  courier_id?: string;
  shipment_type?: string;
  /** Merged key by key into the order's options. */
  courier_fields?: Record<string, CourierFieldValue>;
  /** Resizes the packages; new packages take the weight of the last one. */
  package_count?: number;
  /** Grams, for every package. */
  weight?: number;
}

/** The part of an order a bulk edit touches. */
export interface BulkEditableShipment {
  courier_id: string | null;
  shipment_type: string | null;
  courier_fields: Record<string, CourierFieldValue>;
  packages: { weight: number }[];
}

/** How many packages an order without a courier may have (the contract's own limit). */
export const maxPackagesWithoutCourier = 50;

export type BulkEditOutcome =
  | { ok: true; shipment: BulkEditableShipment }
  | { ok: false; field: keyof BulkOrderValues; message: string };

/** The courier's default shipment type, or its first. */
export function defaultShipmentTypeOf(courier: CourierRules | null): string | null {
  return (courier?.shipment_types.find((t) => t.is_default) ?? courier?.shipment_types[0])?.id ?? null;
}

/** Every option of the courier at its default (a checkbox without one is off). */
export function courierFieldDefaultsOf(courier: CourierRules | null): Record<string, CourierFieldValue> {
  return Object.fromEntries((courier?.order_fields ?? []).map((f) => [f.name, f.default ?? (f.type === 'checkbox' ? false : null)]));
}

export function maxPackagesOf(courier: CourierRules | null): number {
  return courier?.max_packages ?? maxPackagesWithoutCourier;
}

/** `count` packages: the first ones kept, new ones with the weight of the last. */
export function resizePackages(packages: { weight: number }[], count: number): { weight: number }[] {
  const last = packages[packages.length - 1]?.weight ?? 0;
  return Array.from({ length: count }, (_, i) => ({ weight: packages[i]?.weight ?? last }));
}

/**
 * The bulk values applied to one order. `courierOf` gives the rules of a courier of
 * the organisation (the caller has refused a courier_id that is not one of them).
 *
 * - A courier change (another courier than the order's) sets the courier's default
 *   shipment type and its options to their defaults, as the order form does.
 * - A given shipment type must belong to the (new or current) courier: refused otherwise.
 * - Given options are merged key by key; the letterbox rule then applies (a letter
 *   type has no signature and no insurance; signature chosen resets insurance).
 * - package_count (1 … the courier's max, or 50) resizes, weight sets every package.
 */
export function applyBulkOrderValues({
  shipment,
  values,
  courierOf,
}: {
  shipment: BulkEditableShipment;
  values: BulkOrderValues;
  courierOf: (id: string | null) => CourierRules | null;
}): BulkEditOutcome {
  const texts = orderBulkEditTexts.refusals;
  const courierId = values.courier_id ?? shipment.courier_id;
  const courier = courierOf(courierId);
  const courierChanges = courierId !== shipment.courier_id;

  let shipmentType = courierChanges ? defaultShipmentTypeOf(courier) : shipment.shipment_type;
  if (values.shipment_type !== undefined) {
    if (!courier?.shipment_types.some((t) => t.id === values.shipment_type)) {
      return { ok: false, field: 'shipment_type', message: texts.shipmentTypeNotOfCourier };
    }
    shipmentType = values.shipment_type;
  }

  let courierFields = courierChanges ? courierFieldDefaultsOf(courier) : shipment.courier_fields;
  if (values.courier_fields) courierFields = { ...courierFields, ...values.courier_fields };
  if (courierChanges || values.shipment_type !== undefined || values.courier_fields) {
    const isLetter = courier?.shipment_types.some((t) => t.id === shipmentType && t.is_letter) ?? false;
    // Signature chosen resets insurance, unless the same edit sets insurance too.
    const changed = values.courier_fields && 'signature' in values.courier_fields && !('insurance' in values.courier_fields) ? 'signature' : undefined;
    courierFields = applyCourierFieldRules({ fields: courierFields, isLetter, changed }) as Record<string, CourierFieldValue>;
  }

  let packages = shipment.packages;
  if (values.package_count !== undefined) {
    const max = maxPackagesOf(courier);
    if (values.package_count > max) return { ok: false, field: 'package_count', message: texts.tooManyPackages(max) };
    packages = resizePackages(packages, values.package_count);
  }
  const weight = values.weight;
  if (weight !== undefined) packages = packages.map(() => ({ weight }));

  return { ok: true, shipment: { courier_id: courierId, shipment_type: shipmentType, courier_fields: courierFields, packages } };
}
