import { describe, expect, it } from 'vitest';
import { parseTestCarrierWebhook } from './test/webhook';
import { retryAfterMs } from './http';

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
