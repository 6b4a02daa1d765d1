import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { dataMatrixModules } from './datamatrix';
import { testLabelMatrixContent, testTrackingNumber } from './test-label';

interface MatrixRaw {
  pixs: number[];
  pixx: number;
  pixy: number;
}

function bwip(text: string): { size: number; modules: number[] } {
  const [symbol] = bwipjs.raw({ bcid: 'datamatrix', text }) as MatrixRaw[];
  return { size: symbol!.pixx, modules: symbol!.pixs };
}

describe('our Data Matrix encoder', () => {
  // What labels hold (tracking number + postcode), and the size steps 10 x 10 to 26 x 26:
  // where ASCII encodation is the smallest, bwip-js chooses it too and the symbols are equal.
  // Letter-heavy text (a UK postcode) bwip-js packs in C40; ours is then a size larger and
  // must scan: test-label.tools.test.ts reads it back with dmtxread.
  const postcodes = ['1012LG', '10623', '1040', '90-001', '75001', 'D02X285', '', '00-950'];
  const texts = [
    ...postcodes.map((zipcode, i) => testLabelMatrixContent(testTrackingNumber(i * 123_457), zipcode)),
    ...[1, 3, 6, 10, 16, 24, 36, 44, 60, 72, 88].map((digits) => '7'.repeat(digits)),
    'A',
    'AB',
  ];

  it.each(texts)('draws %j module for module as bwip-js does', (text) => {
    const own = dataMatrixModules(text);
    expect(own).not.toBeNull();
    const theirs = bwip(text);
    expect(own!.size).toBe(theirs.size);
    expect([...own!.modules]).toEqual(theirs.modules);
  });

  it('leaves other text to bwip-js: beyond ASCII, or more than a 26 x 26 symbol holds', () => {
    expect(dataMatrixModules('Łódź')).toBeNull();
    expect(dataMatrixModules('X'.repeat(45))).toBeNull();
    expect(dataMatrixModules('9'.repeat(88))?.size).toBe(26);
  });
});
