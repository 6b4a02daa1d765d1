import dayjs from 'dayjs';
import type { z } from 'zod';
import type { Order, pickupPointSchema } from '@verzendhuis/contract/order';
import type { Currency } from '@verzendhuis/domain/order';

export type CourierFieldValue = string | number | boolean | null;
/** What a NumberInput holds: a number, or '' while empty. */
export type NumberValue = number | string;

export interface PackageValues {
  /** React key of the row; never sent. */
  key: string;
  weight: NumberValue;
}

export interface ItemValues {
  key: string;
  id?: string;
  name: string;
  description: string;
  quantity: NumberValue;
  unit_price_inc_btw: NumberValue;
  weight: NumberValue;
  sku: string;
  ean_code: string;
  hs_code: string;
  category: string;
  product_country: string | null;
}

/**
 * The order form's values. Paths equal the API's field paths ("zipcode",
 * "order_items.0.quantity", "shipment.packages.1.weight"), so that the server's
 * field errors and the domain's status_info land on the right input as they are.
 */
export interface OrderFormValues {
  name: string;
  company_name: string;
  country: string;
  zipcode: string;
  housenumber: string;
  address_1: string;
  address_2: string;
  city: string;
  state_province_code: string | null;
  email: string;
  phone: string;
  order_number: string;
  /** 'YYYY-MM-DD HH:mm:ss' in local time, as the date-time picker holds it. */
  order_date: string | null;
  currency: Currency;
  /** The shop's own status: shown, not edited. */
  order_status: string;
  courier_id: string | null;
  shipment_type: string | null;
  pickup_point: z.infer<typeof pickupPointSchema> | null;
  shipment: { packages: PackageValues[]; courier_fields: Record<string, CourierFieldValue> };
  order_items: ItemValues[];
}

let keySeq = 0;
export function rowKey(): string {
  keySeq += 1;
  return `row-${keySeq}`;
}

export const pickerDateTimeFormat = 'YYYY-MM-DD HH:mm:ss';

export function emptyItem(): ItemValues {
  return {
    key: rowKey(),
    name: '',
    description: '',
    quantity: 1,
    unit_price_inc_btw: '',
    weight: '',
    sku: '',
    ean_code: '',
    hs_code: '',
    category: '',
    product_country: null,
  };
}

/** A new order: orders spec §9 defaults NL and EUR, one package of 0 g, no lines, dated now. */
export function blankValues(now: Date = new Date()): OrderFormValues {
  return {
    name: '',
    company_name: '',
    country: 'NL',
    zipcode: '',
    housenumber: '',
    address_1: '',
    address_2: '',
    city: '',
    state_province_code: null,
    email: '',
    phone: '',
    order_number: '',
    order_date: dayjs(now).format(pickerDateTimeFormat),
    currency: 'EUR',
    order_status: '',
    courier_id: null,
    shipment_type: null,
    pickup_point: null,
    shipment: { packages: [{ key: rowKey(), weight: 0 }], courier_fields: {} },
    order_items: [],
  };
}

const text = (value: string | null | undefined) => value ?? '';
const num = (value: number | null | undefined): NumberValue => (value === null || value === undefined ? '' : value);

export function orderToValues(order: Order): OrderFormValues {
  return {
    name: text(order.name),
    company_name: text(order.company_name),
    country: order.country,
    zipcode: text(order.zipcode),
    housenumber: text(order.housenumber),
    address_1: text(order.address_1),
    address_2: text(order.address_2),
    city: text(order.city),
    state_province_code: order.state_province_code,
    email: text(order.email),
    phone: text(order.phone),
    order_number: text(order.order_number),
    order_date: dayjs(order.order_date).isValid() ? dayjs(order.order_date).format(pickerDateTimeFormat) : null,
    currency: order.currency as Currency,
    order_status: text(order.order_status),
    courier_id: order.courier_id,
    shipment_type: order.shipment_type,
    pickup_point: order.pickup_point,
    shipment: {
      packages: (order.shipment.packages.length ? order.shipment.packages : [{ weight: 0 }]).map((p) => ({
        key: rowKey(),
        weight: p.weight,
      })),
      courier_fields: { ...order.shipment.courier_fields },
    },
    order_items: order.order_items.map((item) => ({
      key: rowKey(),
      id: item.id,
      name: item.name,
      description: text(item.description),
      quantity: item.quantity,
      unit_price_inc_btw: item.unit_price_inc_btw,
      weight: num(item.weight),
      sku: text(item.sku),
      ean_code: text(item.ean_code),
      hs_code: text(item.hs_code),
      category: text(item.category),
      product_country: item.product_country,
    })),
  };
}

/** A NumberInput's value as a number; null while empty or not a number. */
export function toNumber(value: NumberValue | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

const optional = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The body of order/create and POST order/{id}, before the contract schema checks
 * it: empty texts become null; an empty quantity stays null so that the schema
 * reports it, an empty price counts as 0 and an empty item weight as unknown.
 */
export function valuesToRawInput(values: OrderFormValues): Record<string, unknown> {
  return {
    order_number: optional(values.order_number),
    order_date: values.order_date && dayjs(values.order_date).isValid() ? dayjs(values.order_date).format() : undefined,
    order_status: optional(values.order_status),
    name: optional(values.name),
    company_name: optional(values.company_name),
    address_1: optional(values.address_1),
    address_2: optional(values.address_2),
    housenumber: optional(values.housenumber),
    zipcode: optional(values.zipcode),
    city: optional(values.city),
    state_province_code: optional(values.state_province_code),
    country: values.country,
    email: optional(values.email),
    phone: optional(values.phone),
    currency: values.currency,
    courier_id: values.courier_id || null,
    shipment_type: values.shipment_type || null,
    pickup_point: values.pickup_point,
    shipment: {
      packages: values.shipment.packages.map((p) => ({ weight: toNumber(p.weight) ?? 0 })),
      courier_fields: values.shipment.courier_fields,
    },
    order_items: values.order_items.map((item) => {
      const unitPrice = toNumber(item.unit_price_inc_btw);
      return {
        ...(item.id ? { id: item.id } : {}),
        name: item.name.trim(),
        description: optional(item.description),
        quantity: toNumber(item.quantity),
        unit_price_inc_btw: unitPrice === null ? 0 : Math.round(unitPrice * 100) / 100,
        weight: toNumber(item.weight),
        sku: optional(item.sku),
        ean_code: optional(item.ean_code),
        hs_code: optional(item.hs_code),
        category: optional(item.category),
        product_country: item.product_country || null,
      };
    }),
  };
}
