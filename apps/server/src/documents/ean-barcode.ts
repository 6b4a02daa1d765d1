import bwipjs from 'bwip-js/node';
import type { BarcodeGeometry, ModuleRect } from './barcodes';

/**
 * EAN-13 and EAN-8 as vector geometry (bwip-js `raw()`, like barcodes.ts). An EAN that
 * is not 8 or 13 digits with a correct check digit gets no barcode: a symbol that
 * scans as another number would be worse than the number printed as text.
 */

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isScannableEan(ean: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(ean)) return false;
  return gs1CheckDigit(ean.slice(0, -1)) === Number(ean[ean.length - 1]);
}

/** Quiet zones in modules (GS1): EAN-13 11 left, 7 right; EAN-8 7 on both sides. */
export function eanQuietZone(ean: string): { left: number; right: number } {
  return ean.length === 13 ? { left: 11, right: 7 } : { left: 7, right: 7 };
}

export function eanBarcode(ean: string): BarcodeGeometry | null {
  const text = ean.trim();
  if (!isScannableEan(text)) return null;
  const [symbol] = bwipjs.raw({ bcid: text.length === 13 ? 'ean13' : 'ean8', text }) as { sbs?: number[] }[];
  if (!symbol?.sbs) return null;
  const rects: ModuleRect[] = [];
  let x = 0;
  symbol.sbs.forEach((width, index) => {
    if (index % 2 === 0) rects.push({ x, y: 0, width, height: 1 });
    x += width;
  });
  return { columns: x, rows: 1, rects };
}
