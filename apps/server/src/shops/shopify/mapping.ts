import type { OrderInput } from '@verzendhuis/contract/order';
import { shopOrderStatusTexts } from '@verzendhuis/domain/shops-texts';
import { housenumberWithAddition, splitStreet } from '@verzendhuis/domain/street-split';

/** The order fields the adapter asks for (queries.ts), in Shopify's shapes. */
export interface ShopifyMoneyBag {
  shopMoney: { amount: string; currencyCode: string };
}

export interface ShopifyLineItemNode {
  id: string;
  name: string;
  sku: string | null;
  quantity: number;
  requiresShipping: boolean;
  originalUnitPriceSet: ShopifyMoneyBag;
  variant: { barcode: string | null; inventoryItem: { measurement: { weight: { unit: string; value: number } | null } } | null } | null;
}

export interface ShopifyOrderNode {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  updatedAt: string;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  currencyCode: string;
  shippingAddress: {
    name: string | null;
    firstName: string | null;
    lastName: string | null;
    company: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    zip: string | null;
    provinceCode: string | null;
    countryCodeV2: string | null;
    phone: string | null;
  } | null;
  shippingLine: { title: string } | null;
  lineItems: { nodes: ShopifyLineItemNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

const gramsPer: Record<string, number> = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 };

/** A line item's weight in whole grams; null when the product has none. */
export function weightInGrams(weight: { unit: string; value: number } | null | undefined): number | null {
  if (!weight || !(weight.value > 0)) return null;
  const factor = gramsPer[weight.unit];
  return factor ? Math.round(weight.value * factor) : null;
}

/** Shopify's status enums as the shop owner reads them: "paid, unfulfilled", "partially refunded, unfulfilled". */
export function shopifyOrderStatus(order: Pick<ShopifyOrderNode, 'displayFinancialStatus' | 'displayFulfillmentStatus'>): string {
  const named = (status: string | null | undefined, names: Record<string, string>) => (status ? (names[status] ?? status.toLowerCase().replace(/_/g, ' ')) : null);
  return [named(order.displayFinancialStatus, shopOrderStatusTexts.shopifyFinancial), named(order.displayFulfillmentStatus, shopOrderStatusTexts.shopifyFulfillment)]
    .filter((s): s is string => Boolean(s))
    .join(shopOrderStatusTexts.separator);
}

const splitCountries = new Set(['NL', 'BE']);
const trimTo = (value: string | null | undefined, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
};

/**
 * A Shopify order as the body of our order input (before the shared defaults): the
 * shipping address with the Dutch/Belgian street line split into street and house number
 * (a house number that a theme puts in address2 is taken from there), the lines that need
 * shipping with SKU, barcode as EAN, weight in grams and unit price, the shipping line's
 * title as the shop's shipping method and both display statuses as the shop's status.
 */
export function shopifyOrderToInput(order: ShopifyOrderNode): OrderInput & { shop_shipping_method?: string | null } {
  const address = order.shippingAddress;
  const country = address?.countryCodeV2 ?? 'NL';
  let address1 = trimTo(address?.address1, 255);
  let address2 = trimTo(address?.address2, 255);
  let housenumber: string | null = null;
  if (splitCountries.has(country) && address1) {
    const parts = splitStreet(address1);
    housenumber = housenumberWithAddition(parts);
    if (housenumber) address1 = parts.street;
    else if (address2 && /^\d{1,6}(\s*[-/]?\s*[A-Za-z0-9]{1,8})?$/.test(address2)) {
      const fromSecond = splitStreet(`${address1} ${address2}`);
      housenumber = housenumberWithAddition(fromSecond);
      address2 = null;
    }
  }
  const name = trimTo(address?.name, 255) ?? trimTo([address?.firstName, address?.lastName].filter(Boolean).join(' '), 255);
  return {
    order_number: trimTo(order.name, 64),
    order_date: order.createdAt,
    order_status: trimTo(shopifyOrderStatus(order), 64),
    name,
    company_name: trimTo(address?.company, 255),
    address_1: address1,
    address_2: address2,
    housenumber: trimTo(housenumber, 20),
    zipcode: trimTo(address?.zip, 20),
    city: trimTo(address?.city, 100),
    state_province_code: trimTo(address?.provinceCode, 10),
    country: country as OrderInput['country'],
    email: trimTo(order.email, 255),
    phone: trimTo(address?.phone ?? order.phone, 40),
    currency: order.currencyCode as OrderInput['currency'],
    shop_shipping_method: trimTo(order.shippingLine?.title, 255),
    order_items: order.lineItems.nodes
      .filter((line) => line.requiresShipping)
      .map((line) => ({
        name: trimTo(line.name, 255) ?? '-',
        quantity: line.quantity,
        unit_price_inc_btw: Math.round(Number(line.originalUnitPriceSet.shopMoney.amount) * 100) / 100,
        sku: trimTo(line.sku, 100),
        ean_code: trimTo(line.variant?.barcode, 20),
        weight: weightInGrams(line.variant?.inventoryItem?.measurement.weight),
      })),
  };
}
