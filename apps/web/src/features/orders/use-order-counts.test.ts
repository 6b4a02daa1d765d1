import { describe, expect, it } from 'vitest';
import { orderCountLabels } from './use-order-counts';

describe('the tab counters as shown', () => {
  it('shows a counter that stopped at its bound with a search as "100+"', () => {
    expect(orderCountLabels({ orders: 100, problematic: 42, other: 0 }, true)).toEqual({ orders: '100+', problematic: '42', other: '0' });
  });

  it('shows the kept counters without a search as they are', () => {
    expect(orderCountLabels({ orders: 875000, problematic: 100, other: 125000 }, false)).toEqual({ orders: '875000', problematic: '100', other: '125000' });
  });
});
