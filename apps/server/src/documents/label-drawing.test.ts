import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLabelDrawing, type LabelDrawing } from './label-drawing';
import { a6Size, testTrackingNumber, type TestLabelInput } from './test-label';

const input = (seq: number): TestLabelInput => ({
  trackingNumber: testTrackingNumber(seq),
  packageNumber: 1,
  packageCount: 1,
  weightGrams: 1250,
  shipmentTypeName: 'Pakket',
  reference: `DRAW-${seq}`,
  sender: { name: 'Pakhuis De Koppeling', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL' },
  receiver: { name: 'Zoë Łukasz-Müller', address_1: 'Oudegracht', housenumber: '12', zipcode: '3511 AB', city: 'Utrecht', country: 'NL' },
});

const made: LabelDrawing[] = [];
function drawing(threads: number): LabelDrawing {
  const instance = createLabelDrawing({ threads });
  made.push(instance);
  return instance;
}

afterAll(async () => {
  for (const instance of made) await instance.close();
});

async function a6Pages(pdf: Buffer): Promise<number> {
  expect(Buffer.isBuffer(pdf)).toBe(true);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const doc = await PDFDocument.load(pdf);
  for (const page of doc.getPages()) {
    expect(page.getWidth()).toBeCloseTo(a6Size.width, 2);
    expect(page.getHeight()).toBeCloseTo(a6Size.height, 2);
  }
  return doc.getPageCount();
}

describe('drawing Testvervoerder labels on worker threads', () => {
  it('gives the same kind of label as drawing on the calling thread, several at once', async () => {
    const two = drawing(2);
    const drawn = await Promise.all([1, 2, 3, 4, 5].map((seq) => two.draw(input(seq))));
    for (const pdf of drawn) expect(await a6Pages(pdf)).toBe(1);
    // Every label is its own: another tracking number, another file.
    expect(new Set(drawn.map((pdf) => pdf.toString('base64'))).size).toBe(5);

    const here = await drawing(0).draw(input(6));
    expect(await a6Pages(here)).toBe(1);
  });

  it('starts the workers again after they were closed', async () => {
    const one = drawing(1);
    await one.draw(input(7));
    await one.close();
    expect(await a6Pages(await one.draw(input(8)))).toBe(1);
  });
});
