import writeXlsxFile from 'write-excel-file/node';
import { centsToEuros, type InvoiceItem } from '@verzendhuis/contract/billing';
import type { InvoiceDetail, InvoiceLabelListResponse, InvoiceListResponse, InvoiceSummary } from '@verzendhuis/contract/invoices';
import { notFound } from '@verzendhuis/domain/errors';
import { amsterdamDate, billingPeriodOf, hasPeriodEnded, invoiceDates, isInvoiceOverdue, nextBillingPeriod, type BillingPeriod } from '@verzendhuis/domain/invoices';
import { formatDecimalComma, invoiceTexts, surchargeDescription } from '@verzendhuis/domain/invoices-texts';
import { invoiceItemTypeText } from '@verzendhuis/domain/label-screens-texts';
import type { InvoiceCompany } from '../config';
import { drawInvoicePdf, partCents } from './invoice-pdf';
import type { BilledTo, InvoiceItemRow, InvoiceLineGroup, InvoiceRepository, InvoiceRow } from './repository';

const dayMs = 86_400_000;

function invoiceNotFound() {
  return notFound('invoice_not_found');
}

function toItemDto(row: InvoiceItemRow): InvoiceItem {
  return { id: row.id, type: row.type, parts: row.parts, total: centsToEuros(row.totalCents) };
}

