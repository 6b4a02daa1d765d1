import { describe, expect, it } from 'vitest';
import { withDefaultPackageWeights } from './order-defaults';

const order = (packages: { weight: number }[], items: { quantity?: number; weight?: number | null }[]) => ({ shipment: { packages, courier_fields: {} }, order_items: items });

describe('withDefaultPackageWeights', () => {
  it('gives a package without weight the summed weight of the lines', () => {
    expect(withDefaultPackageWeights(order([{ weight: 0 }], [{ quantity: 2, weight: 250 }, { quantity: 1, weight: 500 }])).shipment.packages).toEqual([{ weight: 1000 }]);
  });

  it('keeps a weight that was given', () => {
    expect(withDefaultPackageWeights(order([{ weight: 1200 }], [{ quantity: 1, weight: 500 }])).shipment.packages).toEqual([{ weight: 1200 }]);
  });

  it('spreads the lines over the packages without weight, rounded up to whole grams', () => {
    expect(withDefaultPackageWeights(order([{ weight: 0 }, { weight: 700 }, { weight: 0 }], [{ quantity: 1, weight: 1001 }])).shipment.packages).toEqual([{ weight: 501 }, { weight: 700 }, { weight: 501 }]);
  });

  it('leaves 0 when the lines have no weight either', () => {
    expect(withDefaultPackageWeights(order([{ weight: 0 }], [{ quantity: 3 }, { quantity: 1, weight: null }])).shipment.packages).toEqual([{ weight: 0 }]);
  });
});
