import { describe, expect, it } from 'vitest';
import { formatLabelWeight, testLabelMatrixContent, testTrackingNumber } from './test-label';

describe('testTrackingNumber', () => {
  it('is "3STEST" and a 9-digit serial, the shape of a PostNL 3S barcode', () => {
    expect(testTrackingNumber(42)).toBe('3STEST000000042');
    expect(testTrackingNumber(999_999_999)).toBe('3STEST999999999');
    expect(testTrackingNumber(0)).toHaveLength(15);
  });
  it.each([-1, 1_000_000_000, 1.5, Number.NaN])('refuses %s', (seq) => {
    expect(() => testTrackingNumber(seq)).toThrow(RangeError);
  });
});

describe('label texts', () => {
  it('writes the weight in kg with one decimal and a Dutch comma', () => {
    expect(formatLabelWeight(1250)).toBe('1,3 kg');
    expect(formatLabelWeight(0)).toBe('0,0 kg');
    expect(formatLabelWeight(31_500)).toBe('31,5 kg');
  });
  it('puts tracking number and postcode in the 2D code, postcode without spaces', () => {
    expect(testLabelMatrixContent('3STEST000000042', '1015 cj')).toBe('3STEST000000042+1015CJ');
  });
});
