import type { OrderInput } from '@verzendhuis/contract/order';
import { wooCommerceTexts } from '@verzendhuis/domain/shops-texts';
import { wooCall, WooCallError, type WooConnection } from './client';
import { mapWooOrder, type WooOrder, type WooProduct } from './mapping';

/** What a WooCommerce link remembers between pulls: the newest modification time it saw (GMT). */
export interface WooSyncState extends Record<string, unknown> {
  modified_after: string | null;
}

export const perPage = 100;
/** A safety stop: one pull reads at most this many pages; the rest comes with the next pull. */
export const maxPages = 200;

interface Deps {
  fetch: typeof fetch;
  signal: AbortSignal;
}

export function readState(state: Record<string, unknown> | null | undefined): WooSyncState {
  const value = state?.modified_after;
  return { modified_after: typeof value === 'string' && !Number.isNaN(Date.parse(`${value}Z`)) ? value : null };
}

/** Checks the keys with the cheapest call that needs them: one order, read with the orders scope. */
export async function wooVerify(connection: WooConnection, deps: Deps): Promise<void> {
  const answer = await wooCall(connection, { method: 'GET', path: '/orders', query: { per_page: '1' } }, deps);
  if (answer.status !== 200 || !Array.isArray(answer.body)) throw new WooCallError('invalid_response', answer.status, 'orders is not a list');
}

async function weightUnit(connection: WooConnection, deps: Deps): Promise<string> {
  try {
    const answer = await wooCall(connection, { method: 'GET', path: '/settings/products/woocommerce_weight_unit' }, deps);
    const value = (answer.body as { value?: unknown } | null)?.value;
    return typeof value === 'string' ? value : 'kg';
  } catch (error) {
    // Keys without the settings scope still pull orders: WooCommerce's default unit.
    if (error instanceof WooCallError && (error.kind === 'unauthorized' || error.kind === 'not_found')) return 'kg';
    throw error;
  }
}

async function productsOf(connection: WooConnection, orders: WooOrder[], deps: Deps): Promise<Map<number, WooProduct>> {
  const ids = [...new Set(orders.flatMap((o) => (o.line_items ?? []).map((i) => i.product_id ?? 0)).filter((id) => id > 0))];
  const found = new Map<number, WooProduct>();
  for (let start = 0; start < ids.length; start += perPage) {
    const chunk = ids.slice(start, start + perPage);
    const answer = await wooCall(connection, { method: 'GET', path: '/products', query: { include: chunk.join(','), per_page: String(perPage) } }, deps);
    if (!Array.isArray(answer.body)) throw new WooCallError('invalid_response', answer.status, 'products is not a list');
    for (const p of answer.body as WooProduct[]) if (typeof p?.id === 'number') found.set(p.id, p);
  }
  return found;
}

function isOrder(value: unknown): value is WooOrder {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

/**
 * The orders waiting to ship (status processing), all of them on the first pull and after
 * a reset, later only those changed since the newest modification seen (modified_after,
 * in GMT). Paged by 100 with X-WP-TotalPages (or until a short page when a proxy drops
 * the header), in id order so that new orders do not shift the pages being read.
 */
export async function wooPull(
  connection: WooConnection,
  stored: Record<string, unknown> | null | undefined,
  deps: Deps,
): Promise<{ orders: { externalId: string; body: OrderInput }[]; state: WooSyncState }> {
  const state = readState(stored);
  const unit = await weightUnit(connection, deps);
  const orders: { externalId: string; body: OrderInput }[] = [];
  let newest = state.modified_after;
  for (let page = 1; page <= maxPages; page++) {
    const query: Record<string, string> = { status: 'processing', per_page: String(perPage), page: String(page), orderby: 'id', order: 'asc' };
    if (state.modified_after) Object.assign(query, { modified_after: state.modified_after, dates_are_gmt: 'true' });
    const answer = await wooCall(connection, { method: 'GET', path: '/orders', query }, deps);
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw new WooCallError('invalid_response', answer.status, 'orders is not a list');
    const pageOrders = answer.body.filter(isOrder);
    const products = await productsOf(connection, pageOrders, deps);
    for (const order of pageOrders) {
      orders.push({ externalId: String(order.id), body: mapWooOrder(order, products, unit) });
      const modified = order.date_modified_gmt;
      if (modified && (!newest || Date.parse(`${modified}Z`) > Date.parse(`${newest}Z`))) newest = modified;
    }
    const totalPages = Number(answer.headers.get('x-wp-totalpages'));
    const last = Number.isFinite(totalPages) && answer.headers.has('x-wp-totalpages') ? page >= totalPages : answer.body.length < perPage;
    if (last) break;
  }
  return { orders, state: { modified_after: newest } };
}

/** The write-back after a label: the order completed, and a note with the tracking link. */
export async function wooFulfil(
  connection: WooConnection,
  shipment: { externalId: string; courierName: string; trackingNumber: string; trackingUrl: string | null },
  deps: Deps,
): Promise<void> {
  const id = encodeURIComponent(shipment.externalId);
  const note = wooCommerceTexts.trackingNote(shipment.courierName, shipment.trackingNumber, shipment.trackingUrl);
  const noted = await wooCall(connection, { method: 'POST', path: `/orders/${id}/notes`, body: { note, customer_note: true } }, deps);
  if (noted.status >= 400) throw new WooCallError('invalid_response', noted.status, `note refused: ${noted.status}`);
  const updated = await wooCall(connection, { method: 'PUT', path: `/orders/${id}`, body: { status: 'completed' } }, deps);
  if (updated.status >= 400) throw new WooCallError('invalid_response', updated.status, `status refused: ${updated.status}`);
}
