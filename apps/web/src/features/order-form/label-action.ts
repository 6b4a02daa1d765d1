import type { Order } from '@verzendhuis/contract/order';
import { printControlsTexts } from '@verzendhuis/domain/labels-texts';

/** The stored order behind an edit form: what Label maken needs. */
export type SavedOrder = Pick<Order, 'id' | 'order_number' | 'status' | 'shipment_ids' | 'shipment_packages'>;

/** Statuses the server makes labels for (a completed order already has one: the flow asks first). */
const labelStatuses: readonly string[] = ['ready', 'warning', 'completed'];

/**
 * Label maken in the footer: only for a stored order without problems whose form
 * holds no unsaved changes (the label is made from what is stored).
 */
export function labelActionState(savedOrder: SavedOrder | undefined, dirty: boolean): { enabled: boolean; reason?: string } {
  if (!savedOrder || dirty) return { enabled: false, reason: printControlsTexts.saveFirst };
  if (!labelStatuses.includes(savedOrder.status)) return { enabled: false, reason: printControlsTexts.fixProblemsFirst };
  return { enabled: true };
}
