import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawPackingSlips, type PackingSlip, type PackingSlipLine } from './packing-slip';
import { tilePng } from '@verzendhuis/test-fakes/fake-tiles';
import { extractText, renderPages, requireTools, withScratch, zbarSymbols } from './pdf-tools-for-tests';

const line = (overrides: Partial<PackingSlipLine>): PackingSlipLine => ({
  quantity: 1,
  name: 'Artikel',
  description: null,
  sku: null,
  ean: null,
  weight: 100,
  ...overrides,
});

const slips: PackingSlip[] = [
  {
    shopName: 'Łukasz Ørsted Webwinkel',
    orderNumber: 'WEB-100042',
    orderDate: new Date('2025-03-07T10:00:00Z'),
    trackingNumber: '3STEST000004217',
    sender: { name: null, company_name: 'Łukasz Ørsted Webwinkel BV', address_1: 'Keizersgracht', housenumber: '123', housenumber_addition: 'B', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
    recipient: { name: 'Søren Weiß', company_name: 'Café Łódź', address_1: 'Straße des 17. Juni', housenumber: '12', zipcode: '10623', city: 'Berlin', country: 'DE' },
    lines: [
      line({ quantity: 2, name: 'Wollen trui', description: 'Merinowol, maat M', sku: 'TRUI-M', ean: '8712345678906', weight: 400 }),
      line({ quantity: 1, name: 'Sokken', sku: 'SOK-42', ean: '96385074', weight: 50 }),
      line({ quantity: 3, name: 'Kaart met fout EAN', sku: 'KAART', ean: '8712345678900', weight: 10 }),
      line({ quantity: 1, name: 'Zonder EAN', sku: null, ean: null, weight: null }),
    ],
  },
  {
    shopName: 'Tweede winkel',
    orderNumber: 'WEB-2',
    orderDate: new Date('2025-03-08T10:00:00Z'),
    trackingNumber: null,
    sender: null,
    recipient: { name: 'Zoë Janssen', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL' },
    lines: [line({ quantity: 5, name: 'Thee', sku: 'THEE', ean: '4006381333931', weight: 80 })],
  },
];

describe('drawPackingSlips', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    await requireTools('pdftoppm', 'pdftotext', 'zbarimg');
    pdf = await drawPackingSlips(slips);
  });

  it('gives one A4 portrait page per order', async () => {
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getWidth()).toBeCloseTo(595.28, 1);
    expect(doc.getPage(0).getHeight()).toBeCloseTo(841.89, 1);
  });

  it('prints EAN-13 and EAN-8 as barcodes that scan; an invalid EAN is text only', async () => {
    await withScratch(async (dir) => {
      const [first, second] = await renderPages(dir, pdf, 200);
      expect((await zbarSymbols(first!)).sort()).toEqual(['EAN-13:8712345678906', 'EAN-8:96385074']);
      expect(await zbarSymbols(second!)).toEqual(['EAN-13:4006381333931']);
    });
  });

  it('prints the shop, the order, the recipient and the lines as written (ł, ø, ß, é)', async () => {
    await withScratch(async (dir) => {
      const text = await extractText(dir, pdf);
      for (const expected of [
        'Łukasz Ørsted Webwinkel',
        'Pakbon',
        'WEB-100042',
        '07-03-2025',
        '3STEST000004217',
        'Søren Weiß',
        'Café Łódź',
        'Straße des 17. Juni 12',
        'Duitsland',
        'Wollen trui',
        'Merinowol, maat M',
        'TRUI-M',
        '800 g',
        '8712345678900',
        'Tweede winkel',
        'Zoë Janssen',
      ]) {
        expect(text).toContain(expected);
      }
    });
  });

  it('prints the organisation’s address as sender, and nothing for it when the organisation has none', async () => {
    await withScratch(async (dir) => {
      const [first, second] = (await extractText(dir, pdf)).split('\f');
      expect(first).toContain('Afzender: Łukasz Ørsted Webwinkel BV, Keizersgracht 123 B, 1015 CJ Amsterdam, Nederland');
      expect(second).not.toContain('Afzender');
    });
  });

    it('continues an order with many lines on a next page, with its barcodes still scanning', async () => {
    const many = await drawPackingSlips([
      { ...slips[1]!, lines: Array.from({ length: 30 }, (_, i) => line({ name: `Regel ${i + 1}`, sku: `SKU-${i + 1}`, ean: '4006381333931' })) },
    ]);
    const doc = await PDFDocument.load(many);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    await withScratch(async (dir) => {
      const text = await extractText(dir, many);
      expect(text).toContain('Pakbon (vervolg)');
      expect(text).toContain('Regel 30');
      expect(text).toContain(`Pagina 1 van ${doc.getPageCount()}`);
      const pages = await renderPages(dir, many, 200);
      const last = await zbarSymbols(pages[pages.length - 1]!);
      expect(last.length).toBeGreaterThan(0);
      expect(new Set(last)).toEqual(new Set(['EAN-13:4006381333931']));
    });
  });
});

describe('the organisation’s logo on a packing slip', () => {
  const withLogo = (logo: Buffer | null, brandColor: string | null = null): PackingSlip[] => [{ ...slips[1]!, logo, brandColor }];

  it('draws the uploaded logo beside the shop’s name', async () => {
    const pdf = await drawPackingSlips(withLogo(tilePng(), '#0b7285'));
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    await withScratch(async (dir) => {
      expect(await extractText(dir, pdf)).toContain('Tweede winkel');
    });
  });

  it('makes the slip without it when the stored bytes do not decode as an image', async () => {
    const pdf = await drawPackingSlips(withLogo(Buffer.from('\x89PNG\r\n\x1a\nkapot'), 'no colour'));
    expect(pdf.includes('/Subtype /Image')).toBe(false);
    await withScratch(async (dir) => {
      expect(await extractText(dir, pdf)).toContain('Tweede winkel');
    });
  });

  it('has no image without a logo', async () => {
    expect((await drawPackingSlips(withLogo(null))).includes('/Subtype /Image')).toBe(false);
  });
});
