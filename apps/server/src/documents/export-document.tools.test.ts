import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawExportDocument, type ExportDocumentInput } from './export-document';
import { extractText, requireTools, withScratch } from './pdf-tools-for-tests';

const input: ExportDocumentInput = {
  invoiceNumber: 'WEB-100042',
  date: new Date('2025-03-07T10:00:00Z'),
  category: 'sale_of_goods',
  currency: 'EUR',
  trackingNumber: '3STEST000004217',
  grossWeight: 1250,
  sender: {
    name: 'Łukasz Ørsted Webwinkel',
    address: { name: null, address_1: 'Keizersgracht', housenumber: '123', housenumber_addition: 'B', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
    email: 'info@voorbeeld.nl',
    phone: '+31201234567',
    eori: 'NL123456789',
    vat: null,
  },
  receiver: { name: 'Søren Weiß', company_name: 'Café Łódź', address_1: 'Bahnhofstrasse', housenumber: '12', zipcode: '8001', city: 'Zürich', country: 'CH', email: 'soren@example.ch' },
  items: [
    { name: 'Wollen trui', description: 'Merinowol', sku: 'TRUI-M', quantity: 2, weight: 400, unitValueCents: 4995, hsCode: '611011', originCountry: 'NL' },
    { name: 'Sokken', description: null, sku: 'SOK-42', quantity: 1, weight: 50, unitValueCents: 950, hsCode: '611595', originCountry: 'PT' },
  ],
};

describe('drawExportDocument', () => {
  beforeAll(async () => {
    await requireTools('pdftotext');
  });

  it('prints the CN23 fields: sender with its address and EORI (VAT unknown as a dash), addressee, category, items and totals', async () => {
    const pdf = await drawExportDocument(input);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    await withScratch(async (dir) => {
      const text = await extractText(dir, pdf);
      for (const expected of [
        'CN23',
        'Commercial invoice',
        'Łukasz Ørsted Webwinkel',
        'Keizersgracht 123 B',
        'Amsterdam',
        'Nederland',
        'NL123456789',
        'Btw-nummer / VAT number: –',
        'Søren Weiß',
        'Café Łódź',
        'ZWITSERLAND (CH)',
        'WEB-100042',
        '07-03-2025',
        '3STEST000004217',
        'Verkoop van goederen / Sale of goods',
        'Wollen trui – Merinowol',
        '611011',
        '611595',
        'Portugal',
        '0,800 kg',
        '0,850 kg',
        '€ 99,90',
        '€ 109,40',
        '1,250 kg',
      ]) {
        expect(text).toContain(expected);
      }
    });
  });

  it('continues many items over pages with the totals on the last one', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ ...input.items[0]!, name: `Artikel ${i + 1}` }));
    const pdf = await drawExportDocument({ ...input, items });
    const count = (await PDFDocument.load(pdf)).getPageCount();
    expect(count).toBeGreaterThan(1);
    await withScratch(async (dir) => {
      const text = await extractText(dir, pdf);
      const lastPage = text.split('\f').filter((page) => page.trim())[count - 1]!;
      expect(lastPage).toContain('Artikel 40');
      expect(lastPage).toContain('Totaal / Total');
      expect(lastPage).toContain('32,000 kg');
      expect(text).toContain(`Pagina / Page 1/${count}`);
    });
  });
});
