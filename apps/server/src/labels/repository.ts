import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { LabelSortKey } from '@verzendhuis/contract/label';
import { bulkActionApplies, bulkActionChange, creatingLabelStatus, labelChangeRefusal, labelChangeValues, labelPrintMove, madeLabelStatus, type LabelBulkAction, type LabelChange, type LabelChangeRefusal } from '@verzendhuis/domain/label-rules';
import { isNeverHandedOver } from '@verzendhuis/domain/invoices';
import type { Database } from '../db/client';
import { labelPackages, labelRequests, labels, orderItems, orders, tickets, type StatusInfoValue } from '../db/schema';
import { instanceIsDead } from '../jobs/instance';
import type { LabelCharge } from '../billing/pricing';
import { createBillingRepository, type Transaction } from '../billing/repository';
import { createOrderRepository, type OrderStatusUpdate, type OrderWithItems } from '../orders/repository';

export type LabelRow = typeof labels.$inferSelect;
export type LabelPackageRow = Omit<typeof labelPackages.$inferSelect, 'labelFile' | 'labelZpl' | 'carrierReference'>;

/** A label a delete may have to cancel at its carrier (cancelCandidates). */
export interface CancelCandidate {
  id: string;
  courierId: string;
  courierClass: string;
  status: string;
  createdAt: Date;
  carrierCanceledAt: Date | null;
  trackingNumbers: string[];
  /** The carrier's own name of the shipment (label_packages.carrier_reference of the first package), or null. */
  carrierReference: string | null;
}
export type LabelOrderItemRow = typeof orderItems.$inferSelect;
/** What a label shows of its order today: the lines, the export flag and the shop. */
export interface LabelOrderDetails {
  items: LabelOrderItemRow[];
  isExport: boolean;
  shopId: string | null;
}

/** A status of label-rules as an SQL literal (not a parameter: plans and partial indexes see it). */
const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);
const creating = literal(creatingLabelStatus);

/** Labels a user sees (label-rules' isVisibleLabel): active, and not a claim still waiting for its carrier. */
function visible(organisationId: string): SQL[] {
  return [eq(labels.organisationId, organisationId), eq(labels.isActive, true), sql`${labels.status} <> ${creating}`];
}

