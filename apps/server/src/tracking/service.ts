import { createHash, randomBytes } from 'node:crypto';
import type { LabelTracking, LabelTrackResponse } from '@verzendhuis/contract/tracking';
import { AppError, notFound } from '@verzendhuis/domain/errors';
import { errorMessages } from '@verzendhuis/domain/messages';
import { isFinalLabelStatus, labelStatusFromTracking, latestTrackingEvent, mapTrackingEvent, trackingTexts } from '@verzendhuis/domain/tracking';
import {
  TokenBucket,
  defaultRateLimitBackoffMs,
  delayedPackages,
  failedCheckRetryMinutes,
  nextTrackingCheck,
  perCarrierValue,
  trackingFreshnessTexts,
  trackingWebhookTexts,
  type PerCarrier,
} from '@verzendhuis/domain/tracking-freshness';
import { allCourierClassMeta, type CarrierRegistry } from '../carriers/registry';
import { CarrierError } from '../carriers/types';
import type { CourierRepository } from '../couriers/repository';
import { settingsForCarrierCall } from '../couriers/service';
import type { SettingsCrypto } from '../couriers/settings-crypto';
import { labelHistory } from './history';
import type { LocationCoordinates } from './locations';
import type { TrackableLabel, TrackingEventValues, TrackingRepository } from './repository';

/**
 * What one refresh changed of a label: its status before and after and the events it saw
 * for the first time (our names, §4). Given to `onChange` after the change is stored, so
 * that tracking e-mails (and other followers) react to every way news arrives: the
 * scheduled refresh, POST label/track and pushed carrier events.
 */
export interface TrackingChange {
  organisationId: string;
  labelId: string;
  previousStatus: string;
  status: string;
  newEvents: string[];
  at: Date;
}

type Outcome =
  | { ok: true; label_id: string; status: string; previous_status: string; tracking_date: string | null; new_events: number }
  | { ok: false; label_id: string; message: string; rateLimited?: boolean };