/** A file of an invoice: its bytes, type and the name it is saved under. */
export interface InvoiceFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * Invoices (docs/billing.md "## Invoices"): closing the ended two-week periods (the hourly
 * job and `npm run admin -- invoices`), the calls of invoice/, the PDF, CSV and XLSX, the
 * overdue rule (which the organisation's can_create_labels follows), the operator's
 * surcharges, and the paid transition the payment provider's answer calls.
 */
export function createInvoiceService(deps: { repository: InvoiceRepository; company: InvoiceCompany; clockOffsetDays?: number; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  /** Today in Amsterdam on the billing clock. */
  const today = (): string => amsterdamDate(new Date(now().getTime() + (deps.clockOffsetDays ?? 0) * dayMs));

  function summary(row: InvoiceRow, day: string): InvoiceSummary {
    return {
      id: row.id,
      number: row.number,
      invoice_date: row.invoiceDate,
      due_date: row.dueDate,
      period: { start: row.periodStart, end: row.periodEnd },
      subtotal: centsToEuros(row.subtotalCents),
      vat: centsToEuros(row.vatCents),
      total: centsToEuros(row.totalCents),
      status: row.status,
      overdue: isInvoiceOverdue(row, day),
      paid_at: row.paidAt?.toISOString() ?? null,
    };
  }

  async function load(organisationId: string, id: string): Promise<InvoiceRow> {
    const row = await repository.for(organisationId).find(id);
    if (!row) throw invoiceNotFound();
    return row;
  }

  /** Closes the organisation's ended periods, oldest first, up to the day `until`; the invoices made. */
  async function closeOrganisation(organisationId: string, until: string): Promise<InvoiceRow[]> {
    const mine = repository.for(organisationId);
    const made: InvoiceRow[] = [];
    let previous: BillingPeriod | null = null;
    for (;;) {
      const oldest = await mine.oldestUninvoicedDate();
      if (!oldest) break;
      let period = billingPeriodOf(oldest);
      // An item left behind a closed period (made in it, committed after its closing) goes on the next one.
      if (previous && period.start <= previous.start) period = nextBillingPeriod(previous);
      while (await mine.hasInvoiceFor(period.start)) period = nextBillingPeriod(period);
      if (!hasPeriodEnded(period, until)) break;
      const invoice = await mine.closePeriod(period, invoiceDates(period));
      if (invoice) made.push(invoice);
      previous = period;
    }
    return made;
  }

  async function lines(organisationId: string, id: string): Promise<{ invoice: InvoiceRow; groups: InvoiceLineGroup[] }> {
    const invoice = await load(organisationId, id);
    return { invoice, groups: await repository.for(organisationId).allLines(id) };
  }

  /** One row per part: number, label, tracking number, reference, type, description, amount in cents. */
  function partRows(invoice: InvoiceRow, groups: InvoiceLineGroup[]): [string, string, string, string, string, string, number][] {
    return groups.flatMap((group) =>
      group.items.flatMap((item) =>
        item.parts.map(
          (part) =>
            [
              invoice.number,
              group.label?.id ?? '',
              group.label?.trackingNumber ?? '',
              group.label?.orderNumber ?? '',
              invoiceItemTypeText(item.type),
              part.description,
              partCents(part.unit_price),
            ] as [string, string, string, string, string, string, number],
        ),
      ),
    );
  }

  return {
    today,

    /** The hourly job: every organisation's ended periods with items are closed. */
    async closeEndedPeriods(until: string = today()): Promise<InvoiceRow[]> {
      const made: InvoiceRow[] = [];
      for (const organisationId of await repository.crossOrganisation.organisationsWithUninvoicedItems()) {
        made.push(...(await closeOrganisation(organisationId, until)));
      }
      return made;
    },

    closeOrganisation,

    /** Whether the organisation has an open invoice past its due date (the label pre-check follows it). */
    hasOverdueInvoice: (organisationId: string): Promise<boolean> => repository.for(organisationId).hasOverdue(today()),

    async list(organisationId: string, query: { page: number; page_size: number }): Promise<InvoiceListResponse> {
      const mine = repository.for(organisationId);
      const day = today();
      const [{ rows, total }, amounts] = await Promise.all([mine.list({ page: query.page, pageSize: query.page_size }), mine.openAmounts(day)]);
      return {
        data: rows.map((row) => summary(row, day)),
        meta: { total, page: query.page, page_size: query.page_size },
        summary: { open_amount: centsToEuros(amounts.openCents), overdue_amount: centsToEuros(amounts.overdueCents) },
      };
    },

    async get(organisationId: string, id: string): Promise<InvoiceDetail> {
      const row = await load(organisationId, id);
      return {
        ...summary(row, today()),
        vat_lines: row.vatLines.map((l) => ({ rate: l.rate, base: centsToEuros(l.base_cents), vat: centsToEuros(l.vat_cents) })),
        billed_to: row.billedTo as unknown as BilledTo,
      };
    },

    async labelLines(organisationId: string, id: string, query: { page: number; page_size: number }): Promise<InvoiceLabelListResponse> {
      await load(organisationId, id);
      const { groups, total } = await repository.for(organisationId).labelLines(id, { page: query.page, pageSize: query.page_size });
      return {
        data: groups.map((group) => ({
          label: group.label
            ? { id: group.label.id, tracking_number: group.label.trackingNumber, order_number: group.label.orderNumber, courier_class: group.label.courierClass, created_at: group.label.createdAt.toISOString() }
            : null,
          items: group.items.map(toItemDto),
          total: centsToEuros(group.items.reduce((sum, i) => sum + i.totalCents, 0)),
        })),
        meta: { total, page: query.page, page_size: query.page_size },
      };
    },

    async pdf(organisationId: string, id: string): Promise<InvoiceFile> {
      const { invoice, groups } = await lines(organisationId, id);
      return { body: await drawInvoicePdf({ invoice, company: deps.company, groups }), contentType: 'application/pdf', fileName: `${invoice.number}.pdf` };
    },

    /** The lines as CSV for Dutch Excel: semicolons, decimal comma, UTF-8 with a BOM. */
    async csv(organisationId: string, id: string): Promise<InvoiceFile> {
      const { invoice, groups } = await lines(organisationId, id);
      const quote = (value: string): string => (/[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
      const rows = partRows(invoice, groups).map((row) => [...row.slice(0, 6).map((v) => quote(String(v))), formatDecimalComma(row[6])].join(';'));
      const text = `\uFEFF${[invoiceTexts.csvHeaders.join(';'), ...rows].join('\r\n')}\r\n`;
      return { body: Buffer.from(text, 'utf8'), contentType: 'text/csv; charset=utf-8', fileName: `${invoice.number}.csv` };
    },

    /** The lines as XLSX (write-excel-file): the amounts are numbers in euros with a euro format. */
    async xlsx(organisationId: string, id: string): Promise<InvoiceFile> {
      const { invoice, groups } = await lines(organisationId, id);
      const header = invoiceTexts.csvHeaders.map((value) => ({ value, fontWeight: 'bold' as const }));
      const data = partRows(invoice, groups).map((row) => [
        ...row.slice(0, 6).map((value) => ({ type: String, value: String(value) })),
        { type: Number, value: row[6] / 100, format: '#,##0.00' },
      ]);
      const body = await writeXlsxFile([header, ...data], { sheet: invoiceTexts.sheetName, columns: [{ width: 16 }, { width: 38 }, { width: 18 }, { width: 16 }, { width: 14 }, { width: 60 }, { width: 16 }] }).toBuffer();
      return { body, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `${invoice.number}.xlsx` };
    },

    /** An open invoice becomes paid (the payment area calls this when the provider says so). */
    markPaid: (organisationId: string, invoiceId: string, paidAt: Date = now()): Promise<boolean> => repository.for(organisationId).markPaid(invoiceId, paidAt),

    /** `npm run admin -- surcharge`: a Naheffing on a label of any organisation. */
    async addSurcharge(labelId: string, cents: number, reason: string): Promise<{ organisationId: string; itemId: string }> {
      const owner = await repository.crossOrganisation.labelOwner(labelId);
      if (!owner) throw notFound('label_not_found');
      const item = await repository
        .for(owner.organisationId)
        .addSurcharge(labelId, { id: 'surcharge', description: surchargeDescription(reason), unit_price: centsToEuros(cents) }, cents);
      return { organisationId: owner.organisationId, itemId: item.id };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
