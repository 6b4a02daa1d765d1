import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { composeLabelSheet } from './label-sheet';
import { importSimplePdf } from './pdf-fast-import';
import { PageImporter } from './pdf-page-import';
import { drawTestLabel, testTrackingNumber, type TestLabelInput } from './test-label';

const input: TestLabelInput = {
  trackingNumber: testTrackingNumber(77),
  packageNumber: 1,
  packageCount: 1,
  weightGrams: 1300,
  shipmentTypeName: 'Pakket',
  reference: 'WEB-77',
  sender: { name: 'Demo Webwinkel B.V.', address_1: 'Keizersgracht', housenumber: '123', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
  receiver: { name: 'Søren Weiß', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL' },
};

/** The same file with one piece of text swapped for another of the same length, so every offset stays right. */
function swap(file: Uint8Array, from: string, to: string): Uint8Array {
  expect(to).toHaveLength(from.length);
  const text = Buffer.from(file).toString('latin1');
  expect(text).toContain(from);
  return Buffer.from(text.replace(from, to), 'latin1');
}

describe('the fast path of the sheet for our own label files', () => {
  it('reads a Testvervoerder label by its bytes: one A6 page', async () => {
    const target = await PDFDocument.create();
    const pages = importSimplePdf(await drawTestLabel(input), target.context, new Map());
    expect(pages).toHaveLength(1);
    expect(pages![0]!.width).toBeCloseTo(297.64, 2);
    expect(pages![0]!.height).toBeCloseTo(419.53, 2);
  });

  it('stores a font program and a page that two files share once', async () => {
    const first = await drawTestLabel(input);
    const second = await drawTestLabel(input);
    const target = await PDFDocument.create();
    const importer = new PageImporter(target.context);
    const [a] = await importer.importPages(first);
    // Other bytes (the document's title, which the page does not use) with the same objects.
    const [b] = await importer.importPages(swap(second, '(Testvervoerder 3STEST', '(Testvervoerder 3STESX'));
    expect(b!.xObject).toBe(a!.xObject);
    const descriptors = target.context.enumerateIndirectObjects().filter(([, object]) => /\/FontFile2 \d+ 0 R/.test(object.toString()));
    expect(descriptors).toHaveLength(2); // regular and bold, once each
  });

  it('leaves any other layout to the general path', async () => {
    const label = await drawTestLabel(input);
    const target = await PDFDocument.create();
    // A turned page: a key the fast path does not know.
    const turned = swap(label, '/UserUnit 1\n', '/Rotate 90 \n');
    expect(importSimplePdf(turned, target.context, new Map())).toBeNull();
    const [page] = await new PageImporter(target.context).importPages(turned);
    expect(page!.width).toBeCloseTo(419.53, 2);
    // An unknown key written without a space before its value.
    expect(importSimplePdf(swap(label, '/UserUnit 1\n', '/CropBox[0]\n'), target.context, new Map())).toBeNull();
    // A string that reads like a reference in what the page uses.
    expect(importSimplePdf(swap(label, '/ImageC', '(9 0 R)'), target.context, new Map())).toBeNull();
    // Found late (in the second font, after the first one was copied): nothing of the file stays in the sheet.
    const text = Buffer.from(label).toString('latin1');
    const at = text.lastIndexOf('/Encoding /Identity-H');
    const lateFailure = Buffer.from(`${text.slice(0, at)}/Encoding (1 0 R)    ${text.slice(at + '/Encoding /Identity-H'.length)}`, 'latin1');
    const before = target.context.enumerateIndirectObjects().length;
    expect(importSimplePdf(lateFailure, target.context, new Map())).toBeNull();
    expect(target.context.enumerateIndirectObjects()).toHaveLength(before);
    // pdf-lib's own files (a classic cross-reference table, resources inline).
    const other = await PDFDocument.create();
    other.addPage([297.64, 419.53]).drawText('carrier');
    expect(importSimplePdf(await other.save({ useObjectStreams: false }), target.context, new Map())).toBeNull();
    // A file cut short.
    expect(importSimplePdf(label.subarray(0, label.length - 40), target.context, new Map())).toBeNull();
  });

  it('gives a sheet that pdf-lib reads back with every label on it', async () => {
    const labels = await Promise.all([0, 1, 2, 3, 4].map((i) => drawTestLabel({ ...input, trackingNumber: testTrackingNumber(i), receiver: { ...input.receiver, name: `Klant ${'ŁØÜ'[i % 3]} ${i}` } })));
    const sheet = await PDFDocument.load(await composeLabelSheet({ labels, format: 'a4', startPosition: 2 }));
    expect(sheet.getPageCount()).toBe(2);
  });
});
