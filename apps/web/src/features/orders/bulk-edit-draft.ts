import type { Courier } from '@verzendhuis/contract/courier';
import type { OrderBulkValues, OrderListItem } from '@verzendhuis/contract/order';
import { maxPackagesWithoutCourier } from '@verzendhuis/domain/order-bulk-edit';
import { orderBulkEditTexts as texts } from '@verzendhuis/domain/orders-texts';
import { lockedCourierFields } from '../order-form/form-rules';
import type { CourierFieldValue, NumberValue } from '../order-form/form-values';

/**
 * The bulk edit dialog's state: every field starts unset ("Niet wijzigen"), and only
 * what the user sets is sent (docs/orders-web.md, "Bijwerken").
 */
export interface BulkEditDraft {
  courier_id: string | null;
  shipment_type: string | null;
  /** Only the options the user set. */
  courier_fields: Record<string, CourierFieldValue>;
  package_count: NumberValue;
  weight: NumberValue;
}

export const emptyDraft: BulkEditDraft = { courier_id: null, shipment_type: null, courier_fields: {}, package_count: '', weight: '' };

/** The courier every selected order has, or null when they differ (or have none). */
export function sharedCourierId(orders: readonly Pick<OrderListItem, 'courier_id'>[]): string | null {
  const first = orders[0]?.courier_id ?? null;
  return first && orders.every((o) => o.courier_id === first) ? first : null;
}

/** The courier whose types and options the dialog offers: the chosen one, else the one all orders share. */
export function draftCourier(draft: BulkEditDraft, orders: readonly Pick<OrderListItem, 'courier_id'>[], couriers: readonly Courier[]): Courier | null {
  const id = draft.courier_id ?? sharedCourierId(orders);
  return couriers.find((c) => c.id === id) ?? null;
}

/** Another courier: its types and options are others, so those choices start over. */
export function withCourier(draft: BulkEditDraft, courierId: string | null): BulkEditDraft {
  return courierId === draft.courier_id ? draft : { ...draft, courier_id: courierId, shipment_type: null, courier_fields: {} };
}

/** A shipment type; the options a letter type locks are then left to the server's letterbox rule. */
export function withShipmentType(draft: BulkEditDraft, courier: Courier | null, shipmentType: string | null): BulkEditDraft {
  const locked = lockedCourierFields(courier, shipmentType);
  const courierFields = Object.fromEntries(Object.entries(draft.courier_fields).filter(([name]) => !locked.includes(name)));
  return { ...draft, shipment_type: shipmentType, courier_fields: courierFields };
}

/** An option set; an emptied select, date or text means "Niet wijzigen" again. */
export function withCourierField(draft: BulkEditDraft, name: string, value: CourierFieldValue): BulkEditDraft {
  const { [name]: _previous, ...rest } = draft.courier_fields;
  return { ...draft, courier_fields: value === null || value === '' ? rest : { ...rest, [name]: value } };
}

const numberOrUndefined = (value: NumberValue): number | undefined => (value === '' ? undefined : Number(value));

/** The values to send: only what was set. */
export function draftToValues(draft: BulkEditDraft): OrderBulkValues {
  const values: OrderBulkValues = {};
  if (draft.courier_id) values.courier_id = draft.courier_id;
  if (draft.shipment_type) values.shipment_type = draft.shipment_type;
  if (Object.keys(draft.courier_fields).length > 0) values.courier_fields = draft.courier_fields;
  const packageCount = numberOrUndefined(draft.package_count);
  if (packageCount !== undefined) values.package_count = packageCount;
  const weight = numberOrUndefined(draft.weight);
  if (weight !== undefined) values.weight = weight;
  return values;
}

/** How many packages the dialog allows: the chosen or shared courier's maximum, else the contract's 50. */
export function maxPackagesFor(courier: Courier | null): number {
  return courier?.meta.max_packages ?? maxPackagesWithoutCourier;
}

/**
 * The one check of the values beyond the contract's schema (which the dialog's form runs):
 * no more packages than the chosen or shared courier takes; the server refuses the same
 * on `values.package_count`.
 */
export function packageLimitError(values: OrderBulkValues, courier: Courier | null): string | null {
  const max = maxPackagesFor(courier);
  return values.package_count !== undefined && values.package_count > max ? texts.refusals.tooManyPackages(max) : null;
}