export interface TrackingServiceDeps {
  repository: TrackingRepository;
  couriers: CourierRepository;
  /** The adapters that ask the carriers (carriers/registry.ts). */
  carriers: CarrierRegistry;
  crypto: SettingsCrypto;
  /** How long the carrier calls of one label may take together. */
  timeoutMs: number;
  /** TEST_CARRIER_TIME_SCALE */
  timeScale: number;
  /** How many labels are asked at the same time. */
  concurrency?: number;
  /** DELAY_AFTER_HOURS, parsed (domain/tracking-freshness.ts parseDelayAfterHours). */
  delayAfterHours: PerCarrier;
  /** TRACKING_BUDGET_PER_MINUTE, parsed: carrier requests per minute per class. */
  budgetPerMinute: PerCarrier;
  /** PUBLIC_URL: the base of a courier's webhook URL. */
  publicUrl: string;
  log?: { error: (details: object, message: string) => void };
  /**
   * Called after a refresh stored new events or a new status. A failure here is logged and
   * never fails the refresh: the change is stored already.
   */
  onChange?: (change: TrackingChange) => Promise<void>;
  /** The coordinates of a history location (locations.ts); without it the history has none but the carrier's. */
  coordinatesOf?: LocationCoordinates;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

/** Only the hash of a webhook secret is kept. */
const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Our own events of every package: the label was made, and printed when it was. */
function ownEvents(label: TrackableLabel): TrackingEventValues[] {
  return label.packages.flatMap((p) => [
    { packageId: p.id, event: 'ready', status: 'ready', occurredAt: label.createdAt, courierDescription: null, location: null },
    ...(label.printedAt ? [{ packageId: p.id, event: 'printed', status: 'printed', occurredAt: label.printedAt, courierDescription: null, location: null }] : []),
  ]);
}

export function createTrackingService(deps: TrackingServiceDeps) {
  const concurrency = deps.concurrency ?? 4;
  /** Each carrier class's budget in this process (the job runs in one process at a time: pg-boss "stately"). */
  const buckets = new Map<string, TokenBucket>();
  /** Carrier classes that answered 429, until when they are left alone. */
  const backedOffUntil = new Map<string, number>();

  function bucketOf(courierClass: string, now: Date): TokenBucket {
    let bucket = buckets.get(courierClass);
    if (!bucket) buckets.set(courierClass, (bucket = new TokenBucket(perCarrierValue(deps.budgetPerMinute, courierClass), now)));
    return bucket;
  }

  function backOff(courierClass: string, now: Date, retryAfterMs: number | null): void {
    const until = now.getTime() + (retryAfterMs ?? defaultRateLimitBackoffMs);
    backedOffUntil.set(courierClass, Math.max(until, backedOffUntil.get(courierClass) ?? 0));
  }

  function backedOff(courierClass: string, now: Date): Date | null {
    const until = backedOffUntil.get(courierClass);
    return until !== undefined && until > now.getTime() ? new Date(until) : null;
  }

  /** Hours of silence before a parcel of this class is delayed; the Testvervoerder's run at its time scale like its timeline. */
  function delayHours(courierClass: string): number {
    const hours = perCarrierValue(deps.delayAfterHours, courierClass);
    return courierClass === 'test' ? hours / deps.timeScale : hours;
  }

  /**
   * Stores what is known of a label through recordTracking (the one way news is stored):
   * the events, the delay rule's event where `delayRule`, the new status and the next
   * check; then tells the follower (tracking e-mails) of what changed.
   */
  async function store(label: TrackableLabel, events: TrackingEventValues[], now: Date, options: { delayRule: boolean }): Promise<Outcome> {
    const packageIds = label.packages.map((p) => p.id);
    const byPackage = (all: Pick<TrackingEventValues, 'packageId' | 'event' | 'occurredAt'>[]) => packageIds.map((id) => ({ id, events: all.filter((e) => e.packageId === id) }));
    const stored = await deps.repository.for(label.organisationId).recordTracking(
      label.id,
      events,
      now,
      (current, all) => labelStatusFromTracking({ current, packages: byPackage(all) }),
      {
        supplement: (all) => {
          // The delay rule holds for a label underway and on time (shipped) once these events are in.
          if (!options.delayRule || labelStatusFromTracking({ current: label.status, packages: byPackage(all) }) !== 'shipped') return [];
          return delayedPackages(byPackage(all), { now, hours: delayHours(label.courierClass) }).map((d) => ({
            packageId: d.packageId,
            event: 'delivery_delayed',
            status: 'delayed',
            occurredAt: d.occurredAt,
            courierDescription: trackingFreshnessTexts.noNewsSince(d.since),
            location: null,
          }));
        },
        nextCheckAt: (status, all) =>
          nextTrackingCheck({ status, latestEvent: latestTrackingEvent(all)?.event ?? null, createdAt: label.createdAt }, now, label.courierClass === 'test' ? deps.timeScale : 1),
      },
    );
    if (!stored) return { ok: false, label_id: label.id, message: errorMessages.label_not_found };
    if (deps.onChange && (stored.newEventNames.length > 0 || stored.status !== stored.previousStatus)) {
      await deps
        .onChange({ organisationId: label.organisationId, labelId: label.id, previousStatus: stored.previousStatus, status: stored.status, newEvents: stored.newEventNames, at: now })
        .catch((error: unknown) => deps.log?.error({ err: error, labelId: label.id }, 'tracking change follower failed'));
    }
    return { ok: true, label_id: label.id, status: stored.status, previous_status: stored.previousStatus, tracking_date: stored.trackingDate.toISOString(), new_events: stored.newEvents };
  }

  /**
   * Asks the carrier about every package of one label and stores what it says; a failure is
   * this label's only. `delayRule`: the scheduled refresh also applies the delay rule (a
   * user's refresh only shows what the carrier says).
   */
  async function refreshLabel(label: TrackableLabel, now: Date, options: { delayRule: boolean } = { delayRule: false }): Promise<Outcome> {
    if (isFinalLabelStatus(label.status)) {
      return { ok: true, label_id: label.id, status: label.status, previous_status: label.status, tracking_date: label.trackingDate?.toISOString() ?? null, new_events: 0 };
    }
    const fail = (message: string): Outcome => ({ ok: false, label_id: label.id, message });
    const adapter = deps.carriers.adapter(label.courierClass);
    if (!adapter) return fail(trackingTexts.courierUnknown);
    try {
      const courier = await deps.couriers.for(label.organisationId).find(label.courierId);
      if (!courier) return fail(trackingTexts.courierUnknown);
      const settings = await settingsForCarrierCall(courier, { couriers: deps.couriers, crypto: deps.crypto });
      if (!settings.ok) return fail(settings.message);
      const signal = AbortSignal.timeout(deps.timeoutMs);
      const events: TrackingEventValues[] = ownEvents(label);
      for (const pkg of label.packages) {
        const found = await adapter.track(
          { trackingNumber: pkg.trackingNumber, zipcode: label.zipcode, country: label.country, labelCreatedAt: label.createdAt },
          { settings: settings.settings, signal, now, timeScale: deps.timeScale },
        );
        for (const e of found) {
          const status = mapTrackingEvent(e.event);
          if (status) events.push({ packageId: pkg.id, event: e.event, status, occurredAt: e.occurredAt, courierDescription: e.courierDescription || null, location: e.location ? { ...e.location } : null });
        }
      }
      return await store(label, events, now, options);
    } catch (error) {
      if (error instanceof CarrierError && error.kind === 'rate_limited') {
        backOff(label.courierClass, now, error.retryAfterMs);
        return { ok: false, label_id: label.id, message: error.message, rateLimited: true };
      }
      if (error instanceof CarrierError) return fail(error.message);
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') return fail(trackingTexts.timeout);
      deps.log?.error({ err: error, labelId: label.id }, 'tracking refresh failed');
      return fail(trackingTexts.failed);
    }
  }

  return {
    /**
     * POST label/track: refreshes the caller's labels, one result per label, in the order
     * asked. A user's refresh is never refused for the budget: its requests are charged to
     * the carrier's bucket (the job then spends less); a carrier that answered 429 is not
     * asked until its Retry-After has passed.
     */
    async refresh(organisationId: string, labelIds: string[], now = new Date()): Promise<LabelTrackResponse> {
      const ids = [...new Set(labelIds)];
      const found = new Map((await deps.repository.for(organisationId).findLabels(ids)).map((l) => [l.id, l]));
      const outcomes = await mapLimited(ids, concurrency, async (id): Promise<Outcome> => {
        const label = found.get(id);
        if (!label) return { ok: false, label_id: id, message: errorMessages.label_not_found };
        if (!isFinalLabelStatus(label.status)) {
          const meta = allCourierClassMeta().find((m) => m.class === label.courierClass);
          if (backedOff(label.courierClass, now)) return { ok: false, label_id: id, message: trackingFreshnessTexts.carrierRateLimited(meta?.name ?? label.courierClass) };
          bucketOf(label.courierClass, now).charge(label.packages.length, now);
        }
        return refreshLabel(label, now);
      });
      const data = outcomes.flatMap((o) => (o.ok ? [{ label_id: o.label_id, status: o.status, previous_status: o.previous_status, tracking_date: o.tracking_date, new_events: o.new_events }] : []));
      const errors = outcomes.flatMap((o) => (o.ok ? [] : [{ label_id: o.label_id, message: o.message }]));
      return { status: errors.length === 0 ? 'success' : data.length === 0 ? 'failed' : 'partial', data, errors };
    },

    /**
     * The scheduled refresh (every minute): per carrier class, at the same time, the due
     * labels younger than `maxAgeDays`, most overdue first, as far as the class's budget
     * reaches (one request per package). A class that answers 429 is left alone for the rest
     * of the run and until its Retry-After, and its labels' next check moves past it; the
     * other classes go on. A failed label is asked again after half an hour.
     */
    async refreshDue(options: { now?: Date; batchSize?: number; maxAgeDays?: number } = {}): Promise<{ checked: number; changed: number; failed: number }> {
      const now = options.now ?? new Date();
      const batchSize = options.batchSize ?? 100;
      const createdSince = new Date(now.getTime() - (options.maxAgeDays ?? 30) * 86_400_000);
      const totals = { checked: 0, changed: 0, failed: 0 };
      const classes = allCourierClassMeta().map((m) => m.class);
      await Promise.all(
        classes.map(async (courierClass) => {
          await deps.repository.crossOrganisation.retireOld({ courierClass, createdSince, now });
          for (;;) {
            const until = backedOff(courierClass, now);
            if (until) {
              await deps.repository.crossOrganisation.postponeClass(courierClass, until);
              return;
            }
            const bucket = bucketOf(courierClass, now);
            const tokens = Math.floor(bucket.available(now));
            if (tokens < 1) return;
            const due = await deps.repository.crossOrganisation.dueLabels({ courierClass, createdSince, now, limit: Math.min(batchSize, tokens) });
            if (due.length === 0) return;
            const byOrganisation = new Map<string, string[]>();
            for (const d of due) byOrganisation.set(d.organisationId, [...(byOrganisation.get(d.organisationId) ?? []), d.id]);
            const loaded = new Map((await Promise.all([...byOrganisation].map(([organisationId, ids]) => deps.repository.for(organisationId).findLabels(ids)))).flat().map((l) => [l.id, l]));
            const labels = due.flatMap((d) => loaded.get(d.id) ?? []);
            let spent = false;
            const outcomes = await mapLimited(labels, concurrency, async (label): Promise<Outcome | null> => {
              if (spent || backedOff(courierClass, now) || !bucket.take(Math.max(1, label.packages.length), now)) {
                spent = true;
                return null;
              }
              const outcome = await refreshLabel(label, now, { delayRule: true });
              if (!outcome.ok && !outcome.rateLimited) await deps.repository.for(label.organisationId).postponeCheck(label.id, new Date(now.getTime() + failedCheckRetryMinutes * 60_000));
              return outcome;
            });
            const done = outcomes.filter((o): o is Outcome => o !== null);
            totals.checked += done.length;
            totals.changed += done.filter((o) => o.ok && o.status !== o.previous_status).length;
            totals.failed += done.filter((o) => !o.ok).length;
            if (spent || due.length < Math.min(batchSize, tokens) || labels.length === 0) {
              // The budget is spent, or no more are due; a 429 pushes the class's labels on at the top of the loop.
              if (!backedOff(courierClass, now)) return;
            }
          }
        }),
      );
      return totals;
    },

    /**
     * POST courier/{id}/webhook: (re)makes the courier's webhook secret and answers the full
     * URL, once (only its hash is kept; a new one replaces the old). Another organisation's
     * courier is not found; a class that pushes nothing, or a platform contract's courier, is refused.
     */
    async createWebhook(organisationId: string, courierId: string): Promise<{ url: string; courier_class: string }> {
      const courier = await deps.couriers.for(organisationId).find(courierId);
      if (!courier || !courier.isActive) throw notFound('courier_not_found');
      // A platform contract's courier (proxied_id): its carrier pushes to the platform's account, not the organisation's.
      if (courier.proxiedId || !deps.carriers.adapter(courier.serviceClass)?.parseWebhook) {
        throw new AppError({ type: 'validation', messageCode: 'courier_webhook_not_supported', message: trackingWebhookTexts.notSupported });
      }
      const secret = randomBytes(24).toString('base64url');
      if (!(await deps.repository.for(organisationId).setWebhookHash(courier.id, hashSecret(secret)))) throw notFound('courier_not_found');
      return { url: `${deps.publicUrl}/api/tracking/webhook/${encodeURIComponent(courier.serviceClass)}/${secret}`, courier_class: courier.serviceClass };
    },

    /**
     * POST /api/tracking/webhook/{courier_class}/{secret} (public): the secret names one
     * courier of one organisation (an unknown one, or another class's, is a plain 404 with no
     * hint); its carrier's adapter reads the body (unreadable: 400, nothing stored); each
     * parcel's events are stored through recordTracking like a refresh's, for that courier's
     * labels only: a tracking number the organisation has not (on that courier) is ignored.
     */
    async receiveWebhook(
      courierClass: string,
      secret: string,
      body: unknown,
      headers: Record<string, string | string[] | undefined>,
      now = new Date(),
    ): Promise<{ parcels: number; matched: number }> {
      const adapter = deps.carriers.adapter(courierClass);
      if (!adapter?.parseWebhook || secret.length < 16 || secret.length > 128) throw notFound('route_not_found');
      const courier = await deps.repository.crossOrganisation.courierByWebhookHash(courierClass, hashSecret(secret));
      if (!courier) throw notFound('route_not_found');
      const parcels = adapter.parseWebhook(body, headers);
      if (!parcels) throw new AppError({ type: 'validation', messageCode: 'tracking_webhook_unreadable', message: trackingWebhookTexts.unreadable });
      const repository = deps.repository.for(courier.organisationId);
      let matched = 0;
      for (const parcel of parcels) {
        const found = await repository.findPackageByTrackingNumber(courier.id, parcel.trackingNumber);
        const [label] = found ? await repository.findLabels([found.labelId]) : [];
        if (!found || !label) continue;
        const events: TrackingEventValues[] = ownEvents(label);
        for (const e of parcel.events) {
          const status = mapTrackingEvent(e.event);
          if (status) events.push({ packageId: found.packageId, event: e.event, status, occurredAt: e.occurredAt, courierDescription: e.courierDescription || null, location: e.location ? { ...e.location } : null });
        }
        const outcome = await store(label, events, now, { delayRule: false });
        if (outcome.ok) matched += 1;
      }
      return { parcels: parcels.length, matched };
    },

    /** GET label/{id}/tracking: the history per package as the label page shows it (history.ts); not found when not the caller's label. */
    async history(organisationId: string, labelId: string): Promise<LabelTracking> {
      const repository = deps.repository.for(organisationId);
      const [label] = await repository.findLabels([labelId]);
      if (!label) throw new AppError({ type: 'not_found', messageCode: 'label_not_found', message: errorMessages.label_not_found });
      const [events, moments] = await Promise.all([repository.eventsOf(labelId), repository.historyMoments(labelId)]);
      return labelHistory({ label, events, ...moments, coordinatesOf: deps.coordinatesOf });
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
