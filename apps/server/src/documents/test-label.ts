import PDFDocument from 'pdfkit';
import { countryName } from '@verzendhuis/domain/countries';
import { code128, matrixCode } from './barcodes';
import { collectPdf, fillBarcode, fitLine, labelFonts, registerParsedFont } from './pdfkit-drawing';
import { testLabelTexts } from '@verzendhuis/domain/labels-texts';

/**
 * The label of the built-in Testvervoerder, the only carrier whose label we draw
 * ourselves (domain notes: real carriers hand back finished files). It looks and scans
 * like a real parcel label so that printing, sheets and scanners can be tried without a
 * carrier account.
 */

export interface TestLabelAddress {
  /** A person's name; empty for a company (the organisation), which goes by `company_name`. */
  name: string;
  company_name?: string | null;
  address_1: string;
  /** May hold an addition too ("12A", "12 bis"): the order has no separate field for it. */
  housenumber?: string | null;
  /** The organisation's address has its own field for it. */
  housenumber_addition?: string | null;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2; printed as its Dutch name. */
  country: string;
}

export interface TestLabelInput {
  trackingNumber: string;
  packageNumber: number;
  packageCount: number;
  weightGrams: number;
  shipmentTypeName: string;
  /** The order number. */
  reference: string | null;
  sender: TestLabelAddress;
  receiver: TestLabelAddress & { address_2?: string | null };
  /** A return label: it says RETOUR, and goes from the customer to the organisation. */
  isReturn?: boolean;
  /**
   * Delivered at a pickup point (issue 14 §5): the receiver's name stays, the address is
   * the point's (its name, street and place), marked AFHAALPUNT.
   */
  pickupPoint?: { name: string; address: { street_address: string; zip_code: string; city: string } } | null;
}


const mm = (value: number) => (value * 72) / 25.4;
/** A6 portrait: 105 x 148 mm = 297.64 x 419.53 pt. */
export const a6Size = { width: mm(105), height: mm(148) } as const;

/**
 * The test carrier's tracking numbers copy the shape of PostNL's "3S" barcodes
 * ("3S" + a four-letter customer code + a serial of up to 9 digits): customer code
 * TEST and the serial padded to 9 digits, e.g. 3STEST000000042. 15 characters that
 * scanners and the tracking link treat like a real one, that mix Code 128 sets B and C
 * as real labels do, and that cannot be mistaken for a PostNL number of a real
 * customer at a glance.
 */
export function testTrackingNumber(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > 999_999_999) throw new RangeError(`testTrackingNumber: seq must be an integer 0..999999999, got ${seq}`);
  return `3STEST${String(seq).padStart(9, '0')}`;
}

/**
 * What the 2D code holds: tracking number and postcode joined by "+" (as carriers key
 * their tracking lookups, e.g. DHL's `key={trackerCode}+{postcode}`). Upper case without
 * spaces keeps it in the QR alphanumeric mode, the smallest symbol.
 */
export function testLabelMatrixContent(trackingNumber: string, zipcode: string): string {
  return `${trackingNumber}+${zipcode.replace(/\s+/g, '').toUpperCase()}`;
}

/** "1,3 kg": Dutch decimal comma, one decimal. */
export function formatLabelWeight(grams: number): string {
  return `${weightFormat.format(grams / 1000)} kg`;
}
const weightFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function streetLine(address: TestLabelAddress): string {
  return [address.address_1, address.housenumber, address.housenumber_addition].filter((part) => part && part.trim()).join(' ');
}

/** The first line of an address: the person, else the company. */
function nameLine(address: TestLabelAddress): string {
  return address.name.trim() || address.company_name?.trim() || '';
}

/** The company under the person's name; nothing when the company is the name already. */
function companyLine(address: TestLabelAddress): string {
  return address.name.trim() ? (address.company_name ?? '') : '';
}

function postcodeLine(address: TestLabelAddress): string {
  return [address.zipcode, address.city].filter((part) => part && part.trim()).join('  ');
}

type Doc = InstanceType<typeof PDFDocument>;

const margin = 12;
const contentWidth = a6Size.width - 2 * margin;
const right = a6Size.width - margin;

function rule(doc: Doc, y: number, thickness = 0.75): void {
  doc.rect(margin, y, contentWidth, thickness).fill('black');
}

function drawHeader(doc: Doc, input: TestLabelInput): void {
  doc.font('bold');
  fitLine(doc, testLabelTexts.carrier, { x: margin, y: margin, width: contentWidth / 2, size: 15 });
  if (input.isReturn) {
    // A return says so where the shipment type stands, white on black, as carriers mark them.
    const width = 78;
    doc.rect(right - width, margin - 3, width, 21).fill('black');
    doc.fillColor('white');
    fitLine(doc, testLabelTexts.returnMark, { x: right - width, y: margin + 1, width, size: 14, align: 'center' });
    doc.fillColor('black');
  } else {
    fitLine(doc, input.shipmentTypeName, { x: margin + contentWidth / 2, y: margin + 1, width: contentWidth / 2, size: 13, align: 'right' });
  }
  rule(doc, 34, 1.5);
}

function drawSender(doc: Doc, sender: TestLabelAddress): void {
  doc.font('regular');
  fitLine(doc, testLabelTexts.sender, { x: margin, y: 39, width: contentWidth, size: 7 });
  const lines = [streetLine(sender), postcodeLine(sender), countryName(sender.country)];
  doc.font('bold');
  fitLine(doc, nameLine(sender), { x: margin, y: 48, width: contentWidth, size: 8.5 });
  doc.font('regular');
  lines.forEach((line, index) => fitLine(doc, line, { x: margin, y: 58.5 + index * 10.5, width: contentWidth, size: 8.5 }));
  rule(doc, 96);
}

