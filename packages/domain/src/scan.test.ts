import { describe, expect, it } from 'vitest';
import { adjust, applyScan, isComplete, reconcile, totals, type ScanItem } from './scan';

const items: ScanItem[] = [
  { id: 'a', name: 'Mok', quantity: 2, ean_code: '8712345678906', sku: 'MOK-1' },
  { id: 'b', name: 'Sok', quantity: 1, ean_code: null, sku: 'sok-2' },
  { id: 'c', name: 'Doos', quantity: 1, ean_code: null, sku: null },
];

describe('applyScan', () => {
  it('ticks off one item per scan by EAN or SKU, any case and spaces', () => {
    const first = applyScan(items, {}, ' 8712345678906 ');
    expect(first).toEqual({ kind: 'scanned', itemId: 'a', progress: { a: 1 }, done: false });
    const second = applyScan(items, { a: 1 }, 'mok-1');
    expect(second).toMatchObject({ kind: 'scanned', progress: { a: 2 } });
    expect(applyScan(items, {}, 'SOK-2')).toMatchObject({ kind: 'scanned', itemId: 'b' });
  });

  it('says already complete and not in this order', () => {
    expect(applyScan(items, { a: 2 }, '8712345678906')).toEqual({ kind: 'already-complete', itemId: 'a' });
    expect(applyScan(items, {}, '999')).toEqual({ kind: 'not-in-order' });
    expect(applyScan(items, {}, '  ')).toEqual({ kind: 'not-in-order' });
  });

  it('is done on the scan that completes the last line', () => {
    expect(applyScan(items, { a: 1, b: 1, c: 1 }, 'MOK-1')).toMatchObject({ kind: 'scanned', done: true });
  });

  it('fills a second line with the same code after the first', () => {
    const twice: ScanItem[] = [items[1]!, { ...items[1]!, id: 'b2' }];
    expect(applyScan(twice, { b: 1 }, 'sok-2')).toMatchObject({ itemId: 'b2', done: true });
  });
});

describe('progress', () => {
  it('adjusts within 0 and the quantity, and counts', () => {
    expect(adjust(items, { c: 1 }, 'c', 1)).toEqual({ c: 1 });
    expect(adjust(items, { c: 1 }, 'c', -1)).toEqual({ c: 0 });
    expect(adjust(items, {}, 'c', -1)).toEqual({ c: 0 });
    expect(totals(items, { a: 1, c: 1 })).toEqual({ scanned: 2, total: 4 });
    expect(isComplete([], {})).toBe(false);
  });

  it('reconciles after an edit: gone lines dropped, counts clamped', () => {
    expect(reconcile([{ ...items[0]!, quantity: 1 }], { a: 2, gone: 3 })).toEqual({ a: 1 });
  });
});
