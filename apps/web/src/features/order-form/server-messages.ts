import type { Order } from '@verzendhuis/contract/order';
import type { ServerMessage } from './order-form';

/** The kinds of status_info entry the domain rule makes; the form shows those live per field. */
const liveTypes = new Set(['missing', 'invalid', 'warning', 'info']);

/** Stored problems the form cannot compute itself (shipping rules, shop messages): shown as they are. */
export function serverOnlyMessages(order: Pick<Order, 'status_info'>): ServerMessage[] {
  return order.status_info
    .filter((info) => !liveTypes.has(info.type) && (info.status === 'error' || info.status === 'warning'))
    .map((info) => ({ message: info.message, status: info.status }));
}
