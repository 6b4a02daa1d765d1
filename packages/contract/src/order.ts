import { z } from 'zod';
import { orderStatuses, currencies, countryCodes } from '@verzendhuis/domain/order';
import { maxPackagesWithoutCourier } from '@verzendhuis/domain/order-bulk-edit';
import { courierFieldsMax, orderBulkEditTexts, orderInputTexts as texts, orderRequestTexts } from '@verzendhuis/domain/orders-texts';
import { parseOrderDate } from '@verzendhuis/domain/amsterdam-time';
import { scanErrorMessages } from '@verzendhuis/domain/scan-texts';
import { listMetaSchema } from './common';
import { statusInfoSchema } from './user';

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

export const courierFieldValueSchema = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/** The carrier options of an order or a shipping rule, as sent: bounded in number, so never free JSON. */
export const courierFieldsInputSchema = z
  .record(z.string().max(64), courierFieldValueSchema)
  .refine((fields) => Object.keys(fields).length <= courierFieldsMax, { error: texts.courierFieldsTooMany });

export const orderItemInputSchema = z.object({
  id: z.uuid().optional(),
  name: text(255).min(1, { error: texts.itemNameRequired }),
  description: optionalText(1000),
  quantity: z.number({ error: texts.quantityRequired }).int({ error: texts.quantityWhole }).min(1, { error: texts.quantityMin }).max(100_000, { error: texts.quantityMax }),
  /** Price of one item including VAT, in the order's currency (two decimals). */
  unit_price_inc_btw: z
    .number({ error: texts.priceRequired })
    .min(0, { error: texts.priceNegative })
    .max(1_000_000, { error: texts.priceTooHigh })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: texts.priceCents }),
  weight: z.number().int({ error: texts.weightWhole }).min(0, { error: texts.weightNegative }).max(1_000_000, { error: texts.weightTooHigh }).nullable().optional(),
  category: optionalText(100),
  sku: optionalText(100),
  hs_code: optionalText(20),
  ean_code: optionalText(20),
  product_country: z.string().trim().toUpperCase().length(2).nullable().optional(),
  is_returned: z.boolean().optional(),
  is_dummy_item: z.boolean().optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

export const packageInputSchema = z.object({
  /** Grams. */
  weight: z
    .number({ error: texts.packageWeightRequired })
    .int({ error: texts.weightWhole })
    .min(0, { error: texts.weightNegative })
    .max(1_000_000, { error: texts.weightTooHigh }),
});

/**
 * The pickup point the parcel goes to (orders spec §3 Pickup location, without geo and
 * opening hours): the carrier's id of it, its name and address, and the courier it was
 * chosen for (the order form sets it; a point of another courier is refused).
 */
