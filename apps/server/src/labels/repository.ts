import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { labelPackages, labelRequests, labels, orders } from '../db/schema';

export type LabelRow = typeof labels.$inferSelect;
export type LabelPackageRow = Omit<typeof labelPackages.$inferSelect, 'labelFile'>;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

export const labelSortColumns = {
  created_at: sql`${labels.createdAt}`,
  status: sql`${labels.status}`,
  order_number: sql`${labels.orderSnapshot}->>'order_number'`,
  name: sql`${labels.orderSnapshot}->>'name'`,
  country: sql`${labels.orderSnapshot}->>'country'`,
} as const;
export type LabelSortKey = keyof typeof labelSortColumns;

export function createLabelRepository(db: Database) {
  return {
    /**
     * Claims an order for one label request: a row in status "creating". The order row
     * is locked while claiming, so a request that comes while another one finishes
     * sees the finished label (duplicate) and one that comes during it hits the unique
     * index on creating labels (busy).
     */
    async claim(
      organisationId: string,
      values: Omit<typeof labels.$inferInsert, 'organisationId' | 'status'>,
      options: { force: boolean },
    ): Promise<{ id: string } | 'busy' | 'duplicate'> {
      try {
        return await db.transaction(async (tx) => {
          const [order] = await tx
            .select({ shipmentIds: orders.shipmentIds })
            .from(orders)
            .where(and(eq(orders.organisationId, organisationId), eq(orders.id, values.orderId)))
            .for('update');
          if (!order) return 'busy' as const;
          if (!options.force && order.shipmentIds.length > 0) return 'duplicate' as const;
          const [row] = await tx.insert(labels).values({ ...values, organisationId, status: 'creating' }).returning({ id: labels.id });
          return row ? { id: row.id } : ('busy' as const);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'busy';
        throw error;
      }
    },

    async releaseClaim(organisationId: string, labelId: string): Promise<void> {
      await db.delete(labels).where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), eq(labels.status, 'creating')));
    },

    /** Stores the carrier's packages, makes the label ready and gives the order its shipment id, at once. */
    async complete(
      organisationId: string,
      label: { id: string; orderId: string },
      packages: { packageNumber: number; weight: number; trackingNumber: string; trackingUrl: string | null; labelFile: Buffer }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(labelPackages).values(packages.map((p) => ({ ...p, organisationId, labelId: label.id })));
        await tx
          .update(labels)
          .set({ status: 'ready', trackingNumber: packages[0]?.trackingNumber ?? null, updatedAt: new Date() })
          .where(and(eq(labels.organisationId, organisationId), eq(labels.id, label.id)));
        await tx
          .update(orders)
          .set({ shipmentIds: sql`array_append(${orders.shipmentIds}, ${label.id}::uuid)`, status: 'completed', updatedAt: new Date() })
          .where(and(eq(orders.organisationId, organisationId), eq(orders.id, label.orderId)));
      });
    },

    async list(
      organisationId: string,
      query: { page: number; page_size: number; status?: string; isReturn?: boolean; search?: string; sort: { key: LabelSortKey; descending: boolean } },
    ): Promise<{ rows: LabelRow[]; total: number }> {
      const conditions = [eq(labels.organisationId, organisationId), eq(labels.isActive, true), sql`${labels.status} <> 'creating'`];
      if (query.status) conditions.push(eq(labels.status, query.status));
      if (query.isReturn !== undefined) conditions.push(eq(labels.isReturn, query.isReturn));
      if (query.search) {
        const like = `%${query.search.replace(/[%_\\]/g, '\\$&')}%`;
        conditions.push(
          sql`(${labels.orderSnapshot}->>'order_number' ILIKE ${like} OR ${labels.orderSnapshot}->>'name' ILIKE ${like} OR ${labels.trackingNumber} ILIKE ${like} OR ${labels.orderSnapshot}->>'zipcode' ILIKE ${like})`,
        );
      }
      const where = and(...conditions);
      const column = labelSortColumns[query.sort.key];
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(labels)
          .where(where)
          .orderBy(query.sort.descending ? sql`${column} DESC` : sql`${column} ASC`, query.sort.descending ? desc(labels.id) : asc(labels.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ total: count() }).from(labels).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** Deactivate (delete, cannot be undone) or mark delivered; returns how many changed. */
    async bulkUpdate(organisationId: string, ids: string[], action: 'deactivate' | 'deliver_labels'): Promise<number> {
      const set = action === 'deactivate' ? { isActive: false, updatedAt: new Date() } : { status: 'completed', updatedAt: new Date() };
      const conditions = [eq(labels.organisationId, organisationId), inArray(labels.id, ids), eq(labels.isActive, true), sql`${labels.status} <> 'creating'`];
      if (action === 'deliver_labels') conditions.push(sql`${labels.status} NOT IN ('canceled', 'completed')`);
      const rows = await db.update(labels).set(set).where(and(...conditions)).returning({ id: labels.id });
      return rows.length;
    },

    async count(organisationId: string, query: { status?: string; isReturn?: boolean }): Promise<number> {
      const conditions = [eq(labels.organisationId, organisationId), eq(labels.isActive, true), sql`${labels.status} <> 'creating'`];
      if (query.status) conditions.push(eq(labels.status, query.status));
      if (query.isReturn !== undefined) conditions.push(eq(labels.isReturn, query.isReturn));
      const [row] = await db.select({ n: count() }).from(labels).where(and(...conditions));
      return row?.n ?? 0;
    },

    /** Packages labelled since a moment: what counts against the plan's label quota. */
    async packagesSince(organisationId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(labelPackages)
        .innerJoin(labels, eq(labels.id, labelPackages.labelId))
        .where(and(eq(labelPackages.organisationId, organisationId), sql`${labels.createdAt} >= ${since.toISOString()}`));
      return row?.n ?? 0;
    },

    async findMany(organisationId: string, ids: string[]): Promise<LabelRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(labels)
        .where(and(eq(labels.organisationId, organisationId), inArray(labels.id, ids), eq(labels.isActive, true), sql`${labels.status} <> 'creating'`));
    },

    async packagesOf(organisationId: string, labelIds: string[]): Promise<Map<string, LabelPackageRow[]>> {
      const byLabel = new Map<string, LabelPackageRow[]>(labelIds.map((id) => [id, []]));
      if (labelIds.length === 0) return byLabel;
      const rows = await db
        .select({
          id: labelPackages.id,
          organisationId: labelPackages.organisationId,
          labelId: labelPackages.labelId,
          packageNumber: labelPackages.packageNumber,
          weight: labelPackages.weight,
          trackingNumber: labelPackages.trackingNumber,
          trackingUrl: labelPackages.trackingUrl,
        })
        .from(labelPackages)
        .where(and(eq(labelPackages.organisationId, organisationId), inArray(labelPackages.labelId, labelIds)))
        .orderBy(asc(labelPackages.labelId), asc(labelPackages.packageNumber));
      for (const row of rows) byLabel.get(row.labelId)?.push(row);
      return byLabel;
    },

    /** The label files in the order of the given labels, then package number. */
    async files(organisationId: string, labelIds: string[]): Promise<Buffer[]> {
      const rows = await db
        .select({ labelId: labelPackages.labelId, number: labelPackages.packageNumber, file: labelPackages.labelFile })
        .from(labelPackages)
        .where(and(eq(labelPackages.organisationId, organisationId), inArray(labelPackages.labelId, labelIds)));
      const position = new Map(labelIds.map((id, i) => [id, i]));
      return rows
        .sort((a, b) => (position.get(a.labelId) ?? 0) - (position.get(b.labelId) ?? 0) || a.number - b.number)
        .map((r) => r.file);
    },

    /** Idempotency: the first caller of a key gets true; a repeat gets the stored request. */
    async startRequest(organisationId: string, key: string, requestHash: string): Promise<{ started: true } | { started: false; requestHash: string; response: Record<string, unknown> | null }> {
      const inserted = await db.insert(labelRequests).values({ organisationId, idempotencyKey: key, requestHash }).onConflictDoNothing().returning({ key: labelRequests.idempotencyKey });
      if (inserted.length > 0) return { started: true };
      const [row] = await db.select().from(labelRequests).where(and(eq(labelRequests.organisationId, organisationId), eq(labelRequests.idempotencyKey, key)));
      return { started: false, requestHash: row?.requestHash ?? '', response: row?.response ?? null };
    },

    async finishRequest(organisationId: string, key: string, response: Record<string, unknown>): Promise<void> {
      await db.update(labelRequests).set({ response }).where(and(eq(labelRequests.organisationId, organisationId), eq(labelRequests.idempotencyKey, key)));
    },

    async forgetRequest(organisationId: string, key: string): Promise<void> {
      await db.delete(labelRequests).where(and(eq(labelRequests.organisationId, organisationId), eq(labelRequests.idempotencyKey, key)));
    },
  };
}

export type LabelRepository = ReturnType<typeof createLabelRepository>;