function filters(query: { status?: readonly string[]; isReturn?: boolean }): SQL[] {
  const conditions: SQL[] = [];
  if (query.status && query.status.length > 0) conditions.push(inArray(labels.status, [...query.status]));
  if (query.isReturn !== undefined) conditions.push(eq(labels.isReturn, query.isReturn));
  return conditions;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** The labels list's total stops counting here (or a page beyond the one asked): enough to page, cheap at 100,000 labels. */
export const labelCountBound = 1000;

export const labelSortColumns = {
  created_at: sql`${labels.createdAt}`,
  status: sql`${labels.status}`,
  order_number: sql`${labels.orderSnapshot}->>'order_number'`,
  name: sql`${labels.orderSnapshot}->>'name'`,
  country: sql`${labels.orderSnapshot}->>'country'`,
} as const satisfies Record<LabelSortKey, SQL>;

/** Packages labelled since a moment: what counts against the plan's label quota (a label still being made counts by its claim). */
function packagesSinceQuery(organisationId: string, since: Date) {
  return sql`(SELECT count(*)::int FROM ${labelPackages} JOIN ${labels} ON ${labels.organisationId} = ${labelPackages.organisationId} AND ${labels.id} = ${labelPackages.labelId}
    WHERE ${labelPackages.organisationId} = ${organisationId} AND ${labels.createdAt} >= ${since.toISOString()} AND ${labels.status} <> ${creating})`;
}

/**
 * A claim no live request or job holds any more (docs/labels.md, "Na een crash"): the
 * instance that made it is dead, or it is older than any live claim can be (`before`:
 * the carrier timeout and a margin ago; this also takes claims without an instance).
 */
function abandonedClaim(before: Date): SQL {
  return sql`${labels.status} = ${creating} AND ((${labels.claimedBy} IS NOT NULL AND ${instanceIsDead(labels.claimedBy)}) OR ${labels.createdAt} < ${before.toISOString()})`;
}

/** A claim left behind: `confirmed` when the carrier's label was stored (the finish did not run). */
export interface AbandonedClaim {
  id: string;
  organisationId: string;
  orderId: string;
  confirmed: boolean;
}

const abandonedClaimColumns = { id: labels.id, organisationId: labels.organisationId, orderId: labels.orderId, confirmed: sql<boolean>`${labels.trackingNumber} IS NOT NULL` };

/** A request with an Idempotency-Key whose answer a crash cut off. */
export interface InterruptedRequest {
  organisationId: string;
  idempotencyKey: string;
  requestHash: string;
  orderIds: string[];
  createdAt: Date;
}

/** A pending request whose instance is dead; one without an instance (older data) counts once older than `legacyBefore`. */
function interrupted(legacyBefore: Date): SQL {
  return sql`${labelRequests.response} IS NULL AND ((${labelRequests.claimedBy} IS NOT NULL AND ${instanceIsDead(labelRequests.claimedBy)}) OR (${labelRequests.claimedBy} IS NULL AND ${labelRequests.createdAt} < ${legacyBefore.toISOString()}))`;
}

const interruptedColumns = {
  organisationId: labelRequests.organisationId,
  idempotencyKey: labelRequests.idempotencyKey,
  requestHash: labelRequests.requestHash,
  orderIds: labelRequests.orderIds,
  createdAt: labelRequests.createdAt,
};

function orderBy(sort: { key: LabelSortKey; descending: boolean }): SQL[] {
  const column = labelSortColumns[sort.key];
  return sort.descending ? [sql`${column} DESC`, desc(labels.id)] : [sql`${column} ASC`, asc(labels.id)];
}

/** What a label delete asks of the orders area: the status an order without a shipment gets today (orders' recheckedStatus). */
export type OrderRecheck = (found: OrderWithItems[]) => OrderStatusUpdate[];

export function createLabelRepository(db: Database) {
  // A proxy label's invoice item is written in the label's own transaction (complete()).
  const billing = createBillingRepository(db);
  // A deleted label gives its order back in the delete's own transaction.
  const orderRepository = createOrderRepository(db);
  return {
    /** The labels of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      /**
       * Inside a delete's transaction, after the labels were made inactive: their orders lose
       * the deleted labels' ids (any deleted one of those orders, also from before) and an order
       * left without a shipment is re-checked and back in Bestellingen. A return label is not
       * one of its order's shipments: its delete leaves the order alone.
       */
      async function giveBackOrders(tx: Transaction, deleted: { orderId: string; isReturn: boolean }[], recheck: OrderRecheck): Promise<void> {
        const orderIds = [...new Set(deleted.filter((l) => !l.isReturn).map((l) => l.orderId))];
        if (orderIds.length === 0) return;
        const gone = await tx
          .select({ id: labels.id })
          .from(labels)
          .where(and(eq(labels.organisationId, organisationId), inArray(labels.orderId, orderIds), eq(labels.isActive, false)));
        await orderRepository.for(organisationId).removeShipments(tx, { orderIds, labelIds: gone.map((l) => l.id) }, recheck);
      }

      /** One try at a claim (see claim). */
      async function claimOnce(
        values: Omit<typeof labels.$inferInsert, 'organisationId' | 'status'>,
        options: { force: boolean; quota?: { limit: number; since: Date; packages: number } },
      ): Promise<{ id: string } | 'busy' | 'duplicate' | 'quota'> {
        try {
          return await db.transaction(async (tx) => {
            const { quota } = options;
            if (quota) {
              // One claim of the organisation at a time counts: the packages labelled since the
              // start of the quota, those of labels being made (their order's packages), and this one.
              await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('label_quota:' || ${organisationId}, 0))`);
              // One statement, so one snapshot: a label finishing meanwhile is counted once, as made
              // or as being made (two statements could each miss it).
              const { rows } = await tx.execute<{ n: number }>(sql`SELECT ${packagesSinceQuery(organisationId, quota.since)} + (
                  SELECT coalesce(sum(greatest(1, jsonb_array_length(${orders.packages}))), 0)::int
                  FROM ${labels} JOIN ${orders} ON ${orders.organisationId} = ${labels.organisationId} AND ${orders.id} = ${labels.orderId}
                  WHERE ${labels.organisationId} = ${organisationId} AND ${labels.status} = ${creating} AND ${labels.createdAt} >= ${quota.since.toISOString()}
                ) AS n`);
              const used = rows[0];
              if ((used?.n ?? 0) + quota.packages > quota.limit) return 'quota' as const;
            }
            const [order] = await tx
              .select({ shipmentIds: orders.shipmentIds })
              .from(orders)
              .where(and(eq(orders.organisationId, organisationId), eq(orders.id, values.orderId)))
              .for('update');
            if (!order) return 'busy' as const;
            // A return label is another label than the outgoing one: only an active return label is its duplicate.
            const existing = values.isReturn
              ? (
                  await tx
                    .select({ id: labels.id })
                    .from(labels)
                    .where(and(...visible(organisationId), eq(labels.orderId, values.orderId), eq(labels.isReturn, true)))
                    .limit(1)
                ).length
              : order.shipmentIds.length;
            if (!options.force && existing > 0) return 'duplicate' as const;
            const [row] = await tx.insert(labels).values({ ...values, organisationId, status: creatingLabelStatus }).returning({ id: labels.id });
            return row ? { id: row.id } : ('busy' as const);
          });
        } catch (error) {
          if (isUniqueViolation(error)) return 'busy';
          throw error;
        }
      }

      return {
        /**
         * Claims an order for one label request: a row in status "creating". The order row
         * is locked while claiming, so a request that comes while another one finishes
         * sees the finished label (duplicate) and one that comes during it hits the unique
         * index on creating labels (busy).
         */
        async claim(
          values: Omit<typeof labels.$inferInsert, 'organisationId' | 'status'>,
          options: { force: boolean; quota?: { limit: number; since: Date; packages: number }; recoverBusy?: () => Promise<boolean> },
        ): Promise<{ id: string } | 'busy' | 'duplicate' | 'quota'> {
          const claimed = await claimOnce(values, options);
          // Busy with a claim nobody holds any more (a crash): once it is recovered, claimed again.
          if (claimed === 'busy' && options.recoverBusy && (await options.recoverBusy())) return claimOnce(values, options);
          return claimed;
        },

        async releaseClaim(labelId: string): Promise<void> {
          await db.delete(labels).where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), eq(labels.status, creatingLabelStatus)));
        },

        /**
         * The carrier's answer, stored as soon as it comes: the packages (and a proxy label's
         * label_price invoice item, one per label) of a label still being made. The label
         * keeps its claim (status creating) until `finish`; from here on a crash cannot lose
         * what the carrier made, the recovery finishes it. Needs no order row, so it never
         * waits on a request holding one. False when the claim is no longer there (it was
         * released as abandoned): nothing is stored.
         */
        async recordCarrierLabel(
          labelId: string,
          packages: { packageNumber: number; weight: number; trackingNumber: string; trackingUrl: string | null; labelFile: Buffer; labelZpl?: Buffer | null; carrierReference?: string | null }[],
          charge?: LabelCharge,
        ): Promise<boolean> {
          return db.transaction(async (tx) => {
            // The tracking number marks the claim as confirmed by its carrier (and locks it against a release).
            const [claimed] = await tx
              .update(labels)
              .set({ trackingNumber: packages[0]?.trackingNumber ?? '', updatedAt: new Date() })
              .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), eq(labels.status, creatingLabelStatus), isNull(labels.trackingNumber)))
              .returning({ id: labels.id });
            if (!claimed) return false;
            await tx.insert(labelPackages).values(packages.map((p) => ({ ...p, organisationId, labelId })));
            if (charge) await billing.for(organisationId).insertLabelPriceItem(tx, labelId, charge);
            return true;
          });
        },

        /**
         * Makes a label whose carrier's answer is stored ready and gives the order its shipment
         * id, at once (by the live request, or by the recovery after a crash). A label finished
         * already is left as it is.
         */
        async finish(label: { id: string; orderId: string }): Promise<void> {
          await db.transaction(async (tx) => {
            // The order row first, as claim() takes it: a claim of the same order waiting on
            // this label's "creating" index entry then never holds the row this needs (a deadlock).
            const [order] = await tx
              .select({ shopId: orders.shopId })
              .from(orders)
              .where(and(eq(orders.organisationId, organisationId), eq(orders.id, label.orderId)))
              .for('update');
            const now = new Date();
            // The shop must hear of a label of its order (not of a return): recorded with the finish, so no crash loses it (shops/write-back.ts).
            const writeBack = order?.shopId ? { writeBack: sql`CASE WHEN ${labels.isReturn} THEN NULL ELSE 'pending' END`, writeBackAt: sql`CASE WHEN ${labels.isReturn} THEN NULL ELSE ${now.toISOString()}::timestamptz END` } : {};
            const [done] = await tx
              .update(labels)
              .set({ status: madeLabelStatus, claimedBy: null, updatedAt: now, ...writeBack })
              .where(and(eq(labels.organisationId, organisationId), eq(labels.id, label.id), eq(labels.status, creatingLabelStatus), isNotNull(labels.trackingNumber)))
              .returning({ isReturn: labels.isReturn });
            // A return label leaves the order as it is: its shipment ids are its outgoing labels.
            if (!done || done.isReturn) return;
            await tx
              .update(orders)
              .set({ shipmentIds: sql`array_append(${orders.shipmentIds}, ${label.id}::uuid)`, status: 'completed', updatedAt: new Date() })
              .where(and(eq(orders.organisationId, organisationId), eq(orders.id, label.orderId)));
          });
        },

        /** The abandoned claims (abandonedClaim) of these orders, for a resumed label job. */
        async abandonedClaimsOf(orderIds: string[], before: Date): Promise<AbandonedClaim[]> {
          if (orderIds.length === 0) return [];
          return db
            .select(abandonedClaimColumns)
            .from(labels)
            .where(and(eq(labels.organisationId, organisationId), inArray(labels.orderId, orderIds), abandonedClaim(before)));
        },

        /**
         * An abandoned claim the carrier never confirmed: released with a status and a Dutch
         * message (kept, not deleted; inactive, so it blocks nothing and no list shows it).
         * The conditions are checked again on the row: a claim confirmed meanwhile stays.
         */
        async releaseAbandoned(labelId: string, before: Date, info: StatusInfoValue): Promise<boolean> {
          const released = await db
            .update(labels)
            .set({ status: 'canceled', errorStatus: 'interrupted', statusInfo: [info], isActive: false, claimedBy: null, updatedAt: new Date() })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, labelId), isNull(labels.trackingNumber), abandonedClaim(before)))
            .returning({ id: labels.id });
          return released.length > 0;
        },

        async list(
          query: { page: number; page_size: number; status?: readonly string[]; isReturn?: boolean; search?: string; sort: { key: LabelSortKey; descending: boolean } },
        ): Promise<{ rows: LabelRow[]; total: number; totalIsLowerBound: boolean }> {
          const conditions = [...visible(organisationId), ...filters(query)];
          if (query.search) {
            const like = `%${query.search.replace(/[%_\\]/g, '\\$&')}%`;
            conditions.push(
              sql`(${labels.orderSnapshot}->>'order_number' ILIKE ${like} OR ${labels.orderSnapshot}->>'name' ILIKE ${like} OR ${labels.trackingNumber} ILIKE ${like} OR ${labels.orderSnapshot}->>'zipcode' ILIKE ${like})`,
            );
          }
          const where = and(...conditions);
          const offset = (query.page - 1) * query.page_size;
          // The total is counted up to the bound, or a page beyond this one on a deep page:
          // enough to page on, without counting every label of a large organisation.
          const bound = Math.max(labelCountBound, offset + query.page_size * 2);
          const limited = db.select({ one: sql`1` }).from(labels).where(where).limit(bound + 1).as('limited');
          const [rows, totals] = await Promise.all([
            db.select().from(labels).where(where).orderBy(...orderBy(query.sort)).limit(query.page_size).offset(offset),
            db.select({ n: sql<number>`count(*)::int` }).from(limited),
          ]);
          const n = totals[0]?.n ?? 0;
          return n > bound ? { rows, total: bound, totalIsLowerBound: true } : { rows, total: n, totalIsLowerBound: false };
        },

        /**
         * Deactivate (delete, cannot be undone) or mark delivered, where label-rules'
         * bulkActionApplies allows it; returns how many changed. The rows are locked between
         * the rule and the write.
         */
        async bulkUpdate(ids: string[], action: LabelBulkAction, recheck: OrderRecheck): Promise<number> {
          return db.transaction(async (tx) => {
            const rows = await tx
              .select({ id: labels.id, status: labels.status, isActive: labels.isActive, orderId: labels.orderId, isReturn: labels.isReturn })
              .from(labels)
              .where(and(...visible(organisationId), inArray(labels.id, ids)))
              .orderBy(asc(labels.id))
              .for('update');
            const changing = rows.filter((row) => bulkActionApplies(action, row));
            if (changing.length === 0) return 0;
            await tx
              .update(labels)
              .set({ ...labelChangeValues(bulkActionChange(action)), updatedAt: new Date() })
              .where(and(eq(labels.organisationId, organisationId), inArray(labels.id, changing.map((row) => row.id))));
            if (action === 'deactivate') {
              await giveBackOrders(tx, changing, recheck);
              await billing.for(organisationId).insertRefundItems(tx, changing.filter((row) => isNeverHandedOver(row.status)).map((row) => row.id));
            }
            return changing.length;
          });
        },

        async count(query: { status?: readonly string[]; isReturn?: boolean }): Promise<number> {
          const [row] = await db
            .select({ n: count() })
            .from(labels)
            .where(and(...visible(organisationId), ...filters(query)));
          return row?.n ?? 0;
        },

        /**
         * What a delete needs to ask the carriers to cancel (labels/carrier-cancel.ts): the
         * visible labels among `ids`, their class, status, when made, whether their carrier
         * already accepted a cancel, and their packages' tracking numbers.
         */
        async cancelCandidates(ids: readonly string[]): Promise<CancelCandidate[]> {
          if (ids.length === 0) return [];
          const rows = await db
            .select({ id: labels.id, courierId: labels.courierId, courierClass: labels.courierClass, status: labels.status, createdAt: labels.createdAt, carrierCanceledAt: labels.carrierCanceledAt })
            .from(labels)
            .where(and(...visible(organisationId), inArray(labels.id, [...ids])));
          if (rows.length === 0) return [];
          const packages = await db
            .select({ labelId: labelPackages.labelId, trackingNumber: labelPackages.trackingNumber, carrierReference: labelPackages.carrierReference })
            .from(labelPackages)
            .where(and(eq(labelPackages.organisationId, organisationId), inArray(labelPackages.labelId, rows.map((r) => r.id))))
            .orderBy(asc(labelPackages.labelId), asc(labelPackages.packageNumber));
          return rows.map((row) => {
            const own = packages.filter((p) => p.labelId === row.id);
            return { ...row, trackingNumbers: own.map((p) => p.trackingNumber), carrierReference: own[0]?.carrierReference ?? null };
          });
        },

        /** The carrier accepted our cancel of the label: a retried delete does not ask again. */
        /**
         * Runs a label's cancel at its carrier under a lock on that label (held until `work`
         * ends), with the label's carrier_canceled_at as it is once the lock is held: two
         * deletes of one label at once ask the carrier once; the second sees the first's mark.
         */
        async underCancelLock<T>(id: string, work: (current: { carrierCanceledAt: Date | null } | null) => Promise<T>): Promise<T> {
          return db.transaction(async (tx) => {
            await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('label_cancel:' || ${id}, 0))`);
            const [row] = await tx
              .select({ carrierCanceledAt: labels.carrierCanceledAt })
              .from(labels)
              .where(and(eq(labels.organisationId, organisationId), eq(labels.id, id)));
            return work(row ?? null);
          });
        },

        async markCarrierCanceled(id: string): Promise<void> {
          await db
            .update(labels)
            .set({ carrierCanceledAt: sql`COALESCE(${labels.carrierCanceledAt}, now())` })
            .where(and(eq(labels.organisationId, organisationId), eq(labels.id, id)));
        },

        /**
         * POST label/{id}: one label's change, checked whole by label-rules before anything
         * is written (a refused change writes nothing). The row is locked so a concurrent
         * change cannot slip between the check and the write.
         */
        async update(id: string, change: LabelChange, recheck: OrderRecheck): Promise<LabelRow | LabelChangeRefusal | 'not_found'> {
          return db.transaction(async (tx) => {
            const [row] = await tx
              .select()
              .from(labels)
              .where(and(...visible(organisationId), eq(labels.id, id)))
              .for('update');
            if (!row) return 'not_found' as const;
            const refusal = labelChangeRefusal(row, change);
            if (refusal) return refusal;
            const [updated] = await tx
              .update(labels)
              .set({ ...labelChangeValues(change), updatedAt: new Date() })
              .where(and(eq(labels.organisationId, organisationId), eq(labels.id, id)))
              .returning();
            if (!updated) return 'not_found' as const;
            if (change.isActive === false) {
              await giveBackOrders(tx, [updated], recheck);
              if (isNeverHandedOver(row.status)) await billing.for(organisationId).insertRefundItems(tx, [id]);
            }
            return updated;
          });
        },

        /**
         * label/pdf: the labels went out on paper. A ready label becomes printed; any later
         * status stays (label-rules' labelPrintMove, one statement for the whole sheet).
         * printed_at keeps the first time.
         */
        async markPrinted(ids: readonly string[]): Promise<void> {
          if (ids.length === 0) return;
          const from = literal(labelPrintMove.from);
          await db
            .update(labels)
            .set({
              status: sql`CASE WHEN ${labels.status} = ${from} THEN ${literal(labelPrintMove.to)} ELSE ${labels.status} END`,
              printedAt: sql`COALESCE(${labels.printedAt}, now())`,
            })
            .where(and(...visible(organisationId), inArray(labels.id, [...ids]), sql`(${labels.status} = ${from} OR ${labels.printedAt} IS NULL)`));
        },

        /** The orders (ids) that already have an active return label. */
        async ordersWithReturnLabel(orderIds: readonly string[]): Promise<Set<string>> {
          if (orderIds.length === 0) return new Set();
          const rows = await db
            .selectDistinct({ orderId: labels.orderId })
            .from(labels)
            .where(and(...visible(organisationId), eq(labels.isReturn, true), inArray(labels.orderId, [...orderIds])));
          return new Set(rows.map((r) => r.orderId));
        },

        /** The order lines, export flag and shop of the labels' orders, by order id. */
        async orderDetailsOf(orderIds: readonly string[]): Promise<Map<string, LabelOrderDetails>> {
          const byOrder = new Map<string, LabelOrderDetails>();
          const ids = [...new Set(orderIds)];
          if (ids.length === 0) return byOrder;
          const [orderRows, itemRows] = await Promise.all([
            db
              .select({ id: orders.id, isExport: orders.isExport, shopId: orders.shopId })
              .from(orders)
              .where(and(eq(orders.organisationId, organisationId), inArray(orders.id, ids))),
            db
              .select()
              .from(orderItems)
              .where(and(eq(orderItems.organisationId, organisationId), inArray(orderItems.orderId, ids)))
              .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
          ]);
          for (const o of orderRows) byOrder.set(o.id, { items: [], isExport: o.isExport, shopId: o.shopId });
          for (const item of itemRows) byOrder.get(item.orderId)?.items.push(item);
          return byOrder;
        },

        /** The newest investigation (ticket) of each label that has one. */
        async ticketsOf(labelIds: readonly string[]): Promise<Map<string, string>> {
          const byLabel = new Map<string, string>();
          if (labelIds.length === 0) return byLabel;
          const rows = await db
            .selectDistinctOn([tickets.labelId], { labelId: tickets.labelId, id: tickets.id })
            .from(tickets)
            .where(and(eq(tickets.organisationId, organisationId), inArray(tickets.labelId, [...labelIds])))
            .orderBy(tickets.labelId, desc(tickets.createdAt), desc(tickets.id));
          for (const row of rows) if (row.labelId) byLabel.set(row.labelId, row.id);
          return byLabel;
        },

        /** Packages labelled since a moment: what counts against the plan's label quota. */
        async packagesSince(since: Date): Promise<number> {
          const { rows } = await db.execute<{ n: number }>(sql`SELECT ${packagesSinceQuery(organisationId, since)} AS n`);
          return rows[0]?.n ?? 0;
        },

        async findMany(ids: string[]): Promise<LabelRow[]> {
          if (ids.length === 0) return [];
          return db
            .select()
            .from(labels)
            .where(and(...visible(organisationId), inArray(labels.id, ids)));
        },

        /** The caller's visible labels among `ids`: ordered by `sort` (label/pdf?sort=), or else in the order given. */
        async visibleIdsInOrder(ids: string[], sort: { key: LabelSortKey; descending: boolean } | null): Promise<string[]> {
          if (ids.length === 0) return [];
          const rows = await db
            .select({ id: labels.id })
            .from(labels)
            .where(and(...visible(organisationId), inArray(labels.id, ids)))
            .orderBy(...(sort ? orderBy(sort) : []));
          if (sort) return rows.map((r) => r.id);
          const found = new Set(rows.map((r) => r.id));
          return ids.filter((id) => found.has(id));
        },

        async packagesOf(labelIds: string[]): Promise<Map<string, LabelPackageRow[]>> {
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

        /**
         * The label files in the order of the given labels, then package number, read
         * `batchSize` labels at a time: a sheet of 10,000 labels never holds them all.
         */
        async *filesInBatches(labelIds: string[], batchSize = 250): AsyncGenerator<Buffer> {
          for (let at = 0; at < labelIds.length; at += batchSize) yield* await this.files(labelIds.slice(at, at + batchSize));
        },

        /** The label files in the order of the given labels, then package number. */
        async files(labelIds: string[]): Promise<Buffer[]> {
          const rows = await db
            .select({ labelId: labelPackages.labelId, number: labelPackages.packageNumber, file: labelPackages.labelFile })
            .from(labelPackages)
            .where(and(eq(labelPackages.organisationId, organisationId), inArray(labelPackages.labelId, labelIds)));
          const position = new Map(labelIds.map((id, i) => [id, i]));
          return rows
            .sort((a, b) => (position.get(a.labelId) ?? 0) - (position.get(b.labelId) ?? 0) || a.number - b.number)
            .map((r) => r.file);
        },

        /** The labels' ZPL files in the order of the given labels, then package number; null for a package that has none. */
        async zplFiles(labelIds: string[]): Promise<(Buffer | null)[]> {
          if (labelIds.length === 0) return [];
          const rows = await db
            .select({ labelId: labelPackages.labelId, number: labelPackages.packageNumber, file: labelPackages.labelZpl })
            .from(labelPackages)
            .where(and(eq(labelPackages.organisationId, organisationId), inArray(labelPackages.labelId, labelIds)));
          const position = new Map(labelIds.map((id, i) => [id, i]));
          return rows.sort((a, b) => (position.get(a.labelId) ?? 0) - (position.get(b.labelId) ?? 0) || a.number - b.number).map((r) => r.file);
        },

        /**
         * Idempotency: the first caller of a key gets true (the request is stored with its
         * orders and the instance working on it); a repeat gets the stored request.
         */
        async startRequest(
          key: string,
          request: { requestHash: string; orderIds: string[]; claimedBy: number | null },
        ): Promise<{ started: true } | { started: false; requestHash: string; response: Record<string, unknown> | null }> {
          const inserted = await db
            .insert(labelRequests)
            .values({ organisationId, idempotencyKey: key, ...request })
            .onConflictDoNothing()
            .returning({ key: labelRequests.idempotencyKey });
          if (inserted.length > 0) return { started: true };
          const [row] = await db.select().from(labelRequests).where(and(eq(labelRequests.organisationId, organisationId), eq(labelRequests.idempotencyKey, key)));
          return { started: false, requestHash: row?.requestHash ?? '', response: row?.response ?? null };
        },

        /** Stores a request's answer, once: an answer stored already (the recovery's) stays. */
        async finishRequest(key: string, response: Record<string, unknown>): Promise<void> {
          await db
            .update(labelRequests)
            .set({ response, claimedBy: null })
            .where(and(eq(labelRequests.organisationId, organisationId), eq(labelRequests.idempotencyKey, key), isNull(labelRequests.response)));
        },

        /** This key's request when a crash cut it off (no answer, its instance dead); null otherwise. */
        async interruptedRequest(key: string, legacyBefore: Date): Promise<InterruptedRequest | null> {
          const [row] = await db
            .select(interruptedColumns)
            .from(labelRequests)
            .where(and(eq(labelRequests.organisationId, organisationId), eq(labelRequests.idempotencyKey, key), interrupted(legacyBefore)));
          return row ?? null;
        },

        /** What a request made: the labels its claims became (made, or released after a crash), with their order. */
        async labelsOfRequest(key: string): Promise<{ id: string; orderId: string; status: string; errorStatus: string | null }[]> {
          return db
            .select({ id: labels.id, orderId: labels.orderId, status: labels.status, errorStatus: labels.errorStatus })
            .from(labels)
            .where(and(eq(labels.organisationId, organisationId), eq(labels.requestKey, key)))
            .orderBy(asc(labels.createdAt));
        },

        async forgetRequest(key: string): Promise<void> {
          await db.delete(labelRequests).where(and(eq(labelRequests.organisationId, organisationId), eq(labelRequests.idempotencyKey, key)));
        },
      };
    },

    /** What the recovery sweeps across organisations (docs/labels.md, "Na een crash"). */
    crossOrganisation: {
      /** Claims no live request or job holds (abandonedClaim), oldest first. */
      async abandonedClaims(before: Date, limit: number): Promise<AbandonedClaim[]> {
        return db.select(abandonedClaimColumns).from(labels).where(abandonedClaim(before)).orderBy(asc(labels.createdAt)).limit(limit);
      },

      /** Requests with an Idempotency-Key whose answer a crash cut off, oldest first. */
      async interruptedRequests(legacyBefore: Date, limit: number): Promise<InterruptedRequest[]> {
        return db.select(interruptedColumns).from(labelRequests).where(interrupted(legacyBefore)).orderBy(asc(labelRequests.createdAt)).limit(limit);
      },
    },
  };
}

export type LabelRepository = ReturnType<typeof createLabelRepository>;
export type OrganisationLabels = ReturnType<LabelRepository['for']>;
