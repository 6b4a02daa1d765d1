/**
 * Dutch texts of invoices (docs/billing.md "## Invoices"): /settings/billing,
 * /settings/invoices/{id}, the invoice PDF and the CSV/XLSX of its lines, and the
 * invoice calls' error codes.
 */

export const invoiceErrorMessages = {
  invoice_not_found: 'Factuur niet gevonden.',
} as const;

const euroFormat = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const decimalFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** "€ 12,34" from cents. */
export function formatEuros(cents: number): string {
  return euroFormat.format(cents / 100);
}

/** "12,34": an amount with a decimal comma and no thousands separator (CSV for Dutch Excel). */
export function formatDecimalComma(cents: number): string {
  return decimalFormat.format(cents / 100);
}

/** "25-11-2026" from "2026-11-25". */
export function formatInvoiceDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** The period as a reader sees it: the last day inclusive. "11-11-2026 t/m 24-11-2026". */
export function formatInvoicePeriod(start: string, endExclusive: string): string {
  const last = new Date(Date.parse(`${endExclusive}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return `${formatInvoiceDate(start)} t/m ${formatInvoiceDate(last)}`;
}

export const invoiceStatusTexts = { open: 'Open', paid: 'Betaald', overdue: 'Te laat' } as const;

export function invoiceStatusText(invoice: { status: string; overdue: boolean }): string {
  if (invoice.status === 'paid') return invoiceStatusTexts.paid;
  return invoice.overdue ? invoiceStatusTexts.overdue : invoiceStatusTexts.open;
}

export const invoiceTexts = {
  invoice: 'Factuur',
  number: 'Factuurnummer',
  date: 'Factuurdatum',
  dueDate: 'Vervaldatum',
  period: 'Periode',
  total: 'Totaal',
  totalInclVat: 'Totaal incl. btw',
  subtotal: 'Subtotaal excl. btw',
  vat: (rate: string): string => `Btw ${rate}%`,
  vatBase: 'Grondslag',
  status: 'Status',
  openAmount: 'Openstaand bedrag',
  noInvoices: 'Je hebt nog geen facturen. Een factuur wordt na elke periode van twee weken gemaakt.',
  invoicesTitle: 'Facturen',
  billingIntro: 'Elke twee weken maken we een factuur van je labels, naheffingen en terugbetalingen. Een factuur betaal je binnen 14 dagen.',
  invoiceIntro: 'De kop, de btw en de regels per label van deze factuur, en de downloads.',
  loadFailed: 'De facturen konden niet worden geladen.',
  retry: 'Opnieuw proberen',
  downloadFailed: 'Het bestand kon niet worden gedownload. Probeer het opnieuw.',
  mandateTitle: 'Automatische incasso',
  mandateLink: 'Automatische incasso beheren',
  mandateHint: 'Je incassomachtiging beheer je onder Account › Facturatie en betaling.',
  billedTo: 'Gefactureerd aan',
  vatNumber: 'Btw-nummer',
  kvk: 'KvK',
  iban: 'IBAN',
  linesTitle: 'Regels per label',
  label: 'Label',
  trackingNumber: 'Zendingnummer',
  reference: 'Referentie',
  type: 'Soort',
  description: 'Omschrijving',
  amount: 'Bedrag excl. btw',
  noLines: 'Deze factuur heeft geen labelregels.',
  otherLines: 'Overige kosten',
  downloads: 'Downloaden',
  downloadPdf: 'PDF',
  downloadCsv: 'CSV',
  downloadXlsx: 'Excel (XLSX)',
  backToBilling: 'Terug naar facturatie',
  view: (number: string): string => `Bekijk factuur ${number}`,
  payBefore: (dueDate: string, iban: string, number: string): string =>
    `Wij verzoeken je het totaalbedrag vóór ${dueDate} over te maken op ${iban} onder vermelding van ${number}. Heb je een machtiging voor automatische incasso afgegeven, dan schrijven wij het bedrag af.`,
  paidOn: (date: string): string => `Betaald op ${date}`,
  notFound: 'Deze factuur bestaat niet of hoort niet bij je organisatie.',
  csvHeaders: ['Factuurnummer', 'Label', 'Zendingnummer', 'Referentie', 'Soort', 'Omschrijving', 'Bedrag excl. btw'] as const,
  /** The sheet of the XLSX. */
  sheetName: 'Factuurregels',
} as const;

/** A Naheffing's part as the operator words it (the type, Naheffing, is shown beside it). */
export function surchargeDescription(reason: string): string {
  const text = reason.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The refund of a deleted label that was never handed to the carrier (the type, Terugbetaling, is shown beside it). */
export function refundDescription(description: string): string {
  return description.charAt(0).toUpperCase() + description.slice(1);
}
