import { describe, expect, it } from 'vitest';
import { labelStatusFromTracking } from './tracking';
import {
  TokenBucket,
  delayedPackages,
  nextTrackingCheck,
  parseDelayAfterHours,
  parseTrackingBudget,
  perCarrierValue,
  trackingCheckIntervalMinutes,
  trackingFreshnessTexts,
} from './tracking-freshness';

const at = (iso: string) => new Date(iso);
const hours = (n: number) => n * 3_600_000;

describe('per-carrier settings', () => {
  it('keeps the defaults when nothing is set', () => {
    const delay = parseDelayAfterHours(null);
    expect([perCarrierValue(delay, 'postnl'), perCarrierValue(delay, 'dhl'), perCarrierValue(delay, 'test'), perCarrierValue(delay, 'ups')]).toEqual([48, 48, 24, 72]);
    const budget = parseTrackingBudget('');
    expect([perCarrierValue(budget, 'postnl'), perCarrierValue(budget, 'dhl'), perCarrierValue(budget, 'test'), perCarrierValue(budget, 'ups')]).toEqual([600, 300, 6000, 300]);
  });

  it('reads one number as the fallback, and classes over their defaults', () => {
    const one = parseDelayAfterHours('36');
    expect([perCarrierValue(one, 'postnl'), perCarrierValue(one, 'ups')]).toEqual([48, 36]);
    const mixed = parseDelayAfterHours('postnl=36, DHL=30,test=2,60');
    expect([perCarrierValue(mixed, 'postnl'), perCarrierValue(mixed, 'dhl'), perCarrierValue(mixed, 'test'), perCarrierValue(mixed, 'ups')]).toEqual([36, 30, 2, 60]);
    expect(perCarrierValue(parseTrackingBudget('postnl=60'), 'postnl')).toBe(60);
  });

  it('refuses what it cannot read, naming the setting', () => {
    expect(() => parseDelayAfterHours('postnl=veel')).toThrow(/DELAY_AFTER_HOURS/);
    expect(() => parseDelayAfterHours('0')).toThrow(/DELAY_AFTER_HOURS/);
    expect(() => parseTrackingBudget('dhl=')).toThrow(/TRACKING_BUDGET_PER_MINUTE/);
    expect(() => parseTrackingBudget('-5')).toThrow(/TRACKING_BUDGET_PER_MINUTE/);
  });
});

describe('when a label is checked next', () => {
  const now = at('2026-03-10T12:00:00Z');
  const made = (daysAgo: number) => new Date(now.getTime() - daysAgo * 24 * 3_600_000);
  const interval = (status: string, latestEvent: string | null, daysAgo = 0) => trackingCheckIntervalMinutes({ status, latestEvent, createdAt: made(daysAgo) }, now);

  it('orders likely change first: out for delivery < travelling = printed < delayed < ready < a week-old unsent label', () => {
    expect(interval('shipped', 'out_for_delivery')).toBe(15);
    expect(interval('shipped', 'at_service_point')).toBe(15);
    expect(interval('shipped', 'at_depot')).toBe(60);
    expect(interval('printed', 'printed')).toBe(60);
    expect(interval('delayed', 'delivery_failed')).toBe(120);
    expect(interval('ready', 'ready')).toBe(180);
    expect(interval('ready', 'ready', 8)).toBe(720);
    expect(interval('shipped', 'out_for_delivery')).toBeLessThan(interval('printed', 'printed'));
    expect(interval('printed', 'printed')).toBeLessThan(interval('ready', 'ready'));
  });

  it('adds the interval to the moment of the refresh', () => {
    expect(nextTrackingCheck({ status: 'shipped', latestEvent: 'out_for_delivery', createdAt: made(1) }, now)).toEqual(at('2026-03-10T12:15:00Z'));
  });

  it('asks a carrier whose parcels move faster (the Testvervoerder at its time scale) that much sooner, at least a minute apart', () => {
    expect(nextTrackingCheck({ status: 'ready', latestEvent: 'ready', createdAt: made(0) }, now, 60)).toEqual(at('2026-03-10T12:03:00Z'));
    expect(nextTrackingCheck({ status: 'shipped', latestEvent: 'out_for_delivery', createdAt: made(0) }, now, 60)).toEqual(at('2026-03-10T12:01:00Z'));
  });
});

