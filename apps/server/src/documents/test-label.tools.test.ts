import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataMatrixSymbols, extractText, renderPages, requireTools, withScratch, zbarSymbols } from './pdf-tools-for-tests';
import { a6Size, drawTestLabel, testTrackingNumber, type TestLabelInput } from './test-label';

const input: TestLabelInput = {
  trackingNumber: testTrackingNumber(4217),
  packageNumber: 1,
  packageCount: 2,
  weightGrams: 1250,
  shipmentTypeName: 'Pakket',
  reference: 'WEB-100042',
  sender: { name: 'Łukasz Ørsted Webwinkel', address_1: 'Keizersgracht', housenumber: '123', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
  receiver: {
    name: 'Søren Weiß',
    company_name: 'Café Łódź',
    address_1: 'Straße des 17. Juni',
    housenumber: '12',
    address_2: 'Hinterhaus, 2. Stock',
    zipcode: '10623',
    city: 'Berlin',
    country: 'DE',
  },
};

describe('drawTestLabel', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    await requireTools('pdftoppm', 'pdftotext', 'zbarimg', 'dmtxread');
    pdf = await drawTestLabel(input);
  });

  it('is one A6 portrait page', async () => {
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    expect(page.getWidth()).toBeCloseTo(297.64, 2);
    expect(page.getHeight()).toBeCloseTo(419.53, 2);
    expect(a6Size.width).toBeCloseTo(297.64, 2);
  });

  it('is vector only: no raster image, and its font is embedded (no standard-14 font)', async () => {
    const doc = await PDFDocument.load(pdf);
    const objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
    const subtypes = objects.filter((o): o is PDFRawStream => o instanceof PDFRawStream).map((s) => s.dict.get(PDFName.of('Subtype'))?.toString());
    expect(subtypes).not.toContain('/Image');
    const text = new TextDecoder('latin1').decode(pdf);
    expect(text).not.toMatch(/\/BaseFont\s*\/(Helvetica|Times|Courier)/);
    expect(text).toMatch(/\/FontFile2/);
  });

  it('scans: the Code 128 holds the tracking number, the DataMatrix tracking number + postcode', async () => {
    await withScratch(async (dir) => {
      const [png] = await renderPages(dir, pdf, 200);
      expect(await zbarSymbols(png!)).toEqual([`CODE-128:${input.trackingNumber}`]);
      expect(await dataMatrixSymbols(png!)).toEqual([`${input.trackingNumber}+10623`]);
    });
  });

  it('scans where our Data Matrix differs from bwip-js (letter-heavy postcodes, which bwip-js packs in C40)', async () => {
    for (const [zipcode, country] of [['SW1A 1AA', 'GB'], ['EC1A 1BB', 'GB'], ['H91 E2K3', 'IE']] as const) {
      const label = await drawTestLabel({ ...input, receiver: { ...input.receiver, zipcode, city: 'London', country } });
      await withScratch(async (dir) => {
        const [png] = await renderPages(dir, label, 200);
        expect(await dataMatrixSymbols(png!)).toEqual([`${input.trackingNumber}+${zipcode.replace(' ', '')}`]);
      });
    }
  });

  it('prints every Latin address as written (ł, ø, ß, é, Ł), with the country in Dutch', async () => {
    await withScratch(async (dir) => {
      const text = await extractText(dir, pdf);
      for (const expected of ['Łukasz Ørsted Webwinkel', 'Søren Weiß', 'Café Łódź', 'Straße des 17. Juni 12', 'Hinterhaus, 2. Stock', '10623', 'Berlin', 'DUITSLAND', 'Nederland', '1015 CJ', '1,3 kg', '1/2', 'WEB-100042', 'Pakket', input.trackingNumber]) {
        expect(text).toContain(expected);
      }
    });
  });

  it('keeps over-long lines inside the label (smaller font, then an ellipsis)', async () => {
    const long = await drawTestLabel({
      ...input,
      receiver: { ...input.receiver, name: 'Maximiliane Wilhelmina Ŀudovica von und zu Großherzogtum-Świętokrzyskie', company_name: 'X'.repeat(120) },
      reference: 'R'.repeat(64),
    });
    await withScratch(async (dir) => {
      const bbox = await extractText(dir, long, { bbox: true });
      const xMax = [...bbox.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
      expect(xMax.length).toBeGreaterThan(10);
      expect(Math.max(...xMax)).toBeLessThanOrEqual(a6Size.width - 12 + 0.5);
      expect(bbox).toContain('…');
    });
  });
});
