import type { LabelTracking, LabelTrackResponse } from '@verzendhuis/contract/tracking';
import { AppError } from '@verzendhuis/domain/errors';
import { errorMessages } from '@verzendhuis/domain/messages';
import { isFinalLabelStatus, labelStatusFromTracking, mapTrackingEvent, trackingTexts } from '@verzendhuis/domain/tracking';
import type { CarrierRegistry } from '../carriers/registry';
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

type Outcome = { ok: true; label_id: string; status: string; previous_status: string; tracking_date: string | null; new_events: number } | { ok: false; label_id: string; message: string };

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

/** Our own events of every package: the label was made, and printed when it was. */
function ownEvents(label: TrackableLabel): TrackingEventValues[] {
  return label.packages.flatMap((p) => [
    { packageId: p.id, event: 'ready', status: 'ready', occurredAt: label.createdAt, courierDescription: null, location: null },
    ...(label.printedAt ? [{ packageId: p.id, event: 'printed', status: 'printed', occurredAt: label.printedAt, courierDescription: null, location: null }] : []),
  ]);
}

export function createTrackingService(deps: TrackingServiceDeps) {
  const concurrency = deps.concurrency ?? 4;

  /** Asks the carrier about every package of one label and stores what it says; a failure is this label's only. */
  async function refreshLabel(label: TrackableLabel, now: Date): Promise<Outcome> {
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
      const packageIds = label.packages.map((p) => p.id);
      const stored = await deps.repository.for(label.organisationId).recordTracking(label.id, events, now, (current, all) =>
        labelStatusFromTracking({ current, packages: packageIds.map((id) => ({ events: all.filter((e) => e.packageId === id) })) }),
      );
      if (!stored) return fail(errorMessages.label_not_found);
      if (deps.onChange && (stored.newEventNames.length > 0 || stored.status !== stored.previousStatus)) {
        await deps
          .onChange({ organisationId: label.organisationId, labelId: label.id, previousStatus: stored.previousStatus, status: stored.status, newEvents: stored.newEventNames, at: now })
          .catch((error: unknown) => deps.log?.error({ err: error, labelId: label.id }, 'tracking change follower failed'));
      }
      return { ok: true, label_id: label.id, status: stored.status, previous_status: stored.previousStatus, tracking_date: stored.trackingDate.toISOString(), new_events: stored.newEvents };
    } catch (error) {
      if (error instanceof CarrierError) return fail(error.message);
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') return fail(trackingTexts.timeout);
      deps.log?.error({ err: error, labelId: label.id }, 'tracking refresh failed');
      return fail(trackingTexts.failed);
    }
  }

  return {
    /** POST label/track: refreshes the caller's labels, one result per label, in the order asked. */
    async refresh(organisationId: string, labelIds: string[], now = new Date()): Promise<LabelTrackResponse> {
      const ids = [...new Set(labelIds)];
      const found = new Map((await deps.repository.for(organisationId).findLabels(ids)).map((l) => [l.id, l]));
      const outcomes = await mapLimited(ids, concurrency, async (id): Promise<Outcome> => {
        const label = found.get(id);
        return label ? refreshLabel(label, now) : { ok: false, label_id: id, message: errorMessages.label_not_found };
      });
      const data = outcomes.flatMap((o) => (o.ok ? [{ label_id: o.label_id, status: o.status, previous_status: o.previous_status, tracking_date: o.tracking_date, new_events: o.new_events }] : []));
      const errors = outcomes.flatMap((o) => (o.ok ? [] : [{ label_id: o.label_id, message: o.message }]));
      return { status: errors.length === 0 ? 'success' : data.length === 0 ? 'failed' : 'partial', data, errors };
    },

    /**
     * The scheduled refresh: every active label younger than `maxAgeDays` that is still
     * travelling and was not refreshed in the last `minIntervalMs`, in batches.
     */
    async refreshDue(options: { now?: Date; batchSize?: number; maxAgeDays?: number; minIntervalMs?: number } = {}): Promise<{ checked: number; changed: number; failed: number }> {
      const now = options.now ?? new Date();
      const batchSize = options.batchSize ?? 100;
      const createdSince = new Date(now.getTime() - (options.maxAgeDays ?? 30) * 86_400_000);
      const refreshedBefore = new Date(now.getTime() - (options.minIntervalMs ?? 4 * 60_000));
      const totals = { checked: 0, changed: 0, failed: 0 };
      let afterId: string | null = null;
      for (;;) {
        const due = await deps.repository.crossOrganisation.dueLabels({ createdSince, refreshedBefore, afterId, limit: batchSize });
        if (due.length === 0) break;
        afterId = due[due.length - 1]?.id ?? null;
        const byOrganisation = new Map<string, string[]>();
        for (const d of due) byOrganisation.set(d.organisationId, [...(byOrganisation.get(d.organisationId) ?? []), d.id]);
        const labels = (await Promise.all([...byOrganisation].map(([organisationId, ids]) => deps.repository.for(organisationId).findLabels(ids)))).flat();
        const outcomes = await mapLimited(labels, concurrency, (label) => refreshLabel(label, now));
        totals.checked += outcomes.length;
        totals.changed += outcomes.filter((o) => o.ok && o.status !== o.previous_status).length;
        totals.failed += outcomes.filter((o) => !o.ok).length;
        if (due.length < batchSize) break;
      }
      return totals;
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