/**
 * Missing lines (no company, no second address line) close up instead of leaving gaps. A
 * parcel for a pickup point keeps the receiver's name and goes to the point's address,
 * marked AFHAALPUNT white on black beside the caption.
 */
function drawReceiver(doc: Doc, receiver: TestLabelInput['receiver'], pickupPoint: TestLabelInput['pickupPoint']): void {
  doc.font('regular');
  fitLine(doc, testLabelTexts.receiver, { x: margin, y: 101, width: contentWidth / 2, size: 8 });
  if (pickupPoint) {
    const width = 92;
    doc.rect(right - width, 98, width, 13).fill('black');
    doc.fillColor('white');
    doc.font('bold');
    fitLine(doc, testLabelTexts.pickupPointMark, { x: right - width, y: 100, width, size: 9, align: 'center' });
    doc.fillColor('black');
  }
  const address = pickupPoint
    ? [
        { text: pickupPoint.name, bold: false, size: 12 },
        { text: pickupPoint.address.street_address, bold: false, size: 12 },
        { text: postcodeLine({ ...receiver, zipcode: pickupPoint.address.zip_code, city: pickupPoint.address.city }), bold: true, size: 15 },
      ]
    : [
        { text: streetLine(receiver), bold: false, size: 12 },
        { text: receiver.address_2 ?? '', bold: false, size: 12 },
        { text: postcodeLine(receiver), bold: true, size: 15 },
      ];
  const lines: { text: string; bold: boolean; size: number }[] = [
    { text: nameLine(receiver), bold: true, size: 15 },
    { text: companyLine(receiver), bold: false, size: 12 },
    ...address,
    { text: countryName(receiver.country).toUpperCase(), bold: true, size: 12 },
  ];
  let y = 112;
  for (const line of lines) {
    if (!line.text.trim()) continue;
    doc.font(line.bold ? 'bold' : 'regular');
    fitLine(doc, line.text, { x: margin + 6, y, width: contentWidth - 6, size: line.size });
    y += line.size * 1.3;
  }
  rule(doc, 226);
}

function drawDetails(doc: Doc, input: TestLabelInput): void {
  const codeSide = 72;
  const columnWidth = (contentWidth - codeSide - 16) / 2;
  // The shipment type stands in the header already; the reference gets both columns,
  // as order numbers of shops can be long.
  const cells: { caption: string; value: string; x: number; y: number; width: number }[] = [
    { caption: testLabelTexts.weight, value: formatLabelWeight(input.weightGrams), x: margin, y: 236, width: columnWidth },
    { caption: testLabelTexts.package, value: `${input.packageNumber}/${input.packageCount}`, x: margin + columnWidth, y: 236, width: columnWidth },
    { caption: testLabelTexts.reference, value: input.reference?.trim() || testLabelTexts.noReference, x: margin, y: 276, width: 2 * columnWidth },
  ];
  for (const cell of cells) {
    doc.font('regular');
    fitLine(doc, cell.caption, { x: cell.x, y: cell.y, width: cell.width - 6, size: 7 });
    doc.font('bold');
    fitLine(doc, cell.value, { x: cell.x, y: cell.y + 9, width: cell.width - 6, size: 13, minSize: 8 });
  }

  // DataMatrix as on PostNL and DHL labels; 4x faster to encode than a QR code with
  // its mask search. Its quiet zone is one module, well inside the space left here.
  const matrix = matrixCode('datamatrix', testLabelMatrixContent(input.trackingNumber, input.receiver.zipcode));
  const module = codeSide / Math.max(matrix.columns, matrix.rows);
  fillBarcode(doc, matrix, { x: right - matrix.columns * module, y: 238, moduleWidth: module, moduleHeight: module });
  rule(doc, 322);
}

/**
 * Code 128 with an X-dimension of 0.02 inch (1.44 pt): a whole number of dots on 203,
 * 300 and 600 dpi label printers (4, 6, 12), so every bar prints at its true width.
 * Only a code too long for the label shrinks the modules.
 */
function drawTrackingBarcode(doc: Doc, trackingNumber: string): void {
  const bars = code128(trackingNumber);
  const quietModules = 10;
  const module = Math.min(1.44, contentWidth / (bars.columns + 2 * quietModules));
  const width = bars.columns * module;
  fillBarcode(doc, bars, { x: (a6Size.width - width) / 2, y: 332, moduleWidth: module, moduleHeight: 56 });
  doc.font('bold');
  fitLine(doc, trackingNumber, { x: margin, y: 392, width: contentWidth, size: 12, align: 'center' });
}

/** One A6 page (portrait), vector only: text in an embedded TrueType subset, barcodes as rectangles. */
export async function drawTestLabel(input: TestLabelInput): Promise<Buffer> {
  const { regular, bold } = labelFonts();
  const doc = new PDFDocument({
    size: [a6Size.width, a6Size.height],
    margin: 0,
    // No default font: pdfkit would otherwise add Helvetica to every label unused.
    font: '',
    info: { Title: `${testLabelTexts.carrier} ${input.trackingNumber}`, Producer: 'Verzendhuis', Creator: 'Verzendhuis' },
  });
  registerParsedFont(doc, 'regular', regular);
  registerParsedFont(doc, 'bold', bold);
  drawHeader(doc, input);
  drawSender(doc, input.sender);
  drawReceiver(doc, input.receiver, input.pickupPoint);
  drawDetails(doc, input);
  drawTrackingBarcode(doc, input.trackingNumber);
  return collectPdf(doc);
}
