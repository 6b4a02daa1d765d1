import { createHash } from 'node:crypto';
import { PDFName, PDFObject, PDFRawStream, type PDFContext, type PDFRef } from '@cantoo/pdf-lib';

/**
 * The sheet step's fast path for the label files we write ourselves (pdfkit's output: the
 * Testvervoerder's labels), which have one known, simple structure: a classic
 * cross-reference table, one page, its dictionary with only Type, Parent, MediaBox,
 * Contents and Resources (and UserUnit 1), every object written whole between
 * `n 0 obj` and `endobj`, streams with a direct /Length. pdf-lib's parser turns every
 * number of such a file (the fonts' width arrays) into objects that the sheet then writes
 * back as the same text; here the objects the page needs are copied as their bytes, with
 * only their references renumbered and the subset tags of fonts rewritten. Deduplication
 * by content and the subset tags follow the general path's rules (`pdf-page-import.ts`).
 *
 * Anything else (another producer, an unexpected key, a string that could hide a
 * reference) returns null, and the caller takes the general path: a carrier's PDF is
 * never read here by guesswork.
 */

/** An indirect object written as it came: already valid PDF syntax. */
class RawObject extends PDFObject {
  constructor(readonly bytes: Uint8Array) {
    super();
  }
  override clone(): PDFObject {
    return new RawObject(this.bytes);
  }
  override toString(): string {
    return Buffer.from(this.bytes).toString('latin1');
  }
  override sizeInBytes(): number {
    return this.bytes.length;
  }
  override copyBytesInto(buffer: Uint8Array, offset: number): number {
    buffer.set(this.bytes, offset);
    return this.bytes.length;
  }
}

export interface FastImportedPage {
  xObject: PDFRef;
  width: number;
  height: number;
}

interface SourceObject {
  /** The dictionary's text (latin1), without `stream ... endstream`. */
  dict: string;
  /** The raw (still compressed) stream data, if the object is a stream. */
  stream: Uint8Array | null;
}

class NotSimple extends Error {}

const refPattern = /\((?:\\[\s\S]|[^\\()])*\)|(\d+) (\d+) R(?![A-Za-z0-9])/g;
const subsetTag = /^[A-Z]{6}\+/;

function fail(): never {
  throw new NotSimple();
}

/** Reads the objects of a file by its cross-reference table. */
class SimpleFile {
  private readonly offsets = new Map<number, number>();
  readonly root: number;

  constructor(private readonly bytes: Uint8Array) {
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 64))).toString('latin1');
    const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!start) fail();
    const xrefAt = Number(start[1]);
    const rest = Buffer.from(bytes.subarray(xrefAt)).toString('latin1');
    const head = /^xref\r?\n0 (\d+)\r?\n/.exec(rest);
    if (!head) fail();
    const count = Number(head[1]);
    let at = head[0].length;
    for (let n = 0; n < count; n++, at += 20) {
      const entry = rest.slice(at, at + 20);
      if (!/^\d{10} \d{5} [nf][ \r][\r\n]$/.test(entry)) fail();
      if (entry[17] === 'n') {
        if (entry.slice(11, 16) !== '00000') fail();
        this.offsets.set(n, Number(entry.slice(0, 10)));
      }
    }
    const trailer = /^trailer\s*<<([\s\S]*?)>>\s*startxref/.exec(rest.slice(at));
    if (!trailer?.[1] || /\/Prev\b|\/Encrypt\b|\/XRefStm\b/.test(trailer[1])) fail();
    const root = /\/Root (\d+) 0 R/.exec(trailer[1]);
    if (!root) fail();
    this.root = Number(root[1]);
  }

  object(n: number): SourceObject {
    const at = this.offsets.get(n);
    if (at === undefined) fail();
    // A dictionary is short: look for the end of it (or the stream keyword) within its first bytes.
    const window = Buffer.from(this.bytes.subarray(at, at + 4096)).toString('latin1');
    const head = `${n} 0 obj\n`;
    if (!window.startsWith(head)) fail();
    const streamAt = window.indexOf('\nstream\n');
    const endAt = window.indexOf('\nendobj');
    if (streamAt >= 0 && (endAt < 0 || streamAt < endAt)) {
      const dict = window.slice(head.length, streamAt);
      const length = /\/Length (\d+)\n/.exec(dict);
      if (!length) fail();
      const dataAt = at + streamAt + '\nstream\n'.length;
      const dataEnd = dataAt + Number(length[1]);
      if (Buffer.from(this.bytes.subarray(dataEnd, dataEnd + 10)).toString('latin1') !== '\nendstream') fail();
      return { dict, stream: this.bytes.subarray(dataAt, dataEnd) };
    }
    if (endAt < 0) fail();
    return { dict: window.slice(head.length, endAt), stream: null };
  }
}

