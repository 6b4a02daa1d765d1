import type { ScanProgress } from '@verzendhuis/domain/scan';

/**
 * The scan progress of an order lives in the browser tab (sessionStorage), per order id:
 * it survives "Bestelling bewerken" and a reload, and is gone with the tab (docs/scan.md).
 */
const key = (orderId: string) => `verzendhuis.scan.${orderId}`;

export const scanProgressStore = {
  get(orderId: string): ScanProgress {
    try {
      const raw = window.sessionStorage.getItem(key(orderId));
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (!parsed || typeof parsed !== 'object') return {};
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1]) && (entry[1] as number) >= 0));
    } catch {
      return {};
    }
  },
  set(orderId: string, progress: ScanProgress): void {
    try {
      window.sessionStorage.setItem(key(orderId), JSON.stringify(progress));
    } catch {
      // A full or blocked storage only loses the progress on reload.
    }
  },
  clear(orderId: string): void {
    try {
      window.sessionStorage.removeItem(key(orderId));
    } catch {
      // as above
    }
  },
};
