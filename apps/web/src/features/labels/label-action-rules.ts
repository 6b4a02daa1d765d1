import type { InvoiceItem } from '@verzendhuis/contract/billing';
import type { Label } from '@verzendhuis/contract/label';
import { returnLabelRefusal } from '@verzendhuis/domain/return-labels';

/** Orders spec §4: delivered cannot be undone and a canceled label is never delivered. */
export function canMarkDelivered(label: Pick<Label, 'status' | 'is_active'>): boolean {
  return label.is_active && label.status !== 'completed' && label.status !== 'canceled';
}

export type InvestigationAction = { kind: 'open'; ticketId: string } | { kind: 'request' } | null;

/**
 * Orders spec §2.5 and §6: go to the label's investigation when there is one;
 * otherwise request one, offered only for a label with a label_price invoice item
 * (always in a development setting).
 */
export function investigationAction(label: Pick<Label, 'ticket' | 'invoice_items'>, options: { development: boolean }): InvestigationAction {
  if (label.ticket) return { kind: 'open', ticketId: label.ticket.id };
  if (options.development || label.invoice_items.some((item) => item.type === 'label_price')) return { kind: 'request' };
  return null;
}

/** Account spec §2: where an investigation starts and where an existing one is read. */
export const investigationPaths = {
  create: (labelId: string): string => `/dashboard/labels/${encodeURIComponent(labelId)}/create-ticket`,
  ticket: (ticketId: string): string => `/settings/tickets/${encodeURIComponent(ticketId)}`,
};

/**
 * Orders spec §2.7 and §5: "Retourlabel maken" on an outgoing label, disabled with
 * the reason when its carrier makes no return labels to the order's country. The
 * carrier class comes from the label's packages, else from its courier.
 */
export function returnLabelState(label: Pick<Label, 'is_return' | 'is_active' | 'country' | 'shipment'>, courierClass?: string | null): { shown: boolean; refusal: string | null } {
  if (label.is_return || !label.is_active) return { shown: false, refusal: null };
  const carrier = label.shipment.packages[0]?.courier_class ?? courierClass ?? null;
  return { shown: true, refusal: returnLabelRefusal({ courierClass: carrier, country: label.country }) };
}

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** "5.95" (the API's euro string) as € 5,95; an unreadable amount as a dash. */
export function formatEuro(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? euro.format(value) : '–';
}

const amount = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An order line's price in the order's own currency (the label does not say which): 7,50. */
export function formatAmount(value: number): string {
  return Number.isFinite(value) ? amount.format(value) : '–';
}

/** The sum of the items' totals, in cents to avoid floating point drift. */
export function invoiceTotal(items: readonly Pick<InvoiceItem, 'total'>[]): string {
  const cents = items.reduce((sum, item) => sum + Math.round(Number(item.total) * 100), 0);
  return (cents / 100).toFixed(2);
}

export type LabelListTab = 'labels' | 'tracking' | 'delivered' | 'return';

/**
 * Where the label page's back button goes: the tab that lists the label now (orders
 * spec §2.3), or Retouren when the page was opened from there (is_returned=1).
 */
export function labelTabOf(label: Pick<Label, 'status' | 'is_return'>, openedFromReturns: boolean): LabelListTab {
  if (openedFromReturns) return 'return';
  if (label.status === 'completed') return 'delivered';
  if (label.is_return) return 'return';
  if (label.status === 'shipped' || label.status === 'delayed' || label.status === 'error') return 'tracking';
  return 'labels';
}
