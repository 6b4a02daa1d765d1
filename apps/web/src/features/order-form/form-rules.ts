import type { Courier } from '@verzendhuis/contract/courier';
import { applyCourierFieldRules, nextPackageWeight, sumItemWeights } from '@verzendhuis/domain/order-form';
import { blankValues, rowKey, toNumber, type CourierFieldValue, type ItemValues, type OrderFormValues } from './form-values';

/** Orders spec §4 "Order form behaviour": the first active courier is preselected for a new order. */
export function firstActiveCourier(couriers: readonly Courier[]): Courier | null {
  return couriers.find((c) => c.is_active) ?? null;
}

/** The courier's default shipment type, or its first. */
export function defaultShipmentType(courier: Courier | null): string | null {
  if (!courier) return null;
  return (courier.shipment_types.find((t) => t.is_default) ?? courier.shipment_types[0])?.id ?? null;
}

export function isLetterType(courier: Courier | null, shipmentType: string | null): boolean {
  return !!courier && courier.shipment_types.some((t) => t.id === shipmentType && t.is_letter);
}

/** Every courier option at its definition's default (a checkbox without one is off). */
export function courierFieldDefaults(courier: Courier | null): Record<string, CourierFieldValue> {
  const fields: Record<string, CourierFieldValue> = {};
  for (const field of courier?.meta.order_fields ?? []) {
    fields[field.name] = field.default ?? (field.type === 'checkbox' ? false : null);
  }
  return fields;
}

function withLetterRule(
  fields: Record<string, CourierFieldValue>,
  courier: Courier | null,
  shipmentType: string | null,
  changed?: string,
): Record<string, CourierFieldValue> {
  const next = applyCourierFieldRules({ fields, isLetter: isLetterType(courier, shipmentType), changed }) as Record<string, CourierFieldValue>;
  // The rule writes insurance 0 as a number; a select option's value is text ('0').
  for (const field of courier?.meta.order_fields ?? []) {
    const value = next[field.name];
    if (field.type === 'select' && typeof value === 'number') next[field.name] = String(value);
  }
  return next;
}

/** A courier change resets the shipment type to that courier's default and its options to their defaults. */
export function applyCourierChange(values: OrderFormValues, courier: Courier | null): OrderFormValues {
  const shipmentType = defaultShipmentType(courier);
  // A pickup point belongs to the courier it was chosen for: another courier starts without one.
  const point = values.pickup_point;
  const keepsPoint = point !== null && courier !== null && (point.courier_id ? point.courier_id === courier.id : values.courier_id === courier.id);
  return {
    ...values,
    courier_id: courier?.id ?? null,
    pickup_point: keepsPoint ? point : null,
    shipment_type: shipmentType,
    shipment: { ...values.shipment, courier_fields: withLetterRule(courierFieldDefaults(courier), courier, shipmentType) },
  };
}

/** A letter type turns signature off and insurance to 0 (and the form disables both). */
export function applyShipmentTypeChange(values: OrderFormValues, courier: Courier | null, shipmentType: string | null): OrderFormValues {
  return {
    ...values,
    shipment_type: shipmentType,
    shipment: { ...values.shipment, courier_fields: withLetterRule(values.shipment.courier_fields, courier, shipmentType) },
  };
}

/** Choosing signature resets insurance to 0. */
export function applyCourierFieldChange(
  values: OrderFormValues,
  courier: Courier | null,
  name: string,
  value: CourierFieldValue,
): OrderFormValues {
  const fields = { ...values.shipment.courier_fields, [name]: value };
  return {
    ...values,
    shipment: { ...values.shipment, courier_fields: withLetterRule(fields, courier, values.shipment_type, name) },
  };
}

/** The courier options that the letterbox rule locks. */
export function lockedCourierFields(courier: Courier | null, shipmentType: string | null): string[] {
  return isLetterType(courier, shipmentType) ? ['signature', 'insurance'] : [];
}

function itemWeights(items: readonly ItemValues[]) {
  return sumItemWeights(items.map((i) => ({ quantity: toNumber(i.quantity), weight: toNumber(i.weight) })));
}

/**
 * New order lines. The first package's weight follows the summed item weight when
 * it was empty, zero, or equal to the previous sum; further packages are the
 * user's own (they would count the items twice).
 */
export function applyItemsChange(values: OrderFormValues, items: ItemValues[]): OrderFormValues {
  const [first, ...rest] = values.shipment.packages;
  if (!first) return { ...values, order_items: items };
  const weight = nextPackageWeight({
    current: toNumber(first.weight),
    previousSum: itemWeights(values.order_items),
    nextSum: itemWeights(items),
  });
  return {
    ...values,
    order_items: items,
    shipment: { ...values.shipment, packages: [{ ...first, weight }, ...rest] },
  };
}

/** A new order's values: the first active courier with its defaults. */
export function newOrderValues(couriers: readonly Courier[], now: Date = new Date()): OrderFormValues {
  return applyCourierChange(blankValues(now), firstActiveCourier(couriers));
}

/** After a new order was saved without problems: a fresh form that keeps courier and shipment type. */
export function valuesAfterCreate(values: OrderFormValues, couriers: readonly Courier[], now: Date = new Date()): OrderFormValues {
  const courier = couriers.find((c) => c.id === values.courier_id) ?? null;
  const fresh = applyCourierChange(blankValues(now), courier);
  return applyShipmentTypeChange(fresh, courier, values.shipment_type);
}

export interface DuplicateChoices {
  transferOrderNumber: boolean;
  transferShipmentSettings: boolean;
}

/**
 * Duplicate mode: a new, manual order with the recipient and lines of the original.
 * What belongs to the original only (ids, the shop's status, the date it was
 * ordered) is cleared, and the order number and shipment settings only stay when
 * chosen; otherwise they are those of a new order.
 */
export function duplicateValues(
  original: OrderFormValues,
  choices: DuplicateChoices,
  couriers: readonly Courier[],
  now: Date = new Date(),
): OrderFormValues {
  const fresh = newOrderValues(couriers, now);
  const items = original.order_items.map(({ id: _id, ...item }) => ({ ...item, key: rowKey() }));
  const copy: OrderFormValues = {
    ...original,
    order_number: choices.transferOrderNumber ? original.order_number : '',
    order_date: fresh.order_date,
    order_status: '',
    order_items: items,
  };
  if (choices.transferShipmentSettings) {
    return { ...copy, shipment: { ...copy.shipment, packages: copy.shipment.packages.map((p) => ({ ...p, key: rowKey() })) } };
  }
  const withFreshShipment: OrderFormValues = {
    ...copy,
    courier_id: fresh.courier_id,
    shipment_type: fresh.shipment_type,
    pickup_point: null,
    shipment: fresh.shipment,
    order_items: [],
  };
  return applyItemsChange(withFreshShipment, items);
}
