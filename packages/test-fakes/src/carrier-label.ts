import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

/** What a fake carrier prints on the label it hands back. */
export interface FakeLabelInput {
  carrier: string;
  trackingNumber: string;
  reference: string;
  receiver: { name: string; street: string; houseNumber: string; zipcode: string; city: string; country: string };
  /** The page in millimetres when the carrier's label is not A6 (bpost's 100 x 150). */
  pageMm?: { width: number; height: number };
}

const mm = (value: number) => (value * 72) / 25.4;

/** The standard fonts write WinAnsi only: a character outside it becomes "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * The finished label file a real carrier answers with, as the fakes return it: one A6
 * page (105 x 148 mm, or `pageMm`) with the carrier, the barcode's text, the reference and the
 * receiver. Real carriers hand back finished files (domain notes); the server only
 * stores, sheets and prints them, so the fakes need no barcode image.
 */
export async function drawFakeLabel(input: FakeLabelInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([mm(input.pageMm?.width ?? 105), mm(input.pageMm?.height ?? 148)]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { receiver } = input;
  const lines: [string, typeof regular, number][] = [
    [input.carrier, bold, 20],
    [input.trackingNumber, bold, 14],
    [`Referentie: ${input.reference}`, regular, 10],
    [receiver.name, regular, 12],
    [`${receiver.street} ${receiver.houseNumber}`.trim(), regular, 12],
    [`${receiver.zipcode} ${receiver.city}`.trim(), regular, 12],
    [receiver.country, regular, 12],
  ];
  let y = page.getHeight() - mm(12);
  for (const [text, font, size] of lines) {
    page.drawText(printable(text), { x: mm(8), y, size, font });
    y -= size * 1.6;
  }
  return Buffer.from(await pdf.save());
}

/**
 * A carrier's label as ZPL II, as the fakes hand it out when asked for ZPL: the carrier's
 * name, the reference and the tracking number as a Code 128 barcode, 4 x 6 inch at 203 dpi.
 */
export function fakeCarrierZpl(carrier: string, trackingNumber: string, reference: string): string {
  const field = (value: string) => value.replace(/[\^~]/g, ' ');
  return `^XA\n^CI28\n^PW812\n^LL1218\n^FO40,40^A0N,60,60^FD${field(carrier)}^FS\n^FO40,120^A0N,30,30^FD${field(reference)}^FS\n^FO60,400^BY3^BCN,200,Y,N,N^FD${field(trackingNumber)}^FS\n^XZ\n`;
}
