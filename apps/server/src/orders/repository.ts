import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { orderSearchCounterBound } from '@verzendhuis/contract/order';
import type { Database } from '../db/client';
import type { Transaction } from '../billing/repository';
import { orderCounters, orderItems, orders, shops } from '../db/schema';
import { groupByColumns, recordset } from '../db/recordset';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'organisationId' | 'id' | 'tab' | 'searchText'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'organisationId' | 'orderId' | 'id' | 'position'>;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** An order's new shipment and status, as a bulk edit stores it. */
export interface OrderShipmentEdit {
  id: string;
  courierId: string | null;
  shipmentType: string | null;
  courierFields: OrderRow['courierFields'];
  packages: OrderRow['packages'];
  status: string;
  statusInfo: OrderRow['statusInfo'];
  isExport: boolean;
}

/** An order's re-checked status, as `setStatuses` stores it. */
export interface OrderStatusUpdate {
  id: string;
  status: string;
  statusInfo: unknown[];
  isExport: boolean;
}

export const orderSortColumns = {
  order_date: orders.orderDate,
  created_at: orders.createdAt,
  order_number: orders.orderNumber,
  name: orders.name,
  country: orders.country,
  status: orders.status,
} as const;
export type OrderSortKey = keyof typeof orderSortColumns;

/**
 * The tab counters with a search (order/count?search=) stop here: a counter at the bound
 * means that many or more. Lower than the list's bound because all three are counted at once.
 */
export const searchCounterBound = orderSearchCounterBound;

const problematicStatuses = ['incomplete', 'error'];

function tabCondition(tab: 'orders' | 'problematic' | 'other'): SQL {
  if (tab === 'problematic') return and(eq(orders.tab, 'orders'), inArray(orders.status, problematicStatuses)) as SQL;
  return eq(orders.tab, tab);
}

/**
 * The words of a search as a query: whole words, and the last one as a prefix because
 * it may still be typed: "lotte viss" → lotte & viss:* (safe characters only). A GIN
 * prefix match is several times dearer than a whole word, so only the last one is.
 * An e-mail address is one word of search_words (PostgreSQL's parser keeps it whole),
 * so a part with an @ stays whole too, quoted: "klant@voorbeeld.nl" → 'klant@voorbeeld.nl':*.
 */
export function searchWordsQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .flatMap((part) => (part.includes('@') ? [part.replace(/[^\p{L}\p{N}@._+-]/gu, '')].filter(Boolean).map((address) => `'${address}'`) : part.split(/[^\p{L}\p{N}]+/u)))
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ') : null;
}

/**
 * Order numbers and postcodes match from their start (btree indexes); names,
 * companies, e-mail and towns by the start of their words (a GIN index on the
 * words): each arm has its own index.
 */
interface SearchColumns {
  orderNumber: SQL | typeof orders.orderNumber;
  zipcodeCompact: SQL | typeof orders.zipcodeCompact;
  searchWords: SQL | typeof orders.searchWords;
}

const tableColumns: SearchColumns = { orderNumber: orders.orderNumber, zipcodeCompact: orders.zipcodeCompact, searchWords: orders.searchWords };

function searchCondition(search: string, columns: SearchColumns = tableColumns): SQL {
  const escape = (t: string) => t.replace(/[%_\\]/g, '\\$&');
  const term = escape(search.trim().toLowerCase());
  const compact = escape(search.replace(/\s+/g, '').toUpperCase());
  const words = searchWordsQuery(search);
  const wordsArm = words ? sql` OR ${columns.searchWords} @@ to_tsquery('simple'::regconfig, ${words})` : sql``;
  return sql`(lower(${columns.orderNumber}) LIKE ${`${term}%`} OR ${columns.zipcodeCompact} LIKE ${`${compact}%`}${wordsArm})`;
}

