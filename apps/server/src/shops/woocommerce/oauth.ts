import { createHmac, randomBytes } from 'node:crypto';

/** RFC 3986 percent-encoding, as OAuth 1.0a (and PHP's rawurlencode on WooCommerce's side) uses. */
export function oauthEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The OAuth 1.0a one-legged parameters of one request, signed with HMAC-SHA256 the way
 * WooCommerce's official client signs (oauth-1.0a: key = consumer secret + "&", the base
 * string = METHOD & the URL without query & the sorted, encoded parameters including the
 * query's). The caller adds them to the query string.
 */
export function oauthParameters(
  request: { method: string; url: URL; consumerKey: string; consumerSecret: string },
  now: { timestamp?: number; nonce?: string } = {},
): Record<string, string> {
  const oauth: Record<string, string> = {
    oauth_consumer_key: request.consumerKey,
    oauth_nonce: now.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(now.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  const params = [...request.url.searchParams.entries(), ...Object.entries(oauth)]
    .map(([name, value]) => [oauthEncode(name), oauthEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const baseUrl = `${request.url.protocol}//${request.url.host}${request.url.pathname}`;
  const base = `${request.method.toUpperCase()}&${oauthEncode(baseUrl)}&${oauthEncode(params)}`;
  return { ...oauth, oauth_signature: createHmac('sha256', `${request.consumerSecret}&`).update(base).digest('base64') };
}
