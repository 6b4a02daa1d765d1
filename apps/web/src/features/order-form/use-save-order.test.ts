import { describe, expect, it } from 'vitest';
import { returnPath } from './use-save-order';

describe('returnPath', () => {
  it('goes to the orders tab, or with scan=1 back to the scan page of the order', () => {
    expect(returnPath(false, 'abc')).toBe('/dashboard/orders');
    expect(returnPath(true, 'abc')).toBe('/scan/abc');
    expect(returnPath(true)).toBe('/scan');
  });
});
