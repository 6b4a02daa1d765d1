import { describe, expect, it } from 'vitest';
import { applyCourierFieldRules, nextPackageWeight, sumItemWeights } from './order-form';

describe('package weight follows the items', () => {
  it('sums quantity times weight', () => {
    expect(sumItemWeights([{ quantity: 2, weight: 300 }, { quantity: 1, weight: null }, { quantity: 3, weight: 100 }])).toBe(900);
  });

  it('follows when empty, zero or equal to the previous sum; keeps a typed weight', () => {
    expect(nextPackageWeight({ current: null, previousSum: 0, nextSum: 500 })).toBe(500);
    expect(nextPackageWeight({ current: 0, previousSum: 0, nextSum: 500 })).toBe(500);
    expect(nextPackageWeight({ current: 500, previousSum: 500, nextSum: 800 })).toBe(800);
    expect(nextPackageWeight({ current: 1200, previousSum: 500, nextSum: 800 })).toBe(1200);
  });
});

describe('the letterbox rule', () => {
  it('turns signature off and insurance to 0 for a letter type', () => {
    expect(applyCourierFieldRules({ fields: { signature: true, insurance: '500' }, isLetter: true })).toEqual({ signature: false, insurance: '0' });
    expect(applyCourierFieldRules({ fields: { signature: true, insurance: 250 }, isLetter: true })).toEqual({ signature: false, insurance: 0 });
  });

  it('resets insurance when signature is chosen', () => {
    expect(applyCourierFieldRules({ fields: { signature: true, insurance: '500' }, isLetter: false, changed: 'signature' })).toEqual({ signature: true, insurance: '0' });
    expect(applyCourierFieldRules({ fields: { signature: false, insurance: '500' }, isLetter: false, changed: 'insurance' })).toEqual({ signature: false, insurance: '500' });
  });
});
