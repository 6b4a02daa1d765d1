import { readFile } from 'node:fs/promises';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeLabelSheet } from './label-sheet';
import { PageImporter } from './pdf-page-import';
import { extractText, renderPages, requireTools, withScratch, zbarSymbols } from './pdf-tools-for-tests';
import { drawTestLabel, testTrackingNumber, type TestLabelInput } from './test-label';

/** The sheet as a printer sees it: rendered by poppler, scanned by zbar. */

const receivers = ['Søren Weiß', 'Łucja Nowak', 'Anaïs Lefèvre', 'Jürgen Müller', 'Noor de Jong'];

function input(index: number): TestLabelInput {
  return {
    trackingNumber: testTrackingNumber(500 + index),
    packageNumber: 1,
    packageCount: 1,
    weightGrams: 800 + index * 100,
    shipmentTypeName: 'Pakket',
    reference: `WEB-${index}`,
    sender: { name: 'Demo Webwinkel B.V.', address_1: 'Keizersgracht', housenumber: '123', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
    receiver: { name: receivers[index] ?? 'Klant', address_1: 'Damrak', housenumber: String(index + 1), zipcode: '1012 LG', city: 'Amsterdam', country: 'NL' },
  };
}

describe('a composed label sheet, rendered', () => {
  let labels: Buffer[];
  beforeAll(async () => {
    await requireTools('pdftoppm', 'pdftotext', 'zbarimg');
    labels = await Promise.all(receivers.map((_, index) => drawTestLabel(input(index))));
  });

  it('A4 from position 2: every barcode scans, on the sheet where it belongs', async () => {
    const sheet = await composeLabelSheet({ labels, format: 'a4', startPosition: 2 });
    await withScratch(async (dir) => {
      const pages = await renderPages(dir, sheet, 150);
      expect(pages).toHaveLength(2);
      const codes = (await Promise.all(pages.map((png) => zbarSymbols(png)))).map((found) => found.sort());
      const tracking = (i: number) => `CODE-128:${input(i).trackingNumber}`;
      expect(codes[0]).toEqual([tracking(0), tracking(1), tracking(2)]);
      expect(codes[1]).toEqual([tracking(3), tracking(4)]);
    });
  });

  it('keeps the text of every label (each its own font subset) readable on the sheet', async () => {
    const sheet = await composeLabelSheet({ labels, format: 'a4' });
    await withScratch(async (dir) => {
      const text = await extractText(dir, sheet);
      for (const name of receivers) expect(text).toContain(name);
    });
    // pdfkit names every label's subset alike (BZZZZZ+...); on the sheet different
    // subsets get different names, so no printer can mix one label's glyphs into another.
    const baseFonts = [...new TextDecoder('latin1').decode(sheet).matchAll(/\/BaseFont\s*\/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]);
    expect(baseFonts.length).toBeGreaterThan(0);
    expect(new Set(baseFonts).size).toBeGreaterThan(2);
  });

  it('draws our own labels read by their bytes exactly as when pdf-lib parses them', async () => {
    // Each label placed alone on an A6 page through the importer, once per path.
    const place = async (simpleFiles: boolean) => {
      const doc = await PDFDocument.create();
      const importer = new PageImporter(doc.context, { simpleFiles });
      for (const label of labels) {
        const [imported] = await importer.importPages(label);
        const page = doc.addPage([imported!.width, imported!.height]);
        page.node.setXObject(PDFName.of('L'), imported!.xObject);
        page.node.addContentStream(doc.context.register(doc.context.stream('/L Do')));
      }
      return doc.save({ useObjectStreams: false });
    };
    const [fast, parsed] = [await place(true), await place(false)];
    expect(Buffer.from(fast).equals(Buffer.from(parsed))).toBe(false); // two different ways of writing it
    const pixels = async (pdf: Uint8Array) => withScratch(async (dir) => Promise.all((await renderPages(dir, pdf, 100)).map((png) => readFile(png))));
    const [fastPages, parsedPages] = [await pixels(fast), await pixels(parsed)];
    expect(fastPages).toHaveLength(labels.length);
    fastPages.forEach((png, index) => expect(png.equals(parsedPages[index]!), `label ${index + 1}`).toBe(true));
  });

  it('scales a 4 x 6 inch label onto A6 and its barcode still scans', async () => {
    // A 4 x 6 inch label: the test label drawn 3% larger on a 288 x 432 pt page.
    const big = await PDFDocument.create();
    const [embedded] = await big.embedPdf(labels[0]!);
    big.addPage([288, 432]).drawPage(embedded!, { x: 0, y: 0, width: 288, height: 432 });
    const sheet = await composeLabelSheet({ labels: [await big.save()], format: 'a6' });
    const doc = await PDFDocument.load(sheet);
    expect(doc.getPage(0).getSize().height).toBeCloseTo(419.53, 2);
    await withScratch(async (dir) => {
      const [png] = await renderPages(dir, sheet, 200);
      expect(await zbarSymbols(png!)).toEqual([`CODE-128:${input(0).trackingNumber}`]);
    });
  });
});
