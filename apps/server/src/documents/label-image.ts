import { GifReader } from 'omggif';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from '@cantoo/pdf-lib';
import { pageSizes } from './label-sheet';

/** Where an image label lands on its A6 page: its drawn box in points and whether it is turned a quarter. */
export interface ImageLabelPlacement {
  rotate: 0 | 90;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The `cm` operands that draw the image's unit square. */
  matrix: [number, number, number, number, number, number];
}

/**
 * An image of `pixels` (width x height) fitted inside the A6 page without cropping and
 * centred: turned a quarter (anticlockwise, the label's top to the page's left) when that
 * lets it print larger, as a landscape 4 x 6 inch label does.
 */
export function fitImageOnA6(pixels: { width: number; height: number }): ImageLabelPlacement {
  const page = pageSizes.a6;
  const upright = Math.min(page.width / pixels.width, page.height / pixels.height);
  const turned = Math.min(page.width / pixels.height, page.height / pixels.width);
  const rotate = turned > upright ? 90 : 0;
  const scale = rotate ? turned : upright;
  const width = (rotate ? pixels.height : pixels.width) * scale;
  const height = (rotate ? pixels.width : pixels.height) * scale;
  const x = (page.width - width) / 2;
  const y = (page.height - height) / 2;
  // The image's unit square: upright [w 0 0 h x y]; turned, its x axis runs up the page and its y axis to the left.
  const matrix: ImageLabelPlacement['matrix'] = rotate ? [0, height, -width, 0, x + width, y] : [width, 0, 0, height, x, y];
  return { rotate, x, y, width, height, matrix };
}

/**
 * A carrier's GIF label (UPS) as a one-page A6 PDF: the first frame decoded, stored as a
 * grey image (labels are black on white; Flate-compressed) and fitted by fitImageOnA6. The
 * sheet then places the page as any A6 label, at 100%.
 */
export async function gifLabelToA6Pdf(gif: Uint8Array): Promise<Buffer> {
  const reader = new GifReader(gif);
  const { width, height } = reader;
  const rgba = new Uint8Array(width * height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i += 1) {
    const alpha = rgba[i * 4 + 3]! / 255;
    const luma = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
    // A transparent pixel prints as paper.
    grey[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  const doc = await PDFDocument.create();
  const page = doc.addPage([pageSizes.a6.width, pageSizes.a6.height]);
  const image = doc.context.register(doc.context.flateStream(grey, { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }));
  const name = page.node.newXObject('Label', image);
  const placement = fitImageOnA6({ width, height });
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...placement.matrix), drawObject(name), popGraphicsState());
  return Buffer.from(await doc.save());
}
