import { and, asc, eq, gt, gte, inArray, isNull, lt, min, ne, notInArray, or, sql } from 'drizzle-orm';
import { creatingLabelStatus, untrackedLabelStatuses } from '@verzendhuis/domain/label-rules';
import type { Database } from '../db/client';
import { labelPackages, labels, orders, tickets, trackingEvents } from '../db/schema';

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

/** Labels still travelling (label-rules' isTravellingStatus): neither delivered nor canceled (nor still being made). */
const notFinal = notInArray(labels.status, [...untrackedLabelStatuses]);

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
          decide: (current: string, events: Pick<TrackingEventRow, 'packageId' | 'event' | 'occurredAt'>[]) => string,
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
                  target: [trackingEvents.packageId, trackingEvents.event, trackingEvents.occurredAt],
                  set: { lastSeenAt: now, courierDescription: sql`excluded.courier_description`, location: sql`excluded.location` },
                })
                .returning({ event: trackingEvents.event, inserted: sql<boolean>`(xmax = 0)` });
              newEventNames = rows.filter((r) => r.inserted).map((r) => r.event);
            }
            const all = await tx
              .select({ packageId: trackingEvents.packageId, event: trackingEvents.event, occurredAt: trackingEvents.occurredAt })
              .from(trackingEvents)
              .where(and(eq(trackingEvents.organisationId, organisationId), eq(trackingEvents.labelId, labelId)));
            const status = decide(label.status, all);
            await tx
              .update(labels)
              .set({ status, trackingDate: now, ...(status !== label.status ? { updatedAt: now } : {}) })
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

    /** Across organisations: the scheduled refresh finds the due labels of every organisation. */
    crossOrganisation: {
      /**
       * The next labels the scheduled refresh should look at, over all organisations: active,
       * still travelling, made since `createdSince`, not refreshed since `refreshedBefore`;
       * in id order after `afterId`, so one run walks through them in batches.
       */
      async dueLabels(query: { createdSince: Date; refreshedBefore: Date; afterId: string | null; limit: number }): Promise<{ id: string; organisationId: string }[]> {
        return db
          .select({ id: labels.id, organisationId: labels.organisationId })
          .from(labels)
          .where(
            and(
              eq(labels.isActive, true),
              notFinal,
              gte(labels.createdAt, query.createdSince),
              or(isNull(labels.trackingDate), lt(labels.trackingDate, query.refreshedBefore)),
              query.afterId ? gt(labels.id, query.afterId) : undefined,
            ),
          )
          .orderBy(asc(labels.id))
          .limit(query.limit);
      },
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
export type OrganisationTracking = ReturnType<TrackingRepository['for']>;
