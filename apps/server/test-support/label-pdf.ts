import { decodePDFRawStream, PDFDict, PDFName, PDFRawStream, type PDFPage } from '@cantoo/pdf-lib';

/**
 * The labels on a page of a label sheet (A6 or A4): each is a Form XObject drawn by
 * `q a b c d e f cm /Ln Do Q` (documents/label-sheet.ts); its drawing's content, where it
 * is drawn (e, f) and its scale (a). The carriers' API tests read their labels with it.
 */
export function labelsOn(page: PDFPage): { drawing: string; x: number; y: number; scale: number }[] {
  const decode = (stream: unknown) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '');
  const content = decode(page.node.Contents());
  const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  return [...content.matchAll(/q ([-\d.]+) [-\d.]+ [-\d.]+ [-\d.]+ ([-\d.]+) ([-\d.]+) cm \/(\w+) Do Q/g)].map((m) => ({
    drawing: decode(xObjects?.lookup(PDFName.of(m[4]!))),
    x: Number(m[2]),
    y: Number(m[3]),
    scale: Number(m[1]),
  }));
}

/** Text as pdf-lib writes it with a standard font: hex of its WinAnsi bytes. */
export const drawnText = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
