import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { labelPackages, labels, organisations, trackingEvents, trackingLinks, trackingMails } from '../db/schema';

export type TrackingMailRow = typeof trackingMails.$inferSelect;
export type TrackingMailValues = Omit<typeof trackingMails.$inferInsert, 'organisationId' | 'id'>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** A label as a tracking mail or the public page needs it. */
export interface MailLabel {
  id: string;
  isActive: boolean;
  isReturn: boolean;
  status: string;
  courierClass: string;
  trackingNumber: string | null;
  email: string | null;
  name: string | null;
  orderNumber: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  packages: { id: string; packageNumber: number; trackingNumber: string; trackingUrl: string | null }[];
}

export function createTrackingMailRepository(db: Database) {
  return {
    /** The tracking mails of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      const own = eq(trackingMails.organisationId, organisationId);
      return {
        /** The stored settings, the name and the logo of the organisation. */
        async organisation(): Promise<{ name: string; logoUrl: string | null; contactEmail: string | null; settings: unknown } | null> {
          const [row] = await db
            .select({ name: organisations.name, logoUrl: organisations.companyLogoUrl, contactEmail: organisations.contactEmail, settings: organisations.trackingMailSettings })
            .from(organisations)
            .where(eq(organisations.id, organisationId));
          return row ?? null;
        },

        async saveSettings(settings: Record<string, unknown>): Promise<void> {
          await db.update(organisations).set({ trackingMailSettings: settings, updatedAt: new Date() }).where(eq(organisations.id, organisationId));
        },

        /** The label with its recipient (as labelled) and packages; null when not the organisation's. */
        async label(labelId: string): Promise<MailLabel | null> {
          const [row] = await db.select().from(labels).where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId)));
          if (!row) return null;
          const packages = await db
            .select({ id: labelPackages.id, packageNumber: labelPackages.packageNumber, trackingNumber: labelPackages.trackingNumber, trackingUrl: labelPackages.trackingUrl })
            .from(labelPackages)
            .where(and(eq(labelPackages.organisationId, organisationId), eq(labelPackages.labelId, labelId)))
            .orderBy(asc(labelPackages.packageNumber));
          const o = row.orderSnapshot;
          return {
            id: row.id,
            isActive: row.isActive,
            isReturn: row.isReturn,
            status: row.status,
            courierClass: row.courierClass,
            trackingNumber: row.trackingNumber,
            email: text(o.email),
            name: text(o.name),
            orderNumber: text(o.order_number),
            zipcode: text(o.zipcode),
            city: text(o.city),
            country: text(o.country),
            packages,
          };
        },

        /** The token of a label's public tracking page, made the first time it is asked for. */
        async linkToken(labelId: string): Promise<string> {
          const token = randomBytes(18).toString('base64url');
          await db.insert(trackingLinks).values({ labelId, organisationId, token }).onConflictDoNothing({ target: [trackingLinks.organisationId, trackingLinks.labelId] });
          const [row] = await db
            .select({ token: trackingLinks.token })
            .from(trackingLinks)
            .where(and(eq(trackingLinks.organisationId, organisationId), eq(trackingLinks.labelId, labelId)));
          if (!row) throw new Error('tracking link not stored');
          return row.token;
        },

        /** A label's mail for one status, unless that label already has it (then null): each is made once. */
        async insertOnce(values: TrackingMailValues): Promise<TrackingMailRow | null> {
          const [row] = await db
            .insert(trackingMails)
            .values({ ...values, organisationId })
            .onConflictDoNothing({ target: [trackingMails.organisationId, trackingMails.labelId, trackingMails.mailStatus] })
            .returning();
          return row ?? null;
        },

        async find(id: string): Promise<TrackingMailRow | null> {
          const [row] = await db.select().from(trackingMails).where(and(own, eq(trackingMails.id, id)));
          return row ?? null;
        },

        async update(id: string, values: Partial<Pick<TrackingMailRow, 'state' | 'attempts' | 'error' | 'sentAt'>>): Promise<void> {
          await db
            .update(trackingMails)
            .set({ ...values, updatedAt: new Date() })
            .where(and(own, eq(trackingMails.id, id)));
        },

        /** The stored mails, newest first, with the order number of their label. */
        async list(page: number, pageSize: number): Promise<{ rows: (TrackingMailRow & { orderNumber: string | null })[]; total: number }> {
          const [rows, [total]] = await Promise.all([
            db
              .select({ mail: trackingMails, orderNumber: sql<string | null>`${labels.orderSnapshot}->>'order_number'` })
              .from(trackingMails)
              .leftJoin(labels, and(eq(labels.organisationId, trackingMails.organisationId), eq(labels.id, trackingMails.labelId)))
              .where(own)
              .orderBy(desc(trackingMails.createdAt), desc(trackingMails.id))
              .limit(pageSize)
              .offset((page - 1) * pageSize),
            db.select({ total: count() }).from(trackingMails).where(own),
          ]);
          return { rows: rows.map((r) => ({ ...r.mail, orderNumber: r.orderNumber })), total: total?.total ?? 0 };
        },

        /** The mails of these labels, oldest first per label (the label answer). */
        async ofLabels(labelIds: readonly string[]): Promise<Map<string, TrackingMailRow[]>> {
          const result = new Map<string, TrackingMailRow[]>();
          if (labelIds.length === 0) return result;
          const rows = await db
            .select()
            .from(trackingMails)
            .where(and(own, inArray(trackingMails.labelId, [...labelIds])))
            .orderBy(asc(trackingMails.createdAt));
          for (const r of rows) if (r.labelId) result.set(r.labelId, [...(result.get(r.labelId) ?? []), r]);
          return result;
        },

        /** A label's events in the order they occurred (the public page). */
        async eventsOf(labelId: string) {
          return db
            .select({ packageId: trackingEvents.packageId, event: trackingEvents.event, status: trackingEvents.status, occurredAt: trackingEvents.occurredAt, location: trackingEvents.location })
            .from(trackingEvents)
            .where(and(eq(trackingEvents.organisationId, organisationId), eq(trackingEvents.labelId, labelId)))
            .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.firstSeenAt));
        },
      };
    },

    /** Before an organisation is known: the public tracking page finds its label by the token. */
    crossOrganisation: {
      async findLink(token: string): Promise<{ labelId: string; organisationId: string } | null> {
        const [row] = await db.select({ labelId: trackingLinks.labelId, organisationId: trackingLinks.organisationId }).from(trackingLinks).where(eq(trackingLinks.token, token));
        return row ?? null;
      },

      /**
       * Mails still waiting to be sent (queued or between retries) that have not changed
       * since `before`, over all organisations: a crash between storing a mail and queueing
       * its job leaves one like that (tracking-mail/service.ts resendPending).
       */
      async stalePending(before: Date, limit: number): Promise<{ id: string; organisationId: string }[]> {
        return db
          .select({ id: trackingMails.id, organisationId: trackingMails.organisationId })
          .from(trackingMails)
          .where(and(inArray(trackingMails.state, ['queued', 'retrying']), lt(trackingMails.updatedAt, before)))
          .orderBy(asc(trackingMails.updatedAt))
          .limit(limit);
      },

      /** Marks mails as just looked at, so that the next sweeps leave them for a while. */
      async touch(mails: readonly { organisationId: string; id: string }[]): Promise<void> {
        if (mails.length === 0) return;
        await db
          .update(trackingMails)
          .set({ updatedAt: new Date() })
          .where(inArray(sql`(${trackingMails.organisationId}, ${trackingMails.id})`, mails.map((m) => sql`(${m.organisationId}::uuid, ${m.id}::uuid)`)));
      },
    },
  };
}

export type TrackingMailRepository = ReturnType<typeof createTrackingMailRepository>;
