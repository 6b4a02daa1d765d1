import { describe, expect, it } from 'vitest';
import { pdfSortOf } from './use-labels-list';

describe('the sort of label/pdf', () => {
  it('passes only sorts the server knows on', () => {
    expect(pdfSortOf('-created_at')).toBe('-created_at');
    expect(pdfSortOf('order_number')).toBe('order_number');
    expect(pdfSortOf('-gewicht')).toBeUndefined();
    expect(pdfSortOf('')).toBeUndefined();
  });
});
