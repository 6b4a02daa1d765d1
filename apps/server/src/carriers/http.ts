import { OutboundRefusedError, type OutboundFetch } from '../http/outbound';
import { CarrierError } from './types';

/** Retry-After in milliseconds: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * One HTTP call to a carrier. Network failures and 5xx become `unavailable`, an
 * aborted or timed-out call `timeout`, a 429 `rate_limited` (with its Retry-After), an
 * answer broken off or not JSON `unavailable` with the `unreadable` text (docs/faults.md),
 * each with the carrier's Dutch text; other answers (an empty body as null) are returned
 * for the adapter to read. `answersOn5xx` keeps a 5xx whose body is the carrier's own
 * answer (DPD refuses a login with a 500 and its error code) for the adapter to read.
 * `parse` reads a body that is not JSON (bpost's XML) into an object; throwing is unreadable.
 */
export async function carrierFetch(
  url: string,
  init: RequestInit & { signal: AbortSignal; fetch?: OutboundFetch | undefined },
  texts: { unavailable: string; timeout: string; rateLimited?: string; unreadable?: string; addressRefused?: string },
  options: { answersOn5xx?: (body: Record<string, unknown> | null) => boolean; parse?: (text: string) => unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  let response: Response;
  const { fetch: outbound = fetch, ...request } = init;
  try {
    response = await outbound(url, request);
  } catch (error) {
    if (error instanceof OutboundRefusedError || (error as { cause?: unknown }).cause instanceof OutboundRefusedError) {
      throw new CarrierError('refused', texts.addressRefused ?? texts.unavailable);
    }
    const name = (error as { name?: string }).name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new CarrierError(timedOut ? 'timeout' : 'unavailable', timedOut ? texts.timeout : texts.unavailable);
  }
  if (response.status === 429) {
    await response.body?.cancel().catch(() => undefined);
    throw new CarrierError('rate_limited', texts.rateLimited ?? texts.unavailable, retryAfterMs(response.headers.get('retry-after')));
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection closed in the middle of the answer, or the time ran out while it came.
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new CarrierError('timeout', texts.timeout);
    throw new CarrierError('unavailable', texts.unreadable ?? texts.unavailable);
  }
  let body: unknown = null;
  let readable = true;
  if (text.trim() !== '') {
    try {
      body = (options.parse ?? JSON.parse)(text);
    } catch {
      readable = false;
    }
  }
  // JSON that is no object (a list, a number) is no answer of these APIs either; the adapter reads it as missing fields.
  const answer = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (response.status >= 500 && !(readable && options.answersOn5xx?.(answer))) throw new CarrierError('unavailable', texts.unavailable);
  if (!readable) throw new CarrierError('unavailable', texts.unreadable ?? texts.unavailable);
  return { status: response.status, body: answer };
}
