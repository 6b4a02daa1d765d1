import { degrees, PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { composeLabelSheet, fitLabel, labelSheetChunks, labelSlots, pageSizes } from './label-sheet';

const mm = (value: number) => (value * 72) / 25.4;
const A6 = { width: mm(105), height: mm(148) }; // 297.64 x 419.53
const A4 = { width: mm(210), height: mm(297) }; // 595.28 x 841.89
/** A4 is 297 mm high, two A6 labels 296 mm: each slot is centred in its 148.5 mm half. */
const topRowY = mm(148.5 + 0.25); // 421.65
const bottomRowY = mm(0.25); // 0.71

function expectSlot(actual: { page: number; x: number; y: number; width: number; height: number } | undefined, expected: { page: number; x: number; y: number }) {
  expect(actual).toBeDefined();
  if (!actual) return;
  expect(actual.page).toBe(expected.page);
  expect(actual.x).toBeCloseTo(expected.x, 3);
  expect(actual.y).toBeCloseTo(expected.y, 3);
  expect(actual.width).toBeCloseTo(A6.width, 3);
  expect(actual.height).toBeCloseTo(A6.height, 3);
}

/** A label PDF made with pdf-lib: one page per size, a frame and a line of text on each. */
async function labelPdf(...sizes: [number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [width, height] of sizes) {
    const page = doc.addPage([width, height]);
    page.drawRectangle({ x: 4, y: 4, width: width - 8, height: height - 8, borderColor: rgb(0, 0, 0), borderWidth: 2 });
    page.drawText(`label ${width} x ${height}`, { x: 20, y: height - 40, size: 14, font });
  }
  return doc.save();
}

describe('labelSlots on A4', () => {
  it('puts positions 1-4 top-left, top-right, bottom-left, bottom-right', () => {
    const slots = labelSlots({ format: 'a4', count: 4 });
    expect(slots).toHaveLength(4);
    expectSlot(slots[0], { page: 0, x: 0, y: topRowY });
    expectSlot(slots[1], { page: 0, x: A6.width, y: topRowY });
    expectSlot(slots[2], { page: 0, x: 0, y: bottomRowY });
    expectSlot(slots[3], { page: 0, x: A6.width, y: bottomRowY });
  });

  it('prints position 1 at position 1 (the known complaint: it printed at 2)', () => {
    expectSlot(labelSlots({ format: 'a4', startPosition: 1, count: 1 })[0], { page: 0, x: 0, y: topRowY });
  });

  it.each([1, 2, 3, 4] as const)('start position %i puts the first label in that quarter', (start) => {
    const [first] = labelSlots({ format: 'a4', startPosition: start, count: 1 });
    const expected = [
      { x: 0, y: topRowY },
      { x: A6.width, y: topRowY },
      { x: 0, y: bottomRowY },
      { x: A6.width, y: bottomRowY },
    ][start - 1];
    expectSlot(first, { page: 0, ...expected! });
  });

  it('applies the start position to the first sheet only: start 3 with 5 labels fills 3, 4, then 1, 2, 3', () => {
    const slots = labelSlots({ format: 'a4', startPosition: 3, count: 5 });
    expect(slots.map((s) => s.page)).toEqual([0, 0, 1, 1, 1]);
    expectSlot(slots[0], { page: 0, x: 0, y: bottomRowY });
    expectSlot(slots[1], { page: 0, x: A6.width, y: bottomRowY });
    expectSlot(slots[2], { page: 1, x: 0, y: topRowY });
    expectSlot(slots[3], { page: 1, x: A6.width, y: topRowY });
    expectSlot(slots[4], { page: 1, x: 0, y: bottomRowY });
  });

  it('fills only the listed positions of the first sheet, in sheet order, then whole sheets', () => {
    const slots = labelSlots({ format: 'a4', positions: [4, 2], count: 4 });
    expect(slots.map((s) => s.page)).toEqual([0, 0, 1, 1]);
    expectSlot(slots[0], { page: 0, x: A6.width, y: topRowY });
    expectSlot(slots[1], { page: 0, x: A6.width, y: bottomRowY });
    expectSlot(slots[2], { page: 1, x: 0, y: topRowY });
    expectSlot(slots[3], { page: 1, x: A6.width, y: topRowY });
  });

  it('reads a repeated position once and the list [3, 4] as start position 3', () => {
    expect(labelSlots({ format: 'a4', positions: [3, 3, 4], count: 3 })).toEqual(labelSlots({ format: 'a4', startPosition: 3, count: 3 }));
    expect(labelSlots({ format: 'a4', positions: [1, 2, 3, 4], count: 6 })).toEqual(labelSlots({ format: 'a4', count: 6 }));
  });

  it('keeps every slot inside the A4 page without overlap', () => {
    expect(pageSizes.a4.width).toBeCloseTo(A4.width, 3);
    expect(pageSizes.a4.height).toBeCloseTo(A4.height, 3);
    const slots = labelSlots({ format: 'a4', count: 4 });
    for (const slot of slots) {
      expect(slot.x).toBeGreaterThanOrEqual(0);
      expect(slot.y).toBeGreaterThanOrEqual(0);
      expect(slot.x + slot.width).toBeLessThanOrEqual(A4.width + 1e-6);
      expect(slot.y + slot.height).toBeLessThanOrEqual(A4.height + 1e-6);
    }
    expect(slots[2]!.y + slots[2]!.height).toBeLessThan(slots[0]!.y);
  });
});

describe('labelSlots on A6', () => {
  it('gives every label a page of its own, 105 x 148 mm, whatever the start position', () => {
    const slots = labelSlots({ format: 'a6', startPosition: 3, count: 3 });
    expect(pageSizes.a6.width).toBeCloseTo(A6.width, 3);
    expect(pageSizes.a6.height).toBeCloseTo(A6.height, 3);
    slots.forEach((slot, index) => expectSlot(slot, { page: index, x: 0, y: 0 }));
  });
});

describe('labelSlots validation', () => {
  it.each([0, 5, 2.5, '1', null])('refuses start position %j', (start) => {
    expect(() => labelSlots({ format: 'a4', startPosition: start as never, count: 1 })).toThrow(/startPosition must be 1, 2, 3 or 4/);
  });
  it.each([[[]], [[0]], [[1, 5]], ['1']])('refuses positions %j', (positions) => {
    expect(() => labelSlots({ format: 'a4', positions: positions as never, count: 1 })).toThrow(/positions must be a non-empty list/);
  });
  it('refuses an unknown format', () => {
    expect(() => labelSlots({ format: 'a5' as never, count: 1 })).toThrow(/format must be 'a6' or 'a4'/);
  });
});

describe('fitLabel', () => {
  const slot = labelSlots({ format: 'a4', count: 1 })[0]!;

  it('places an A6 label as it is', () => {
    const placement = fitLabel(slot, { width: A6.width, height: A6.height });
    expect(placement.scale).toBe(1);
    expect(placement.rotate).toBe(0);
    expect(placement.x).toBeCloseTo(slot.x, 6);
    expect(placement.y).toBeCloseTo(slot.y, 6);
    expect(placement.matrix.map((n) => Number(n.toFixed(4)))).toEqual([1, 0, 0, 1, 0, Number(topRowY.toFixed(4))]);
  });

  it('scales a 4 x 6 inch label down proportionally and centres it', () => {
    const placement = fitLabel(slot, { width: 288, height: 432 });
    expect(placement.scale).toBeCloseTo(A6.height / 432, 6); // the height limits: ~0.971
    expect(placement.rotate).toBe(0);
    expect(placement.height).toBeCloseTo(A6.height, 6);
    expect(placement.width).toBeCloseTo(288 * (A6.height / 432), 6);
    expect(placement.x).toBeCloseTo(slot.x + (A6.width - placement.width) / 2, 6);
    expect(placement.y).toBeCloseTo(slot.y, 6);
  });

  it('scales bpost’s 10 x 15 cm label down by its height and centres it across, whole inside the slot', () => {
    const cm = 72 / 2.54;
    const placement = fitLabel(slot, { width: 10 * cm, height: 15 * cm });
    expect(placement.scale).toBeCloseTo(A6.height / (15 * cm), 6); // ~0.987
    expect(placement.rotate).toBe(0);
    expect(placement.height).toBeCloseTo(A6.height, 6);
    expect(placement.width).toBeLessThan(A6.width);
    expect(placement.x).toBeCloseTo(slot.x + (A6.width - placement.width) / 2, 6);
    expect(placement.y).toBeCloseTo(slot.y, 6);
  });

  it('treats a label within half a point of A6 as A6 (carriers round the size)', () => {
    expect(fitLabel(slot, { width: 297.64, height: 419.53 }).scale).toBe(1);
    expect(fitLabel(slot, { width: 298, height: 420 }).scale).toBe(1);
    expect(fitLabel(slot, { width: 300, height: 420 }).scale).toBeLessThan(1);
  });

  it('never scales a smaller label up, only centres it', () => {
    const placement = fitLabel(slot, { width: 200, height: 300 });
    expect(placement.scale).toBe(1);
    expect(placement.x).toBeCloseTo(slot.x + (A6.width - 200) / 2, 6);
    expect(placement.y).toBeCloseTo(slot.y + (A6.height - 300) / 2, 6);
  });

  it('turns a landscape A6 label a quarter so that it fills the portrait slot', () => {
    const placement = fitLabel(slot, { width: A6.height, height: A6.width });
    expect(placement.rotate).toBe(90);
    expect(placement.scale).toBe(1);
    expect(placement.width).toBeCloseTo(A6.width, 6);
    expect(placement.height).toBeCloseTo(A6.height, 6);
  });
});

describe('composeLabelSheet', () => {
  it('refuses an empty list and a bad start position', async () => {
    const label = await labelPdf([A6.width, A6.height]);
    await expect(composeLabelSheet({ labels: [], format: 'a4' })).rejects.toThrow(/no labels given/);
    await expect(composeLabelSheet({ labels: [label], format: 'a4', startPosition: 5 as never })).rejects.toThrow(/startPosition must be 1, 2, 3 or 4/);
  });

  it('names the label that is not a PDF', async () => {
    const label = await labelPdf([A6.width, A6.height]);
    await expect(composeLabelSheet({ labels: [label, new TextEncoder().encode('geen pdf')], format: 'a6' })).rejects.toThrow(/label 2 is not a usable PDF/);
  });

  it('puts 4 labels on an A4 sheet and starts a new sheet for the rest', async () => {
    const labels = await Promise.all(Array.from({ length: 6 }, () => labelPdf([A6.width, A6.height])));
    const sheet = await PDFDocument.load(await composeLabelSheet({ labels, format: 'a4', startPosition: 3 }));
    // start 3: sheet 1 holds 2 labels, sheet 2 holds 4.
    expect(sheet.getPageCount()).toBe(2);
    for (const page of sheet.getPages()) {
      expect(page.getWidth()).toBeCloseTo(A4.width, 2);
      expect(page.getHeight()).toBeCloseTo(A4.height, 2);
    }
  });

  it('gives each label an A6 page, one per page of a multi-page label PDF, including a 4 x 6 inch one', async () => {
    const labels = [await labelPdf([A6.width, A6.height], [A6.width, A6.height]), await labelPdf([288, 432])];
    const bytes = await composeLabelSheet({ labels, format: 'a6' });
    const sheet = await PDFDocument.load(bytes);
    expect(sheet.getPageCount()).toBe(3);
    for (const page of sheet.getPages()) {
      expect(page.getWidth()).toBeCloseTo(A6.width, 2);
      expect(page.getHeight()).toBeCloseTo(A6.height, 2);
    }
    // The 4 x 6 inch label is drawn scaled down (a cm with ~0.971), not cropped.
    const content = new TextDecoder().decode(bytes);
    expect(content).toMatch(/q 0\.971\d* 0 0 0\.971\d* \d+(\.\d+)? 0 cm \/L1 Do Q/);
  });

  it('honours /Rotate: a landscape page turned 90 degrees is a portrait label placed as it is', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([A6.height, A6.width]).setRotation(degrees(90));
    const bytes = await composeLabelSheet({ labels: [await doc.save()], format: 'a6' });
    expect(new TextDecoder().decode(bytes)).toContain('q 1 0 0 1 0 0 cm /L1 Do Q');
  });

  it('stores a reprinted label once', async () => {
    const label = await labelPdf([A6.width, A6.height]);
    const once = await composeLabelSheet({ labels: [label], format: 'a4' });
    const many = await composeLabelSheet({ labels: Array.from({ length: 40 }, () => label), format: 'a4' });
    // 10 sheets of tiny page objects more, but the label itself is not copied again.
    expect(many.length - once.length).toBeLessThan(40 * 200);
  });

  it('streams: reads the labels as it goes and hands the sheet out in pieces that make one valid PDF', async () => {
    const distinct = await Promise.all(Array.from({ length: 7 }, (_, i) => labelPdf([A6.width, A6.height - i])));
    let read = 0;
    async function* labels() {
      for (let i = 0; i < 150; i++) {
        read += 1;
        yield distinct[i % distinct.length]!;
      }
    }
    const chunks: Uint8Array[] = [];
    const stream = labelSheetChunks({ labels: labels(), format: 'a4', startPosition: 4 });
    for await (const chunk of stream) {
      // The first pieces leave before the last label is read.
      if (chunks.length === 1) expect(read).toBeLessThan(150);
      chunks.push(chunk);
    }
    expect(chunks.length).toBeGreaterThan(3);
    const sheet = await PDFDocument.load(Buffer.concat(chunks), { throwOnInvalidObject: true, updateMetadata: false });
    // Position 4 on the first sheet, then 149 labels four to a sheet.
    expect(sheet.getPageCount()).toBe(1 + Math.ceil(149 / 4));
    expect(sheet.getProducer()).toBe('Verzendhuis');
  });

  it('refuses an empty stream', async () => {
    const none = labelSheetChunks({ labels: [], format: 'a6' });
    await expect((async () => {
      for await (const chunk of none) void chunk;
    })()).rejects.toThrow(/no labels given/);
  });
});
