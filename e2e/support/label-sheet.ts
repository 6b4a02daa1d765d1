import { PDFRawStream, decodePDFRawStream, type PDFPage } from '@cantoo/pdf-lib';

/**
 * Where the labels sit on a page of a label PDF: each label is a Form XObject drawn with
 * `q a b c d e f cm /Ln Do Q`; its lower-left corner (e, f) gives the A4 position
 * (1 top left, 2 top right, 3 bottom left, 4 bottom right). A6 pages hold one label at 0,0.
 */
export function placementsOf(page: PDFPage): { x: number; y: number; position: number }[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFRawStream ? [contents] : [];
  const text = streams.map((s) => new TextDecoder().decode(decodePDFRawStream(s).decode())).join('\n');
  const { width, height } = page.getSize();
  return [...text.matchAll(/q ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm \/\w+ Do Q/g)].map((m) => {
    const x = Number(m[5]);
    const y = Number(m[6]);
    // A page that holds one label (A6) has only position 1; an A4 sheet has four quadrants.
    const isSheet = height > 800;
    return { x, y, position: isSheet ? (y >= height / 2 - 1 ? 1 : 3) + (x >= width / 2 - 1 ? 1 : 0) : 1 };
  });
}

/** The A4 positions of the labels on a page. */
export const positionsOf = (page: PDFPage): number[] => placementsOf(page).map((p) => p.position);
