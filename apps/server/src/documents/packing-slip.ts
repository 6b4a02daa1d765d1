import { packingSlipTexts as texts } from '@verzendhuis/domain/labels-texts';
import {
  a4ContentWidth,
  a4Margin,
  a4Size,
  addA4Page,
  addressLines,
  createA4Document,
  formatDocumentDate,
  formatGrams,
  hairline,
  type Doc,
  type DocumentAddress,
} from './a4-document';
import { eanBarcode, eanQuietZone } from './ean-barcode';
import { collectPdf, fillBarcode, fitLine } from './pdfkit-drawing';

/**
 * Packing slips (orders spec §7 `order/packingslipdoc`): A4 portrait, one page per
 * order with the shop, the order, the recipient and the lines (quantity, name, SKU,
 * EAN as a scannable vector barcode, weight). An order with more lines than fit goes
 * on to a continuation page; each order starts on a page of its own.
 */

export interface PackingSlipLine {
  quantity: number;
  name: string;
  description: string | null;
  sku: string | null;
  ean: string | null;
  /** Grams per piece. */
  weight: number | null;
}

export interface PackingSlip {
  shopName: string;
  orderNumber: string | null;
  orderDate: Date;
  trackingNumber: string | null;
  /** The organisation's address (the sender of its labels); null while it has none. */
  sender: DocumentAddress | null;
  recipient: DocumentAddress;
  lines: PackingSlipLine[];
  /** The organisation's uploaded logo (PNG or JPEG, /settings/branding), drawn in the heading; null without one. */
  logo?: Buffer | null;
  /** The brand colour (#rrggbb, shared with the tracking e-mails) of the heading's rule; black without one. */
  brandColor?: string | null;
}

/** The logo's box in the heading, left of the shop's name: at most a third of the width, 24 pt high. */
const logoBox = { width: 150, height: 24 };

const left = a4Margin;
const bottom = a4Size.height - a4Margin;

/** Table columns, x from the left margin. */
const columns = {
  quantity: { x: left, width: 42 },
  item: { x: left + 46, width: 196 },
  sku: { x: left + 246, width: 88 },
  ean: { x: left + 338, width: 120 },
  weight: { x: left + 462, width: a4ContentWidth - 462 },
} as const;

/**
 * EAN module width: 0.9 pt (0.32 mm) is about the GS1 nominal 0.33 mm, 2.5 dots at
 * 200 dpi; an EAN-13 with its quiet zones is 113 modules, 102 pt, inside its column.
 */
const eanModule = 0.9;
const eanBarHeight = 26;
const rowWithBarcode = 44;
const rowPlain = 30;
const headerHeight = 22;
const footerHeight = 44;

export async function drawPackingSlips(slips: readonly PackingSlip[]): Promise<Buffer> {
  const doc = createA4Document(texts.title);
  for (const slip of slips) drawSlip(doc, slip);
  return collectPdf(doc);
}

function rowHeight(line: PackingSlipLine): number {
  return line.ean && eanBarcode(line.ean) ? rowWithBarcode : rowPlain;
}

/** The lines split over pages: the first page has the order header, later ones a short one. */
function paginate(lines: readonly PackingSlipLine[], firstTop: number, laterTop: number): PackingSlipLine[][] {
  const pages: PackingSlipLine[][] = [[]];
  let y = firstTop + headerHeight;
  lines.forEach((line, index) => {
    const height = rowHeight(line);
    const isLast = index === lines.length - 1;
    const limit = bottom - (isLast ? footerHeight : 0);
    if (y + height > limit && pages[pages.length - 1]!.length > 0) {
      pages.push([]);
      y = laterTop + headerHeight;
    }
    pages[pages.length - 1]!.push(line);
    y += height;
  });
  return pages;
}

const firstTableTop = 220;
const laterTableTop = 110;

function drawSlip(doc: Doc, slip: PackingSlip): void {
  const pages = paginate(slip.lines, firstTableTop, laterTableTop);
  pages.forEach((lines, pageIndex) => {
    addA4Page(doc);
    const first = pageIndex === 0;
    drawHeading(doc, slip, first);
    if (first) drawOrderBlock(doc, slip);
    let y = drawTableHeader(doc, first ? firstTableTop : laterTableTop);
    if (slip.lines.length === 0) {
      doc.font('regular');
      fitLine(doc, texts.noItems, { x: left, y: y + 8, width: a4ContentWidth, size: 10 });
      y += rowPlain;
    }
    for (const line of lines) y = drawLine(doc, line, y);
    if (pageIndex === pages.length - 1) drawTotals(doc, slip, y);
    if (pages.length > 1) {
      doc.font('regular');
      fitLine(doc, texts.page(pageIndex + 1, pages.length), { x: left, y: bottom - 4, width: a4ContentWidth, size: 8, align: 'right' });
    }
  });
}

/**
 * Draws the logo fitted into its box; false when the bytes do not decode as an image
 * (then the slip goes without it: a broken upload never fails a packing slip).
 */
