import { countryName } from '@verzendhuis/domain/countries';
import { customsCategories, exportDocumentPrintTexts as texts, type CustomsCategory } from '@verzendhuis/domain/export-document';
import {
  a4ContentWidth,
  a4Margin,
  a4Size,
  addA4Page,
  addressLines,
  createA4Document,
  formatDocumentDate,
  formatKilograms,
  formatMoney,
  hairline,
  type Doc,
  type DocumentAddress,
} from './a4-document';
import { collectPdf, fitLine } from './pdfkit-drawing';

/**
 * The export document (orders spec §7 `label/{id}/exportdoc`): a CN23 customs
 * declaration that is also the commercial invoice, A4 portrait, with the fields of the
 * customs notes: sender with EORI and VAT number, addressee, category, invoice number,
 * date, and per item description, quantity, net weight, value with currency, HS code
 * and country of origin, with totals. Whether one may be made is decided before, by the
 * domain's exportDocumentRefusals.
 */

export interface ExportDocumentItem {
  name: string;
  description: string | null;
  sku: string | null;
  quantity: number;
  /** Grams per piece. */
  weight: number;
  /** Per piece, in cents of the order's currency. */
  unitValueCents: number;
  hsCode: string;
  originCountry: string;
}

export interface ExportDocumentInput {
  invoiceNumber: string;
  date: Date;
  category: CustomsCategory;
  currency: string;
  trackingNumber: string | null;
  /** The packages' weight in grams, or null when unknown. */
  grossWeight: number | null;
  /** The organisation: its company name and address (null while it has none), contact and customs numbers. */
  sender: { name: string; address: DocumentAddress | null; email: string | null; phone: string | null; eori: string | null; vat: string | null };
  receiver: DocumentAddress & { email?: string | null; phone?: string | null };
  items: ExportDocumentItem[];
}

const left = a4Margin;
const bottom = a4Size.height - a4Margin;
const half = a4ContentWidth / 2;

const columns = {
  number: { x: left, width: 22 },
  description: { x: left + 26, width: 176 },
  quantity: { x: left + 206, width: 40 },
  weight: { x: left + 252, width: 66 },
  value: { x: left + 324, width: 70 },
  hsCode: { x: left + 406, width: 62 },
  origin: { x: left + 472, width: a4ContentWidth - 472 },
} as const;

const rowHeight = 28;
const tableHeaderHeight = 30;
/** Totals, gross weight, declaration and signature below the last row. */
const closingHeight = 150;
const firstTableTop = 316;
const laterTableTop = 100;

export async function drawExportDocument(input: ExportDocumentInput): Promise<Buffer> {
  const doc = createA4Document(`${texts.subtitle} ${input.invoiceNumber}`);
  const pages = paginate(input.items.length);
  let number = 0;
  pages.forEach((count, pageIndex) => {
    addA4Page(doc);
    const first = pageIndex === 0;
    drawTitle(doc, input);
    if (first) {
      drawParties(doc, input);
      drawFacts(doc, input);
      drawCategories(doc, input.category);
    }
    let y = drawTableHeader(doc, first ? firstTableTop : laterTableTop);
    for (const item of input.items.slice(number, number + count)) {
      number += 1;
      y = drawItem(doc, item, number, input.currency, y);
    }
    if (pageIndex === pages.length - 1) drawClosing(doc, input, y);
    doc.font('regular');
    fitLine(doc, texts.page(pageIndex + 1, pages.length), { x: left, y: bottom - 4, width: a4ContentWidth, size: 8, align: 'right' });
  });
  return collectPdf(doc);
}

/** How many item rows go on each page; the closing block stays with the last rows. */
function paginate(items: number): number[] {
  const fits = (top: number, closing: boolean) => Math.floor((bottom - 12 - (closing ? closingHeight : 0) - top - tableHeaderHeight) / rowHeight);
  const pages: number[] = [];
  let remaining = items;
  let top = firstTableTop;
  while (remaining > fits(top, true)) {
    const count = Math.max(1, fits(top, false));
    // Keep at least one row for the last page, so the totals are not alone.
    const take = Math.min(count, remaining - 1);
    pages.push(take);
    remaining -= take;
    top = laterTableTop;
  }
  pages.push(remaining);
  return pages;
}

