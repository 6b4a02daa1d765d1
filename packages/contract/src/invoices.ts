import { z } from 'zod';
import { listMetaSchema } from './common';
import { euroAmountSchema, invoiceItemSchema } from './billing';

/** Query of invoice/ and invoice/{id}/label/: a page (no sort or search: newest first, labels in order). */
export const invoicePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
});
export type InvoicePageQuery = z.input<typeof invoicePageQuerySchema>;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One invoice in the list (account spec §3 Invoice; docs/billing.md "## Invoices"). */
export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  invoice_date: dateSchema,
  due_date: dateSchema,
  /** The billing period; end is exclusive (the day after its last day). */
  period: z.object({ start: dateSchema, end: dateSchema }),
  subtotal: euroAmountSchema,
  vat: euroAmountSchema,
  total: euroAmountSchema,
  status: z.enum(['open', 'paid']),
  /** Open and its due date before today (Amsterdam). */
  overdue: z.boolean(),
  paid_at: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceVatLineSchema = z.object({ rate: z.string(), base: euroAmountSchema, vat: euroAmountSchema });

export const invoiceBilledToSchema = z.object({
  name: z.string(),
  address_lines: z.array(z.string()),
  vat_number: z.string().nullable(),
  email: z.string().nullable(),
});

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  vat_lines: z.array(invoiceVatLineSchema),
  billed_to: invoiceBilledToSchema,
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListResponseSchema = z.object({
  data: z.array(invoiceSummarySchema),
  meta: listMetaSchema,
  /** The sum of the organisation's open invoices (incl. VAT), and of those overdue. */
  summary: z.object({ open_amount: euroAmountSchema, overdue_amount: euroAmountSchema }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceResponseSchema = z.object({ data: invoiceDetailSchema });

/** The lines of one label on an invoice (label null: the items of no label, e.g. a plan charge). */
export const invoiceLabelLineSchema = z.object({
  label: z
    .object({
      id: z.uuid(),
      tracking_number: z.string().nullable(),
      order_number: z.string().nullable(),
      courier_class: z.string(),
      created_at: z.string(),
    })
    .nullable(),
  items: z.array(invoiceItemSchema),
  total: euroAmountSchema,
});
export type InvoiceLabelLine = z.infer<typeof invoiceLabelLineSchema>;

export const invoiceLabelListResponseSchema = z.object({ data: z.array(invoiceLabelLineSchema), meta: listMetaSchema });
export type InvoiceLabelListResponse = z.infer<typeof invoiceLabelListResponseSchema>;
