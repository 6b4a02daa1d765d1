import type { OutboundFetch } from '../../http/outbound';
import { z } from 'zod';
import type { OrderInput } from '@verzendhuis/contract/order';
import { shopifySettingsTexts, shopifyTexts } from '@verzendhuis/domain/shops-texts';
import { ShopError } from '../adapter';
import { createShopifyClient, defaultShopifyApiVersion, realClock, type ShopifyClock, type ShopifyClient } from './client';
import { shopifyOrderToInput, type ShopifyLineItemNode, type ShopifyOrderNode } from './mapping';
import { fulfillmentCreateMutation, fulfillmentOrdersQuery, orderLineItemsQuery, ordersPageSize, ordersQuery, ordersSearch, shopQuery } from './queries';

/**
 * The shop's address: `winkel.myshopify.com` (or with https://, or a custom domain);
 * http only for a shop on this machine (the fake of the tests).
 */
const shopDomain = z
  .string({ error: shopifySettingsTexts.shopDomainInvalid })
  .trim()
  .transform((value) => value.replace(/\/+$/, '').replace(/\/admin$/, ''))
  .pipe(
    z.string().refine((value) => /^(https:\/\/)?[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/i.test(value) || /^(http:\/\/)?(localhost|127\.0\.0\.1):\d{2,5}$/.test(value), {
      error: shopifySettingsTexts.shopDomainInvalid,
    }),
  );

/** What a user enters to link a Shopify shop (sealed at rest; the token is never answered). */
export const shopifySettingsSchema = z.object({
  shop_domain: shopDomain,
  access_token: z.string({ error: shopifySettingsTexts.accessTokenRequired }).trim().min(1, { error: shopifySettingsTexts.accessTokenRequired }).max(500),
});
export type ShopifySettings = z.infer<typeof shopifySettingsSchema>;

export interface ShopifyOptions {
  apiVersion?: string;
  timeoutMs?: number;
  clock?: ShopifyClock;
  /** The one outbound fetch (http/outbound.ts): the shop domain is what a user entered. */
  fetch?: OutboundFetch;
}

/** The shop's base URL: https unless it is a shop on this machine. */
export function shopifyBaseUrl(domain: string): string {
  if (/^https?:\/\//.test(domain)) return domain;
  return /^(localhost|127\.0\.0\.1):/.test(domain) ? `http://${domain}` : `https://${domain}`;
}

export function shopifyClient(settings: ShopifySettings, options: ShopifyOptions): ShopifyClient {
  return createShopifyClient({
    baseUrl: shopifyBaseUrl(settings.shop_domain),
    accessToken: settings.access_token,
    apiVersion: options.apiVersion ?? defaultShopifyApiVersion,
    timeoutMs: options.timeoutMs ?? 20_000,
    clock: options.clock ?? realClock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Checks the domain and token with the cheapest query; answers the shop's name. */
export async function shopifyVerify(settings: ShopifySettings, options: ShopifyOptions): Promise<{ name: string }> {
  const data = await shopifyClient(settings, options).request<{ shop: { name: string } }>(shopQuery);
  return { name: data.shop.name };
}

export interface ShopifyPulledOrder {
  /** Shopify's id of the order (gid://shopify/Order/…). */
  externalId: string;
  body: OrderInput & { shop_shipping_method?: string | null };
}

/**
 * The open orders that are not shipped yet, changed since `since` (all of them without),
 * page by page along Shopify's cursor, oldest change first. Answers the orders and the
 * newest updatedAt seen: the next pull asks from there (the same moment again, so an order
 * changed within that millisecond is not missed; it is then updated, not doubled).
 */
export async function shopifyPull(settings: ShopifySettings, since: Date | null, options: ShopifyOptions): Promise<{ orders: ShopifyPulledOrder[]; newest: Date | null }> {
  const client = shopifyClient(settings, options);
  const orders: ShopifyPulledOrder[] = [];
  let newest = since;
  let after: string | null = null;
  const query = ordersSearch(since);
  for (;;) {
    const page: { orders: { nodes: ShopifyOrderNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } = await client.request(ordersQuery, { first: ordersPageSize, after, query });
    for (const node of page.orders.nodes) {
      if (node.lineItems.pageInfo.hasNextPage) node.lineItems.nodes.push(...(await remainingLines(client, node.id, node.lineItems.pageInfo.endCursor)));
      orders.push({ externalId: node.id, body: shopifyOrderToInput(node) });
      const updatedAt = new Date(node.updatedAt);
      if (!Number.isNaN(updatedAt.getTime()) && (!newest || updatedAt > newest)) newest = updatedAt;
    }
    if (!page.orders.pageInfo.hasNextPage || !page.orders.pageInfo.endCursor) break;
    after = page.orders.pageInfo.endCursor;
  }
  return { orders, newest };
}

async function remainingLines(client: ShopifyClient, orderId: string, cursor: string | null): Promise<ShopifyLineItemNode[]> {
  const lines: ShopifyLineItemNode[] = [];
  let after = cursor;
  for (;;) {
    const data: { order: { lineItems: { nodes: ShopifyLineItemNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null } = await client.request(orderLineItemsQuery, { id: orderId, after });
    if (!data.order) return lines;
    lines.push(...data.order.lineItems.nodes);
    if (!data.order.lineItems.pageInfo.hasNextPage) return lines;
    after = data.order.lineItems.pageInfo.endCursor;
  }
}

export interface ShopifyFulfilment {
  /** Shopify's id of the order (gid://shopify/Order/…). */
  externalId: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** The carrier's name as Shopify shows it (PostNL, DHL Parcel, …). */
  company: string;
}

/**
 * Marks the order shipped in Shopify: one fulfilment with the tracking number, URL and
 * company over all of the order's fulfillment orders that can still be fulfilled (a
 * fulfilment is made per location in Shopify). An order fulfilled in Shopify already
 * needs nothing; one that no longer exists is `not_found`.
 */
export async function shopifyFulfil(settings: ShopifySettings, shipment: ShopifyFulfilment, options: ShopifyOptions): Promise<void> {
  const client = shopifyClient(settings, options);
  type FulfillmentOrders = { order: { fulfillmentOrders: { nodes: { id: string; status: string; supportedActions: { action: string }[] }[] } } | null };
  const data = await client.request<FulfillmentOrders>(fulfillmentOrdersQuery, { id: shipment.externalId });
  if (!data.order) throw new ShopError('not_found', shopifyTexts.orderNotFound);
  const open = data.order.fulfillmentOrders.nodes.filter((f) => f.supportedActions.some((a) => a.action === 'CREATE_FULFILLMENT'));
  if (open.length === 0) return;
  const trackingInfo = { number: shipment.trackingNumber, company: shipment.company, ...(shipment.trackingUrl ? { url: shipment.trackingUrl } : {}) };
  const answer = await client.request<{ fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: { message: string }[] } | null }>(fulfillmentCreateMutation, {
    fulfillment: { lineItemsByFulfillmentOrder: open.map((f) => ({ fulfillmentOrderId: f.id })), notifyCustomer: true, trackingInfo },
  });
  const problems = answer.fulfillmentCreate?.userErrors ?? [];
  if (problems.length > 0 || !answer.fulfillmentCreate?.fulfillment) {
    throw new ShopError('invalid_response', shopifyTexts.fulfilmentRefused(problems.map((p) => p.message).join('; ') || 'geen verzending gemaakt'));
  }
}