function drawTitle(doc: Doc, input: ExportDocumentInput): void {
  doc.font('bold');
  fitLine(doc, texts.title, { x: left, y: a4Margin, width: a4ContentWidth, size: 16, minSize: 11 });
  doc.font('regular');
  fitLine(doc, `${texts.subtitle}  ·  ${input.invoiceNumber}`, { x: left, y: a4Margin + 22, width: a4ContentWidth, size: 11 });
  hairline(doc, left, a4Margin + 42, a4ContentWidth, 1.5);
}

function caption(doc: Doc, text: string, x: number, y: number, width: number): void {
  doc.font('regular');
  fitLine(doc, text, { x, y, width, size: 7.5 });
}

function drawParties(doc: Doc, input: ExportDocumentInput): void {
  const top = a4Margin + 54;
  const { sender, receiver } = input;
  caption(doc, texts.sender, left, top, half - 12);
  doc.font('bold');
  fitLine(doc, sender.name, { x: left, y: top + 10, width: half - 12, size: 11 });
  doc.font('regular');
  // Street, postcode and city, country: the name stands above already.
  const addressLinesOfSender = sender.address ? addressLines({ ...sender.address, name: null, company_name: null }) : [];
  addressLinesOfSender.forEach((line, index) => fitLine(doc, line, { x: left, y: top + 24 + index * 12, width: half - 12, size: 9 }));
  const below = top + 26 + addressLinesOfSender.length * 12;
  const contact = [sender.email, sender.phone].filter(Boolean).join('  ·  ') || texts.none;
  fitLine(doc, `${texts.contact}: ${contact}`, { x: left, y: below, width: half - 12, size: 9 });
  fitLine(doc, `${texts.eori}: ${sender.eori ?? texts.none}`, { x: left, y: below + 14, width: half - 12, size: 9 });
  fitLine(doc, `${texts.vat}: ${sender.vat ?? texts.none}`, { x: left, y: below + 28, width: half - 12, size: 9 });

  caption(doc, texts.receiver, left + half, top, half);
  const lines = addressLines(receiver);
  lines.forEach((line, index) => {
    doc.font(index === 0 ? 'bold' : 'regular');
    fitLine(doc, index === lines.length - 1 && receiver.country ? `${line.toUpperCase()} (${receiver.country})` : line, {
      x: left + half,
      y: top + 10 + index * 13,
      width: half,
      size: index === 0 ? 11 : 10,
    });
  });
  const contactLine = [receiver.email, receiver.phone].filter(Boolean).join('  ·  ');
  if (contactLine) {
    doc.font('regular');
    fitLine(doc, contactLine, { x: left + half, y: top + 10 + lines.length * 13 + 2, width: half, size: 9 });
  }
  hairline(doc, left, top + 112, a4ContentWidth);
}

function drawFacts(doc: Doc, input: ExportDocumentInput): void {
  const top = a4Margin + 176;
  const quarter = a4ContentWidth / 4;
  const facts: [string, string][] = [
    [texts.invoiceNumber, input.invoiceNumber],
    [texts.date, formatDocumentDate(input.date)],
    [texts.trackingNumber, input.trackingNumber ?? texts.none],
    [texts.currency, input.currency],
  ];
  facts.forEach(([label, value], index) => {
    caption(doc, label, left + index * quarter, top, quarter - 8);
    doc.font('bold');
    fitLine(doc, value, { x: left + index * quarter, y: top + 10, width: quarter - 8, size: 10 });
  });
}

/** The six CN23 boxes, the chosen one crossed. */
function drawCategories(doc: Doc, chosen: CustomsCategory): void {
  const top = a4Margin + 214;
  caption(doc, texts.category, left, top, a4ContentWidth);
  const third = a4ContentWidth / 3;
  customsCategories.forEach((category, index) => {
    const x = left + (index % 3) * third;
    const y = top + 14 + Math.floor(index / 3) * 18;
    doc.lineWidth(0.8).rect(x, y, 9, 9).stroke('black');
    if (category === chosen) {
      doc.lineWidth(1.2).moveTo(x + 1.5, y + 1.5).lineTo(x + 7.5, y + 7.5).moveTo(x + 7.5, y + 1.5).lineTo(x + 1.5, y + 7.5).stroke('black');
    }
    doc.font(category === chosen ? 'bold' : 'regular');
    fitLine(doc, texts.categories[category], { x: x + 14, y: y - 0.5, width: third - 18, size: 8.5 });
  });
}

