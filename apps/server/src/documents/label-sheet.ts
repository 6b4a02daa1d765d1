import { setImmediate as nextTurn } from 'node:timers/promises';
import { PDFContext, PDFHexString, PDFName, type PDFRef } from '@cantoo/pdf-lib';
import { clockwise, multiply, PageImporter, type ImportedPage, type Matrix } from './pdf-page-import';

/**
 * Label sheets (domain notes "Label sheets"): A6 one label per page, or A4 portrait
 * with four A6 labels in a 2 x 2 grid, positions 1 top-left, 2 top-right, 3 bottom-left,
 * 4 bottom-right. The first sheet may be part-used: it takes the labels from a start
 * position on, or only at the positions listed; every later sheet is filled from 1.
 * All sizes in PDF points, origin bottom-left.
 */

export type LabelFormat = 'a6' | 'a4';
export type StartPosition = 1 | 2 | 3 | 4;

const mm = (value: number) => (value * 72) / 25.4;
export const pageSizes = {
  a6: { width: mm(105), height: mm(148) },
  a4: { width: mm(210), height: mm(297) },
} as const;

export interface LabelSlot {
  /** 0-based page of the sheet document. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const allPositions: readonly StartPosition[] = [1, 2, 3, 4];
const isPosition = (value: unknown): value is StartPosition => value === 1 || value === 2 || value === 3 || value === 4;

/** Where the labels go on the first sheet: the listed positions (sorted, each once), else the start position and the ones after it. */
export interface FirstSheet {
  startPosition?: StartPosition;
  positions?: readonly StartPosition[];
}

function assertSheetOptions(format: unknown, first: FirstSheet): asserts format is LabelFormat {
  if (format !== 'a6' && format !== 'a4') throw new RangeError(`label sheet: format must be 'a6' or 'a4', got ${JSON.stringify(format)}`);
  if (first.startPosition !== undefined && !isPosition(first.startPosition)) {
    throw new RangeError(`label sheet: startPosition must be 1, 2, 3 or 4, got ${JSON.stringify(first.startPosition)}`);
  }
  if (first.positions !== undefined && (!Array.isArray(first.positions) || first.positions.length === 0 || !first.positions.every(isPosition))) {
    throw new RangeError(`label sheet: positions must be a non-empty list of 1, 2, 3 or 4, got ${JSON.stringify(first.positions)}`);
  }
}

/** The positions the first A4 sheet uses, in the order they are filled. */
export function firstSheetPositions({ startPosition = 1, positions }: FirstSheet = {}): StartPosition[] {
  if (positions) return allPositions.filter((p) => positions.includes(p));
  return allPositions.filter((p) => p >= startPosition);
}

/**
 * The slot of the `index`-th label (0-based), given the first sheet's positions. A4 is
 * 1 mm taller than two A6 labels: each slot sits centred in its quarter of the sheet
 * (105 x 148.5 mm, the usual 4-up sticker sheet), so the extra quarter millimetre falls
 * evenly above and below. A6 pages have no positions; they only apply to A4.
 */
export function labelSlotAt(format: LabelFormat, firstSheet: readonly StartPosition[], index: number): LabelSlot {
  const { width, height } = pageSizes.a6;
  if (format === 'a6') return { page: index, x: 0, y: 0, width, height };
  const later = index - firstSheet.length;
  const page = later < 0 ? 0 : 1 + Math.floor(later / 4);
  const quarter = later < 0 ? firstSheet[index]! - 1 : later % 4;
  const column = quarter % 2;
  const row = Math.floor(quarter / 2); // 0 = top row
  const halfHeight = pageSizes.a4.height / 2;
  return {
    page,
    x: column * width,
    y: (1 - row) * halfHeight + (halfHeight - height) / 2,
    width,
    height,
  };
}

/** Every slot of a sheet run of `count` labels (pure geometry, for tests and previews). */
export function labelSlots({ format, count, ...first }: { format: LabelFormat; count: number } & FirstSheet): LabelSlot[] {
  assertSheetOptions(format, first);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`label sheet: count must be a whole number >= 0, got ${count}`);
  const positions = firstSheetPositions(first);
  return Array.from({ length: count }, (_, index) => labelSlotAt(format, positions, index));
}

