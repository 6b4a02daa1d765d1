import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { clockwise, multiply, PageImporter } from './pdf-page-import';

const A6: [number, number] = [297.64, 419.53];

/** A label with a shared "logo" Form XObject and a text of its own. */
async function labelWithLogo(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A6);
  const logoDrawing = Array.from({ length: 200 }, (_, i) => `${i} 0 m ${i} 40 l S`).join('\n');
  const logo = doc.context.register(doc.context.flateStream(logoDrawing, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 200, 40] }));
  page.node.setXObject(PDFName.of('Logo'), logo);
  page.drawText(text, { x: 20, y: 200, size: 12 });
  const ops = doc.context.register(doc.context.stream('q 1 0 0 1 20 360 cm /Logo Do Q'));
  page.node.addContentStream(ops);
  return doc.save();
}

function formXObjects(doc: PDFDocument): PDFRawStream[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Form'));
}

const bbox = (stream: PDFRawStream) => (stream.dict.lookup(PDFName.of('BBox'), PDFArray).asArray() as PDFNumber[]).map((n) => n.asNumber());

function rawStream(doc: PDFDocument, ref: PDFRef): PDFRawStream {
  const object = doc.context.lookup(ref);
  if (!(object instanceof PDFRawStream)) throw new Error(`${ref.toString()} is not a stream`);
  return object;
}

async function importInto(...files: Uint8Array[]) {
  const target = await PDFDocument.create();
  const importer = new PageImporter(target.context);
  const pages = [];
  for (const file of files) pages.push(...(await importer.importPages(file)));
  return { target, pages };
}

describe('matrices', () => {
  it('multiplies in PDF order: first applied first', () => {
    expect(multiply([1, 0, 0, 1, 10, 0], [2, 0, 0, 2, 0, 0])).toEqual([2, 0, 0, 2, 20, 0]);
  });
  it('turns a box clockwise into the first quadrant', () => {
    const apply = (m: number[], x: number, y: number) => [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
    // 90: the bottom-left corner goes to the top-left of the turned box (width 100 becomes the height).
    expect(apply(clockwise(90, 100, 50), 0, 0)).toEqual([0, 100]);
    expect(apply(clockwise(90, 100, 50), 100, 50)).toEqual([50, 0]);
    expect(apply(clockwise(180, 100, 50), 0, 0)).toEqual([100, 50]);
    expect(apply(clockwise(270, 100, 50), 0, 0)).toEqual([50, 0]);
  });
});

describe('PageImporter', () => {
  it('stores a logo that two different labels share once', async () => {
    const { target, pages } = await importInto(await labelWithLogo('label een'), await labelWithLogo('label twee'));
    expect(pages).toHaveLength(2);
    expect(pages[0]!.xObject).not.toBe(pages[1]!.xObject);
    const logos = formXObjects(target).filter((form) => bbox(form).join() === '0,0,200,40');
    expect(logos).toHaveLength(1);
  });

  it('joins several content streams of a page into one form', async () => {
    const { target, pages } = await importInto(await labelWithLogo('twee stromen'));
    const form = rawStream(target, pages[0]!.xObject);
    const content = new TextDecoder().decode(decodePDFRawStream(form).decode());
    expect(content).toContain('Tj');
    expect(content).toContain('/Logo Do');
  });

  it('keeps a single content stream compressed as it was', async () => {
    const source = await PDFDocument.create();
    const page = source.addPage(A6);
    page.node.set(PDFName.of('Contents'), source.context.register(source.context.flateStream('0 0 m 100 100 l S')));
    const { target, pages } = await importInto(await source.save());
    const form = rawStream(target, pages[0]!.xObject);
    expect(form.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(new TextDecoder().decode(decodePDFRawStream(form).decode())).toBe('0 0 m 100 100 l S');
  });

  it('measures a rotated page as it is shown and keeps the rotation in the form', async () => {
    const source = await PDFDocument.create();
    source.addPage([A6[1], A6[0]]).node.set(PDFName.of('Rotate'), PDFNumber.of(-270)); // = 90
    const { target, pages } = await importInto(await source.save());
    expect(pages[0]!.width).toBeCloseTo(A6[0], 6);
    expect(pages[0]!.height).toBeCloseTo(A6[1], 6);
    const form = rawStream(target, pages[0]!.xObject);
    const matrix = (form.dict.lookup(PDFName.of('Matrix'), PDFArray).asArray() as PDFNumber[]).map((n) => n.asNumber());
    expect(matrix).toEqual([0, -1, 1, 0, 0, A6[1]]);
  });

  it('uses the CropBox when there is one', async () => {
    const source = await PDFDocument.create();
    const page = source.addPage([612, 792]);
    page.setCropBox(10, 20, 288, 432);
    const { pages, target } = await importInto(await source.save());
    expect([pages[0]!.width, pages[0]!.height]).toEqual([288, 432]);
    expect(bbox(rawStream(target, pages[0]!.xObject))).toEqual([10, 20, 298, 452]);
  });

  it('survives a resource that refers to itself', async () => {
    const source = await PDFDocument.create();
    const page = source.addPage(A6);
    const selfRef = source.context.nextRef();
    const form = source.context.stream('0 0 m 1 1 l S', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Resources: { XObject: { Self: selfRef } } });
    source.context.assign(selfRef, form);
    page.node.setXObject(PDFName.of('Loop'), selfRef);
    const { target, pages } = await importInto(await source.save());
    const xObjects = (stream: PDFRawStream) => stream.dict.lookup(PDFName.of('Resources'), PDFDict).lookup(PDFName.of('XObject'), PDFDict);
    const loop = xObjects(rawStream(target, pages[0]!.xObject)).get(PDFName.of('Loop'));
    expect(loop).toBeInstanceOf(PDFRef);
    // The copy points at itself again, not back into the source document.
    expect(xObjects(rawStream(target, loop as PDFRef)).get(PDFName.of('Self'))).toBe(loop);
  });
});
