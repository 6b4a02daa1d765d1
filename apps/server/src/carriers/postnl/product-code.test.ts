import { describe, expect, it } from 'vitest';
import { postnlProductCode } from './product-code';

describe('postnlProductCode', () => {
  it.each([
    [{ shipmentType: 'standard', fields: {} }, '3085'],
    [{ shipmentType: 'standard', fields: { signature: true } }, '3189'],
    [{ shipmentType: 'standard', fields: { no_neighbours: true } }, '3385'],
    [{ shipmentType: 'standard', fields: { signature: true, no_neighbours: true } }, '3089'],
    [{ shipmentType: 'standard', fields: { insurance: '500', signature: true } }, '3087'],
    [{ shipmentType: 'letterbox', fields: { signature: true, insurance: '500' } }, '2928'],
    [{ shipmentType: 'standard', fields: {}, pickupPoint: true }, '3533'],
    [{ shipmentType: 'standard', fields: { signature: true, insurance: '500' }, isReturn: true }, '2285'],
    [{ shipmentType: 'letterbox', fields: {}, isReturn: true }, '2285'],
  ])('%j → %s', (input, code) => {
    expect(postnlProductCode(input)).toBe(code);
  });
});