export interface LabelPlacement {
  /** Uniform scale: 1 for an A6 label, < 1 for a larger one, never > 1. */
  scale: number;
  /** 90 when a landscape label is turned (clockwise) to fill a portrait slot better. */
  rotate: 0 | 90;
  /** Where the placed label lands on the page. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The `cm` matrix that draws a label of the given size (at the origin) there. */
  matrix: Matrix;
}

/**
 * A label of the slot's size is placed as it is. Any other size is scaled down
 * proportionally (never up: a small label is printed at its true size) and centred;
 * a 4 x 6 inch UPS label ends at ~97%. A label whose orientation differs from the
 * slot's (a landscape label for a portrait slot) is turned a quarter clockwise when
 * that lets it print larger.
 */
/**
 * Carriers round A6 differently (297.64 x 419.53, 298 x 420): within half a point
 * (0.18 mm) a label counts as A6 and prints at 100%, so barcodes keep their module width.
 */
const sizeTolerance = 0.5;

export function fitLabel(slot: LabelSlot, label: { width: number; height: number }): LabelPlacement {
  if (!(label.width > 0 && label.height > 0)) throw new RangeError(`label sheet: a label page has no size (${label.width} x ${label.height})`);
  const scaleFor = (w: number, h: number) =>
    w <= slot.width + sizeTolerance && h <= slot.height + sizeTolerance ? 1 : Math.min(slot.width / w, slot.height / h);
  const upright = scaleFor(label.width, label.height);
  const turnedScale = scaleFor(label.height, label.width);
  const rotate = turnedScale > upright + 1e-9 ? 90 : 0;
  const scale = rotate ? turnedScale : upright;
  const width = (rotate ? label.height : label.width) * scale;
  const height = (rotate ? label.width : label.height) * scale;
  const x = slot.x + (slot.width - width) / 2;
  const y = slot.y + (slot.height - height) / 2;
  const turn = rotate ? clockwise(90, label.width, label.height) : clockwise(0, label.width, label.height);
  const matrix = multiply(turn, [scale, 0, 0, scale, x, y]);
  return { scale, rotate, x, y, width, height, matrix };
}

export interface ComposeLabelSheetInput extends FirstSheet {
  /** One PDF per label, any page size; a PDF with several pages gives a label per page. */
  labels: Uint8Array[];
  format: LabelFormat;
}

export interface LabelSheetStreamInput extends FirstSheet {
  /** The label PDFs in sheet order, read as they are needed (e.g. from the database in batches). */
  labels: Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
  format: LabelFormat;
  /** Parse every file with pdf-lib, also our own labels (the path before the fast one): for the bench's comparison. */
  parseEveryFile?: boolean;
}

/** Labels between two yields to the event loop (and two chunks of output), so a 10,000-label sheet does not stall the server. */
const labelsPerTurn = 64;

/**
 * Places every label page on A6 or A4 pages as vector Form XObjects (never rasterised).
 * Fonts, images and whole pages that repeat across labels are stored once. The whole
 * sheet in memory: `labelSheetChunks` is the same sheet as it is made.
 */
