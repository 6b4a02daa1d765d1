import type { Font, GlyphRun } from 'fontkit';

/**
 * Faster font embedding for pdfkit, without changing what is drawn.
 *
 * pdfkit embeds a subset of each TrueType font a document uses: it asks the fontkit
 * Font for `createSubset()`, adds the glyphs the text needs and encodes the subset when
 * the document ends. fontkit re-parses every glyph and re-encodes every table through
 * its generic struct codec for each document, which was about half the CPU of a label.
 * `fastSubsets` gives the font a subset that does the same from bytes read once per
 * process: the glyph outlines as they are in the file (a composite's component ids
 * renumbered, as fontkit does), the fixed tables (cvt, fpgm, prep) copied, and
 * head/hhea/maxp patched with the subset's counts. The same tables as fontkit's subset,
 * so the same glyphs, metrics and hinting.
 *
 * It also keeps the shaped runs of words (`font.layout`, GSUB/GPOS) across documents:
 * pdfkit caches them per document only, and a label's captions, sender and place names
 * repeat on every label.
 */

interface GlyphData {
  bytes: Uint8Array;
  /** Composite glyphs: where in `bytes` each component's glyph id stands. */
  components: { gid: number; pos: number }[];
  advance: number;
  bearing: number;
}

interface FontTables {
  head: Uint8Array;
  hhea: Uint8Array;
  maxp: Uint8Array;
  fixed: Record<'cvt ' | 'fpgm' | 'prep', Uint8Array | null>;
  longLoca: boolean;
  glyphs: Map<number, GlyphData>;
}

/** fontkit's internals this needs (not in its types). */
interface FontInternals {
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  stream: { buffer: Uint8Array };
  loca: { version: number; offsets: number[] };
  getGlyph(gid: number): { advanceWidth: number; _getMetrics(): { leftBearing: number }; _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null };
}

function tableBytes(font: FontInternals, tag: string): Uint8Array | null {
  const entry = font.directory.tables[tag];
  if (!entry) return null;
  return font.stream.buffer.subarray(entry.offset, entry.offset + entry.length);
}

function readTables(font: FontInternals): FontTables {
  const required = (tag: string) => {
    const bytes = tableBytes(font, tag);
    if (!bytes) throw new Error(`font subset: the font has no ${tag} table`);
    return bytes;
  };
  return {
    head: required('head'),
    hhea: required('hhea'),
    maxp: required('maxp'),
    fixed: { 'cvt ': tableBytes(font, 'cvt '), fpgm: tableBytes(font, 'fpgm'), prep: tableBytes(font, 'prep') },
    longLoca: font.loca.version === 1,
    glyphs: new Map(),
  };
}

