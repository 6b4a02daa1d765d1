import type { OutboundFetch } from '../../http/outbound';
import { shopifyTexts } from '@verzendhuis/domain/shops-texts';
import { ShopError } from '../adapter';

/** The Admin API version the adapter speaks; SHOPIFY_API_VERSION overrides it (docs/shops.md, "Shopify"). */
export const defaultShopifyApiVersion = '2026-10';

/** How the adapter reaches the outside world; tests drive the clock so that waiting takes no time. */
export interface ShopifyClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const realClock: ShopifyClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface ShopifyConnection {
  /** https://winkel.myshopify.com (or http://localhost:port for a local fake). */
  baseUrl: string;
  accessToken: string;
  apiVersion: string;
  timeoutMs: number;
  clock: ShopifyClock;
  /** The one outbound fetch (http/outbound.ts); the global fetch where none is given (tests of the client). */
  fetch?: OutboundFetch;
}

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; extensions?: { code?: string } }[] | string;
  extensions?: { cost?: { requestedQueryCost?: number; actualQueryCost?: number; throttleStatus?: ThrottleStatus } };
}

/** How often a THROTTLED answer is retried before the call gives up. */
const maxThrottledRetries = 6;
/** How often a call that did not reach Shopify (network, 5xx) is tried again within one pull. */
const maxUnavailableRetries = 2;

/**
 * One conversation with a shop's Admin GraphQL API, within Shopify's cost-based rate limit
 * (a leaky bucket of points per app and shop): every answer reports the bucket in
 * `extensions.cost.throttleStatus`; before a query that would cost more than is left the
 * client waits until enough has flowed back, and a THROTTLED answer is retried after the
 * same wait, at least an exponential back-off (0.5 s, 1 s, 2 s, …).
 */
export function createShopifyClient(connection: ShopifyConnection) {
  const { clock } = connection;
  let bucket: (ThrottleStatus & { at: number }) | null = null;
  const lastCost = new Map<string, number>();

  const available = () => (bucket ? Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + ((clock.now() - bucket.at) / 1000) * bucket.restoreRate) : Infinity);
  const waitFor = (points: number) => (bucket && bucket.restoreRate > 0 ? Math.ceil(((points - available()) / bucket.restoreRate) * 1000) : 0);

  async function post(query: string, variables: Record<string, unknown>): Promise<{ status: number; body: GraphqlAnswer | null }> {
    const url = `${connection.baseUrl}/admin/api/${connection.apiVersion}/graphql.json`;
    let response: Response;
    try {
      response = await (connection.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': connection.accessToken },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(connection.timeoutMs),
        redirect: 'error',
      });
    } catch {
      throw new ShopError('unavailable', shopifyTexts.unavailable);
    }
    const body = (await response.json().catch(() => null)) as GraphqlAnswer | null;
    return { status: response.status, body };
  }

  return {
    /** Runs one query or mutation and answers its data; throws ShopError when Shopify refuses. */
    async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      let throttled = 0;
      let unavailable = 0;
      for (;;) {
        const expected = lastCost.get(query);
        if (expected !== undefined) {
          const wait = waitFor(expected);
          if (wait > 0) await clock.sleep(wait);
        }
        const { status, body } = await post(query, variables).catch(async (error: unknown) => {
          if (error instanceof ShopError && unavailable < maxUnavailableRetries) return { status: 599, body: null };
          throw error;
        });
        if (status === 401 || status === 403) throw new ShopError('unauthorized', shopifyTexts.unauthorized);
        if (status === 404) throw new ShopError('not_found', shopifyTexts.shopNotFound);
        if (status === 429 || status >= 500) {
          unavailable += 1;
          if (unavailable > maxUnavailableRetries) throw new ShopError('unavailable', shopifyTexts.unavailable);
          await clock.sleep(500 * 2 ** unavailable);
          continue;
        }
        if (status !== 200 || !body) throw new ShopError('invalid_response', shopifyTexts.invalidResponse(`HTTP ${status}`));
        const cost = body.extensions?.cost;
        if (cost?.throttleStatus) bucket = { ...cost.throttleStatus, at: clock.now() };
        if (cost?.requestedQueryCost !== undefined) lastCost.set(query, cost.requestedQueryCost);
        const errors = typeof body.errors === 'string' ? [{ message: body.errors }] : (body.errors ?? []);
        if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
          throttled += 1;
          if (throttled > maxThrottledRetries) throw new ShopError('unavailable', shopifyTexts.throttled);
          const backOff = 500 * 2 ** (throttled - 1);
          await clock.sleep(Math.max(backOff, waitFor(cost?.requestedQueryCost ?? 0)));
          continue;
        }
        if (errors.some((e) => e.extensions?.code === 'ACCESS_DENIED')) throw new ShopError('unauthorized', shopifyTexts.accessDenied);
        if (errors.length > 0 || !body.data) throw new ShopError('invalid_response', shopifyTexts.invalidResponse(errors.map((e) => e.message).join('; ') || 'no data'));
        return body.data as T;
      }
    },
  };
}

export type ShopifyClient = ReturnType<typeof createShopifyClient>;