export async function composeLabelSheet({ labels, format, ...first }: ComposeLabelSheetInput): Promise<Uint8Array> {
  assertSheetOptions(format, first);
  if (!Array.isArray(labels) || labels.length === 0) throw new RangeError('label sheet: no labels given; at least one label PDF is needed');
  const chunks: Uint8Array[] = [];
  for await (const chunk of labelSheetChunks({ labels, format, ...first })) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The sheet written out as it is made (a PDF with a classic cross-reference table):
 * after every `labelsPerTurn` labels, their objects and finished pages are serialised,
 * handed out as one chunk and dropped, so memory stays flat with the number of labels
 * (only the deduplication keys, the offsets and the page list grow, a few bytes a
 * label). The page tree, catalogue and cross-reference table come last. A label that is
 * no usable PDF fails the stream where it stands (see the callers).
 */
export async function* labelSheetChunks({ labels, format, parseEveryFile = false, ...first }: LabelSheetStreamInput): AsyncGenerator<Uint8Array> {
  assertSheetOptions(format, first);
  const firstSheet = firstSheetPositions(first);
  const size = pageSizes[format];
  const context = PDFContext.create();
  const writer = new ObjectWriter(context);
  const treeRef = context.nextRef();
  const importer = new PageImporter(context, { simpleFiles: !parseEveryFile });
  const pageRefs: PDFRef[] = [];
  let page: { index: number; xObjects: Map<string, PDFRef>; content: string[] } | null = null;
  const finishPage = () => {
    if (!page) return;
    const content = context.register(context.stream(page.content.join('\n')));
    const xObjects = context.obj({});
    for (const [key, ref] of page.xObjects) xObjects.set(PDFName.of(key), ref);
    pageRefs.push(
      context.register(context.obj({ Type: 'Page', Parent: treeRef, MediaBox: [0, 0, size.width, size.height], Resources: { XObject: xObjects }, Contents: content })),
    );
    page = null;
  };

  yield writer.header();
  let index = 0;
  let labelIndex = 0;
  for await (const bytes of labels) {
    if (!(bytes instanceof Uint8Array)) throw new TypeError(`label sheet: label ${labelIndex + 1} is not a Uint8Array`);
    let imported: ImportedPage[];
    try {
      imported = await importer.importPages(bytes);
    } catch (error) {
      throw new Error(`label sheet: label ${labelIndex + 1} is not a usable PDF: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    for (const labelPage of imported) {
      const slot = labelSlotAt(format, firstSheet, index++);
      if (page && page.index !== slot.page) finishPage();
      // Slots come in page order; a page without labels (none are skipped) is never made.
      page ??= { index: slot.page, xObjects: new Map(), content: [] };
      const xName = `L${page.content.length + 1}`;
      page.xObjects.set(xName, labelPage.xObject);
      const placement = fitLabel(slot, labelPage);
      page.content.push(`q ${placement.matrix.map(formatNumber).join(' ')} cm /${xName} Do Q`);
    }
    labelIndex += 1;
    if (labelIndex % labelsPerTurn === 0) {
      yield writer.flush();
      await nextTurn();
    }
  }
  if (labelIndex === 0) throw new RangeError('label sheet: no labels given; at least one label PDF is needed');
  finishPage();
  context.assign(treeRef, context.obj({ Type: 'Pages', Kids: pageRefs, Count: pageRefs.length }));
  const catalog = context.register(context.obj({ Type: 'Catalog', Pages: treeRef }));
  const info = context.register(context.obj({ Producer: PDFHexString.fromText('Verzendhuis') }));
  yield writer.flush();
  yield writer.end(catalog, info);
}

/** Writes indirect objects as they are made and keeps only their offsets. */
class ObjectWriter {
  private offset = 0;
  private readonly offsets: number[] = [];

  constructor(private readonly context: PDFContext) {}

  header(): Uint8Array {
    // The binary comment tells transfer programs that the file is binary, as pdf-lib writes it.
    return this.count(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  }

  /** Every object registered since the last flush, serialised and removed from the context. */
  flush(): Uint8Array {
    const parts: Uint8Array[] = [];
    for (const [ref, object] of this.context.enumerateIndirectObjects()) {
      const head = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
      const body = new Uint8Array(object.sizeInBytes());
      object.copyBytesInto(body, 0);
      this.offsets[ref.objectNumber] = this.offset;
      parts.push(this.count(Buffer.from(head, 'latin1')), this.count(body), this.count(Buffer.from('\nendobj\n', 'latin1')));
      this.context.delete(ref);
    }
    return Buffer.concat(parts);
  }

  end(root: PDFRef, info: PDFRef): Uint8Array {
    const size = this.context.largestObjectNumber + 1;
    const lines = ['xref', `0 ${size}`, '0000000000 65535 f '];
    for (let n = 1; n < size; n++) {
      const at = this.offsets[n];
      lines.push(at === undefined ? '0000000000 00000 f ' : `${String(at).padStart(10, '0')} 00000 n `);
    }
    const xrefAt = this.offset;
    const tail = `${lines.join('\n')}\ntrailer\n<< /Size ${size} /Root ${root.toString()} /Info ${info.toString()} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    return this.count(Buffer.from(tail, 'latin1'));
  }

  private count(bytes: Uint8Array): Uint8Array {
    this.offset += bytes.length;
    return bytes;
  }
}

/** Up to 4 decimals, no exponent, no trailing zeros: short and valid PDF numbers. */
function formatNumber(value: number): string {
  const text = value.toFixed(4).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}