/**
 * The pages of `bytes` placed into `target`, or null when the file is not of the simple
 * kind (then the general path reads it). `stored` is the importer's deduplication map.
 */
export function importSimplePdf(bytes: Uint8Array, target: PDFContext, stored: Map<string, PDFRef>): FastImportedPage[] | null {
  try {
    const store = new PendingStore(target, stored);
    const page = importSimplePage(new SimpleFile(bytes), store);
    store.commit();
    return [page];
  } catch (error) {
    if (error instanceof NotSimple) return null;
    throw error;
  }
}

function single(dict: string, pattern: RegExp): number {
  const match = pattern.exec(dict);
  if (!match) fail();
  return Number(match[1]);
}

/**
 * New objects of one file wait here until the whole file is read: a file that turns out not
 * to be simple halfway leaves nothing behind in the sheet (only unused object numbers,
 * written as free entries) and nothing in the deduplication map.
 */
class PendingStore {
  private readonly pending = new Map<string, { ref: PDFRef; object: PDFObject }>();

  constructor(
    readonly target: PDFContext,
    private readonly stored: Map<string, PDFRef>,
  ) {}

  /** The object's ref in the sheet: an equal one stored before, else a new number. */
  add(key: string, object: PDFObject): PDFRef {
    const known = this.stored.get(key) ?? this.pending.get(key)?.ref;
    if (known) return known;
    const ref = this.target.nextRef();
    this.pending.set(key, { ref, object });
    return ref;
  }

  commit(): void {
    for (const [key, { ref, object }] of this.pending) {
      this.target.assign(ref, object);
      this.stored.set(key, ref);
    }
    this.pending.clear();
  }
}

function importSimplePage(file: SimpleFile, store: PendingStore): FastImportedPage {
  const { target } = store;
  const catalog = file.object(file.root).dict;
  const pagesRef = single(catalog, /\/Pages (\d+) 0 R/);
  const pages = file.object(pagesRef).dict;
  if (!/\/Count 1\n/.test(pages)) fail();
  const pageRef = single(pages, /\/Kids \[(\d+) 0 R\]/);
  const page = file.object(pageRef);
  if (page.stream) fail();
  // Only the names we know (keys and the one value, /Page); anything else (CropBox, Rotate, Group, annotations) takes the general path.
  const keys = page.dict.match(/\/[^\s/<>[\]()]+/g) ?? [];
  const allowed = new Set(['/Type', '/Page', '/Parent', '/MediaBox', '/Contents', '/Resources', '/UserUnit']);
  if (!keys.every((key) => allowed.has(key)) || !/\/Type \/Page\n/.test(page.dict)) fail();
  if (/\/UserUnit/.test(page.dict) && !/\/UserUnit 1\n/.test(page.dict)) fail();
  const box = /\/MediaBox \[(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+)\]/.exec(page.dict);
  if (!box) fail();
  const [x1, y1, x2, y2] = box.slice(1, 5).map(Number) as [number, number, number, number];
  const left = Math.min(x1, x2);
  const bottom = Math.min(y1, y2);
  const width = Math.abs(x2 - x1);
  const height = Math.abs(y2 - y1);
  if (!(width > 0 && height > 0)) fail();
  const content = file.object(single(page.dict, /\/Contents (\d+) 0 R/));
  if (!content.stream) fail();
  const filter = /\/Filter \/FlateDecode\n/.test(content.dict);
  if (!/^<<\n\/Length \d+\n(\/Filter \/FlateDecode\n)?>>$/.test(content.dict)) fail();

  const copy = new RawCopy(file, store);
  const resources = copy.ref(single(page.dict, /\/Resources (\d+) 0 R/));
  const dict = target.obj({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [left, bottom, left + width, bottom + height],
    Matrix: [1, 0, 0, 1, -left, -bottom],
    Resources: resources,
  });
  if (filter) dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  const stream = PDFRawStream.of(dict, content.stream);
  const key = createHash('sha256').update('form\n').update(dict.toString()).update(content.stream).digest('base64');
  return { xObject: store.add(key, stream), width, height };
}

