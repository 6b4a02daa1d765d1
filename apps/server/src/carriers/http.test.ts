import { describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeFault } from '@verzendhuis/test-fakes/fake-http-server';
import { parseTestCarrierWebhook } from './test/webhook';
import { carrierFetch, retryAfterMs } from './http';
import { CarrierError } from './types';

describe('a carrier call meeting a fault', () => {
  const texts = { unavailable: 'weg', timeout: 'te laat', unreadable: 'onleesbaar' };
  const outcome = async (fault: FakeFault | null, timeoutMs = 5000) => {
    const server = await startFakeHttpServer((_, reply) => (fault ? reply.fault(fault) : void reply.send(200, { ok: true })));
    try {
      const answer = await carrierFetch(`${server.url}/x`, { signal: AbortSignal.timeout(timeoutMs) }, texts);
      return answer.body;
    } catch (error) {
      return error instanceof CarrierError ? `${error.kind}: ${error.message}` : error;
    } finally {
      await server.close();
    }
  };

  it('is unavailable, timed out or unreadable with the carrier’s text, never a crash; JSON of another shape is the adapter’s to read', async () => {
    expect(await outcome(null)).toEqual({ ok: true });
    expect(await outcome('server-error')).toBe('unavailable: weg');
    expect(await outcome('not-json')).toBe('unavailable: onleesbaar');
    expect(await outcome('close')).toBe('unavailable: onleesbaar');
    expect(await outcome('timeout', 200)).toBe('timeout: te laat');
    expect(await outcome('wrong-shape')).toEqual({ unexpected: 'shape', items: [1, 2, 3] });
  });
});

describe('Retry-After of a 429', () => {
  it('reads delay-seconds and an HTTP date; nothing readable is null', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 10 Mar 2026 12:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Tue, 10 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('the Testvervoerder’s push format', () => {
  it('reads one parcel with its events in our names', () => {
    expect(parseTestCarrierWebhook({ tracking_number: '3STEST000000001', events: [{ event: 'delivered', occurred_at: '2026-03-10T13:00:00+01:00', description: 'Bezorgd' }] })).toEqual([
      { trackingNumber: '3STEST000000001', events: [{ event: 'delivered', occurredAt: new Date('2026-03-10T12:00:00Z'), courierDescription: 'Bezorgd', location: null }] },
    ]);
  });

  it('refuses an unknown event, a moment without its zone, no events or other fields', () => {
    const event = { event: 'delivered', occurred_at: '2026-03-10T13:00:00Z' };
    expect(parseTestCarrierWebhook({ tracking_number: 'X', events: [{ ...event, event: 'lost_in_space' }] })).toBeNull();
    expect(parseTestCarrierWebhook({ tracking_number: 'X', events: [{ ...event, occurred_at: '2026-03-10T13:00:00' }] })).toBeNull();
    expect(parseTestCarrierWebhook({ tracking_number: 'X', events: [] })).toBeNull();
    expect(parseTestCarrierWebhook({ tracking_number: 'X', events: [event], extra: 1 })).toBeNull();
    expect(parseTestCarrierWebhook('text')).toBeNull();
  });
});
