/**
 * Fresh tracking within carrier budgets (docs/tracking.md, "Freshness"): the per-carrier
 * settings (DELAY_AFTER_HOURS, TRACKING_BUDGET_PER_MINUTE), when a label is checked next,
 * the delay rule (no news for too long → our event `delivery_delayed`) and the token
 * bucket of a carrier's request budget. Pure rules: time is always passed in.
 */

import { formatDutchTimestamp } from './amsterdam-time';
import { latestTrackingEvent, type TrackedEvent } from './tracking';

/** A number per carrier class, with a fallback for a class not named. */
export interface PerCarrier {
  byClass: Readonly<Record<string, number>>;
  fallback: number;
}

export function perCarrierValue(values: PerCarrier, carrierClass: string): number {
  return Object.hasOwn(values.byClass, carrierClass) ? (values.byClass[carrierClass] as number) : values.fallback;
}

/**
 * Reads "48" (every carrier) or "postnl=36,dhl=36,test=24,48" (per carrier class, the bare
 * number the fallback) over `defaults`: a class not named keeps its default, and the
 * fallback stays the default's unless a bare number is given. Throws on anything else, so
 * a wrong setting stops the start with its name.
 */
export function parsePerCarrier(raw: string | null | undefined, defaults: PerCarrier, setting: { name: string; min: number; max: number }): PerCarrier {
  const byClass: Record<string, number> = { ...defaults.byClass };
  let fallback = defaults.fallback;
  const text = (raw ?? '').trim();
  if (text === '') return { byClass, fallback };
  const number = (value: string, part: string): number => {
    const n = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(n) || n < setting.min || n > setting.max) {
      throw new Error(`${setting.name}: "${part}" is not a number from ${setting.min} to ${setting.max}`);
    }
    return n;
  };
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const pair = /^([a-z0-9_-]+)\s*=\s*(.*)$/i.exec(part);
    if (pair?.[1] !== undefined && pair[2] !== undefined) byClass[pair[1].toLowerCase()] = number(pair[2], part);
    else fallback = number(part, part);
  }
  return { byClass, fallback };
}

/**
 * Hours without a new event before a travelling parcel counts as delayed. PostNL and DHL
 * Parcel deliver within the Netherlands the next working day and scan at every step, so
 * two days of silence (a weekend included: Saturday's scans are followed by Monday's
 * out-for-delivery) is news; the Testvervoerder's slowest path is a day late (its hours
 * are scaled by TEST_CARRIER_TIME_SCALE); any other class, and parcels abroad, three days.
 */
export const defaultDelayAfterHours: PerCarrier = { byClass: { postnl: 48, dhl: 48, test: 24 }, fallback: 72 };

/**
 * Tracking requests per minute per carrier class. UNVERIFIED: PostNL and DHL Parcel publish
 * no tracking rate limit we could read; these stay well below what their gateways answer
 * before a 429 in practice. The Testvervoerder asks no one.
 */
export const defaultTrackingBudgetPerMinute: PerCarrier = { byClass: { postnl: 600, dhl: 300, test: 6000 }, fallback: 300 };

export function parseDelayAfterHours(raw: string | null | undefined): PerCarrier {
  return parsePerCarrier(raw, defaultDelayAfterHours, { name: 'DELAY_AFTER_HOURS', min: 1, max: 24 * 60 });
}

export function parseTrackingBudget(raw: string | null | undefined): PerCarrier {
  return parsePerCarrier(raw, defaultTrackingBudgetPerMinute, { name: 'TRACKING_BUDGET_PER_MINUTE', min: 1, max: 1_000_000 });
}

const minute = 60_000;

/**
 * Minutes until a label is checked again, by how likely its parcel moves soon: a parcel out
 * for delivery or waiting at a service point changes within the hour; one travelling, within
 * hours; a delayed one moderately; a label just made (ready) is often printed and handed
 * over only later, a printed one sooner. A label that has waited a week without travelling
 * is looked at a few times a day.
 */
export function trackingCheckIntervalMinutes(label: { status: string; latestEvent: string | null; createdAt: Date }, now: Date): number {
  const ageDays = (now.getTime() - label.createdAt.getTime()) / (24 * 60 * minute);
  switch (label.status) {
    case 'shipped':
      return label.latestEvent === 'out_for_delivery' || label.latestEvent === 'at_service_point' ? 15 : 60;
    case 'delayed':
      return 120;
    case 'error':
      return 240;
    case 'printed':
      return ageDays > 7 ? 360 : 60;
    case 'ready':
      return ageDays > 7 ? 720 : 180;
    default:
      return 360;
  }
}

