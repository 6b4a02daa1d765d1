import { describe, expect, it } from 'vitest';
import { eanBarcode, gs1CheckDigit, isScannableEan } from './ean-barcode';

describe('EAN barcodes', () => {
  it('checks the GS1 check digit', () => {
    expect(gs1CheckDigit('871234567890')).toBe(6);
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(isScannableEan('8712345678906')).toBe(true);
    expect(isScannableEan('96385074')).toBe(true);
    expect(isScannableEan('8712345678900')).toBe(false);
    expect(isScannableEan('12345')).toBe(false);
    expect(isScannableEan('87123456789ab')).toBe(false);
  });

  it('draws 95 modules for EAN-13 and 67 for EAN-8, none for an invalid EAN', () => {
    expect(eanBarcode('8712345678906')?.columns).toBe(95);
    expect(eanBarcode('96385074')?.columns).toBe(67);
    expect(eanBarcode('8712345678900')).toBeNull();
    expect(eanBarcode('ABC')).toBeNull();
  });
});
