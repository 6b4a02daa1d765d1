import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, ensureDatabase, migrationsFolder, type DatabaseHandle } from './client';
import { checkOrganisationKeys, readKeyCatalogue } from './organisation-keys';

/**
 * The migration organisation_keys on a database with data, and the rule it makes
 * (db/organisation-keys.ts) read from the catalogue of the migrated database.
 */
let database: DatabaseHandle;
let folder: string;
const organisations: string[] = [];

/** The migrations folder as it was before organisation_keys (the journal cut before it). */
function migrationsBeforeOrganisationKeys(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vh-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_organisation_keys'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** One organisation's rows in every table the migration re-keys, written with the keys of before (single-column ids). */
async function seedOldSchema(db: DatabaseHandle, name: string): Promise<string> {
  const q = async (text: string, values: unknown[] = []) => (await db.pool.query<{ id: string }>(text, values)).rows[0]?.id ?? '';
  const org = await q(`INSERT INTO organisations (name) VALUES ($1) RETURNING id`, [name]);
  const courier = await q(`INSERT INTO couriers (organisation_id, service_class, label) VALUES ($1, 'test', 'Test') RETURNING id`, [org]);
  const shop = await q(`INSERT INTO shops (organisation_id, service_class, label) VALUES ($1, 'woocommerce', 'Winkel') RETURNING id`, [org]);
  const order = await q(`INSERT INTO orders (organisation_id, status, country, courier_id, shop_id) VALUES ($1, 'ready', 'NL', $2, $3) RETURNING id`, [org, courier, shop]);
  await q(`INSERT INTO order_items (organisation_id, order_id, position, name, quantity, unit_price_cents) VALUES ($1, $2, 0, 'Boek', 1, 1000)`, [org, order]);
  const label = await q(
    `INSERT INTO labels (organisation_id, order_id, courier_id, courier_class, status, shipment_type, order_snapshot) VALUES ($1, $2, $3, 'test', 'shipped', 'parcel', '{}') RETURNING id`,
    [org, order, courier],
  );
  const pkg = await q(
    `INSERT INTO label_packages (organisation_id, label_id, package_number, weight, tracking_number, label_file) VALUES ($1, $2, 1, 1000, $3, '\\x25504446') RETURNING id`,
    [org, label, `3S${name}`],
  );
  await q(`INSERT INTO tracking_events (organisation_id, label_id, package_id, event, status, occurred_at) VALUES ($1, $2, $3, 'at_depot', 'shipped', now())`, [org, label, pkg]);
  await q(`INSERT INTO tracking_links (label_id, organisation_id, token) VALUES ($1, $2, $3)`, [label, org, `token-${name}`]);
  await q(`INSERT INTO tracking_mails (organisation_id, label_id, mail_status, state, subject, html, body_text) VALUES ($1, $2, 'shipped', 'sent', 'S', 'H', 'T')`, [org, label]);
  const invoice = await q(
    `INSERT INTO invoices (organisation_id, number, period_start, period_end, invoice_date, due_date, subtotal_cents, vat_cents, total_cents, vat_lines, billed_to)
     VALUES ($1, $2, '2026-01-01', '2026-01-15', '2026-01-15', '2026-01-29', 100, 21, 121, '[]', '{}') RETURNING id`,
    [org, `VH-2026-${name}`],
  );
  await q(`INSERT INTO invoice_items (organisation_id, label_id, type, parts, total_cents, invoice_id) VALUES ($1, $2, 'label_price', '[]', 100, $3)`, [org, label, invoice]);
  const returnRequest = await q(`INSERT INTO return_requests (organisation_id, order_id, courier_id, items, amount_cents) VALUES ($1, $2, $3, '[]', 500) RETURNING id`, [org, order, courier]);
  await q(`INSERT INTO payments (organisation_id, provider, provider_payment_id, kind, invoice_id, amount_cents, status) VALUES ($1, 'test', $2, 'invoice', $3, 121, 'paid')`, [org, `tr_${name}`, invoice]);
  await q(`INSERT INTO payments (organisation_id, provider, provider_payment_id, kind, return_request_id, amount_cents, status) VALUES ($1, 'test', $2, 'return', $3, 500, 'open')`, [
    org,
    `tr_r_${name}`,
    returnRequest,
  ]);
  const exportId = await q(`INSERT INTO gdpr_exports (organisation_id, status) VALUES ($1, 'done') RETURNING id`, [org]);
  await q(`INSERT INTO gdpr_export_chunks (export_id, position, bytes) VALUES ($1, 0, '\\x00'), ($1, 1, '\\x01')`, [exportId]);
  const ticket = await q(`INSERT INTO tickets (organisation_id, label_id, subject) VALUES ($1, $2, 'Waar is mijn pakket?') RETURNING id`, [org, label]);
  const message = await q(`INSERT INTO ticket_messages (organisation_id, ticket_id, author, text) VALUES ($1, $2, 'customer', 'Hallo') RETURNING id`, [org, ticket]);
  await q(`INSERT INTO ticket_attachments (organisation_id, ticket_id, message_id, filename, content_type, size, content) VALUES ($1, $2, $3, 'a.pdf', 'application/pdf', 1, '\\x25')`, [
    org,
    ticket,
    message,
  ]);
  const client = await q(`INSERT INTO printer_clients (organisation_id, name, credential_hash) VALUES ($1, 'Pc', $2) RETURNING id`, [org, `hash-${name}`]);
  await q(`INSERT INTO print_jobs (organisation_id, printer_client_id, label_ids, format, content_format) VALUES ($1, $2, $3, 'a6', 'pdf')`, [org, client, JSON.stringify([label])]);
  return org;
}

beforeAll(async () => {
  database = connect(await ensureDatabase(inject('adminDatabaseUrl'), `t_${randomBytes(6).toString('hex')}`));
  folder = migrationsBeforeOrganisationKeys();
  await migrate(database.db, { migrationsFolder: folder });
  organisations.push(await seedOldSchema(database, 'een'), await seedOldSchema(database, 'twee'));
  await migrate(database.db, { migrationsFolder });
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('organisation keys', () => {
  it('migrates a database with data: every row kept, the export chunks given their export’s organisation', async () => {
    const counts = await database.pool.query<{ table: string; n: number }>(
      `SELECT 'labels' AS table, count(*)::int AS n FROM labels UNION ALL SELECT 'tracking_events', count(*)::int FROM tracking_events
       UNION ALL SELECT 'payments', count(*)::int FROM payments UNION ALL SELECT 'ticket_attachments', count(*)::int FROM ticket_attachments`,
    );
    expect(Object.fromEntries(counts.rows.map((r) => [r.table, r.n]))).toEqual({ labels: 2, tracking_events: 2, payments: 4, ticket_attachments: 2 });
    const chunks = await database.pool.query<{ organisation_id: string; own: string }>(
      `SELECT c.organisation_id, e.organisation_id AS own FROM gdpr_export_chunks c JOIN gdpr_exports e ON e.id = c.export_id`,
    );
    expect(chunks.rows).toHaveLength(4);
    for (const row of chunks.rows) expect(row.organisation_id).toBe(row.own);
  });

  it('includes organisation_id in every primary, unique and foreign key of an organisation table, exceptions listed', async () => {
    const catalogue = await readKeyCatalogue(database.pool);
    // The catalogue is read for real: the tables and keys the check walks are there.
    expect(catalogue.keys.find((k) => k.name === 'labels_order_id_fkey')).toMatchObject({ columns: ['organisation_id', 'order_id'], refTable: 'orders', refColumns: ['organisation_id', 'id'] });
    expect(checkOrganisationKeys(catalogue)).toEqual([]);
  });

  it('refuses a row that points at another organisation’s row', async () => {
    const [one, two] = organisations;
    const label = await database.pool.query<{ id: string }>(`SELECT id FROM labels WHERE organisation_id = $1`, [one]);
    const refused = await database.pool
      .query(`INSERT INTO label_packages (organisation_id, label_id, package_number, weight, tracking_number, label_file) VALUES ($1, $2, 9, 1, 'X', '\\x00')`, [two, label.rows[0]?.id])
      .then(
        () => null,
        (error: { code?: string; constraint?: string }) => error,
      );
    expect(refused).toMatchObject({ code: '23503', constraint: 'label_packages_label_id_fkey' });
    const packages = await database.pool.query(`SELECT 1 FROM label_packages WHERE organisation_id = $1 AND label_id = $2`, [two, label.rows[0]?.id]);
    expect(packages.rowCount).toBe(0);
  });
});
