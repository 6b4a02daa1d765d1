import type { OrderTab } from '@verzendhuis/contract/order';
import type { dashboardTabTitles } from '@verzendhuis/domain/frame-texts';

export type DashboardTabValue = keyof typeof dashboardTabTitles;

/** Orders spec §2.3: the tabs shown, in this order. */
export const visibleTabs = ['orders', 'labels', 'tracking', 'delivered', 'return', 'other'] as const;
export type VisibleTab = (typeof visibleTabs)[number];

/** The tabs that list labels (GET /api/label/). */
export const labelTabs = ['labels', 'tracking', 'delivered', 'return'] as const;
export type LabelTabValue = (typeof labelTabs)[number];

export function labelTabFor(tab: VisibleTab): LabelTabValue | null {
  return (labelTabs as readonly string[]).includes(tab) ? (tab as LabelTabValue) : null;
}

/**
 * The problematic and delayed views exist as route values without a tab of their
 * own: problematic is a filter of Bestellingen, delayed one of Verzonden (its labels with
 * status delayed, with a switch back to all of Verzonden: labels/tracking-filter.tsx).
 */
export function visibleTabFor(value: DashboardTabValue | undefined): VisibleTab {
  if (value === undefined || value === 'problematic') return 'orders';
  if (value === 'delayed') return 'tracking';
  return value;
}

/** The server's tab for an order view, or null for a label view. */
export function orderTabFor(value: DashboardTabValue | undefined): OrderTab | null {
  if (value === undefined || value === 'orders') return 'orders';
  if (value === 'problematic' || value === 'other') return value;
  return null;
}

/** Another tab keeps only the search: page and sort belong to one list. */
export function tabSearch(current: URLSearchParams): string {
  const search = current.get('search');
  return search ? `?${new URLSearchParams({ search }).toString()}` : '';
}