/** The copy of one file's objects into the sheet: renumbered, children first, stored once by content. */
class RawCopy {
  private readonly done = new Map<number, PDFRef>();
  private readonly busy = new Set<number>();
  /** Target object number → the object number of the font program behind it (descriptor, CID font). */
  private readonly programs = new Map<number, number>();

  constructor(
    private readonly file: SimpleFile,
    private readonly store: PendingStore,
  ) {}

  ref(n: number): PDFRef {
    const done = this.done.get(n);
    if (done) return done;
    if (this.busy.has(n) || this.busy.size > 64) fail(); // a cycle or a deep graph: not the simple kind
    this.busy.add(n);
    const source = this.file.object(n);
    let program: number | undefined;
    const children = new Map<string, PDFRef>();
    let text = source.dict.replace(refPattern, (match: string, number?: string, generation?: string) => {
      if (number === undefined) {
        if (/\d+ \d+ R/.test(match)) fail(); // a reference-like string: leave such files to the general path
        return match;
      }
      if (generation !== '0') fail();
      const child = this.ref(Number(number));
      children.set(number, child);
      return child.toString();
    });
    if (/[()]/.test(text.replace(/\((?:\\[\s\S]|[^\\()])*\)/g, ''))) fail();
    // The subset tags, as `renameSubset` in pdf-page-import.ts: from the font program's number in the sheet.
    const fileKey = /\/FontFile[23]? (\d+) 0 R/.exec(source.dict);
    const descriptor = /\/FontDescriptor (\d+) 0 R/.exec(source.dict);
    const descendant = /\/DescendantFonts \[(\d+) 0 R\]/.exec(source.dict);
    if (fileKey?.[1]) program = children.get(fileKey[1])?.objectNumber;
    else if (descendant?.[1]) program = this.programs.get(children.get(descendant[1])?.objectNumber ?? -1);
    else if (descriptor?.[1]) program = this.programs.get(children.get(descriptor[1])?.objectNumber ?? -1);
    if (program !== undefined) {
      const tagKey = fileKey ? 'FontName' : /\/Type \/Font\n/.test(source.dict) ? 'BaseFont' : null;
      if (tagKey) text = text.replace(new RegExp(`/${tagKey} /([^\\s/<>\\[\\]()]+)`), (whole, fontName: string) => (subsetTag.test(fontName) ? `/${tagKey} /${tag(program!)}+${fontName.slice(7)}` : whole));
    }
    const head = Buffer.from(text, 'latin1');
    const bytes = source.stream ? Buffer.concat([head, Buffer.from('\nstream\n', 'latin1'), source.stream, Buffer.from('\nendstream', 'latin1')]) : head;
    const key = createHash('sha256').update('raw\n').update(bytes).digest('base64');
    const ref = this.store.add(key, new RawObject(bytes));
    if (program !== undefined) this.programs.set(ref.objectNumber, program);
    this.busy.delete(n);
    this.done.set(n, ref);
    return ref;
  }
}

/** Six capital letters from an object number, as `retag` in pdf-page-import.ts. */
function tag(objectNumber: number): string {
  let n = objectNumber;
  let text = '';
  for (let i = 0; i < 6; i++, n = Math.floor(n / 26)) text += String.fromCharCode(65 + (n % 26));
  return text;
}