function glyphData(font: FontInternals, tables: FontTables, gid: number): GlyphData {
  let data = tables.glyphs.get(gid);
  if (data) return data;
  const glyph = font.getGlyph(gid);
  const decoded = glyph._decode();
  const glyf = required(tableBytes(font, 'glyf'));
  const bytes = glyf.subarray(font.loca.offsets[gid]!, font.loca.offsets[gid + 1]!);
  const components = decoded && decoded.numberOfContours < 0 ? (decoded.components ?? []).map((c) => ({ gid: c.glyphID, pos: c.pos })) : [];
  data = { bytes, components, advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
  tables.glyphs.set(gid, data);
  return data;
}

function required<T>(value: T | null): T {
  if (value === null) throw new Error('font subset: the font has no glyf table');
  return value;
}

const pad4 = (length: number) => (length + 3) & ~3;

function checksum(bytes: Uint8Array): number {
  const padded = bytes.length % 4 === 0 ? bytes : Uint8Array.from({ length: pad4(bytes.length) }, (_, i) => bytes[i] ?? 0);
  const view = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

/** The same interface pdfkit uses of fontkit's TTFSubset: includeGlyph, then encode once. */
class FastTrueTypeSubset {
  glyphs: number[] = [];
  mapping: Record<number, number> = {};

  constructor(
    private readonly font: FontInternals,
    private readonly tables: FontTables,
  ) {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number | { id: number }): number {
    const gid = typeof glyph === 'object' ? glyph.id : glyph;
    let mapped = this.mapping[gid];
    if (mapped === undefined) {
      this.glyphs.push(gid);
      mapped = this.glyphs.length - 1;
      this.mapping[gid] = mapped;
    }
    return mapped;
  }

  encode(): Buffer {
    const outlines: Uint8Array[] = [];
    const metrics: { advance: number; bearing: number }[] = [];
    // Components join the list as they are met, as in fontkit.
    for (let i = 0; i < this.glyphs.length; i++) {
      const data = glyphData(this.font, this.tables, this.glyphs[i]!);
      let bytes = data.bytes;
      if (data.components.length > 0) {
        bytes = Uint8Array.from(bytes);
        const view = new DataView(bytes.buffer);
        for (const component of data.components) view.setUint16(component.pos, this.includeGlyph(component.gid));
      }
      outlines.push(bytes);
      metrics.push({ advance: data.advance, bearing: data.bearing });
    }
    const count = outlines.length;
    const glyfLength = outlines.reduce((sum, bytes) => sum + bytes.length, 0);
    const longLoca = this.tables.longLoca || glyfLength / 2 > 0xffff;

    const glyf = new Uint8Array(glyfLength);
    const loca = new Uint8Array((count + 1) * (longLoca ? 4 : 2));
    const locaView = new DataView(loca.buffer);
    let offset = 0;
    outlines.forEach((bytes, index) => {
      if (longLoca) locaView.setUint32(index * 4, offset);
      else locaView.setUint16(index * 2, offset / 2);
      glyf.set(bytes, offset);
      offset += bytes.length;
    });
    if (longLoca) locaView.setUint32(count * 4, offset);
    else locaView.setUint16(count * 2, offset / 2);

    const hmtx = new Uint8Array(count * 4);
    const hmtxView = new DataView(hmtx.buffer);
    metrics.forEach((metric, index) => {
      hmtxView.setUint16(index * 4, metric.advance);
      hmtxView.setInt16(index * 4 + 2, metric.bearing);
    });

    const head = Uint8Array.from(this.tables.head);
    const headView = new DataView(head.buffer);
    headView.setUint32(8, 0); // checkSumAdjustment, set below
    headView.setInt16(50, longLoca ? 1 : 0);
    const hhea = Uint8Array.from(this.tables.hhea);
    new DataView(hhea.buffer).setUint16(34, count);
    const maxp = Uint8Array.from(this.tables.maxp);
    new DataView(maxp.buffer).setUint16(4, count);

    const tables: [string, Uint8Array][] = (
      [
        ['cvt ', this.tables.fixed['cvt ']],
        ['fpgm', this.tables.fixed.fpgm],
        ['glyf', glyf],
        ['head', head],
        ['hhea', hhea],
        ['hmtx', hmtx],
        ['loca', loca],
        ['maxp', maxp],
        ['prep', this.tables.fixed.prep],
      ] as [string, Uint8Array | null][]
    ).filter((entry): entry is [string, Uint8Array] => entry[1] !== null);

    const numTables = tables.length;
    const entrySelector = Math.floor(Math.log2(numTables));
    const searchRange = 2 ** entrySelector * 16;
    const headerLength = 12 + 16 * numTables;
    const total = headerLength + tables.reduce((sum, [, bytes]) => sum + pad4(bytes.length), 0);
    const out = Buffer.alloc(total);
    out.writeUInt32BE(0x00010000, 0);
    out.writeUInt16BE(numTables, 4);
    out.writeUInt16BE(searchRange, 6);
    out.writeUInt16BE(entrySelector, 8);
    out.writeUInt16BE(numTables * 16 - searchRange, 10);
    let at = headerLength;
    let headAt = 0;
    tables.forEach(([tag, bytes], index) => {
      const record = 12 + index * 16;
      out.write(tag, record, 4, 'latin1');
      out.writeUInt32BE(checksum(bytes), record + 4);
      out.writeUInt32BE(at, record + 8);
      out.writeUInt32BE(bytes.length, record + 12);
      out.set(bytes, at);
      if (tag === 'head') headAt = at;
      at += pad4(bytes.length);
    });
    out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, headAt + 8);
    return out;
  }
}

/** Shaped runs kept per font, at most this many words (then started afresh). */
const layoutCacheSize = 20_000;

/**
 * The font, changed in place so that pdfkit's subsets of it are the fast ones and its
 * shaped words are kept across documents. Only TrueType (glyf) fonts; others are left as
 * they are. Returns the same font.
 */
export function fastSubsets(font: Font): Font {
  const internals = font as unknown as FontInternals & {
    createSubset(): unknown;
    layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  };
  if (!internals.directory.tables.glyf || !internals.directory.tables.loca) return font;
  const tables = readTables(internals);
  internals.createSubset = () => new FastTrueTypeSubset(internals, tables);

  const layout = internals.layout.bind(font);
  let runs = new Map<string, GlyphRun>();
  internals.layout = (text: string, features?: unknown, ...rest: unknown[]) => {
    if (features !== undefined || rest.length > 0 || typeof text !== 'string') return layout(text, features, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= layoutCacheSize) runs = new Map();
      run = layout(text);
      runs.set(text, run);
    }
    // pdfkit scales the positions of the run it gets in place: hand out a copy.
    return Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run, {
      glyphs: run.glyphs.slice(),
      positions: run.positions.map((position) => ({ ...position })),
    });
  };
  return font;
}
