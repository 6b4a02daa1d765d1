import { z } from 'zod';

/** A euro amount as the API writes it: a string with two decimals, e.g. "6.95" (or "-6.95"). */
export const euroAmountSchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const invoiceItemPartSchema = z.object({
  id: z.string(),
  description: z.string(),
  unit_price: euroAmountSchema,
});
export type InvoiceItemPart = z.infer<typeof invoiceItemPartSchema>;

/** What a label costs an organisation (orders spec §3 Invoice item; account spec §3). */
export const invoiceItemSchema = z.object({
  id: z.uuid(),
  type: z.union([z.enum(['label_price', 'surcharge', 'refund']), z.string()]),
  parts: z.array(invoiceItemPartSchema),
  total: euroAmountSchema,
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const priceZones = ['NL', 'EU', 'WORLD'] as const;

/** One row of the price table (label-price/): a base price for a weight bracket, or a surcharge. */
export const labelPriceSchema = z.object({
  id: z.uuid(),
  courier_class: z.string(),
  shipment_type: z.string(),
  zone: z.enum(priceZones),
  /** Upper bound of the weight bracket in grams; null for a surcharge. */
  max_weight: z.number().int().nullable(),
  /** The courier option (order field name) this surcharge is for; null for a base price. */
  option: z.string().nullable(),
  description: z.string(),
  unit_price: euroAmountSchema,
});
export type LabelPrice = z.infer<typeof labelPriceSchema>;

export const labelPriceQuerySchema = z.object({
  courier_class: z.string().max(64).optional(),
  shipment_type: z.string().max(64).optional(),
  zone: z.enum(priceZones).optional(),
});
export type LabelPriceQuery = z.infer<typeof labelPriceQuerySchema>;

export const labelPriceListResponseSchema = z.object({ data: z.array(labelPriceSchema) });
export type LabelPriceListResponse = z.infer<typeof labelPriceListResponseSchema>;

/** "6.95" from 695 cents: the one conversion, in domain/plans. */
export { centsToEuros } from '@verzendhuis/domain/plans';
