import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * A carrier's one PDF of a shipment, one page per parcel, apart: a file per package
 * (DPD's storeOrders, GLS's Label/Create). Null when the file has fewer pages than parcels.
 */
export async function pdfPagesApart(pdf: Buffer, count: number): Promise<Buffer[] | null> {
  const source = await PDFDocument.load(pdf);
  if (source.getPageCount() < count) return null;
  const files: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    const doc = await PDFDocument.create();
    const [page] = await doc.copyPages(source, [i]);
    if (page) doc.addPage(page);
    files.push(Buffer.from(await doc.save()));
  }
  return files;
}
