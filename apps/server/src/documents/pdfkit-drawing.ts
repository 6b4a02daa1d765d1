import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import type PDFDocument from 'pdfkit';
import type { BarcodeGeometry } from './barcodes';
import { fastSubsets } from './font-subset';

type Doc = InstanceType<typeof PDFDocument>;

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans Condensed from the npm package dejavu-fonts-ttf: TrueType, so pdfkit
 * embeds a subset of it, and it covers every Latin script (ł, ø, ß, Ł, ő, ș ...) that the
 * standard 14 PDF fonts cannot encode. Condensed, because a label line is short.
 *
 * Parsed once per process and handed to every document as a fontkit Font (pdfkit 0.20
 * accepts one): given the file instead, pdfkit parses its tables again for every label,
 * which was ~75% of the drawing time. Each document still embeds only its own subset,
 * made from bytes read once (`font-subset.ts`), and shaped words are kept across documents.
 */
let fonts: { regular: Font; bold: Font } | null = null;
export function labelFonts(): { regular: Font; bold: Font } {
  fonts ??= { regular: openTrueType('DejaVuSansCondensed.ttf'), bold: openTrueType('DejaVuSansCondensed-Bold.ttf') };
  return fonts;
}

function openTrueType(file: string): Font {
  const font = create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, expected a single font`);
  return fastSubsets(font);
}

/** @types/pdfkit describes 0.17, which took only files and buffers for a font. */
export function registerParsedFont(doc: Doc, name: string, font: Font): void {
  (doc as unknown as { registerFont(name: string, src: Font): void }).registerFont(name, font);
}

/** The finished document as one Buffer (pdfkit is a readable stream). */
export function collectPdf(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * Fills the barcode's modules as one path of rectangles at (x, y) = its top-left corner.
 * `moduleWidth` and `moduleHeight` in points; a linear code passes its bar height.
 */
export function fillBarcode(doc: Doc, geometry: BarcodeGeometry, at: { x: number; y: number; moduleWidth: number; moduleHeight: number }): void {
  const { x, y, moduleWidth, moduleHeight } = at;
  for (const r of geometry.rects) doc.rect(x + r.x * moduleWidth, y + r.y * moduleHeight, r.width * moduleWidth, r.height * moduleHeight);
  doc.fill('black');
}

/**
 * One line of text that must stay within `width`: the font shrinks down to `minSize`,
 * and only then is the end cut off with an ellipsis. A label line never wraps, so a
 * long company name cannot push the postcode off the block.
 */
export function fitLine(doc: Doc, text: string, at: { x: number; y: number; width: number; size: number; minSize?: number; align?: 'left' | 'right' | 'center' }): void {
  const minSize = at.minSize ?? at.size * 0.75;
  let size = at.size;
  doc.fontSize(size);
  const fullLineHeight = doc.currentLineHeight();
  let width = doc.widthOfString(text);
  let y = at.y;
  if (width > at.width) {
    size = Math.max(minSize, (at.size * at.width) / width);
    doc.fontSize(size);
    width = doc.widthOfString(text);
    // A smaller size stays centred in the line the layout reserved for the full size.
    y += (fullLineHeight - doc.currentLineHeight()) / 2;
  }
  let shown = text;
  if (width > at.width) {
    // Binary search on the length keeps this cheap for very long input.
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`) <= at.width) low = mid;
      else high = mid - 1;
    }
    shown = `${text.slice(0, low).trimEnd()}…`;
    width = doc.widthOfString(shown);
  }
  const offset = at.align === 'right' ? at.width - width : at.align === 'center' ? (at.width - width) / 2 : 0;
  doc.text(shown, at.x + offset, y, { lineBreak: false });
}
