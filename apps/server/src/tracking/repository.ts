import { and, asc, eq, gte, inArray, isNull, lt, lte, min, ne, or, sql } from 'drizzle-orm';
import { creatingLabelStatus } from '@verzendhuis/domain/label-rules';
import type { Database } from '../db/client';
import { couriers, labelPackages, labels, orders, tickets, trackingEvents } from '../db/schema';

/** A label as tracking needs it: where it goes, when it was made and printed, its packages. */
export interface TrackableLabel {
  id: string;
  organisationId: string;
  courierId: string;
  courierClass: string;
  status: string;
  createdAt: Date;
  printedAt: Date | null;
  trackingDate: Date | null;
  zipcode: string;
  country: string;
  packages: { id: string; packageNumber: number; trackingNumber: string; trackingUrl: string | null }[];
}

export interface TrackingEventValues {
  packageId: string;
  event: string;
  /** The label status group of the event. */
  status: string;
  occurredAt: Date;
  courierDescription: string | null;
  location: Record<string, string | number | null> | null;
}

export type TrackingEventRow = typeof trackingEvents.$inferSelect;

/**
 * Labels still travelling (label-rules' untrackedLabelStatuses left out: neither delivered nor
 * canceled, nor still being made), as SQL literals: exactly the predicate of the partial index labels_tracking_due_idx,
 * so the planner uses it with any parameters.
 */
const trackedByJob = sql`${labels.isActive} AND ${labels.status} NOT IN ('creating', 'completed', 'canceled')`;

/** Still due: never asked, or its next check has come. */
const dueBy = (now: Date) => or(isNull(labels.trackingNextCheckAt), lte(labels.trackingNextCheckAt, now));

type EventRef = Pick<TrackingEventRow, 'packageId' | 'event' | 'occurredAt'>;

