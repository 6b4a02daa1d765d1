import { labelPrintMove, madeLabelStatus } from './label-rules';

/**
 * The rules of invoices (docs/billing.md "## Invoices"): billing periods of two weeks
 * aligned to a fixed Monday, in Europe/Amsterdam dates; VAT per rate in whole cents;
 * gapless numbers VH-YYYY-NNNNNN; when an open invoice is overdue. Pure: dates are
 * 'YYYY-MM-DD' strings, amounts integer cents, never floats.
 */

/** The Monday every billing period is counted from: periods are [anchor + 14n, anchor + 14(n+1)). */
export const billingPeriodAnchor = '2024-01-01';
export const billingPeriodDays = 14;
/** Days between the invoice date and its due date. */
export const invoicePaymentTermDays = 14;
/** The VAT rate of every invoice item (Dutch standard rate), in percent. */
export const standardVatRate = 21;

const dayMs = 86_400_000;

function toDay(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return Math.floor(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / dayMs);
}

function fromDay(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return fromDay(toDay(text)) === text;
}

export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}

const amsterdamDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in Amsterdam at a moment ('YYYY-MM-DD'). */
export function amsterdamDate(moment: Date): string {
  return amsterdamDateFormat.format(moment);
}

export interface BillingPeriod {
  /** The first day of the period. */
  start: string;
  /** The day after the last day: the period is [start, end). */
  end: string;
}

/** The billing period a date lies in. */
export function billingPeriodOf(date: string): BillingPeriod {
  const offset = toDay(date) - toDay(billingPeriodAnchor);
  const index = Math.floor(offset / billingPeriodDays);
  const start = fromDay(toDay(billingPeriodAnchor) + index * billingPeriodDays);
  return { start, end: addDays(start, billingPeriodDays) };
}

export function nextBillingPeriod(period: BillingPeriod): BillingPeriod {
  return { start: period.end, end: addDays(period.end, billingPeriodDays) };
}

/** A period has ended on `today` once today is its end day or later. */
export function hasPeriodEnded(period: BillingPeriod, today: string): boolean {
  return period.end <= today;
}

/** The dates of the invoice of a period: the day after the period, and 14 days later. */
export function invoiceDates(period: BillingPeriod): { invoiceDate: string; dueDate: string } {
  return { invoiceDate: period.end, dueDate: addDays(period.end, invoicePaymentTermDays) };
}

/** VH-2026-000042: the year of the invoice date and the year's counter, without gaps. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) throw new Error(`invoice sequence out of range: ${sequence}`);
  return `VH-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The VAT of an amount at a percentage, rounded half away from zero to whole cents. */
export function vatOf(baseCents: number, ratePercent: number): number {
  if (!Number.isInteger(baseCents)) throw new Error('amounts are whole cents');
  const sign = baseCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(baseCents) * ratePercent + 50) / 100);
}

export interface VatLine {
  /** The rate as written on the invoice: "21". */
  rate: string;
  base_cents: number;
  vat_cents: number;
}

export interface InvoiceTotals {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  vatLines: VatLine[];
}

/**
 * The totals of an invoice from its items (amounts excl. VAT): VAT is computed once per
 * rate on the sum of that rate's items, so the lines add up to the total exactly.
 */
export function invoiceTotals(items: readonly { totalCents: number; vatRate?: number }[]): InvoiceTotals {
  const byRate = new Map<number, number>();
  for (const item of items) {
    const rate = item.vatRate ?? standardVatRate;
    byRate.set(rate, (byRate.get(rate) ?? 0) + item.totalCents);
  }
  const vatLines = [...byRate.entries()].sort(([a], [b]) => b - a).map(([rate, base]) => ({ rate: String(rate), base_cents: base, vat_cents: vatOf(base, rate) }));
  const subtotalCents = vatLines.reduce((sum, l) => sum + l.base_cents, 0);
  const vatCents = vatLines.reduce((sum, l) => sum + l.vat_cents, 0);
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents, vatLines };
}

/** An invoice is overdue when it is open and its due date lies before today (Amsterdam). */
export function isInvoiceOverdue(invoice: { status: string; dueDate: string }, today: string): boolean {
  return invoice.status === 'open' && invoice.dueDate < today;
}

/** Euros from cents for a euro amount in a euro string with two decimals: -1234 → "-12.34". */
export function parseEuroCents(text: string): number | null {
  const match = /^(-)?(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/**
 * The statuses of a label its carrier never had: made (ready) or printed. Deleting such a
 * label refunds its label price (docs/billing.md "## Invoices").
 */
export const neverHandedOverLabelStatuses = [madeLabelStatus, labelPrintMove.to] as const;

export function isNeverHandedOver(status: string): boolean {
  return (neverHandedOverLabelStatuses as readonly string[]).includes(status);
}