/**
 * When a label is checked next after a refresh at `now` (tracking_next_check_at). `timeScale`:
 * a carrier whose parcels move that many times faster (the Testvervoerder at
 * TEST_CARRIER_TIME_SCALE) is asked that much sooner, at least a minute apart.
 */
export function nextTrackingCheck(label: { status: string; latestEvent: string | null; createdAt: Date }, now: Date, timeScale = 1): Date {
  const minutes = trackingCheckIntervalMinutes(label, now) / timeScale;
  return new Date(now.getTime() + Math.max(1, minutes) * minute);
}

/** After a failed refresh (carrier down, refused): try again in half an hour. */
export const failedCheckRetryMinutes = 30;

/** After a 429 without Retry-After: leave the carrier alone this long. */
export const defaultRateLimitBackoffMs = 5 * minute;

export const trackingFreshnessTexts = {
  /** The courier_description of our own delivery_delayed event. */
  noNewsSince: (since: Date) => `Geen nieuws van de vervoerder sinds ${formatDutchTimestamp(since).slice(0, 16)}.`,
  /** A carrier answered 429 (too many requests). */
  carrierRateLimited: (carrier: string) => `${carrier} vraagt om minder verzoeken. De tracking wordt over enkele minuten opnieuw opgehaald.`,
} as const;

/**
 * The delay rule: a package that travels (its latest event is of the shipped group, so not
 * delivered, not already delayed) without an event for `hours` gets our `delivery_delayed`,
 * stamped at the moment the silence passed the limit (last event + hours), so asking again
 * finds the same event and stores nothing twice. A later real event of the carrier is
 * later than that and moves the parcel on by the usual rule (tracking.ts).
 */
export function delayedPackages<P extends { id: string; events: readonly TrackedEvent[] }>(
  packages: readonly P[],
  options: { now: Date; hours: number },
): { packageId: string; occurredAt: Date; since: Date }[] {
  const limit = options.hours * 60 * minute;
  return packages.flatMap((p) => {
    const latest = latestTrackingEvent(p.events);
    if (!latest || latest.group !== 'shipped') return [];
    const since = latest.occurredAt;
    if (options.now.getTime() - since.getTime() < limit) return [];
    return [{ packageId: p.id, occurredAt: new Date(since.getTime() + limit), since }];
  });
}

/**
 * A carrier's request budget: `perMinute` tokens that refill evenly, holding at most one
 * minute's worth. `take` spends when there is enough; `charge` always spends (a request a
 * user asked for is never refused) and may leave a debt the next refills pay first.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly perMinute: number,
    now: Date,
  ) {
    this.tokens = perMinute;
    this.at = now.getTime();
  }

  available(now: Date): number {
    const elapsed = Math.max(0, now.getTime() - this.at);
    this.tokens = Math.min(this.perMinute, this.tokens + (elapsed * this.perMinute) / minute);
    this.at = Math.max(this.at, now.getTime());
    return this.tokens;
  }

  take(count: number, now: Date): boolean {
    if (this.available(now) < count) return false;
    this.tokens -= count;
    return true;
  }

  charge(count: number, now: Date): void {
    this.available(now);
    this.tokens -= count;
  }
}

/** Dutch texts of the tracking webhook (POST /api/tracking/webhook/{courier_class}/{secret}) and its URL (POST courier/{id}/webhook). */
export const trackingWebhookTexts = {
  unreadable: 'De trackingberichten konden niet worden gelezen: controleer het formaat van de vervoerder.',
  notSupported: 'Deze vervoerder stuurt geen trackingberichten; de tracking wordt bij de vervoerder opgehaald.',
  /** The courier settings (Vervoerder bewerken): the webhook URL. */
  title: 'Trackingberichten (webhook)',
  intro: 'Laat de vervoerder trackingberichten naar Verzendhuis sturen: dan is de tracking direct bij, zonder te wachten op de volgende ophaalronde.',
  create: 'Webhook-URL maken',
  recreate: 'Nieuwe webhook-URL maken',
  urlLabel: 'Webhook-URL',
  shownOnce: 'Deze URL wordt maar één keer getoond. Geef hem aan de vervoerder; een nieuwe URL maakt de vorige ongeldig.',
  failed: 'De webhook-URL kon niet worden gemaakt. Probeer het later opnieuw.',
} as const;

/** The tracking webhook's error codes (composed into MessageCode by messages.ts); both answer 400 (validation). */
export const trackingWebhookErrorMessages = {
  tracking_webhook_unreadable: trackingWebhookTexts.unreadable,
  courier_webhook_not_supported: trackingWebhookTexts.notSupported,
} as const;
