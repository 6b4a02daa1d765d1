/**
 * Item scanning (docs/scan.md): which line of an order a scanned code ticks off. Pure: the
 * scan page keeps the progress (scanned count per order line id) and asks these rules.
 */

export interface ScanItem {
  id: string;
  name: string;
  quantity: number;
  ean_code: string | null;
  sku: string | null;
}

/** Scanned count per order line id. */
export type ScanProgress = Readonly<Record<string, number>>;

export type ScanOutcome =
  | { kind: 'scanned'; itemId: string; progress: ScanProgress; done: boolean }
  | { kind: 'already-complete'; itemId: string }
  | { kind: 'not-in-order' };

/** A code as a scanner types it: no surrounding spaces, case does not matter. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The codes a line can be scanned by: its EAN and its SKU. */
export function itemCodes(item: Pick<ScanItem, 'ean_code' | 'sku'>): string[] {
  return [item.ean_code, item.sku].filter((c): c is string => typeof c === 'string' && c.trim() !== '').map(normaliseCode);
}

export function hasBarcode(item: Pick<ScanItem, 'ean_code' | 'sku'>): boolean {
  return itemCodes(item).length > 0;
}

export function scannedOf(progress: ScanProgress, item: Pick<ScanItem, 'id' | 'quantity'>): number {
  return Math.min(Math.max(progress[item.id] ?? 0, 0), item.quantity);
}

/** True when every line is scanned up to its quantity (and there is at least one line). */
export function isComplete(items: readonly ScanItem[], progress: ScanProgress): boolean {
  return items.length > 0 && items.every((item) => scannedOf(progress, item) >= item.quantity);
}

export function totals(items: readonly ScanItem[], progress: ScanProgress): { scanned: number; total: number } {
  return items.reduce((sum, item) => ({ scanned: sum.scanned + scannedOf(progress, item), total: sum.total + item.quantity }), { scanned: 0, total: 0 });
}

/**
 * A scanned code against the order's lines: the first line with this EAN or SKU that still
 * needs items gets one more; when all such lines are complete it is "Al compleet", and a
 * code of no line is "Niet in deze bestelling".
 */
export function applyScan(items: readonly ScanItem[], progress: ScanProgress, code: string): ScanOutcome {
  const wanted = normaliseCode(code);
  const matching = wanted === '' ? [] : items.filter((item) => itemCodes(item).includes(wanted));
  if (matching.length === 0) return { kind: 'not-in-order' };
  const open = matching.find((item) => scannedOf(progress, item) < item.quantity);
  if (!open) return { kind: 'already-complete', itemId: matching[0]!.id };
  const next = { ...progress, [open.id]: scannedOf(progress, open) + 1 };
  return { kind: 'scanned', itemId: open.id, progress: next, done: isComplete(items, next) };
}

/** A manual +1 or -1 on one line (lines without a barcode), kept between 0 and its quantity. */
export function adjust(items: readonly ScanItem[], progress: ScanProgress, itemId: string, delta: 1 | -1): ScanProgress {
  const item = items.find((i) => i.id === itemId);
  if (!item) return progress;
  const value = Math.min(Math.max(scannedOf(progress, item) + delta, 0), item.quantity);
  return { ...progress, [itemId]: value };
}

/** Progress kept only for lines the order still has, each at most its quantity (after the order was edited). */
export function reconcile(items: readonly ScanItem[], progress: ScanProgress): ScanProgress {
  return Object.fromEntries(items.filter((item) => (progress[item.id] ?? 0) > 0).map((item) => [item.id, scannedOf(progress, item)]));
}
