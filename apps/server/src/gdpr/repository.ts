import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { gdprExportChunks, gdprExports, gdprSettings } from '../db/schema';
import type { SqlExecutor } from '../jobs/queue';

export type GdprExportRow = typeof gdprExports.$inferSelect;
export type GdprSettingsRow = typeof gdprSettings.$inferSelect;

/**
 * One file pair of the export (`<file>.json`, `<file>.csv`): a table of the organisation's
 * data and its columns. `only` names the columns of tables with secrets (users, shops,
 * couriers): a column added later is left out until named here; elsewhere every column but
 * `omit` goes, so the export keeps up with the schema.
 */
export interface ExportTable {
  file: string;
  table: string;
  /** The column that names the organisation (`id` for the organisation itself). */
  scope: 'organisation_id' | 'id';
  only?: readonly string[];
  omit?: readonly string[];
}

export const exportTables: readonly ExportTable[] = [
  { file: 'organisation', table: 'organisations', scope: 'id' },
  { file: 'users', table: 'users', scope: 'organisation_id', only: ['id', 'email', 'name', 'first_login_seen_at', 'created_at', 'updated_at'] },
  { file: 'orders', table: 'orders', scope: 'organisation_id', omit: ['organisation_id', 'search_words', 'zipcode_compact'] },
  { file: 'order_items', table: 'order_items', scope: 'organisation_id', omit: ['organisation_id'] },
  { file: 'labels', table: 'labels', scope: 'organisation_id', omit: ['organisation_id', 'claimed_by', 'request_key'] },
  // The carriers' PDF files stay out: they are downloadable from the labels themselves.
  { file: 'label_packages', table: 'label_packages', scope: 'organisation_id', omit: ['organisation_id', 'label_file'] },
  { file: 'tracking_events', table: 'tracking_events', scope: 'organisation_id', omit: ['organisation_id'] },
  { file: 'contacts', table: 'contacts', scope: 'organisation_id', omit: ['organisation_id'] },
  { file: 'shops', table: 'shops', scope: 'organisation_id', only: ['id', 'service_class', 'label', 'is_active', 'last_sync_at', 'last_sync_count', 'last_sync_error', 'created_at', 'updated_at'] },
  { file: 'couriers', table: 'couriers', scope: 'organisation_id', only: ['id', 'service_class', 'label', 'proxied_id', 'is_active', 'created_at', 'updated_at'] },
  { file: 'shipping_rules', table: 'shipment_logic_rules', scope: 'organisation_id', omit: ['organisation_id'] },
  { file: 'invoice_items', table: 'invoice_items', scope: 'organisation_id', omit: ['organisation_id'] },
  { file: 'invoices', table: 'invoices', scope: 'organisation_id', omit: ['organisation_id'] },
  // The provider's payments (direct debit, invoices, consumer-paid returns); a checkout address is a one-time link.
  { file: 'payments', table: 'payments', scope: 'organisation_id', omit: ['organisation_id', 'checkout_url'] },
  { file: 'return_requests', table: 'return_requests', scope: 'organisation_id', omit: ['organisation_id', 'idempotency_key'] },
  { file: 'tickets', table: 'tickets', scope: 'organisation_id', omit: ['organisation_id'] },
  { file: 'ticket_messages', table: 'ticket_messages', scope: 'organisation_id', omit: ['organisation_id'] },
  // The attached files themselves stay out (as the label PDFs): the conversation serves them.
  { file: 'ticket_attachments', table: 'ticket_attachments', scope: 'organisation_id', omit: ['organisation_id', 'content'] },
  { file: 'tracking_mails', table: 'tracking_mails', scope: 'organisation_id', omit: ['organisation_id'] },
  // Never a secret's hash.
  { file: 'api_users', table: 'api_users', scope: 'organisation_id', only: ['id', 'name', 'is_active', 'last_used_at', 'created_at', 'updated_at'] },
];

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Exports, their stored ZIPs, the retention setting and the anonymisation (docs/gdpr.md). */
export function createGdprRepository(db: Database) {
  // Read when a query runs: building the repository touches no database.
  const pool = () => db.$client;

  /** The columns of a table that the export writes, in the table's order; null when the table does not exist. */
  async function exportColumns(spec: ExportTable): Promise<string[] | null> {
    const { rows } = await pool().query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [spec.table],
    );
    if (rows.length === 0) return null;
    const names = rows.map((r) => r.column_name);
    if (spec.only) return spec.only.filter((c) => names.includes(c));
    return names.filter((c) => !spec.omit?.includes(c));
  }

  return {
    /** The GDPR data of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      const exportOf = (id: string) => and(eq(gdprExports.organisationId, organisationId), eq(gdprExports.id, id));
      return {
        async settings(): Promise<GdprSettingsRow | null> {
          const [row] = await db.select().from(gdprSettings).where(eq(gdprSettings.organisationId, organisationId));
          return row ?? null;
        },

        async saveRetention(retentionMonths: number | null): Promise<void> {
          await db
            .insert(gdprSettings)
            .values({ organisationId, retentionMonths })
            .onConflictDoUpdate({ target: gdprSettings.organisationId, set: { retentionMonths, updatedAt: new Date() } });
        },

        /**
         * Anonymises the recipients (name, company, address, e-mail, phone) of the orders and
         * labels made before `before`, and the addresses of their tracking e-mails, in one
         * transaction; rows already anonymised are not counted again.
         */
        async anonymise(before: Date, name: string): Promise<{ orders: number; labels: number }> {
          const client = await pool().connect();
          try {
            await client.query('BEGIN');
            const orders = await client.query(
              `UPDATE orders SET name = $3, company_name = NULL, address_1 = NULL, address_2 = NULL, housenumber = NULL, zipcode = NULL, city = NULL, email = NULL, phone = NULL, updated_at = now()
                WHERE organisation_id = $1 AND created_at < $2
                  AND (name IS DISTINCT FROM $3 OR company_name IS NOT NULL OR address_1 IS NOT NULL OR address_2 IS NOT NULL OR housenumber IS NOT NULL
                       OR zipcode IS NOT NULL OR city IS NOT NULL OR email IS NOT NULL OR phone IS NOT NULL)`,
              [organisationId, before, name],
            );
            const anonymous = { name, company_name: null, address_1: '', address_2: null, housenumber: null, zipcode: '', city: '', email: null, phone: null };
            const labels = await client.query<{ id: string }>(
              `UPDATE labels SET order_snapshot = order_snapshot || $3::jsonb, updated_at = now()
                WHERE organisation_id = $1 AND created_at < $2 AND NOT (order_snapshot @> $3::jsonb)
                RETURNING id`,
              [organisationId, before, JSON.stringify(anonymous)],
            );
            await client.query(
              `UPDATE tracking_mails SET recipient = NULL, html = '', body_text = '' WHERE organisation_id = $1 AND label_id = ANY($2::uuid[])`,
              [organisationId, labels.rows.map((r) => r.id)],
            );
            const counts = { orders: orders.rowCount ?? 0, labels: labels.rowCount ?? 0 };
            await client.query(
              `INSERT INTO gdpr_settings (organisation_id, last_anonymised_at, last_anonymised_orders, last_anonymised_labels) VALUES ($1, now(), $2, $3)
                ON CONFLICT (organisation_id) DO UPDATE SET last_anonymised_at = now(), last_anonymised_orders = $2, last_anonymised_labels = $3`,
              [organisationId, counts.orders, counts.labels],
            );
            await client.query('COMMIT');
            return counts;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          } finally {
            client.release();
          }
        },

        async exportsSince(since: Date): Promise<GdprExportRow[]> {
          return db
            .select()
            .from(gdprExports)
            .where(and(eq(gdprExports.organisationId, organisationId), gte(gdprExports.createdAt, since)))
            .orderBy(desc(gdprExports.createdAt))
            .limit(20);
        },

        async export(id: string): Promise<GdprExportRow | null> {
          const [row] = await db.select().from(gdprExports).where(exportOf(id));
          return row ?? null;
        },

        async hasRunningExport(): Promise<boolean> {
          const [row] = await db
            .select({ id: gdprExports.id })
            .from(gdprExports)
            .where(and(eq(gdprExports.organisationId, organisationId), inArray(gdprExports.status, ['queued', 'running'])))
            .limit(1);
          return row !== undefined;
        },

        /** Stores a queued export and sends its queue job in the same transaction. */
        async createExport(userId: string | null, send: (exportId: string, db: SqlExecutor) => Promise<void>): Promise<GdprExportRow> {
          const client = await pool().connect();
          try {
            await client.query('BEGIN');
            const { rows } = await client.query<{ id: string }>(`INSERT INTO gdpr_exports (organisation_id, user_id) VALUES ($1, $2) RETURNING id`, [organisationId, userId]);
            const id = rows[0]!.id;
            await send(id, { executeSql: (text, params) => client.query(text, params) });
            await client.query('COMMIT');
            const stored = await this.export(id);
            if (!stored) throw new Error(`gdpr export ${id} vanished`);
            return stored;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          } finally {
            client.release();
          }
        },

        /** Starts (again) from nothing: an earlier attempt's bytes are dropped. */
        async startExport(id: string, total: number): Promise<void> {
          await db.delete(gdprExportChunks).where(eq(gdprExportChunks.exportId, id));
          await db.update(gdprExports).set({ status: 'running', total, processed: 0, updatedAt: new Date() }).where(exportOf(id));
        },

        async progress(id: string, processed: number): Promise<void> {
          await db.update(gdprExports).set({ processed, updatedAt: new Date() }).where(exportOf(id));
        },

        async writeChunk(id: string, position: number, bytes: Buffer): Promise<void> {
          await db.insert(gdprExportChunks).values({ organisationId, exportId: id, position, bytes });
        },

        async finishExport(id: string, outcome: { status: 'done'; sizeBytes: number; expiresAt: Date } | { status: 'failed' }): Promise<void> {
          const now = new Date();
          if (outcome.status === 'failed') await db.delete(gdprExportChunks).where(eq(gdprExportChunks.exportId, id));
          await db
            .update(gdprExports)
            .set(outcome.status === 'done' ? { status: 'done', sizeBytes: outcome.sizeBytes, expiresAt: outcome.expiresAt, finishedAt: now, updatedAt: now } : { status: 'failed', finishedAt: now, updatedAt: now })
            .where(exportOf(id));
        },

        /** The stored ZIP's bytes from `position` on, a few chunks at a time. */
        async chunks(id: string, fromPosition: number, limit: number): Promise<{ position: number; bytes: Buffer }[]> {
          return db
            .select({ position: gdprExportChunks.position, bytes: gdprExportChunks.bytes })
            .from(gdprExportChunks)
            .innerJoin(gdprExports, and(eq(gdprExports.organisationId, gdprExportChunks.organisationId), eq(gdprExports.id, gdprExportChunks.exportId)))
            .where(and(exportOf(id), gte(gdprExportChunks.position, fromPosition)))
            .orderBy(gdprExportChunks.position)
            .limit(limit);
        },

        /** How many rows each exported table holds, for the progress. */
        async countRows(): Promise<number> {
          let total = 0;
          for (const spec of exportTables) {
            if (!(await exportColumns(spec))) continue;
            const { rows } = await pool().query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(spec.table)} WHERE ${quoteIdent(spec.scope)} = $1`, [organisationId]);
            total += Number(rows[0]!.n);
          }
          return total;
        },

        /** The rows of one exported table in pages (keyset on id), each page handed to `onPage` before the next is read. */
        async readTable(spec: ExportTable, pageSize: number, onPage: (columns: string[], rows: Record<string, unknown>[]) => Promise<void>): Promise<boolean> {
          const columns = await exportColumns(spec);
          if (!columns) return false;
          const list = columns.map(quoteIdent).join(', ');
          let after: string | null = null;
          for (;;) {
            const { rows }: { rows: Record<string, unknown>[] } = await pool().query(
              `SELECT ${list}, id AS "__key" FROM ${quoteIdent(spec.table)} WHERE ${quoteIdent(spec.scope)} = $1 AND ($2::uuid IS NULL OR id > $2::uuid) ORDER BY id LIMIT $3`,
              [organisationId, after, pageSize],
            );
            if (rows.length === 0) break;
            after = rows.at(-1)!.__key as string;
            for (const row of rows) delete row.__key;
            await onPage(columns, rows);
            if (rows.length < pageSize) break;
          }
          return true;
        },
      };
    },

    /** Work across organisations: the nightly sweep. */
    crossOrganisation: {
      /** The organisations with a retention period, and it. */
      async retentionSettings(): Promise<{ organisationId: string; retentionMonths: number }[]> {
        const rows = await db
          .select({ organisationId: gdprSettings.organisationId, retentionMonths: gdprSettings.retentionMonths })
          .from(gdprSettings)
          .where(sql`${gdprSettings.retentionMonths} IS NOT NULL`);
        return rows.map((r) => ({ organisationId: r.organisationId, retentionMonths: r.retentionMonths! }));
      },

      /** Removes the ZIPs of exports past their date; they stay listed as expired. */
      async expireExports(now: Date): Promise<number> {
        const expired = await db
          .update(gdprExports)
          .set({ status: 'expired', updatedAt: now })
          .where(and(eq(gdprExports.status, 'done'), lt(gdprExports.expiresAt, now)))
          .returning({ id: gdprExports.id });
        if (expired.length > 0) await db.delete(gdprExportChunks).where(inArray(gdprExportChunks.exportId, expired.map((e) => e.id)));
        return expired.length;
      },
    },
  };
}

export type GdprRepository = ReturnType<typeof createGdprRepository>;
