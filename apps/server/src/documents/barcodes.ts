// The Node entry by name: the bare specifier has no types under the Bundler resolution.
import bwipjs from 'bwip-js/node';
import { dataMatrixModules } from './datamatrix';

/**
 * Barcodes as plain geometry in module units, from bwip-js `raw()` (the encoder only,
 * no renderer). Drawing them as filled rectangles keeps them vector: sharp on any
 * printer and about 8x faster than bwip-js's PNG output (stack-notes).
 */

/** A filled rectangle in modules, origin top-left, y growing down. */
export interface ModuleRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BarcodeGeometry {
  /** Width and height of the symbol in modules, without quiet zone. */
  columns: number;
  rows: number;
  rects: ModuleRect[];
}

interface LinearRaw {
  sbs: number[];
}
interface MatrixRaw {
  pixs: ArrayLike<number>;
  pixx: number;
  pixy: number;
}

/**
 * Code 128 bars. bwip-js picks the code sets itself (B for letters, C for digit
 * pairs), which gives the shortest symbol. `rows` is 1: the caller chooses the height.
 */
export function code128(text: string): BarcodeGeometry {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as LinearRaw[];
  if (!symbol?.sbs) throw new Error(`code128: bwip-js gave no bars for ${JSON.stringify(text)}`);
  const rects: ModuleRect[] = [];
  let x = 0;
  // sbs alternates bar, space, bar, ... starting with a bar.
  symbol.sbs.forEach((width, index) => {
    if (index % 2 === 0) rects.push({ x, y: 0, width, height: 1 });
    x += width;
  });
  return { columns: x, rows: 1, rects };
}

/**
 * A 2D symbol ('qrcode' or 'datamatrix'). Dark modules of a row are merged into one
 * rectangle per run: a 25 x 25 QR code becomes ~200 rectangles instead of ~330, which
 * keeps the content stream (and every sheet of a thousand labels) small.
 */
export function matrixCode(bcid: 'qrcode' | 'datamatrix', text: string, options: { eclevel?: 'L' | 'M' | 'Q' | 'H' } = {}): BarcodeGeometry {
  const { pixs, pixx: columns, pixy: rows } = matrixModules(bcid, text, options);
  const rects: ModuleRect[] = [];
  for (let y = 0; y < rows; y++) {
    let x = 0;
    while (x < columns) {
      if (pixs[y * columns + x] !== 1) {
        x++;
        continue;
      }
      const start = x;
      while (x < columns && pixs[y * columns + x] === 1) x++;
      rects.push({ x: start, y, width: x - start, height: 1 });
    }
  }
  return { columns, rows, rects };
}

/**
 * The modules of a 2D symbol. A short ASCII Data Matrix (every label's) comes from our
 * own encoder (`datamatrix.ts`, the same symbol as bwip-js's, ~35x faster); anything
 * else from bwip-js.
 */
function matrixModules(bcid: 'qrcode' | 'datamatrix', text: string, options: { eclevel?: 'L' | 'M' | 'Q' | 'H' }): MatrixRaw {
  if (bcid === 'datamatrix') {
    const own = dataMatrixModules(text);
    if (own) return { pixs: own.modules, pixx: own.size, pixy: own.size };
  }
  const [symbol] = bwipjs.raw({ bcid, text, ...(options.eclevel ? { eclevel: options.eclevel } : {}) }) as MatrixRaw[];
  if (!symbol?.pixs) throw new Error(`${bcid}: bwip-js gave no modules for ${JSON.stringify(text)}`);
  return symbol;
}