describe('the delay rule', () => {
  const shippedAt = at('2026-03-10T08:00:00Z');
  const travelling = { id: 'p1', events: [{ event: 'ready', occurredAt: at('2026-03-09T20:00:00Z') }, { event: 'shipped', occurredAt: shippedAt }] };

  it('gives a travelling package without news for the set hours a delay at the moment the silence passed the limit', () => {
    expect(delayedPackages([travelling], { now: new Date(shippedAt.getTime() + hours(47.9)), hours: 48 })).toEqual([]);
    const delayed = delayedPackages([travelling], { now: new Date(shippedAt.getTime() + hours(60)), hours: 48 });
    expect(delayed).toEqual([{ packageId: 'p1', occurredAt: new Date(shippedAt.getTime() + hours(48)), since: shippedAt }]);
    // Asked again later: the same moment, so storing it again adds nothing.
    expect(delayedPackages([travelling], { now: new Date(shippedAt.getTime() + hours(90)), hours: 48 })[0]?.occurredAt).toEqual(delayed[0]?.occurredAt);
  });

  it('leaves packages that do not travel, are delivered or are delayed already', () => {
    const now = new Date(shippedAt.getTime() + hours(100));
    const ready = { id: 'r', events: [{ event: 'ready', occurredAt: shippedAt }, { event: 'printed', occurredAt: shippedAt }] };
    const delivered = { id: 'd', events: [...travelling.events, { event: 'delivered', occurredAt: new Date(shippedAt.getTime() + hours(5)) }] };
    const failed = { id: 'f', events: [...travelling.events, { event: 'delivery_failed', occurredAt: new Date(shippedAt.getTime() + hours(5)) }] };
    const delayedAlready = { id: 'x', events: [...travelling.events, { event: 'delivery_delayed', occurredAt: new Date(shippedAt.getTime() + hours(48)) }] };
    expect(delayedPackages([ready, delivered, failed, delayedAlready], { now, hours: 48 })).toEqual([]);
  });

  it('makes the label delayed by the domain rule, and a later real event moves it on', () => {
    const [delay] = delayedPackages([travelling], { now: new Date(shippedAt.getTime() + hours(50)), hours: 48 });
    const withDelay = [...travelling.events, { event: 'delivery_delayed', occurredAt: delay?.occurredAt ?? shippedAt }];
    expect(labelStatusFromTracking({ current: 'shipped', packages: [{ events: withDelay }] })).toBe('delayed');
    const outAgain = [...withDelay, { event: 'out_for_delivery', occurredAt: new Date(shippedAt.getTime() + hours(51)) }];
    expect(labelStatusFromTracking({ current: 'delayed', packages: [{ events: outAgain }] })).toBe('shipped');
    expect(delayedPackages([{ id: 'p1', events: outAgain }], { now: new Date(shippedAt.getTime() + hours(52)), hours: 48 })).toEqual([]);
  });

  it('says since when in Dutch, Amsterdam time', () => {
    expect(trackingFreshnessTexts.noNewsSince(shippedAt)).toBe('Geen nieuws van de vervoerder sinds 10-03-2026 09:00.');
  });
});

describe('the token bucket of a carrier budget', () => {
  const start = at('2026-03-10T12:00:00Z');
  const later = (ms: number) => new Date(start.getTime() + ms);

  it('spends at most one minute of budget, then refills evenly', () => {
    const bucket = new TokenBucket(60, start);
    expect(bucket.take(60, start)).toBe(true);
    expect(bucket.take(1, start)).toBe(false);
    expect(bucket.take(1, later(999))).toBe(false);
    expect(bucket.take(1, later(1000))).toBe(true);
    // Idle for an hour holds no more than one minute's worth.
    expect(bucket.available(later(3_600_000))).toBe(60);
  });

  it('charges a request it must not refuse, and pays the debt from later refills', () => {
    const bucket = new TokenBucket(60, start);
    bucket.charge(90, start);
    expect(bucket.available(start)).toBe(-30);
    expect(bucket.take(1, later(30_000))).toBe(false);
    expect(bucket.take(1, later(31_000))).toBe(true);
  });

  it('never refills backwards when a clock is earlier', () => {
    const bucket = new TokenBucket(60, start);
    bucket.take(60, start);
    expect(bucket.available(later(-60_000))).toBe(0);
  });
});
