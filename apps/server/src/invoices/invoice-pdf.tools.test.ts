import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, requireTools, withScratch } from '../documents/pdf-tools-for-tests';
import { drawInvoicePdf } from './invoice-pdf';
import type { InvoiceLineGroup, InvoiceRow } from './repository';

const invoice: InvoiceRow = {
  id: '6f7e4b1c-2d3a-4e5f-8a9b-0c1d2e3f4a5b',
  organisationId: '00000000-0000-4000-8000-000000000001',
  number: 'VH-2026-000042',
  periodStart: '2026-11-16',
  periodEnd: '2026-11-30',
  invoiceDate: '2026-11-30',
  dueDate: '2026-12-14',
  subtotalCents: 1240,
  vatCents: 260,
  totalCents: 1500,
  vatLines: [{ rate: '21', base_cents: 1240, vat_cents: 260 }],
  billedTo: { name: 'Łukasz Ørsted Webwinkel', address_lines: ['Keizersgracht 123 B', '1015 CJ  Amsterdam', 'Nederland'], vat_number: 'NL000099998B57', email: null },
  status: 'open',
  paidAt: null,
  createdAt: new Date('2026-11-30T00:10:00Z'),
};

const item = (type: string, description: string, unitPrice: string, cents: number) => ({
  id: `${type}-${cents}`,
  organisationId: invoice.organisationId,
  labelId: null,
  type,
  parts: [{ id: 'p', description, unit_price: unitPrice }],
  totalCents: cents,
  invoiceId: invoice.id,
  createdAt: new Date('2026-11-20T10:00:00Z'),
});

const groups: InvoiceLineGroup[] = [
  {
    label: { id: 'a', trackingNumber: '3STEST000000001', orderNumber: 'WEB-1', courierClass: 'test', createdAt: new Date() },
    items: [item('label_price', 'Testvervoerder Pakket Nederland tot 2 kg', '4.95', 495), item('surcharge', 'Te laag opgegeven gewicht', '2.50', 250)],
  },
  { label: { id: 'b', trackingNumber: '3STEST000000002', orderNumber: 'WEB-2', courierClass: 'test', createdAt: new Date() }, items: [item('label_price', 'Testvervoerder Pakket Nederland tot 2 kg', '4.95', 495)] },
];

const company = { name: 'Verzendhuis B.V.', addressLines: ['Keizersgracht 100', '1015 AA Amsterdam'], kvk: '12345678', vatNumber: 'NL123456789B01', iban: 'NL91 ABNA 0417 1643 00', email: 'facturen@verzendhuis.nl' };

describe('drawInvoicePdf', () => {
  beforeAll(async () => {
    await requireTools('pdftotext');
  });

  it('is an A4 PDF with our details, the organisation, the lines per label, the VAT, the total and the due date', async () => {
    const pdf = await drawInvoicePdf({ invoice, company, groups });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getWidth()).toBeCloseTo(595.28, 1);
    expect(doc.getPage(0).getHeight()).toBeCloseTo(841.89, 1);
    const text = await withScratch((dir) => extractText(dir, pdf));
    for (const expected of [
      'Verzendhuis B.V.',
      'KvK 12345678',
      'Btw-nummer NL123456789B01',
      'NL91 ABNA 0417 1643 00',
      'Łukasz Ørsted Webwinkel',
      'Keizersgracht 123 B',
      'NL000099998B57',
      'VH-2026-000042',
      '16-11-2026 t/m 29-11-2026',
      '14-12-2026',
      'Label 3STEST000000001',
      'Naheffing: Te laag opgegeven gewicht',
      '€ 7,45',
      'Btw 21%',
      '€ 2,60',
      '€ 15,00',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
  });

  it('continues a long invoice on further pages', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ ...groups[1]!, label: { ...groups[1]!.label!, id: `l${i}`, trackingNumber: `3STEST${String(i).padStart(9, '0')}` } }));
    const doc = await PDFDocument.load(await drawInvoicePdf({ invoice, company, groups: many }));
    expect(doc.getPageCount()).toBeGreaterThan(2);
  });
});