export function createOrderRepository(db: Database) {
  return {
    /** The orders of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      async function loadItems(orderIds: string[], executor: Database | Transaction = db): Promise<Map<string, OrderItemRow[]>> {
        const byOrder = new Map<string, OrderItemRow[]>(orderIds.map((id) => [id, []]));
        if (orderIds.length === 0) return byOrder;
        const rows = await executor
          .select()
          .from(orderItems)
          .where(and(eq(orderItems.organisationId, organisationId), inArray(orderItems.orderId, orderIds)))
          .orderBy(asc(orderItems.orderId), asc(orderItems.position));
        for (const row of rows) byOrder.get(row.orderId)?.push(row);
        return byOrder;
      }

      /** The lines of orders just written, numbered in their order, as one jsonb parameter per shape of line. */
      async function insertItems(tx: Transaction, lines: { orderId: string; items: NewOrderItem[] }[]): Promise<void> {
        const rows = lines.flatMap((l) => l.items.map((item, position) => ({ ...item, position, orderId: l.orderId }) as Record<string, unknown>));
        for (const group of groupByColumns(rows)) {
          const set = recordset(orderItems, 'order_items', group.rows);
          await tx.execute(sql`INSERT INTO order_items (organisation_id, ${set.identifiers}) SELECT ${organisationId}::uuid, ${set.selected('r')} FROM ${set.from('r')} ORDER BY r.ordinality`);
        }
      }

      async function rowsInOrder(ids: string[]): Promise<OrderRow[]> {
        if (ids.length === 0) return [];
        const rows = await db.select().from(orders).where(and(eq(orders.organisationId, organisationId), inArray(orders.id, ids)));
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id)).filter((r): r is OrderRow => r !== undefined);
      }

      /** From the counter rows the triggers keep: no rows are counted. */
      async function tabCounts(): Promise<{ orders: number; problematic: number; other: number }> {
        const rows = await db
          .select({ tab: orderCounters.tab, status: orderCounters.status, count: orderCounters.count })
          .from(orderCounters)
          .where(and(eq(orderCounters.organisationId, organisationId), inArray(orderCounters.tab, ['orders', 'other'])));
        const result = { orders: 0, problematic: 0, other: 0 };
        for (const row of rows) {
          if (row.tab === 'other') result.other += row.count;
          else {
            result.orders += row.count;
            if (problematicStatuses.includes(row.status)) result.problematic += row.count;
          }
        }
        return result;
      }

      async function tabCount(tab: 'orders' | 'problematic' | 'other'): Promise<number> {
        const counts = await tabCounts();
        return counts[tab];
      }

      /**
       * The ids of one page of a search, and a total that is exact up to a page beyond
       * this one. A common term is found fastest by walking the newest orders in
       * sort order (step 1, bounded); a rare one through the search indexes (step 2).
       */
      async function pageOfSearch(query: {
        tab: 'orders' | 'problematic' | 'other';
        search: string;
        sort: { key: OrderSortKey; descending: boolean };
        pageSize: number;
        offset: number;
      }): Promise<{ ids: string[]; total: number; lowerBound: boolean }> {
        const want = query.offset + query.pageSize * 2;
        const column = orderSortColumns[query.sort.key];
        const direction = query.sort.descending ? sql`DESC` : sql`ASC`;
        const inTab = and(eq(orders.organisationId, organisationId), tabCondition(query.tab));
        const finish = (ids: string[], complete: boolean) => ({
          ids: ids.slice(query.offset, query.offset + query.pageSize),
          total: Math.min(ids.length, want),
          lowerBound: !complete || ids.length > want,
        });
        if (query.sort.key === 'order_date' || query.sort.key === 'created_at') {
          const budget = 5000;
          const sortName = sql.identifier(query.sort.key);
          const recent = await db.execute<{ id: string }>(sql`
            SELECT id FROM (
              SELECT ${orders.id} AS id, ${column} AS ${sortName}, ${orders.orderNumber} AS order_number,
                     ${orders.zipcodeCompact} AS zipcode_compact, ${orders.searchWords} AS search_words
              FROM ${orders} WHERE ${inTab} ORDER BY ${column} ${direction}, ${orders.id} ${direction} LIMIT ${budget}
            ) AS recent
            WHERE ${searchCondition(query.search, { orderNumber: sql`order_number`, zipcodeCompact: sql`zipcode_compact`, searchWords: sql`search_words` })}
            ORDER BY ${sortName} ${direction}, id ${direction} LIMIT ${want + 1}`);
          const ids = recent.rows.map((r) => r.id);
          if (ids.length > want) return finish(ids, false);
          if ((await tabCount(query.tab)) <= budget) return finish(ids, true);
        }
        // After step 1 the term is rare (fewer than two pages in the newest 5,000): through
        // the search indexes, then sorted. Sorting on an expression keeps PostgreSQL from
        // walking the date index instead, which it may choose on a default estimate (an
        // e-mail address: 1.4 s through 875,000 rows against 0.2 ms through the index).
        const sortKey = query.sort.key === 'order_date' || query.sort.key === 'created_at' ? sql`(${column} + interval '0 seconds')` : column;
        const order = query.sort.descending ? [desc(sortKey), desc(orders.id)] : [asc(sortKey), asc(orders.id)];
        const rows = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(inTab, searchCondition(query.search)))
          .orderBy(...order)
          .limit(want + 1);
        return finish(rows.map((r) => r.id), rows.length <= want);
      }

      return {
        /**
         * Inserts orders with their lines in one transaction; returns the ids in input order.
         * An order whose external key is already stored (another arrival at the same moment)
         * is left out: null in its place.
         */
        async insert(input: { order: NewOrder; items: NewOrderItem[] }[]): Promise<(string | null)[]> {
          if (input.length === 0) return [];
          return db.transaction(async (tx) => {
            // One statement per shape of row (usually one), all rows as one jsonb parameter (db/recordset.ts).
            const ids: (string | null)[] = new Array<string | null>(input.length).fill(null);
            for (const group of groupByColumns(input.map((i) => i.order as Record<string, unknown>))) {
              const rows = recordset(orders, 'orders', group.rows);
              const inserted = await tx.execute<{ id: string; external_key: string | null }>(sql`
                INSERT INTO orders (organisation_id, ${rows.identifiers})
                SELECT ${organisationId}::uuid, ${rows.selected('r')} FROM ${rows.from('r')} ORDER BY r.ordinality
                ON CONFLICT (organisation_id, external_key) WHERE external_key IS NOT NULL DO NOTHING
                RETURNING id, external_key`);
              // Keyed rows are matched by key (a conflict leaves one out), the others in turn.
              const byKey = new Map(inserted.rows.flatMap((r) => (r.external_key ? [[r.external_key, r.id] as const] : [])));
              const unkeyed = inserted.rows.filter((r) => !r.external_key).map((r) => r.id);
              let next = 0;
              group.indexes.forEach((index) => {
                const key = input[index]!.order.externalKey;
                ids[index] = key ? (byKey.get(key) ?? null) : (unkeyed[next++] ?? null);
              });
            }
            await insertItems(tx, input.flatMap((order, index) => (ids[index] ? [{ orderId: ids[index], items: order.items }] : [])));
            return ids;
          });
        },

        /**
         * Replaces the fields and lines of the active orders that have no label yet (a change at
         * their source), all in one transaction, locked in id order; the ids that were replaced
         * (one that has a label by now, or is gone, is not).
         */
        async updateOpenMany(input: { id: string; order: NewOrder; items: NewOrderItem[] }[]): Promise<Set<string>> {
          if (input.length === 0) return new Set();
          return db.transaction(async (tx) => {
            const locked = await tx
              .select({ id: orders.id })
              .from(orders)
              .where(and(eq(orders.organisationId, organisationId), inArray(orders.id, input.map((i) => i.id)), eq(orders.isActive, true), sql`cardinality(${orders.shipmentIds}) = 0`))
              .orderBy(asc(orders.id))
              .for('update');
            const open = new Set(locked.map((r) => r.id));
            const changes = input.filter((i) => open.has(i.id));
            for (const group of groupByColumns(changes.map((c) => ({ ...c.order, id: c.id }) as Record<string, unknown>))) {
              const rows = recordset(orders, 'orders', group.rows);
              const assignments = sql.join(
                rows.columns.filter((c) => c !== 'id').map((c) => sql`${sql.identifier(c)} = r.${sql.identifier(c)}`),
                sql`, `,
              );
              await tx.execute(sql`UPDATE orders AS o SET ${assignments}, updated_at = now() FROM ${rows.from('r')}
                WHERE o.organisation_id = ${organisationId} AND o.id = r.id`);
            }
            const ids = changes.map((c) => c.id);
            await tx.execute(sql`DELETE FROM order_items WHERE organisation_id = ${organisationId} AND order_id = ANY(${sql.param(ids)}::uuid[])`);
            await insertItems(tx, changes.map((c) => ({ orderId: c.id, items: c.items })));
            return open;
          });
        },

        /** The orders stored under these external keys: whether each is active and has a label. */
        async findByExternalKeys(keys: string[]): Promise<Map<string, { id: string; isActive: boolean; hasShipment: boolean }>> {
          const found = new Map<string, { id: string; isActive: boolean; hasShipment: boolean }>();
          for (let i = 0; i < keys.length; i += 5000) {
            const rows = await db
              .select({ id: orders.id, key: orders.externalKey, isActive: orders.isActive, shipments: sql<number>`cardinality(${orders.shipmentIds})` })
              .from(orders)
              .where(and(eq(orders.organisationId, organisationId), inArray(orders.externalKey, keys.slice(i, i + 5000))));
            for (const r of rows) if (r.key) found.set(r.key, { id: r.id, isActive: r.isActive, hasShipment: Number(r.shipments) > 0 });
          }
          return found;
        },

        /** Replaces an active order's fields and lines; false when it is not the organisation's. */
        async update(id: string, order: NewOrder, items: NewOrderItem[]): Promise<boolean> {
          return db.transaction(async (tx) => {
            const updated = await tx
              .update(orders)
              .set({ ...order, updatedAt: new Date() })
              .where(and(eq(orders.organisationId, organisationId), eq(orders.id, id), eq(orders.isActive, true)))
              .returning({ id: orders.id });
            if (updated.length === 0) return false;
            await tx.delete(orderItems).where(and(eq(orderItems.organisationId, organisationId), eq(orderItems.orderId, id)));
            if (items.length > 0) {
              await tx.insert(orderItems).values(items.map((item, position) => ({ ...item, position, orderId: id, organisationId })));
            }
            return true;
          });
        },

        async find(id: string): Promise<OrderWithItems | undefined> {
          const [order] = await db.select().from(orders).where(and(eq(orders.organisationId, organisationId), eq(orders.id, id), eq(orders.isActive, true)));
          if (!order) return undefined;
          const items = await loadItems([id]);
          return { order, items: items.get(id) ?? [] };
        },

        /**
         * The active order with this order number (any case), else with this shop or CSV
         * reference (external_key `shop:{shop}:{code}` or `csv:{code}`): open orders before
         * shipped ones, then the newest. Each step is an index lookup (lower(order_number);
         * (organisation, external_key)), never a scan of the organisation's orders.
         */
        async findByReference(code: string): Promise<OrderWithItems | undefined> {
          const first = async (where: SQL | undefined) => {
            const [row] = await db
              .select()
              .from(orders)
              .where(and(eq(orders.organisationId, organisationId), eq(orders.isActive, true), where))
              .orderBy(sql`CASE WHEN ${orders.tab} = 'shipped' THEN 1 ELSE 0 END`, desc(orders.createdAt), desc(orders.id))
              .limit(1);
            return row;
          };
          let order = await first(sql`lower(${orders.orderNumber}) = lower(${code})`);
          if (!order) {
            const shopIds = await db.select({ id: shops.id }).from(shops).where(eq(shops.organisationId, organisationId));
            const keys = [`csv:${code}`, ...shopIds.map((shop) => `shop:${shop.id}:${code}`)];
            order = await first(inArray(orders.externalKey, keys));
          }
          if (!order) return undefined;
          const items = await loadItems([order.id]);
          return { order, items: items.get(order.id) ?? [] };
        },

        async findMany(ids: string[]): Promise<OrderWithItems[]> {
          if (ids.length === 0) return [];
          const rows = await db.select().from(orders).where(and(eq(orders.organisationId, organisationId), inArray(orders.id, ids), eq(orders.isActive, true)));
          const items = await loadItems(rows.map((r) => r.id));
          return rows.map((order) => ({ order, items: items.get(order.id) ?? [] }));
        },

        /**
         * The newest active orders with their lines (the shipping rules' dry run): per tab
         * the newest `limit` from the (organisation, tab, created_at) index, then merged.
         */
        async latest(limit: number): Promise<OrderWithItems[]> {
          const perTab = await Promise.all(
            (['orders', 'other', 'shipped'] as const).map((tab) =>
              db
                .select()
                .from(orders)
                .where(and(eq(orders.organisationId, organisationId), eq(orders.tab, tab)))
                .orderBy(desc(orders.createdAt), desc(orders.id))
                .limit(limit),
            ),
          );
          const rows = perTab
            .flat()
            .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
            .slice(0, limit);
          const items = await loadItems(rows.map((r) => r.id));
          return rows.map((order) => ({ order, items: items.get(order.id) ?? [] }));
        },

        /**
         * One page of a tab. Without a search the page's ids come from the index alone
         * (a deferred join) and the total from the counters. With a search see pageOfSearch.
         */
        async list(query: {
          tab: 'orders' | 'problematic' | 'other';
          search?: string;
          sort: { key: OrderSortKey; descending: boolean };
          page: number;
          pageSize: number;
        }): Promise<{ rows: OrderRow[]; total: number; totalIsLowerBound: boolean }> {
          const column = orderSortColumns[query.sort.key];
          const order = query.sort.descending ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
          const offset = (query.page - 1) * query.pageSize;
          const inTab = and(eq(orders.organisationId, organisationId), tabCondition(query.tab));
          if (query.search) {
            const found = await pageOfSearch({ ...query, search: query.search, offset });
            const rows = await rowsInOrder(found.ids);
            return { rows, total: found.total, totalIsLowerBound: found.lowerBound };
          }
          const page = db.select({ pageId: orders.id }).from(orders).where(inTab).orderBy(...order).limit(query.pageSize).offset(offset).as('page');
          const [rows, total] = await Promise.all([
            db.select({ order: orders }).from(orders).innerJoin(page, and(eq(orders.organisationId, organisationId), eq(orders.id, page.pageId))).orderBy(...order),
            tabCount(query.tab),
          ]);
          return { rows: rows.map((r) => r.order), total, totalIsLowerBound: false };
        },

        tabCounts,

        /**
         * The tab counters with a search, each exact up to searchCounterBound: one statement
         * that walks the matches once (one bitmap of the search indexes) with running counts
         * per tab, and stops at the first match where every tab has reached the bound. A rare
         * term is counted whole; a common one stops after a few hundred rows.
         */
        async searchCounts(search: string): Promise<{ orders: number; problematic: number; other: number }> {
          const bound = searchCounterBound;
          const result = await db.execute<{ orders: number; problematic: number; other: number }>(sql`
            WITH running AS MATERIALIZED (
              SELECT count(*) FILTER (WHERE ${orders.tab} = 'orders') OVER w AS orders,
                     count(*) FILTER (WHERE ${orders.tab} = 'orders' AND ${inArray(orders.status, problematicStatuses)}) OVER w AS problematic,
                     count(*) FILTER (WHERE ${orders.tab} = 'other') OVER w AS other
              FROM ${orders}
              WHERE ${orders.organisationId} = ${organisationId} AND ${orders.tab} IN ('orders', 'other') AND ${searchCondition(search)}
              WINDOW w AS (ROWS UNBOUNDED PRECEDING))
            (SELECT orders::int, problematic::int, other::int FROM running WHERE orders >= ${bound} AND problematic >= ${bound} AND other >= ${bound} LIMIT 1)
            UNION ALL
            (SELECT coalesce(max(orders), 0)::int, coalesce(max(problematic), 0)::int, coalesce(max(other), 0)::int FROM running)
            LIMIT 1`);
          const row = result.rows[0] ?? { orders: 0, problematic: 0, other: 0 };
          return { orders: Math.min(row.orders, bound), problematic: Math.min(row.problematic, bound), other: Math.min(row.other, bound) };
        },

        /** Soft delete (orders spec §4): cannot be undone. Returns how many changed. */
        async deactivate(ids: string[]): Promise<number> {
          const rows = await db
            .update(orders)
            .set({ isActive: false, updatedAt: new Date() })
            .where(and(eq(orders.organisationId, organisationId), inArray(orders.id, ids), eq(orders.isActive, true)))
            .returning({ id: orders.id });
          return rows.length;
        },

        /** The ids of the orders of the Bestellingen tab, in batches, for re-validation. */
        async openOrderIds(afterId: string | null, limit: number): Promise<string[]> {
          const conditions = [eq(orders.organisationId, organisationId), eq(orders.tab, 'orders')];
          if (afterId) conditions.push(sql`${orders.id} > ${afterId}`);
          const rows = await db.select({ id: orders.id }).from(orders).where(and(...conditions)).orderBy(asc(orders.id)).limit(limit);
          return rows.map((r) => r.id);
        },

        /**
         * A bulk edit, all or nothing: in one transaction the orders of these ids that are in
         * the Bestellingen tab (active, no label, an open status) are locked in id order,
         * `edit` gives each its new shipment and status, and they are stored. The others are
         * left alone. When `edit` throws, nothing is written. Returns the stored edits.
         */
        async editOpenOrders(ids: string[], edit: (found: OrderWithItems[]) => OrderShipmentEdit[], options: { includeIgnored?: boolean } = {}): Promise<OrderShipmentEdit[]> {
          if (ids.length === 0) return [];
          // order/reset also reaches the orders a shipping rule ignored (Overige bestellingen, status ignored).
          const open = options.includeIgnored ? or(eq(orders.tab, 'orders'), and(eq(orders.tab, 'other'), eq(orders.status, 'ignored'))) : eq(orders.tab, 'orders');
          return db.transaction(async (tx) => {
            const rows = await tx
              .select()
              .from(orders)
              .where(and(eq(orders.organisationId, organisationId), inArray(orders.id, ids), open))
              .orderBy(asc(orders.id))
              .for('update');
            const items = await loadItems(rows.map((r) => r.id), tx);
            const edits = edit(rows.map((order) => ({ order, items: items.get(order.id) ?? [] })));
            for (let i = 0; i < edits.length; i += 1000) {
              const batch = edits.slice(i, i + 1000);
              // Whole arrays as single parameters (drizzle's sql would spread them into lists).
              await tx.execute(sql`UPDATE orders AS o SET courier_id = u.courier_id, shipment_type = u.shipment_type, courier_fields = u.courier_fields,
                  packages = u.packages, status = u.status, status_info = u.status_info, is_export = u.is_export, updated_at = now()
                FROM unnest(${sql.param(batch.map((e) => e.id))}::uuid[], ${sql.param(batch.map((e) => e.courierId))}::uuid[],
                  ${sql.param(batch.map((e) => e.shipmentType))}::text[], ${sql.param(batch.map((e) => JSON.stringify(e.courierFields)))}::jsonb[],
                  ${sql.param(batch.map((e) => JSON.stringify(e.packages)))}::jsonb[], ${sql.param(batch.map((e) => e.status))}::text[],
                  ${sql.param(batch.map((e) => JSON.stringify(e.statusInfo)))}::jsonb[], ${sql.param(batch.map((e) => e.isExport))}::boolean[])
                  AS u(id, courier_id, shipment_type, courier_fields, packages, status, status_info, is_export)
                WHERE o.id = u.id AND o.organisation_id = ${organisationId}`);
            }
            return edits;
          });
        },

        /**
         * Inside a label delete's transaction (the labels are locked first): the ids of deleted
         * labels leave these orders' shipment ids, and each active order that was labelled
         * (status completed) and has no shipment left gets the status `recheck` gives it, so
         * it is back in Bestellingen. The orders are locked in id order; the counters follow
         * by their triggers.
         */
        async removeShipments(tx: Transaction, removal: { orderIds: string[]; labelIds: string[] }, recheck: (found: OrderWithItems[]) => OrderStatusUpdate[]): Promise<void> {
          const ids = [...new Set(removal.orderIds)].sort();
          if (ids.length === 0 || removal.labelIds.length === 0) return;
          await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.organisationId, organisationId), inArray(orders.id, ids))).orderBy(asc(orders.id)).for('update');
          const kept = await tx
            .update(orders)
            .set({ shipmentIds: sql`ARRAY(SELECT s FROM unnest(${orders.shipmentIds}) WITH ORDINALITY AS u(s, n) WHERE s <> ALL(${sql.param(removal.labelIds)}::uuid[]) ORDER BY n)`, updatedAt: new Date() })
            .where(and(eq(orders.organisationId, organisationId), inArray(orders.id, ids), sql`${orders.shipmentIds} && ${sql.param(removal.labelIds)}::uuid[]`))
            .returning();
          const reopened = kept.filter((o) => o.isActive && o.shipmentIds.length === 0 && o.status === 'completed');
          if (reopened.length === 0) return;
          const items = await loadItems(reopened.map((o) => o.id), tx);
          const updates = recheck(reopened.map((order) => ({ order, items: items.get(order.id) ?? [] })));
          await tx.execute(sql`UPDATE orders AS o SET status = u.status, status_info = u.status_info, is_export = u.is_export, updated_at = now()
            FROM unnest(${sql.param(updates.map((u) => u.id))}::uuid[], ${sql.param(updates.map((u) => u.status))}::text[],
              ${sql.param(updates.map((u) => JSON.stringify(u.statusInfo)))}::jsonb[], ${sql.param(updates.map((u) => u.isExport))}::boolean[])
              AS u(id, status, status_info, is_export)
            WHERE o.id = u.id AND o.organisation_id = ${organisationId}`);
        },

        /** Stores new statuses for many orders in one statement. */
        async setStatuses(updates: OrderStatusUpdate[]): Promise<void> {
          if (updates.length === 0) return;
          // Whole arrays as single parameters (drizzle's sql would spread them into lists).
          await db.$client.query(
            `UPDATE orders AS o SET status = u.status, status_info = u.status_info, is_export = u.is_export, updated_at = now()
             FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::boolean[]) AS u(id, status, status_info, is_export)
             WHERE o.id = u.id AND o.organisation_id = $5`,
            [updates.map((u) => u.id), updates.map((u) => u.status), updates.map((u) => JSON.stringify(u.statusInfo)), updates.map((u) => u.isExport), organisationId],
          );
        },
      };
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
export type OrganisationOrders = ReturnType<OrderRepository['for']>;
