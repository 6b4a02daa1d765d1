import { GifWriter } from 'omggif';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fitImageOnA6, gifLabelToA6Pdf } from './label-image';
import { composeLabelSheet, labelSlots, pageSizes } from './label-sheet';

/** A GIF of width x height: white, a black frame 10 px wide and a black block in its top-left corner. */
function gifLabel(width: number, height: number): Uint8Array {
  const pixels = new Array<number>(width * height).fill(0);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) if (x < 10 || y < 10 || x >= width - 10 || y >= height - 10 || (x < 200 && y < 100)) pixels[y * width + x] = 1;
  const buffer = new Uint8Array(width * height + 1024);
  const writer = new GifWriter(buffer, width, height, { palette: [0xffffff, 0x000000] });
  writer.addFrame(0, 0, width, height, pixels);
  return buffer.subarray(0, writer.end());
}

const A6 = pageSizes.a6;
/** A page's content: one stream or an array of them. */
const decode = (stream: unknown, doc: PDFDocument): string => {
  if (stream instanceof PDFArray) return stream.asArray().map((ref) => decode(doc.context.lookup(ref), doc)).join('\n');
  return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';
};

describe('an image label (UPS GIF, 4 x 6 inch) on A6 and on the A4 sheet', () => {
  it('turns a landscape 1400 x 800 label a quarter and fits it inside A6 without cropping, centred', () => {
    const placement = fitImageOnA6({ width: 1400, height: 800 });
    expect(placement.rotate).toBe(90);
    // Turned, the label's 1400 px run up the 419.53 pt page: the height limits (1400/800 > 419.53/297.64).
    expect(placement.height).toBeCloseTo(A6.height, 6);
    expect(placement.width).toBeCloseTo((800 * A6.height) / 1400, 6);
    expect(placement.x).toBeGreaterThanOrEqual(0);
    expect(placement.x + placement.width).toBeLessThanOrEqual(A6.width + 1e-9);
    expect(placement.x).toBeCloseTo((A6.width - placement.width) / 2, 6);
    expect(placement.y).toBeCloseTo(0, 6);
    // Its corners under the matrix are the drawn box: nothing outside the page.
    const [a, b, c, d, e, f] = placement.matrix;
    const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([u, v]) => [a * u! + c * v! + e, b * u! + d * v! + f]);
    for (const [x, y] of corners) {
      expect(x!).toBeGreaterThanOrEqual(-1e-9);
      expect(x!).toBeLessThanOrEqual(A6.width + 1e-9);
      expect(y!).toBeGreaterThanOrEqual(-1e-9);
      expect(y!).toBeLessThanOrEqual(A6.height + 1e-9);
    }
  });

  it('keeps a portrait label upright', () => {
    const placement = fitImageOnA6({ width: 800, height: 1200 });
    expect(placement.rotate).toBe(0);
    expect(placement.width).toBeLessThanOrEqual(A6.width + 1e-9);
    expect(placement.height).toBeLessThanOrEqual(A6.height + 1e-9);
  });

  it('makes a one-page A6 PDF holding the whole GIF, which the sheet places at A4 position 3 at 100%', async () => {
    const pdf = await gifLabelToA6Pdf(gifLabel(1400, 800));
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    expect(page.getWidth()).toBeCloseTo(A6.width, 2);
    expect(page.getHeight()).toBeCloseTo(A6.height, 2);
    const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    const [name] = xObjects?.keys() ?? [];
    const image = xObjects?.lookup(name!) as PDFRawStream;
    expect(image.dict.get(PDFName.of('Width'))).toEqual(PDFNumber.of(1400));
    expect(image.dict.get(PDFName.of('Height'))).toEqual(PDFNumber.of(800));
    const grey = decodePDFRawStream(image).decode();
    expect(grey.length).toBe(1400 * 800);
    expect([grey[0], grey[50 * 1400 + 100], grey[400 * 1400 + 700]]).toEqual([0, 0, 255]);
    // Drawn once, turned a quarter: `q 0 h -w 0 x+w 0 cm /Label Do Q`.
    const drawn = decode(page.node.Contents(), doc).match(/q\s+([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s+(\/[-\w]+) Do\s+Q/);
    expect(drawn?.[7]).toBe(name!.toString());
    const { matrix } = fitImageOnA6({ width: 1400, height: 800 });
    drawn!.slice(1, 7).map(Number).forEach((value, i) => expect(value).toBeCloseTo(matrix[i]!, 2));

    const sheet = await PDFDocument.load(await composeLabelSheet({ labels: [pdf], format: 'a4', startPosition: 3 }));
    const [slot] = labelSlots({ format: 'a4', count: 1, startPosition: 3 });
    const content = decode(sheet.getPage(0).node.Contents(), sheet);
    const placed = [...content.matchAll(/q ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm \/\w+ Do Q/g)].map((m) => m.slice(1).map(Number));
    expect(placed).toHaveLength(1);
    const [a, b, c, d, e, f] = placed[0]!;
    // An A6 page: no scale, no turn, at the slot of position 3 (bottom left).
    expect([a, b, c, d]).toEqual([1, 0, 0, 1]);
    expect(e).toBeCloseTo(slot!.x, 2);
    expect(f).toBeCloseTo(slot!.y, 2);
    expect(slot!.x).toBeLessThan(pageSizes.a4.width / 2);
    expect(slot!.y).toBeLessThan(pageSizes.a4.height / 2);
  });
});