export interface RecordTrackingOptions {
  /** Events that follow from all of them (the delay rule), added in the same transaction; a known one is left as it is. */
  supplement?: (events: EventRef[]) => TrackingEventValues[];
  /** When the scheduled refresh asks again, from the new status and all events. */
  nextCheckAt?: (status: string, events: EventRef[]) => Date;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Where a label's parcel goes: its receiver (a return goes to the organisation), or the order's customer for labels made before that was kept. */
function destination(snapshot: Record<string, unknown>): { zipcode: string; country: string } {
  const receiver = (snapshot.shipment_receiver ?? snapshot) as { zipcode?: unknown; country?: unknown };
  return { zipcode: text(receiver.zipcode), country: text(receiver.country) || 'NL' };
}

export function createTrackingRepository(db: Database) {
  async function withPackages(organisationId: string, rows: (typeof labels.$inferSelect)[]): Promise<TrackableLabel[]> {
    if (rows.length === 0) return [];
    const packages = await db
      .select({ id: labelPackages.id, labelId: labelPackages.labelId, packageNumber: labelPackages.packageNumber, trackingNumber: labelPackages.trackingNumber, trackingUrl: labelPackages.trackingUrl })
      .from(labelPackages)
      .where(and(eq(labelPackages.organisationId, organisationId), inArray(labelPackages.labelId, rows.map((r) => r.id))))
      .orderBy(asc(labelPackages.labelId), asc(labelPackages.packageNumber));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      courierId: r.courierId,
      courierClass: r.courierClass,
      status: r.status,
      createdAt: r.createdAt,
      printedAt: r.printedAt,
      trackingDate: r.trackingDate,
      ...destination(r.orderSnapshot),
      packages: packages.filter((p) => p.labelId === r.id).map(({ labelId: _labelId, ...p }) => p),
    }));
  }

  return {
    /** The tracking of one organisation's labels: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        /** The organisation's active labels among `ids` (others' and deleted ones are left out). */
        async findLabels(ids: string[]): Promise<TrackableLabel[]> {
          if (ids.length === 0) return [];
          const rows = await db
            .select()
            .from(labels)
            .where(and(eq(labels.organisationId, organisationId), inArray(labels.id, ids), eq(labels.isActive, true), ne(labels.status, creatingLabelStatus)));
          return withPackages(organisationId, rows);
        },

        /**
         * Stores a refresh at once: upserts the events (a known event only gets its
         * last_seen_at and the carrier's latest words), then sets the label's status as
         * `decide` says from all its events, and its tracking_date. The label row is locked
         * meanwhile, so a refresh and a "mark as delivered" never overwrite each other.
         * Null when the label is gone (deleted meanwhile).
         */
        async recordTracking(
          labelId: string,
          events: TrackingEventValues[],
          now: Date,
          decide: (current: string, events: EventRef[]) => string,
          options: RecordTrackingOptions = {},
        ): Promise<{ previousStatus: string; status: string; newEvents: number; newEventNames: string[]; trackingDate: Date } | null> {
          return db.transaction(async (tx) => {
            const [label] = await tx
              .select({ status: labels.status })
              .from(labels)
              .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), eq(labels.isActive, true)))
              .for('update');
            if (!label) return null;
            let newEventNames: string[] = [];
            if (events.length > 0) {
              const rows = await tx
                .insert(trackingEvents)
                .values(events.map((e) => ({ ...e, organisationId, labelId, firstSeenAt: now, lastSeenAt: now })))
                .onConflictDoUpdate({
                  target: [trackingEvents.organisationId, trackingEvents.packageId, trackingEvents.event, trackingEvents.occurredAt],
                  set: { lastSeenAt: now, courierDescription: sql`excluded.courier_description`, location: sql`excluded.location` },
                })
                .returning({ event: trackingEvents.event, inserted: sql<boolean>`(xmax = 0)` });
              newEventNames = rows.filter((r) => r.inserted).map((r) => r.event);
            }
            const all = await tx
              .select({ packageId: trackingEvents.packageId, event: trackingEvents.event, occurredAt: trackingEvents.occurredAt })
              .from(trackingEvents)
              .where(and(eq(trackingEvents.organisationId, organisationId), eq(trackingEvents.labelId, labelId)));
            const more = options.supplement?.(all) ?? [];
            if (more.length > 0) {
              const added = await tx
                .insert(trackingEvents)
                .values(more.map((e) => ({ ...e, organisationId, labelId, firstSeenAt: now, lastSeenAt: now })))
                .onConflictDoNothing({ target: [trackingEvents.organisationId, trackingEvents.packageId, trackingEvents.event, trackingEvents.occurredAt] })
                .returning({ packageId: trackingEvents.packageId, event: trackingEvents.event, occurredAt: trackingEvents.occurredAt });
              all.push(...added);
              newEventNames = [...newEventNames, ...added.map((e) => e.event)];
            }
            const status = decide(label.status, all);
            const nextCheckAt = options.nextCheckAt?.(status, all);
            await tx
              .update(labels)
              .set({ status, trackingDate: now, ...(nextCheckAt ? { trackingNextCheckAt: nextCheckAt } : {}), ...(status !== label.status ? { updatedAt: now } : {}) })
              .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
            return { previousStatus: label.status, status, newEvents: newEventNames.length, newEventNames, trackingDate: now };
          });
        },

        /**
         * What the history adds to a label's events (orders spec §2.7): when its order was
         * made, and when the first ticket (investigation) about it was asked.
         */
        async historyMoments(labelId: string): Promise<{ orderCreatedAt: Date | null; ticketCreatedAt: Date | null }> {
          const [order] = await db
            .select({ createdAt: orders.createdAt })
            .from(labels)
            .innerJoin(orders, and(eq(orders.organisationId, organisationId), eq(orders.id, labels.orderId)))
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
          const [ticket] = await db
            .select({ createdAt: min(tickets.createdAt) })
            .from(tickets)
            .where(and(eq(tickets.organisationId, organisationId), eq(tickets.labelId, labelId)));
          return { orderCreatedAt: order?.createdAt ?? null, ticketCreatedAt: ticket?.createdAt ?? null };
        },

        /** The scheduled refresh asks about this label again at `at` (after a failure). */
        async postponeCheck(labelId: string, at: Date): Promise<void> {
          await db
            .update(labels)
            .set({ trackingNextCheckAt: at })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
        },

        /** The organisation's active label package with this tracking number on this courier; null when none. */
        async findPackageByTrackingNumber(courierId: string, trackingNumber: string): Promise<{ labelId: string; packageId: string } | null> {
          const [row] = await db
            .select({ labelId: labels.id, packageId: labelPackages.id })
            .from(labelPackages)
            .innerJoin(labels, and(eq(labels.organisationId, labelPackages.organisationId), eq(labels.id, labelPackages.labelId), eq(labels.organisationId, organisationId)))
            .where(
              and(
                eq(labelPackages.organisationId, organisationId),
                eq(labelPackages.trackingNumber, trackingNumber),
                eq(labels.courierId, courierId),
                eq(labels.isActive, true),
                ne(labels.status, creatingLabelStatus),
              ),
            )
            .orderBy(sql`${labels.createdAt} DESC`)
            .limit(1);
          return row ?? null;
        },

        /** Sets (or replaces) the hash of a courier's webhook secret; false when the courier is not the organisation's. */
        async setWebhookHash(courierId: string, hash: string): Promise<boolean> {
          const rows = await db
            .update(couriers)
            .set({ trackingWebhookHash: hash })
            .where(and(eq(couriers.organisationId, organisationId), eq(couriers.id, courierId)))
            .returning({ id: couriers.id });
          return rows.length > 0;
        },

        /** A label's events, per package in the order they were first seen. */
        async eventsOf(labelId: string): Promise<TrackingEventRow[]> {
          return db
            .select()
            .from(trackingEvents)
            .where(and(eq(trackingEvents.organisationId, organisationId), eq(trackingEvents.labelId, labelId)))
            .orderBy(asc(trackingEvents.firstSeenAt), asc(trackingEvents.occurredAt), asc(trackingEvents.id));
        },
      };
    },

    /** Across organisations: the scheduled refresh finds the due labels of every organisation; a webhook finds its courier. */
    crossOrganisation: {
      /**
       * The labels of one carrier class the scheduled refresh should ask about next, over all
       * organisations: active, still travelling, made since `createdSince`, never asked or due
       * by `now`; the most overdue first (never asked before all), through labels_tracking_due_idx.
       */
      async dueLabels(query: { courierClass: string; createdSince: Date; now: Date; limit: number }): Promise<{ id: string; organisationId: string }[]> {
        return db
          .select({ id: labels.id, organisationId: labels.organisationId })
          .from(labels)
          .where(and(eq(labels.courierClass, query.courierClass), trackedByJob, dueBy(query.now), gte(labels.createdAt, query.createdSince)))
          .orderBy(sql`${labels.trackingNextCheckAt} ASC NULLS FIRST`, asc(labels.id))
          .limit(query.limit);
      },

      /**
       * Labels too old to follow (made before `createdSince`) that are still due leave the
       * queue for good (their next check becomes the last day of 9999, a date every client
       * reads), so they no longer stand in front of the index. A user's refresh (POST
       * label/track) puts one back.
       */
      async retireOld(query: { courierClass: string; createdSince: Date; now: Date }): Promise<number> {
        const rows = await db
          .update(labels)
          .set({ trackingNextCheckAt: new Date('9999-12-31T00:00:00Z') })
          .where(and(eq(labels.courierClass, query.courierClass), trackedByJob, dueBy(query.now), lt(labels.createdAt, query.createdSince)))
          .returning({ id: labels.id });
        return rows.length;
      },

      /**
       * How far behind the scheduled refresh of one carrier class is (the metric
       * verzendhuis_tracking_lag_seconds): the seconds since the label at the head of its queue
       * (the one dueLabels gives first) became due, its next check or, never asked, its
       * creation; 0 when none is due. One row through labels_tracking_due_idx.
       */
      async trackingLagSeconds(query: { courierClass: string; createdSince: Date; now: Date }): Promise<number> {
        const [head] = await db
          .select({ nextCheckAt: labels.trackingNextCheckAt, createdAt: labels.createdAt })
          .from(labels)
          .where(and(eq(labels.courierClass, query.courierClass), trackedByJob, dueBy(query.now), gte(labels.createdAt, query.createdSince)))
          .orderBy(sql`${labels.trackingNextCheckAt} ASC NULLS FIRST`)
          .limit(1);
        if (!head) return 0;
        return Math.max(0, (query.now.getTime() - (head.nextCheckAt ?? head.createdAt).getTime()) / 1000);
      },

      /** A carrier asked us to wait (429): every label of its class due before `until` is asked at `until`. */
      async postponeClass(courierClass: string, until: Date): Promise<number> {
        const rows = await db
          .update(labels)
          .set({ trackingNextCheckAt: until })
          .where(and(eq(labels.courierClass, courierClass), trackedByJob, or(isNull(labels.trackingNextCheckAt), lt(labels.trackingNextCheckAt, until))))
          .returning({ id: labels.id });
        return rows.length;
      },

      /** The active courier whose webhook secret hashes to `hash`, of this class; null when none (then nothing is said about why). */
      async courierByWebhookHash(serviceClass: string, hash: string): Promise<{ id: string; organisationId: string } | null> {
        const [row] = await db
          .select({ id: couriers.id, organisationId: couriers.organisationId })
          .from(couriers)
          .where(and(eq(couriers.trackingWebhookHash, hash), eq(couriers.serviceClass, serviceClass), eq(couriers.isActive, true)))
          .limit(1);
        return row ?? null;
      },
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
export type OrganisationTracking = ReturnType<TrackingRepository['for']>;
