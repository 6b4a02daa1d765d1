import PDFDocument from 'pdfkit';
import { countryName } from '@verzendhuis/domain/countries';
import { labelFonts, registerParsedFont } from './pdfkit-drawing';

/** The shared frame of the A4 documents (packing slips, export documents). */

export type Doc = InstanceType<typeof PDFDocument>;

const mm = (value: number) => (value * 72) / 25.4;
/** A4 portrait: 210 x 297 mm = 595.28 x 841.89 pt. */
export const a4Size = { width: mm(210), height: mm(297) } as const;
export const a4Margin = 40;
export const a4ContentWidth = a4Size.width - 2 * a4Margin;

/**
 * An A4 document with the embedded DejaVu fonts ('regular', 'bold') so every Latin name
 * prints; pages are added by the caller.
 */
export function createA4Document(title: string): Doc {
  const { regular, bold } = labelFonts();
  const doc = new PDFDocument({
    size: [a4Size.width, a4Size.height],
    margin: 0,
    autoFirstPage: false,
    // No default font: pdfkit would otherwise embed Helvetica unused.
    font: '',
    info: { Title: title, Producer: 'Verzendhuis', Creator: 'Verzendhuis' },
  });
  registerParsedFont(doc, 'regular', regular);
  registerParsedFont(doc, 'bold', bold);
  return doc;
}

export function addA4Page(doc: Doc): void {
  doc.addPage({ size: [a4Size.width, a4Size.height], margin: 0 });
}

const dateFormat = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Amsterdam' });
/** "07-03-2025": the date as Dutch documents write it, in Dutch time. */
export function formatDocumentDate(date: Date): string {
  return dateFormat.format(date);
}

const gramsFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });
export function formatGrams(grams: number): string {
  return `${gramsFormat.format(grams)} g`;
}

const kilogramsFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
/** "1,250 kg": customs forms ask for kilograms with three decimals. */
export function formatKilograms(grams: number): string {
  return `${kilogramsFormat.format(grams / 1000)} kg`;
}

export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).format(cents / 100);
  } catch {
    // An unknown currency code: the amount with the code beside it.
    return `${currency} ${new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)}`;
  }
}

export interface DocumentAddress {
  name: string | null;
  company_name?: string | null;
  address_1: string | null;
  housenumber?: string | null;
  housenumber_addition?: string | null;
  address_2?: string | null;
  zipcode: string | null;
  city: string | null;
  state_province_code?: string | null;
  country: string | null;
}

/** The address as printed lines; missing parts close up. */
export function addressLines(address: DocumentAddress): string[] {
  const street = [address.address_1, address.housenumber, address.housenumber_addition].filter((p) => p?.trim()).join(' ');
  const place = [address.zipcode, address.city, address.state_province_code].filter((p) => p?.trim()).join('  ');
  return [address.name, address.company_name, street, address.address_2, place, address.country ? countryName(address.country) : null]
    .map((line) => line?.trim() ?? '')
    .filter(Boolean);
}

export function hairline(doc: Doc, x: number, y: number, width: number, thickness = 0.5, color = 'black'): void {
  doc.rect(x, y, width, thickness).fill(color);
}
