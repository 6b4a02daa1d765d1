/**
 * A Data Matrix (ECC 200, ISO/IEC 16022) encoder for the short texts of our labels:
 * ASCII encodation (digit pairs in one codeword), square symbols of one data region
 * (10 x 10 to 26 x 26, up to 44 codewords), Reed-Solomon error correction and the
 * standard module placement. bwip-js's general encoder took ~0.43 ms a label, most of
 * the barcode time of drawing one; this takes a few microseconds. Text it does not
 * cover (characters above 127, more than a 26 x 26 symbol holds) returns null, and the
 * caller uses bwip-js.
 */

/** Symbol side (modules, with the finder pattern), data codewords, error correction codewords. */
const sizes: readonly [number, number, number][] = [
  [10, 3, 5],
  [12, 5, 7],
  [14, 8, 10],
  [16, 12, 12],
  [18, 18, 14],
  [20, 22, 18],
  [22, 30, 20],
  [24, 36, 24],
  [26, 44, 28],
];

/** GF(256) with the Data Matrix polynomial x^8 + x^5 + x^3 + x^2 + 1 (0x12D). */
const exp = new Uint8Array(512);
const log = new Uint8Array(256);
{
  let value = 1;
  for (let i = 0; i < 255; i++) {
    exp[i] = value;
    log[value] = i;
    value <<= 1;
    if (value & 0x100) value ^= 0x12d;
  }
  for (let i = 255; i < 512; i++) exp[i] = exp[i - 255]!;
}
const multiply = (a: number, b: number) => (a === 0 || b === 0 ? 0 : exp[log[a]! + log[b]!]!);

/** The generator polynomial of `count` codewords, (x - a^1)...(x - a^count), highest power first without its 1. */
const generators = new Map<number, Uint8Array>();
function generator(count: number): Uint8Array {
  let known = generators.get(count);
  if (known) return known;
  let poly = [1];
  for (let i = 1; i <= count; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!;
      next[j + 1]! ^= multiply(poly[j]!, exp[i]!);
    }
    poly = next;
  }
  known = Uint8Array.from(poly.slice(1));
  generators.set(count, known);
  return known;
}

function errorCorrection(data: number[], count: number): number[] {
  const gen = generator(count);
  const remainder = new Array<number>(count).fill(0);
  for (const codeword of data) {
    const factor = codeword ^ remainder[0]!;
    for (let i = 0; i < count - 1; i++) remainder[i] = remainder[i + 1]! ^ multiply(gen[i]!, factor);
    remainder[count - 1] = multiply(gen[count - 1]!, factor);
  }
  return remainder;
}

function asciiCodewords(text: string): number[] | null {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) return null;
    const next = text.charCodeAt(i + 1);
    if (code >= 48 && code <= 57 && next >= 48 && next <= 57) {
      out.push(130 + (code - 48) * 10 + (next - 48));
      i++;
    } else out.push(code + 1);
  }
  return out;
}

/** Modules of the symbol, row by row from the top, 1 = dark; null when the text is not for this encoder. */
export function dataMatrixModules(text: string): { size: number; modules: Uint8Array } | null {
  const data = asciiCodewords(text);
  if (!data) return null;
  const symbol = sizes.find(([, capacity]) => capacity >= data.length);
  if (!symbol) return null;
  const [size, capacity, eccCount] = symbol;
  // Padding: 129 first, then the 253-state randomised pad codewords (position 1-based).
  if (data.length < capacity) data.push(129);
  while (data.length < capacity) {
    const pad = 129 + ((149 * (data.length + 1)) % 253) + 1;
    data.push(pad > 254 ? pad - 254 : pad);
  }
  const codewords = [...data, ...errorCorrection(data, eccCount)];
  const region = place(size - 2, size - 2, codewords);
  const modules = new Uint8Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let dark: boolean;
      if (col === 0 || row === size - 1) dark = true; // the solid L
      else if (row === 0) dark = col % 2 === 0; // the dotted top edge
      else if (col === size - 1) dark = row % 2 === 1; // the dotted right edge
      else dark = region[(row - 1) * (size - 2) + (col - 1)] === 1;
      modules[row * size + col] = dark ? 1 : 0;
    }
  }
  return { size, modules };
}

