import { oauthParameters } from './oauth';

/** How the adapter reaches a WooCommerce site: its URL and keys, and how to send them. */
export interface WooConnection {
  url: string;
  consumer_key: string;
  consumer_secret: string;
  /** Over https: the keys as consumer_key/consumer_secret query parameters instead of Basic. */
  auth_in_query: boolean;
}

export type WooFailure = 'unauthorized' | 'unavailable' | 'invalid_response' | 'not_found' | 'timeout';

/** A call that did not give a usable answer, with the kind the adapter turns into a ShopError. */
export class WooCallError extends Error {
  constructor(
    readonly kind: WooFailure,
    readonly status: number | null,
    detail: string,
  ) {
    super(detail);
  }
}

export interface WooAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** The REST API root of a site: `{url}/wp-json/wc/v3`. */
export function apiRoot(url: string): string {
  return `${url.replace(/\/+$/, '')}/wp-json/wc/v3`;
}

/**
 * One call to WooCommerce's REST API v3, authenticated as WooCommerce accepts it: over
 * https HTTP Basic (or the query parameters when `auth_in_query`), over plain http an
 * OAuth 1.0a one-legged signature in the query (WooCommerce ignores Basic without TLS).
 * Network failures, timeouts and 5xx are `unavailable`/`timeout`, 401/403 `unauthorized`,
 * 404 `not_found`, an answer that is not JSON `invalid_response`; 4xx other than these are
 * returned for the caller to read.
 */
export async function wooCall(
  connection: WooConnection,
  request: { method: 'GET' | 'PUT' | 'POST'; path: string; query?: Record<string, string>; body?: unknown },
  deps: { fetch: typeof fetch; signal: AbortSignal; /** The bound of this one call (the signal bounds the whole pull); default 30 s. */ callTimeoutMs?: number },
): Promise<WooAnswer> {
  const url = new URL(`${apiRoot(connection.url)}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (url.protocol === 'https:') {
    if (connection.auth_in_query) {
      url.searchParams.set('consumer_key', connection.consumer_key);
      url.searchParams.set('consumer_secret', connection.consumer_secret);
    } else {
      headers.authorization = `Basic ${Buffer.from(`${connection.consumer_key}:${connection.consumer_secret}`).toString('base64')}`;
    }
  } else {
    const oauth = oauthParameters({ method: request.method, url, consumerKey: connection.consumer_key, consumerSecret: connection.consumer_secret });
    for (const [name, value] of Object.entries(oauth)) url.searchParams.set(name, value);
  }
  let response: Response;
  try {
    response = await deps.fetch(url, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body), signal: AbortSignal.any([deps.signal, AbortSignal.timeout(deps.callTimeoutMs ?? 30_000)]), redirect: 'error' });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new WooCallError('timeout', null, 'timeout');
    throw new WooCallError('unavailable', null, String((error as Error).message ?? error));
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection closed in the middle of the answer (or the time ran out while it came): no answer.
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new WooCallError('timeout', null, 'timeout');
    throw new WooCallError('unavailable', null, 'answer broken off');
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    if (response.status < 500 && response.status !== 404) throw new WooCallError('invalid_response', response.status, 'the answer is not JSON');
  }
  if (response.status >= 500) throw new WooCallError('unavailable', response.status, `status ${response.status}`);
  if (response.status === 401 || response.status === 403) throw new WooCallError('unauthorized', response.status, wooMessage(body) ?? `status ${response.status}`);
  if (response.status === 404) throw new WooCallError('not_found', 404, wooMessage(body) ?? 'not found');
  return { status: response.status, headers: response.headers, body };
}

/** WooCommerce's own error message (`{code, message, data: {status}}`). */
export function wooMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}
