import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/**
 * The one way out to an address a user entered (a carrier's base URL, a shop's URL;
 * docs/security.md "Server-side request forgery"): a fetch that refuses loopback,
 * private, link-local and other non-public addresses, checked on the address the
 * connection really uses (a DNS lookup inside the connection, so a name cannot resolve
 * to a public address for a check and a private one for the call) and again on every
 * redirect. `ALLOW_PRIVATE_OUTBOUND=1` (development, tests, CI: fakes on localhost) turns
 * the check off.
 */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** A refused target; callers treat it like an address that cannot be reached, and say so in Dutch. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
  constructor(readonly target: string) {
    super(`outbound call refused: ${target} is not a public address`);
  }
}

const blocked = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64],
] as const) blocked.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address is one that no user-entered URL may reach (IPv4-mapped IPv6 read as IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A DNS lookup for the connection that fails on any refused answer. */
const checkedLookup = (refuse: (address: string) => boolean): LookupFunction => (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((a) => refuse(a.address));
    if (refused || addresses.length === 0) return callback(new OutboundRefusedError(hostname), '', 4);
    const first = addresses[0]!;
    if ((options as LookupOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, first.address, first.family);
  });
};

const maxRedirects = 5;

/**
 * `refuse` is the address policy (tests narrow it to prove the checks on localhost); by
 * default every non-public address.
 */
export function createOutboundFetch(options: { allowPrivate: boolean; refuse?: (address: string) => boolean }): OutboundFetch {
  if (options.allowPrivate) return (input, init) => fetch(input, init);
  const refuse = options.refuse ?? isNonPublicAddress;
  return async (input, init = {}) => {
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    for (let hop = 0; ; hop += 1) {
      const response = await requestOnce(url, refuse, { method, headers: init.headers, body, signal: init.signal ?? undefined });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location || init.redirect === 'manual') return response;
      await response.body?.cancel().catch(() => undefined);
      if (init.redirect === 'error') throw new TypeError('fetch failed: redirect refused');
      if (hop >= maxRedirects) throw new TypeError('fetch failed: too many redirects');
      url = new URL(location, url);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  };
}

/** One request without following redirects; the target's address checked before and while connecting. */
function requestOnce(url: URL, refuse: (address: string) => boolean, init: { method: string; headers?: HeadersInit; body?: BodyInit | null; signal?: AbortSignal }): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new OutboundRefusedError(url.protocol));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is connected to without a lookup: check it here.
  if (isIP(host) !== 0 && refuse(host)) return Promise.reject(new OutboundRefusedError(host));
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string' && !(init.body instanceof Uint8Array)) {
    return Promise.reject(new TypeError('outbound fetch sends string or byte bodies only'));
  }
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const request = client.request(url, { method: init.method, headers, lookup: checkedLookup(refuse), signal: init.signal, agent: false }, (answer) => {
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (typeof value === 'string') answerHeaders.set(name, value);
        else if (Array.isArray(value)) for (const v of value) answerHeaders.append(name, v);
      }
      const status = answer.statusCode ?? 502;
      const empty = status === 204 || status === 304 || init.method === 'HEAD';
      resolve(new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream), { status, statusText: answer.statusMessage, headers: answerHeaders }));
    });
    request.on('error', (error) => {
      // An aborted call is reported as fetch reports it.
      const abort = init.signal?.aborted ? init.signal.reason : null;
      reject(abort instanceof Error ? abort : error);
    });
    if (init.body !== undefined && init.body !== null) request.write(init.body);
    request.end();
  });
}

/**
 * Whether a URL a user enters may be stored as an outbound target: its host, after DNS
 * resolution, is public. The calls themselves check again (a name may change its answer).
 */
export async function isPublicTarget(target: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return !isNonPublicAddress(host);
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)));
  // A name that does not resolve now is refused by the call later; it is no private target.
  return addresses.every((a) => !isNonPublicAddress(a.address));
}
