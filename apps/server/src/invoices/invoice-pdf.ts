import { formatEuros, formatInvoiceDate, formatInvoicePeriod, invoiceTexts as texts } from '@verzendhuis/domain/invoices-texts';
import { invoiceItemTypeText } from '@verzendhuis/domain/label-screens-texts';
import { a4ContentWidth, a4Margin, a4Size, addA4Page, createA4Document, hairline, type Doc } from '../documents/a4-document';
import { collectPdf, fitLine } from '../documents/pdfkit-drawing';
import type { InvoiceCompany } from '../config';
import type { BilledTo, InvoiceLineGroup, InvoiceRow } from './repository';

/**
 * The invoice as a PDF (docs/billing.md "## Invoices"): A4 portrait with our company's
 * details, the organisation's name, address and VAT number, the header (number, dates,
 * period), the lines grouped per label with their parts, the VAT lines, the total and
 * the due date. Long invoices continue on further pages.
 */

const left = a4Margin;
const right = a4Size.width - a4Margin;
const bottom = a4Size.height - a4Margin - 20;
const amountWidth = 90;
const amountX = right - amountWidth;

export async function drawInvoicePdf(input: { invoice: InvoiceRow; company: InvoiceCompany; groups: InvoiceLineGroup[] }): Promise<Buffer> {
  const { invoice, company, groups } = input;
  const billedTo = invoice.billedTo as unknown as BilledTo;
  const doc = createA4Document(`${texts.invoice} ${invoice.number}`);
  const newPage = (): void => {
    addA4Page(doc);
    drawFooter(doc, company, invoice.number);
  };
  newPage();

  // Our company, top right; the invoice title, top left.
  doc.font('bold').fontSize(20).text(texts.invoice, left, a4Margin);
  let y = a4Margin;
  doc.font('bold').fontSize(10);
  fitLine(doc, company.name, { x: right - 220, y, width: 220, size: 10, align: 'right' });
  y += 14;
  doc.font('regular');
  for (const line of [...company.addressLines, `${texts.kvk} ${company.kvk}`, `${texts.vatNumber} ${company.vatNumber}`, `${texts.iban} ${company.iban}`, company.email]) {
    fitLine(doc, line, { x: right - 220, y, width: 220, size: 9, align: 'right' });
    y += 12;
  }

  // The organisation, left.
  let by = a4Margin + 50;
  doc.font('bold').fontSize(9).text(texts.billedTo, left, by);
  by += 13;
  doc.font('bold').fontSize(10).text(billedTo.name, left, by, { width: 260 });
  by += 14;
  doc.font('regular').fontSize(10);
  for (const line of [...billedTo.address_lines, ...(billedTo.vat_number ? [`${texts.vatNumber}: ${billedTo.vat_number}`] : [])]) {
    doc.text(line, left, by, { width: 260 });
    by += 13;
  }

  // The header.
  y = Math.max(y, by) + 16;
  const header: [string, string][] = [
    [texts.number, invoice.number],
    [texts.date, formatInvoiceDate(invoice.invoiceDate)],
    [texts.period, formatInvoicePeriod(invoice.periodStart, invoice.periodEnd)],
    [texts.dueDate, formatInvoiceDate(invoice.dueDate)],
  ];
  for (const [label, value] of header) {
    doc.font('bold').fontSize(10).text(label, left, y, { width: 120 });
    doc.font('regular').text(value, left + 125, y, { width: 300 });
    y += 14;
  }
  y += 10;

  // The lines, per label.
  const tableHeader = (at: number): number => {
    doc.font('bold').fontSize(9);
    doc.text(texts.description, left, at, { width: amountX - left - 10 });
    doc.text(texts.amount, amountX, at, { width: amountWidth, align: 'right' });
    hairline(doc, left, at + 13, a4ContentWidth);
    return at + 18;
  };
  y = tableHeader(y);
  const ensure = (height: number): void => {
    if (y + height <= bottom) return;
    newPage();
    y = tableHeader(a4Margin);
  };
  for (const group of groups) {
    ensure(14 + 12 * Math.min(4, group.items.reduce((n, i) => n + i.parts.length, 0)));
    const heading = group.label
      ? [`${texts.label} ${group.label.trackingNumber ?? group.label.id}`, group.label.orderNumber ? `${texts.reference} ${group.label.orderNumber}` : null].filter(Boolean).join(' · ')
      : texts.otherLines;
    doc.font('bold').fontSize(9);
    fitLine(doc, heading, { x: left, y, width: amountX - left - 10, size: 9 });
    const groupTotal = group.items.reduce((sum, i) => sum + i.totalCents, 0);
    doc.text(formatEuros(groupTotal), amountX, y, { width: amountWidth, align: 'right' });
    y += 13;
    doc.font('regular').fontSize(8.5);
    for (const item of group.items) {
      for (const part of item.parts) {
        ensure(12);
        fitLine(doc, `${invoiceItemTypeText(item.type)}: ${part.description}`, { x: left + 12, y, width: amountX - left - 22, size: 8.5 });
        doc.text(formatEuros(partCents(part.unit_price)), amountX, y, { width: amountWidth, align: 'right' });
        y += 11;
      }
    }
    y += 4;
  }

  // The VAT lines and the total.
  ensure(20 + 14 * (invoice.vatLines.length + 3) + 40);
  hairline(doc, left, y, a4ContentWidth);
  y += 8;
  const totalLine = (label: string, cents: number, bold = false): void => {
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 10);
    doc.text(label, amountX - 200, y, { width: 190, align: 'right' });
    doc.text(formatEuros(cents), amountX, y, { width: amountWidth, align: 'right' });
    y += bold ? 16 : 14;
  };
  totalLine(texts.subtotal, invoice.subtotalCents);
  for (const line of invoice.vatLines) totalLine(`${texts.vat(line.rate)} (${texts.vatBase.toLowerCase()} ${formatEuros(line.base_cents)})`, line.vat_cents);
  totalLine(texts.totalInclVat, invoice.totalCents, true);
  y += 14;
  doc.font('regular').fontSize(9).text(texts.payBefore(formatInvoiceDate(invoice.dueDate), company.iban, invoice.number), left, y, { width: a4ContentWidth });
  return collectPdf(doc);
}

function drawFooter(doc: Doc, company: InvoiceCompany, number: string): void {
  doc.font('regular').fontSize(7.5);
  fitLine(doc, `${company.name} · ${texts.kvk} ${company.kvk} · ${texts.vatNumber} ${company.vatNumber} · ${texts.iban} ${company.iban} · ${number}`, {
    x: left,
    y: a4Size.height - a4Margin,
    width: a4ContentWidth,
    size: 7.5,
    align: 'center',
  });
}

/** "4.95" → the euros of a part as the CSV and XLSX write it (cents, no float arithmetic). */
export function partCents(unitPrice: string): number {
  const match = /^(-)?(\d+)\.(\d{2})$/.exec(unitPrice);
  if (!match) return 0;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}
