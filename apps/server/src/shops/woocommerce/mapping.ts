import type { OrderInput } from '@verzendhuis/contract/order';
import { shopOrderStatusTexts } from '@verzendhuis/domain/shops-texts';
import { housenumberWithAddition, splitStreet } from '@verzendhuis/domain/street-split';

/** The parts of a WooCommerce order (REST v3) that become our order. */
export interface WooAddress {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  email?: string;
  phone?: string;
}

export interface WooOrder {
  id: number;
  number?: string;
  status?: string;
  currency?: string;
  date_created_gmt?: string;
  date_modified_gmt?: string;
  billing?: WooAddress;
  shipping?: WooAddress;
  line_items?: { name?: string; product_id?: number; quantity?: number; sku?: string; total?: string; total_tax?: string }[];
  shipping_lines?: { method_title?: string }[];
}

/** What we use of a product: its EAN (WooCommerce 9.2+: global_unique_id) and weight in the store's unit. */
export interface WooProduct {
  id: number;
  weight?: string;
  global_unique_id?: string;
}

/** Grams per unit of WooCommerce's weight setting. */
const gramsPer: Record<string, number> = { kg: 1000, g: 1, lbs: 453.59237, oz: 28.349523125 };

const splitCountries = new Set(['NL', 'BE']);

function clean(value: string | undefined | null, max: number): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
}

/** A WooCommerce date in GMT without zone ("2026-11-23T09:23:45") as an ISO timestamp. */
function gmtIso(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const iso = /[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`;
  return Number.isNaN(Date.parse(iso)) ? undefined : new Date(iso).toISOString();
}

/** The grams of a product weight in the store's unit; null when it has none. */
export function weightInGrams(weight: string | undefined, unit: string): number | null {
  const value = Number((weight ?? '').replace(',', '.'));
  if (!weight || !Number.isFinite(value) || value <= 0) return null;
  return Math.round(value * (gramsPer[unit] ?? 1000));
}

/**
 * A WooCommerce order as the body of our order input (orderInputSchema, before the
 * defaults): the shipping address, or the billing address when the order has none; for
 * NL and BE the street line split into street and house number; items with SKU, EAN,
 * weight and the price of one item including tax; the shop's status and shipping method.
 */
export function mapWooOrder(order: WooOrder, products: Map<number, WooProduct>, weightUnit: string): OrderInput {
  const shipping = order.shipping ?? {};
  const hasShipping = Boolean(shipping.address_1?.trim() || shipping.postcode?.trim());
  const address = hasShipping ? shipping : (order.billing ?? {});
  const country = (address.country ?? '').trim().toUpperCase();
  const street = splitCountries.has(country) ? splitStreet(address.address_1) : null;
  const name = [address.first_name, address.last_name].map((p) => (p ?? '').trim()).filter(Boolean).join(' ');
  const methods = (order.shipping_lines ?? []).map((l) => (l.method_title ?? '').trim()).filter(Boolean);
  const currency = (order.currency ?? 'EUR').toUpperCase();
  return {
    order_number: clean(order.number ?? String(order.id), 64),
    order_date: gmtIso(order.date_created_gmt),
    order_status: clean(order.status ? (shopOrderStatusTexts.woocommerce[order.status] ?? order.status) : null, 64),
    name: clean(name, 255),
    company_name: clean(address.company, 255),
    address_1: clean(street?.housenumber ? street.street : address.address_1, 255),
    address_2: clean(address.address_2, 255),
    housenumber: street ? clean(housenumberWithAddition(street), 20) : null,
    zipcode: clean(address.postcode, 20),
    city: clean(address.city, 100),
    state_province_code: clean(address.state, 10),
    // A country we do not know is refused by the intake's schema with its Dutch message.
    country: country as OrderInput['country'],
    email: clean(order.billing?.email ?? address.email, 255),
    phone: clean(shipping.phone || order.billing?.phone, 40),
    // A currency we do not support is refused by the order's validation with its message.
    currency: currency as OrderInput['currency'],
    shop_shipping_method: clean(methods.join(', '), 255),
    order_items: (order.line_items ?? []).map((item) => {
      const quantity = Math.max(1, Math.round(item.quantity ?? 1));
      const lineTotal = Number(item.total ?? 0) + Number(item.total_tax ?? 0);
      const product = item.product_id ? products.get(item.product_id) : undefined;
      return {
        name: clean(item.name, 255) ?? '',
        quantity,
        unit_price_inc_btw: Number.isFinite(lineTotal) ? Math.round((lineTotal / quantity) * 100 + 1e-6) / 100 : 0,
        sku: clean(item.sku, 100),
        ean_code: clean(product?.global_unique_id, 20),
        weight: weightInGrams(product?.weight, weightUnit),
      };
    }),
  };
}