function drawLogo(doc: Doc, logo: Buffer): boolean {
  try {
    doc.image(logo, left, a4Margin, { fit: [logoBox.width, logoBox.height], valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

function drawHeading(doc: Doc, slip: PackingSlip, first: boolean): void {
  const logoDrawn = slip.logo ? drawLogo(doc, slip.logo) : false;
  const nameLeft = logoDrawn ? left + logoBox.width + 10 : left;
  doc.font('bold');
  fitLine(doc, slip.shopName, { x: nameLeft, y: a4Margin, width: a4ContentWidth * 0.65 - (nameLeft - left), size: 20, minSize: 10 });
  fitLine(doc, first ? texts.title : texts.continued, { x: left + a4ContentWidth * 0.65, y: a4Margin + 3, width: a4ContentWidth * 0.35, size: 16, align: 'right' });
  if (!first) {
    doc.font('regular');
    fitLine(doc, `${texts.orderNumber}: ${slip.orderNumber ?? texts.none}`, { x: left, y: a4Margin + 32, width: a4ContentWidth, size: 10 });
  }
  hairline(doc, left, a4Margin + 28 + (first ? 0 : 20), a4ContentWidth, 1.5, slip.brandColor && /^#[0-9a-f]{6}$/i.test(slip.brandColor) ? slip.brandColor : 'black');
  if (first && slip.sender) {
    doc.font('regular');
    fitLine(doc, `${texts.sender}: ${addressLines(slip.sender).join(', ')}`, { x: left, y: a4Margin + 34, width: a4ContentWidth, size: 9 });
  }
}

function drawOrderBlock(doc: Doc, slip: PackingSlip): void {
  const top = a4Margin + 54;
  const half = a4ContentWidth / 2;
  const facts: [string, string][] = [
    [texts.orderNumber, slip.orderNumber?.trim() || texts.none],
    [texts.orderDate, formatDocumentDate(slip.orderDate)],
  ];
  if (slip.trackingNumber) facts.push([texts.trackingNumber, slip.trackingNumber]);
  facts.forEach(([caption, value], index) => {
    const y = top + index * 30;
    doc.font('regular');
    fitLine(doc, caption, { x: left, y, width: half - 12, size: 8 });
    doc.font('bold');
    fitLine(doc, value, { x: left, y: y + 10, width: half - 12, size: 11 });
  });

  doc.font('regular');
  fitLine(doc, texts.shipTo, { x: left + half, y: top, width: half, size: 8 });
  addressLines(slip.recipient).slice(0, 7).forEach((line, index) => {
    doc.font(index === 0 ? 'bold' : 'regular');
    fitLine(doc, line, { x: left + half, y: top + 10 + index * 14, width: half, size: 11 });
  });
}

function drawTableHeader(doc: Doc, top: number): number {
  doc.font('bold');
  const cells: [keyof typeof columns, string, 'left' | 'right'][] = [
    ['quantity', texts.quantity, 'right'],
    ['item', texts.item, 'left'],
    ['sku', texts.sku, 'left'],
    ['ean', texts.ean, 'left'],
    ['weight', texts.weight, 'right'],
  ];
  for (const [column, caption, align] of cells) {
    fitLine(doc, caption, { x: columns[column].x, y: top + 4, width: columns[column].width, size: 9, align });
  }
  hairline(doc, left, top + headerHeight - 4, a4ContentWidth, 1);
  return top + headerHeight;
}

function drawLine(doc: Doc, line: PackingSlipLine, top: number): number {
  const height = rowHeight(line);
  doc.font('bold');
  fitLine(doc, String(line.quantity), { x: columns.quantity.x, y: top + 6, width: columns.quantity.width, size: 11, align: 'right' });
  doc.font('regular');
  fitLine(doc, line.name, { x: columns.item.x, y: top + 6, width: columns.item.width, size: 10 });
  if (line.description?.trim()) {
    fitLine(doc, line.description, { x: columns.item.x, y: top + 19, width: columns.item.width, size: 8 });
  }
  fitLine(doc, line.sku?.trim() || texts.none, { x: columns.sku.x, y: top + 6, width: columns.sku.width, size: 9 });
  drawEan(doc, line.ean, top);
  const weight = line.weight ? formatGrams(line.weight * line.quantity) : texts.none;
  fitLine(doc, weight, { x: columns.weight.x, y: top + 6, width: columns.weight.width, size: 9, align: 'right' });
  hairline(doc, left, top + height - 1, a4ContentWidth, 0.3);
  return top + height;
}

/** A valid EAN as bars with its digits below; anything else as text only. */
function drawEan(doc: Doc, ean: string | null, top: number): void {
  const value = ean?.trim();
  if (!value) {
    fitLine(doc, texts.none, { x: columns.ean.x, y: top + 6, width: columns.ean.width, size: 9 });
    return;
  }
  const bars = eanBarcode(value);
  if (!bars) {
    fitLine(doc, value, { x: columns.ean.x, y: top + 6, width: columns.ean.width, size: 9 });
    return;
  }
  const quiet = eanQuietZone(value);
  const x = columns.ean.x + quiet.left * eanModule;
  fillBarcode(doc, bars, { x, y: top + 4, moduleWidth: eanModule, moduleHeight: eanBarHeight });
  fitLine(doc, value, { x, y: top + 4 + eanBarHeight + 1, width: bars.columns * eanModule, size: 7, align: 'center' });
}

function drawTotals(doc: Doc, slip: PackingSlip, top: number): void {
  const quantity = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  const weighed = slip.lines.filter((line) => line.weight);
  const weight = weighed.reduce((sum, line) => sum + (line.weight ?? 0) * line.quantity, 0);
  const y = top + 10;
  doc.font('regular');
  fitLine(doc, texts.totalQuantity, { x: columns.item.x, y, width: columns.item.width, size: 9 });
  fitLine(doc, texts.totalWeight, { x: columns.ean.x, y, width: columns.ean.width, size: 9, align: 'right' });
  doc.font('bold');
  fitLine(doc, String(quantity), { x: columns.quantity.x, y, width: columns.quantity.width, size: 11, align: 'right' });
  fitLine(doc, weighed.length > 0 ? formatGrams(weight) : texts.none, { x: columns.weight.x, y, width: columns.weight.width, size: 9, align: 'right' });
}