export const pickupPointSchema = z.object({
  id: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(255),
  address: z.object({ street_address: z.string().trim().min(1).max(255), zip_code: z.string().trim().min(1).max(20), city: z.string().trim().min(1).max(100) }),
  courier_id: z.uuid().nullable().optional(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/** Body of order/create and POST order/{id}: what a person or a shop can set. */
/**
 * An order date as any source writes it (parseOrderDate: ISO 8601 with a zone, a date alone
 * as midnight in Amsterdam, a shop export's `2026-11-23 10:23:45 +0100`), as an ISO stamp.
 */
const orderDateSchema = z
  .string()
  .max(64)
  .transform((value, context) => {
    const date = parseOrderDate(value);
    if (date) return date.toISOString();
    context.addIssue({ code: 'custom', message: texts.orderDateInvalid });
    return z.NEVER;
  });

export const orderInputSchema = z.object({
  order_number: optionalText(64),
  order_date: orderDateSchema.optional(),
  order_status: optionalText(64),
  name: optionalText(255),
  company_name: optionalText(255),
  address_1: optionalText(255),
  address_2: optionalText(255),
  housenumber: optionalText(20),
  zipcode: optionalText(20),
  city: optionalText(100),
  state_province_code: optionalText(10),
  country: z.enum(countryCodes, { error: texts.countryRequired }),
  email: optionalText(255),
  phone: optionalText(40),
  currency: z.enum(currencies).default('EUR'),
  courier_id: z.uuid().nullable().optional(),
  shipment_type: optionalText(64),
  /** The shop's own name of the shipping method the customer chose; shipping rules read it. */
  shop_shipping_method: optionalText(255),
  pickup_point: pickupPointSchema.nullable().optional(),
  shipment: z
    .object({
      packages: z.array(packageInputSchema).min(1).max(50).default([{ weight: 0 }]),
      courier_fields: courierFieldsInputSchema.default({}),
    })
    .default({ packages: [{ weight: 0 }], courier_fields: {} }),
  order_items: z.array(orderItemInputSchema).max(500).default([]),
});
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderInputParsed = z.output<typeof orderInputSchema>;

export const orderItemSchema = orderItemInputSchema.extend({
  id: z.uuid(),
  description: z.string().nullable(),
  weight: z.number().int().nullable(),
  category: z.string().nullable(),
  sku: z.string().nullable(),
  hs_code: z.string().nullable(),
  ean_code: z.string().nullable(),
  product_country: z.string().nullable(),
  is_returned: z.boolean(),
  is_dummy_item: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  order_number: z.string().nullable(),
  order_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(orderStatuses),
  error_status: z.string().nullable(),
  status_info: z.array(statusInfoSchema),
  order_status: z.string().nullable(),
  name: z.string().nullable(),
  company_name: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  housenumber: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  state_province_code: z.string().nullable(),
  country: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  currency: z.string(),
  courier_id: z.uuid().nullable(),
  /** The shop the order came from; null for manual and CSV orders. */
  service_id: z.uuid().nullable(),
  webshop: z.string().nullable(),
  shipment_type: z.string().nullable(),
  shop_shipping_method: z.string().nullable(),
  pickup_point: pickupPointSchema.nullable(),
  shipment: z.object({ packages: z.array(packageInputSchema), courier_fields: z.record(z.string(), courierFieldValueSchema) }),
  shipment_packages: z.number().int(),
  shipment_ids: z.array(z.uuid()),
  order_items: z.array(orderItemSchema),
  validators: z.object({ is_export: z.boolean() }),
  ticket: z.object({ id: z.uuid() }).nullable(),
  is_active: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

/** A row of the orders table: the order without its lines. */
export const orderListItemSchema = orderSchema.omit({ order_items: true });
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderTabs = ['orders', 'problematic', 'other'] as const;
export type OrderTab = (typeof orderTabs)[number];

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(25),
  sort: z.string().max(64).optional(),
  search: z.string().trim().max(200).optional(),
  tab: z.enum(orderTabs).default('orders'),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListResponseSchema = z.object({
  data: z.array(orderListItemSchema),
  meta: listMetaSchema.extend({
    /** True when total stopped counting at its bound (a broad search in a large set). */
    total_is_lower_bound: z.boolean(),
  }),
});

/** GET order/lookup: one order by its number or its shop's reference (the scan page). */
export const orderLookupQuerySchema = z.object({
  code: z
    .string({ error: scanErrorMessages.order_reference_required })
    .trim()
    .min(1, { error: scanErrorMessages.order_reference_required })
    .max(200, { error: scanErrorMessages.order_reference_required }),
});

/**
 * GET order/count: the tab counters. Without a search exact (kept counters); with a search
 * the matches per tab, each exact up to 100: a counter of 100 means 100 or more.
 */
export const orderSearchCounterBound = 100;
export const orderCountQuerySchema = z.object({ search: z.string().trim().max(200).optional() });
export const orderCountResponseSchema = z.object({ data: z.object({ orders: z.number().int(), problematic: z.number().int(), other: z.number().int() }) });

export const orderSaveResponseSchema = z.object({ status: z.literal('success'), data: orderSchema });

export const orderBulkBodySchema = z.object({ orders: z.array(orderInputSchema).min(1).max(1000) });
export const orderBulkResponseSchema = z.object({
  status: z.enum(['success', 'partial', 'failed']),
  data: z.array(z.object({ index: z.number().int(), id: z.uuid(), status: z.enum(orderStatuses) })),
  errors: z.array(z.object({ index: z.number().int(), order_number: z.string().nullable(), message: z.string(), fields: z.record(z.string(), z.array(z.string())) })),
});

export const orderIdsBodySchema = z.object({ order_ids: z.array(z.uuid()).min(1).max(10_000) });

/** What updatebulkorders {action: 'update'} sets on each selected order; left out = unchanged (docs/orders.md, "Bulk bewerken"). */
export const orderBulkValuesSchema = z.object({
  courier_id: z.uuid({ error: orderRequestTexts.courierNotOwned }).optional(),
  shipment_type: text(64).min(1).optional(),
  courier_fields: courierFieldsInputSchema.optional(),
  package_count: z
    .number({ error: orderBulkEditTexts.refusals.packageCount })
    .int({ error: orderBulkEditTexts.refusals.packageCount })
    .min(1, { error: orderBulkEditTexts.refusals.packageCount })
    .max(maxPackagesWithoutCourier, { error: orderBulkEditTexts.refusals.packageCount })
    .optional(),
  /** Grams, for every package. */
  weight: z
    .number({ error: orderBulkEditTexts.refusals.weight })
    .int({ error: orderBulkEditTexts.refusals.weight })
    .min(1, { error: orderBulkEditTexts.refusals.weight })
    .max(1_000_000, { error: 'Het gewicht is te hoog.' })
    .optional(),
});
export type OrderBulkValues = z.infer<typeof orderBulkValuesSchema>;

export const orderBulkUpdateBodySchema = orderIdsBodySchema
  .extend({ action: z.enum(['delete', 'update']), values: orderBulkValuesSchema.optional() })
  .refine((body) => body.action === 'update' || body.values === undefined, { error: 'Waarden horen alleen bij action update.', path: ['values'] });
export type OrderBulkUpdateBody = z.input<typeof orderBulkUpdateBodySchema>;

/** updatebulkorders: how many orders changed, how many were left alone, and (update) how the changed ones stand now. */
export const orderBulkEditResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    affected: z.number().int(),
    skipped: z.number().int(),
    statuses: z.object({ ready: z.number().int(), warning: z.number().int(), incomplete: z.number().int(), error: z.number().int() }).optional(),
  }),
});
export type OrderBulkEditResult = z.infer<typeof orderBulkEditResponseSchema>['data'];
export const orderBulkUpdateResponseSchema = z.object({ status: z.literal('success'), data: z.object({ affected: z.number().int() }) });
export const orderUpdateBodySchema = z.object({ organisation_id: z.uuid().optional() });
export const generateTestOrdersBodySchema = z.object({ count: z.number().int().min(1).max(100).default(10) });

export const addressLookupQuerySchema = z.object({
  zipcode: z.string().trim().max(20),
  housenumber: z.string().trim().max(20),
});
export const addressLookupResponseSchema = z.object({
  data: z.object({ address_1: z.string(), city: z.string() }).nullable(),
});

/**
 * order/retry-update (orders spec §7): tells the shop of each label's order again that it
 * was labelled (the write-back); a success clears the label's order_update_failed warning.
 */
export const orderRetryUpdateBodySchema = z.object({ label_ids: z.array(z.uuid()).min(1).max(1000) });
export type OrderRetryUpdateBody = z.input<typeof orderRetryUpdateBodySchema>;
export const orderRetryUpdateResponseSchema = z.object({
  status: z.enum(['success', 'partial', 'failed']),
  /** The labels whose shop now knows of them. */
  data: z.array(z.object({ label_id: z.uuid() })),
  /** The labels whose shop could not be told, with the Dutch reason (the label keeps its warning). */
  errors: z.array(z.object({ label_id: z.string(), message: z.string() })),
});
export type OrderRetryUpdateResponse = z.infer<typeof orderRetryUpdateResponseSchema>;
