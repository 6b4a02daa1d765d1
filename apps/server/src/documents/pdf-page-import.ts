import { createHash } from 'node:crypto';
import {
  decodePDFRawStream,
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFPageLeaf,
  PDFRawStream,
  PDFRef,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { importSimplePdf } from './pdf-fast-import';

/**
 * Brings the pages of label PDFs into one target document as Form XObjects: vector,
 * never re-rendered. Written on pdf-lib's objects rather than its `embedPdf`, because
 * embedPdf (1) decodes and re-compresses every content stream, (2) leaves the copied
 * original content streams in the output as dead objects and (3) copies a font or logo
 * again for every label. Here content streams keep their compressed bytes, and every
 * copied object is keyed by a hash of its content (children first, so equal subtrees
 * get equal keys): a font, logo or whole label page that repeats is stored once.
 */

/** A placeable page: its XObject draws the page's visible box at [0, width] x [0, height]. */
export interface ImportedPage {
  xObject: PDFRef;
  width: number;
  height: number;
}

/** [a b c d e f] as in the PDF `cm` operator. */
export type Matrix = [number, number, number, number, number, number];

/** `first` applied, then `second` (PDF row-vector convention). */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = second;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** Turns [0, width] x [0, height] clockwise by `degrees` (like /Rotate) into the first quadrant. */
export function clockwise(degrees: 0 | 90 | 180 | 270, width: number, height: number): Matrix {
  if (degrees === 90) return [0, -1, 1, 0, 0, width];
  if (degrees === 180) return [-1, 0, 0, -1, width, height];
  if (degrees === 270) return [0, 1, -1, 0, height, 0];
  return [1, 0, 0, 1, 0, 0];
}

const name = (value: string) => PDFName.of(value);
const subsetTag = /^[A-Z]{6}\+/;

export class PageImporter {
  /** Content hash → object in the target: the deduplication of fonts, images, pages. */
  private readonly stored = new Map<string, PDFRef>();
  /** Hash of a whole input file → its pages: a reprinted label is not parsed again. */
  private readonly files = new Map<string, ImportedPage[]>();

  /** `simpleFiles: false` parses every file with pdf-lib, also our own labels (to compare the two paths). */
  constructor(
    private readonly target: PDFContext,
    private readonly options: { simpleFiles?: boolean } = {},
  ) {}

  async importPages(bytes: Uint8Array): Promise<ImportedPage[]> {
    const fileKey = createHash('sha256').update(bytes).digest('base64');
    const known = this.files.get(fileKey);
    if (known) return known;
    // Our own labels (pdfkit's simple layout) are copied as their bytes; any other file is parsed.
    const simple = this.options.simpleFiles === false ? null : importSimplePdf(bytes, this.target, this.stored);
    if (simple) {
      this.files.set(fileKey, simple);
      return simple;
    }
    // Fastest: pdf-lib otherwise pauses (setTimeout) every 100 objects; the caller yields per label instead.
    const source = await PDFDocument.load(bytes, { parseSpeed: ParseSpeeds.Fastest, updateMetadata: false });
    const copy = new SourceCopy(source.context, this.target, this.stored);
    const pages = source.getPages().map((page) => this.importPage(page.node, copy));
    if (pages.length === 0) throw new Error('the PDF has no pages');
    this.files.set(fileKey, pages);
    return pages;
  }

  private importPage(leaf: PDFPageLeaf, copy: SourceCopy): ImportedPage {
    const box = visibleBox(leaf);
    const rotate = pageRotation(leaf);
    const boxWidth = box.right - box.left;
    const boxHeight = box.top - box.bottom;
    const turned = rotate === 90 || rotate === 270;
    // The form's own matrix moves the box to the origin and applies /Rotate, so a slot
    // only needs to scale and move it, whatever the source page looked like.
    const matrix = multiply([1, 0, 0, 1, -box.left, -box.bottom], clockwise(rotate, boxWidth, boxHeight));
    const { bytes, filter } = pageContent(leaf);
    const resources = leaf.Resources();
    const group = leaf.get(name('Group'));
    const dict = this.target.obj({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [box.left, box.bottom, box.right, box.top],
      Matrix: matrix,
      Resources: resources ? copy.value(resources) : this.target.obj({}),
    });
    if (group) dict.set(name('Group'), copy.value(group));
    if (filter.Filter) dict.set(name('Filter'), copy.value(filter.Filter));
    if (filter.DecodeParms) dict.set(name('DecodeParms'), copy.value(filter.DecodeParms));
    const xObject = copy.store(PDFRawStream.of(dict, bytes));
    return { xObject, width: turned ? boxHeight : boxWidth, height: turned ? boxWidth : boxHeight };
  }
}

/** CropBox (what viewers show) within MediaBox, corners in either order. */
function visibleBox(leaf: PDFPageLeaf): { left: number; bottom: number; right: number; top: number } {
  const read = (array: PDFArray | undefined) => {
    if (!array || array.size() !== 4) return null;
    const [x1, y1, x2, y2] = [0, 1, 2, 3].map((i) => array.lookup(i, PDFNumber).asNumber()) as [number, number, number, number];
    return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
  };
  const media = read(leaf.MediaBox());
  if (!media) throw new Error('a page has no valid MediaBox');
  const crop = read(leaf.CropBox());
  if (!crop) return media;
  const box = { left: Math.max(crop.left, media.left), bottom: Math.max(crop.bottom, media.bottom), right: Math.min(crop.right, media.right), top: Math.min(crop.top, media.top) };
  return box.right > box.left && box.top > box.bottom ? box : media;
}

function pageRotation(leaf: PDFPageLeaf): 0 | 90 | 180 | 270 {
  const value = leaf.Rotate()?.asNumber() ?? 0;
  const degrees = (((Math.round(value / 90) * 90) % 360) + 360) % 360;
  return degrees as 0 | 90 | 180 | 270;
}

/**
 * The page's content as one stream. A single stream (the usual case) keeps its
 * compressed bytes and filter; several are decoded and joined, as the PDF spec defines
 * an array of content streams as their concatenation.
 */
function pageContent(leaf: PDFPageLeaf): { bytes: Uint8Array; filter: { Filter?: PDFObject; DecodeParms?: PDFObject } } {
  const contents = leaf.Contents();
  const streams: PDFRawStream[] = [];
  const add = (object: PDFObject | undefined) => {
    const stream = object instanceof PDFRef ? leaf.context.lookup(object) : object;
    if (stream instanceof PDFRawStream) streams.push(stream);
  };
  if (contents instanceof PDFArray) contents.asArray().forEach(add);
  else add(leaf.get(name('Contents')));
  const [only] = streams;
  if (streams.length === 1 && only) {
    return { bytes: only.contents, filter: { Filter: only.dict.get(name('Filter')), DecodeParms: only.dict.get(name('DecodeParms')) } };
  }
  const parts = streams.map((stream) => decodePDFRawStream(stream).decode());
  const joined = Buffer.concat(parts.flatMap((part) => [part, Buffer.from('\n')]));
  return { bytes: joined, filter: {} };
}

/** The copy of one source document into the target, memoised per source object. */
class SourceCopy {
  private readonly done = new Map<PDFRef, PDFRef>();
  /** Objects being copied; a ref is allocated early only when a cycle comes back to one. */
  private readonly inProgress = new Map<PDFRef, PDFRef | null>();

  constructor(
    private readonly source: PDFContext,
    private readonly target: PDFContext,
    private readonly stored: Map<string, PDFRef>,
  ) {}

  value(object: PDFObject): PDFObject {
    if (object instanceof PDFRef) return this.ref(object);
    if (object instanceof PDFPageLeaf) return PDFNull; // a back link to a page would drag in the whole source
    if (object instanceof PDFDict) {
      const copy = PDFDict.withContext(this.target);
      for (const [key, value] of object.entries()) copy.set(key, this.value(value));
      return renameSubset(copy, this.target);
    }
    if (object instanceof PDFArray) {
      const copy = PDFArray.withContext(this.target);
      for (const item of object.asArray()) copy.push(this.value(item));
      return copy;
    }
    if (object instanceof PDFRawStream) {
      const dict = this.value(object.dict) as PDFDict;
      dict.delete(name('Length')); // pdf-lib writes the true length; an indirect one would stay behind
      return PDFRawStream.of(dict, object.contents);
    }
    return object; // names, numbers, strings, booleans, null: immutable, safe to share
  }

  /** Registers `object` in the target unless an equal object is there already. */
  store(object: PDFObject): PDFRef {
    const hash = createHash('sha256').update(object instanceof PDFRawStream ? object.dict.toString() : object.toString());
    if (object instanceof PDFRawStream) hash.update(object.contents);
    const key = hash.digest('base64');
    const existing = this.stored.get(key);
    if (existing) return existing;
    const ref = this.target.register(object);
    this.stored.set(key, ref);
    return ref;
  }

  private ref(ref: PDFRef): PDFRef {
    const done = this.done.get(ref);
    if (done) return done;
    if (this.inProgress.has(ref)) {
      const early = this.inProgress.get(ref) ?? this.target.nextRef();
      this.inProgress.set(ref, early);
      return early;
    }
    this.inProgress.set(ref, null);
    const copied = this.value(this.source.lookup(ref) ?? PDFNull);
    const early = this.inProgress.get(ref);
    this.inProgress.delete(ref);
    let result: PDFRef;
    if (early) {
      // Part of a cycle: others already point at this ref, so it cannot be swapped for an equal object.
      this.target.assign(early, copied);
      result = early;
    } else result = this.store(copied);
    this.done.set(ref, result);
    return result;
  }
}

/**
 * Subset fonts carry a tag ("BZZZZZ+DejaVuSans"), and pdfkit derives it from the font's
 * id in its document, so every label's (different) subset has the same name. A printer
 * driver that caches fonts by name could then print one label's glyphs with another
 * label's subset. The tag is rewritten from the font program's object number in the
 * sheet: different programs, different names; equal programs (deduplicated) share one.
 */
function renameSubset(dict: PDFDict, context: PDFContext): PDFDict {
  const type = dict.get(name('Type'));
  if (type === name('FontDescriptor')) {
    const file = dict.get(name('FontFile2')) ?? dict.get(name('FontFile3')) ?? dict.get(name('FontFile'));
    retag(dict, 'FontName', file);
  } else if (type === name('Font')) {
    const descendants = dict.get(name('DescendantFonts'));
    const descendant = descendants instanceof PDFArray ? descendants.get(0) : undefined;
    const descriptorOwner = descendant instanceof PDFRef ? context.lookupMaybe(descendant, PDFDict) : descendant instanceof PDFDict ? descendant : undefined;
    const descriptor = (descriptorOwner ?? dict).get(name('FontDescriptor'));
    const file = descriptor instanceof PDFRef ? context.lookupMaybe(descriptor, PDFDict) : undefined;
    const program = file?.get(name('FontFile2')) ?? file?.get(name('FontFile3')) ?? file?.get(name('FontFile'));
    retag(dict, 'BaseFont', program);
  }
  return dict;
}

function retag(dict: PDFDict, key: 'FontName' | 'BaseFont', program: PDFObject | undefined): void {
  const current = dict.get(name(key));
  if (!(current instanceof PDFName) || !(program instanceof PDFRef)) return;
  const decoded = current.decodeText();
  if (!subsetTag.test(decoded)) return;
  let n = program.objectNumber;
  let tag = '';
  for (let i = 0; i < 6; i++, n = Math.floor(n / 26)) tag += String.fromCharCode(65 + (n % 26));
  dict.set(name(key), name(`${tag}+${decoded.slice(7)}`));
}
