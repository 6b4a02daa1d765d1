import { describe, expect, it } from 'vitest';
import {
  addDays,
  amsterdamDate,
  billingPeriodOf,
  formatInvoiceNumber,
  hasPeriodEnded,
  invoiceDates,
  invoiceTotals,
  isInvoiceOverdue,
  isIsoDate,
  nextBillingPeriod,
  parseEuroCents,
  vatOf,
} from './invoices';
import { formatDecimalComma, formatInvoicePeriod } from './invoices-texts';

describe('billing periods', () => {
  it('are two weeks from the Monday anchor, also before it and across years', () => {
    expect(billingPeriodOf('2024-01-01')).toEqual({ start: '2024-01-01', end: '2024-01-15' });
    expect(billingPeriodOf('2024-01-14')).toEqual({ start: '2024-01-01', end: '2024-01-15' });
    expect(billingPeriodOf('2024-01-15')).toEqual({ start: '2024-01-15', end: '2024-01-29' });
    expect(billingPeriodOf('2023-12-31')).toEqual({ start: '2023-12-18', end: '2024-01-01' });
    expect(billingPeriodOf('2026-11-25')).toEqual({ start: '2026-11-16', end: '2026-11-30' });
    expect(billingPeriodOf('2026-12-30')).toEqual({ start: '2026-12-28', end: '2027-01-11' });
    // Every period starts on a Monday.
    for (const date of ['2025-03-30', '2025-10-26', '2026-02-28', '2028-02-29']) expect(new Date(`${billingPeriodOf(date).start}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('end on their end day; the next one follows without a gap', () => {
    const period = billingPeriodOf('2026-11-25');
    expect(hasPeriodEnded(period, '2026-11-29')).toBe(false);
    expect(hasPeriodEnded(period, '2026-11-30')).toBe(true);
    expect(nextBillingPeriod(period)).toEqual({ start: '2026-11-30', end: '2026-12-14' });
    expect(invoiceDates(period)).toEqual({ invoiceDate: '2026-11-30', dueDate: '2026-12-14' });
  });

  it('use the Amsterdam date, not UTC’s, around midnight and the clock changes', () => {
    expect(amsterdamDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(amsterdamDate(new Date('2026-07-05T21:59:00Z'))).toBe('2026-07-05');
    expect(amsterdamDate(new Date('2026-07-05T22:00:00Z'))).toBe('2026-07-06');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });

  it('read as the last day inclusive', () => {
    expect(formatInvoicePeriod('2026-11-23', '2026-12-07')).toBe('23-11-2026 t/m 06-12-2026');
  });
});

describe('VAT', () => {
  it('rounds half away from zero per rate on the sum, in whole cents', () => {
    expect(vatOf(100, 21)).toBe(21);
    expect(vatOf(2, 21)).toBe(0);
    expect(vatOf(50, 21)).toBe(11); // 10.5 → 11
    expect(vatOf(-50, 21)).toBe(-11);
    expect(vatOf(345, 21)).toBe(72); // 72.45 → 72
    expect(() => vatOf(1.5, 21)).toThrow();
    // Three items of 3.45: 10.35 base, VAT 2.17 (not 3 × 0.72 = 2.16).
    expect(invoiceTotals([{ totalCents: 345 }, { totalCents: 345 }, { totalCents: 345 }])).toEqual({
      subtotalCents: 1035,
      vatCents: 217,
      totalCents: 1252,
      vatLines: [{ rate: '21', base_cents: 1035, vat_cents: 217 }],
    });
    // A refund lowers the base.
    expect(invoiceTotals([{ totalCents: 495 }, { totalCents: 1000 }, { totalCents: -495 }]).totalCents).toBe(1210);
    expect(invoiceTotals([])).toEqual({ subtotalCents: 0, vatCents: 0, totalCents: 0, vatLines: [] });
  });

  it('parses euro amounts into cents without floats', () => {
    expect(parseEuroCents('12.5')).toBe(1250);
    expect(parseEuroCents('12,05')).toBe(1205);
    expect(parseEuroCents('0.1')).toBe(10);
    expect(parseEuroCents('-3')).toBe(-300);
    expect(parseEuroCents('1.234')).toBeNull();
    expect(parseEuroCents('abc')).toBeNull();
    expect(formatDecimalComma(123456)).toBe('1234,56');
    expect(formatDecimalComma(-5)).toBe('-0,05');
  });
});

describe('invoice numbers and overdue', () => {
  it('numbers VH-YYYY-NNNNNN', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('VH-2026-000001');
    expect(formatInvoiceNumber(2026, 123456)).toBe('VH-2026-123456');
    expect(() => formatInvoiceNumber(2026, 0)).toThrow();
    expect(() => formatInvoiceNumber(2026, 1_000_000)).toThrow();
  });

  it('an open invoice is overdue the day after its due date; a paid one never', () => {
    expect(isInvoiceOverdue({ status: 'open', dueDate: '2026-12-21' }, '2026-12-21')).toBe(false);
    expect(isInvoiceOverdue({ status: 'open', dueDate: '2026-12-21' }, '2026-12-22')).toBe(true);
    expect(isInvoiceOverdue({ status: 'paid', dueDate: '2026-12-21' }, '2027-01-22')).toBe(false);
  });
});