/** ISO/IEC 16022 Annex F: where each bit of each codeword goes in the data region. */
function place(nrow: number, ncol: number, codewords: number[]): Uint8Array {
  // 0 = not yet placed; else 10 * codeword number (1-based) + bit (1 = most significant); 1 = the fixed dark corner.
  const cells = new Int32Array(nrow * ncol);
  const module = (row: number, col: number, chr: number, bit: number) => {
    if (row < 0) {
      row += nrow;
      col += 4 - ((nrow + 4) % 8);
    }
    if (col < 0) {
      col += ncol;
      row += 4 - ((ncol + 4) % 8);
    }
    cells[row * ncol + col] = 10 * chr + bit;
  };
  const utah = (row: number, col: number, chr: number) => {
    module(row - 2, col - 2, chr, 1);
    module(row - 2, col - 1, chr, 2);
    module(row - 1, col - 2, chr, 3);
    module(row - 1, col - 1, chr, 4);
    module(row - 1, col, chr, 5);
    module(row, col - 2, chr, 6);
    module(row, col - 1, chr, 7);
    module(row, col, chr, 8);
  };
  const corner = (chr: number, spots: [number, number][]) => spots.forEach(([row, col], index) => module(row, col, chr, index + 1));
  let chr = 1;
  let row = 4;
  let col = 0;
  do {
    if (row === nrow && col === 0) corner(chr++, [[nrow - 1, 0], [nrow - 1, 1], [nrow - 1, 2], [0, ncol - 2], [0, ncol - 1], [1, ncol - 1], [2, ncol - 1], [3, ncol - 1]]);
    if (row === nrow - 2 && col === 0 && ncol % 4 !== 0) corner(chr++, [[nrow - 3, 0], [nrow - 2, 0], [nrow - 1, 0], [0, ncol - 4], [0, ncol - 3], [0, ncol - 2], [0, ncol - 1], [1, ncol - 1]]);
    if (row === nrow - 2 && col === 0 && ncol % 8 === 4) corner(chr++, [[nrow - 3, 0], [nrow - 2, 0], [nrow - 1, 0], [0, ncol - 2], [0, ncol - 1], [1, ncol - 1], [2, ncol - 1], [3, ncol - 1]]);
    if (row === nrow + 4 && col === 2 && ncol % 8 === 0) corner(chr++, [[nrow - 1, 0], [nrow - 1, ncol - 1], [0, ncol - 3], [0, ncol - 2], [0, ncol - 1], [1, ncol - 3], [1, ncol - 2], [1, ncol - 1]]);
    do {
      if (row < nrow && col >= 0 && !cells[row * ncol + col]) utah(row, col, chr++);
      row -= 2;
      col += 2;
    } while (row >= 0 && col < ncol);
    row += 1;
    col += 3;
    do {
      if (row >= 0 && col < ncol && !cells[row * ncol + col]) utah(row, col, chr++);
      row += 2;
      col -= 2;
    } while (row < nrow && col >= 0);
    row += 3;
    col += 1;
  } while (row < nrow || col < ncol);
  if (!cells[nrow * ncol - 1]) {
    cells[nrow * ncol - 1] = 1;
    cells[nrow * ncol - ncol - 2] = 1;
  }
  const out = new Uint8Array(nrow * ncol);
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i]!;
    if (value === 1) out[i] = 1;
    else if (value >= 10) {
      const codeword = codewords[Math.floor(value / 10) - 1] ?? 0;
      out[i] = (codeword >> (8 - (value % 10))) & 1;
    }
  }
  return out;
}