function drawTableHeader(doc: Doc, top: number): number {
  const cells: [keyof typeof columns, string, 'left' | 'right'][] = [
    ['number', texts.number, 'left'],
    ['description', texts.description, 'left'],
    ['quantity', texts.quantity, 'right'],
    ['weight', texts.netWeight, 'right'],
    ['value', texts.value, 'right'],
    ['hsCode', texts.hsCode, 'left'],
    ['origin', texts.origin, 'left'],
  ];
  // Dutch above, the CN23's English below: the columns are too narrow for both on one line.
  for (const [column, text, align] of cells) {
    const [dutch, english] = text.split(' / ');
    doc.font('bold');
    fitLine(doc, dutch ?? text, { x: columns[column].x, y: top + 2, width: columns[column].width, size: 7.5, minSize: 6, align });
    doc.font('regular');
    if (english) fitLine(doc, english, { x: columns[column].x, y: top + 12, width: columns[column].width, size: 7, minSize: 6, align });
  }
  hairline(doc, left, top + tableHeaderHeight - 6, a4ContentWidth, 1);
  return top + tableHeaderHeight;
}

function drawItem(doc: Doc, item: ExportDocumentItem, number: number, currency: string, top: number): number {
  doc.font('regular');
  fitLine(doc, String(number), { x: columns.number.x, y: top + 4, width: columns.number.width, size: 9 });
  const description = [item.name, item.description].filter((part) => part?.trim()).join(' – ');
  fitLine(doc, description, { x: columns.description.x, y: top + 4, width: columns.description.width, size: 9, minSize: 7 });
  if (item.sku) fitLine(doc, `SKU ${item.sku}`, { x: columns.description.x, y: top + 16, width: columns.description.width, size: 7 });
  fitLine(doc, String(item.quantity), { x: columns.quantity.x, y: top + 4, width: columns.quantity.width, size: 9, align: 'right' });
  fitLine(doc, formatKilograms(item.weight * item.quantity), { x: columns.weight.x, y: top + 4, width: columns.weight.width, size: 9, align: 'right' });
  fitLine(doc, formatMoney(item.unitValueCents * item.quantity, currency), { x: columns.value.x, y: top + 4, width: columns.value.width, size: 9, align: 'right' });
  fitLine(doc, item.hsCode, { x: columns.hsCode.x, y: top + 4, width: columns.hsCode.width, size: 9 });
  fitLine(doc, countryName(item.originCountry), { x: columns.origin.x, y: top + 4, width: columns.origin.width, size: 9 });
  fitLine(doc, item.originCountry, { x: columns.origin.x, y: top + 16, width: columns.origin.width, size: 7 });
  hairline(doc, left, top + rowHeight - 1, a4ContentWidth, 0.3);
  return top + rowHeight;
}

function drawClosing(doc: Doc, input: ExportDocumentInput, top: number): void {
  const quantity = input.items.reduce((sum, item) => sum + item.quantity, 0);
  const weight = input.items.reduce((sum, item) => sum + item.weight * item.quantity, 0);
  const value = input.items.reduce((sum, item) => sum + item.unitValueCents * item.quantity, 0);
  const y = top + 6;
  doc.font('bold');
  fitLine(doc, texts.total, { x: columns.description.x, y, width: columns.description.width, size: 9 });
  fitLine(doc, String(quantity), { x: columns.quantity.x, y, width: columns.quantity.width, size: 9, align: 'right' });
  fitLine(doc, formatKilograms(weight), { x: columns.weight.x, y, width: columns.weight.width, size: 9, align: 'right' });
  fitLine(doc, formatMoney(value, input.currency), { x: columns.value.x, y, width: columns.value.width, size: 9, align: 'right' });
  hairline(doc, left, y + 16, a4ContentWidth, 1);

  caption(doc, texts.grossWeight, left, y + 26, half);
  doc.font('bold');
  fitLine(doc, input.grossWeight ? formatKilograms(input.grossWeight) : texts.none, { x: left, y: y + 36, width: half, size: 10 });

  doc.font('regular').fontSize(7.5);
  doc.text(texts.declaration, left, y + 58, { width: a4ContentWidth, lineGap: 1 });
  const signatureY = y + 118;
  hairline(doc, left + half, signatureY, half, 0.5);
  caption(doc, texts.signature, left + half, signatureY + 4, half);
}
