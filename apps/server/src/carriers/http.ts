import { CarrierError } from './types';

/**
 * One HTTP call to a carrier. Network failures and 5xx become `unavailable`, an
 * aborted or timed-out call `timeout`, each with the carrier's Dutch text; other
 * answers are returned for the adapter to read.
 */
export async function carrierFetch(
  url: string,
  init: RequestInit & { signal: AbortSignal },
  texts: { unavailable: string; timeout: string },
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const name = (error as { name?: string }).name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new CarrierError(timedOut ? 'timeout' : 'unavailable', timedOut ? texts.timeout : texts.unavailable);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status >= 500) throw new CarrierError('unavailable', texts.unavailable);
  return { status: response.status, body };
}
