import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { GdprExport } from '@verzendhuis/contract/gdpr';
import { labelledOrders, readyOrders, request, type TestOrganisation } from '../../test-support/factories';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { queues } from '../jobs/queue';
import { waitUntil } from '../../test-support/wait';

const { server, first, second } = testServerForFile();
/** Another process on the same database, to send the nightly job as the schedule would. */
const other = otherProcessForFile(server);

/** Starts an export and waits until the job has made it. */
async function finishedExport(org: TestOrganisation): Promise<GdprExport> {
  const started = await request(server, { method: 'POST', path: '/api/gdpr/export', token: org.token, body: {} });
  expect(started.status).toBe(202);
  const id = started.body.data.id as string;
  return waitUntil(
    async () => (await org.api.gdpr.overview()).data.exports.find((e) => e.id === id)!,
    (e) => e.status === 'done' || e.status === 'failed',
    { what: 'the export to finish' },
  );
}

async function downloadZip(org: TestOrganisation, id: string): Promise<Record<string, string>> {
  const answer = await request(server, { path: `/api/gdpr/export/${id}/download`, token: org.token });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/zip');
  expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="verzendhuis-export-\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''verzendhuis-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(answer.body as Buffer));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('GDPR export', () => {
  it('contains the organisation’s orders, labels and users, nothing of another organisation and no secrets', async () => {
    const mine = await labelledOrders(first, 2, { name: 'Eigen Klant' });
    const theirs = await readyOrders(second, 2, { name: 'Vreemde Klant' });

    const done = await finishedExport(first);
    expect(done).toMatchObject({ status: 'done' });
    expect(done.processed).toBe(done.total);
    expect(done.size_bytes).toBeGreaterThan(0);
    expect(new Date(done.expires_at!).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    const files = await downloadZip(first, done.id);
    for (const name of ['organisation', 'users', 'orders', 'order_items', 'labels', 'label_packages', 'tracking_events', 'contacts', 'shops', 'couriers', 'invoice_items', 'invoices', 'payments', 'return_requests']) {
      expect(Object.keys(files)).toContain(`${name}.json`);
      expect(Object.keys(files)).toContain(`${name}.csv`);
    }
    const orders = JSON.parse(files['orders.json']!) as { id: string; name: string }[];
    for (const id of mine.orderIds) expect(orders.map((o) => o.id)).toContain(id);
    for (const id of theirs) expect(orders.map((o) => o.id)).not.toContain(id);
    expect(orders.every((o) => o.name !== 'Vreemde Klant')).toBe(true);
    const labels = JSON.parse(files['labels.json']!) as { id: string }[];
    expect(labels.map((l) => l.id).sort()).toEqual([...mine.labelIds].sort());
    expect(JSON.parse(files['organisation.json']!)).toMatchObject([{ id: first.organisationId }]);
    expect(JSON.parse(files['users.json']!)).toMatchObject([{ id: first.userId, email: first.email }]);

    const everything = Object.values(files).join('\n');
    expect(everything).not.toContain(second.organisationId);
    expect(everything).not.toContain('Vreemde Klant');
    expect(everything).not.toContain('password_hash');
    expect(everything).not.toContain('scrypt');
    expect(everything).not.toMatch(/"settings"/);
    // The CSV: a header line, then a line per order.
    const csvLines = files['orders.csv']!.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csvLines[0]).toMatch(/^id;/);
    expect(csvLines).toHaveLength(orders.length + 1);
    expect(files['orders.csv']).toContain('Eigen Klant');
  });

  it('a second organisation neither sees nor downloads the first’s export, and its own holds none of the first’s orders', async () => {
    const done = await finishedExport(first);
    const peek = await request(server, { path: `/api/gdpr/export/${done.id}`, token: second.token });
    expect(peek.status).toBe(404);
    expect(peek.body).toMatchObject({ message_code: 'gdpr_export_not_found', message: 'Deze export bestaat niet (meer).' });
    const download = await request(server, { path: `/api/gdpr/export/${done.id}/download`, token: second.token });
    expect(download.status).toBe(404);
    expect((await second.api.gdpr.overview()).data.exports.map((e) => e.id)).not.toContain(done.id);

    const theirs = await finishedExport(second);
    const files = await downloadZip(second, theirs.id);
    expect(Object.values(files).join('\n')).not.toContain(first.organisationId);
  });

  it('refuses without login, and a download of an unfinished export', async () => {
    expect((await request(server, { path: '/api/gdpr/' })).status).toBe(401);
    const [row] = (await server.database.pool.query<{ id: string }>(`INSERT INTO gdpr_exports (organisation_id, status) VALUES ($1, 'running') RETURNING id`, [first.organisationId])).rows;
    // Raw SQL: an export the queue is still making (a state the API passes through too quickly to catch).
    const answer = await request(server, { path: `/api/gdpr/export/${row!.id}/download`, token: first.token });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message_code: 'gdpr_export_not_ready', type: 'usage' });
    const again = await request(server, { method: 'POST', path: '/api/gdpr/export', token: first.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message_code: 'gdpr_export_running' });
    await server.database.pool.query(`DELETE FROM gdpr_exports WHERE id = $1`, [row!.id]);
  });
});

describe('GDPR retention', () => {
  /** Raw SQL: time passing (orders and labels made long ago). */
  async function age(table: 'orders' | 'labels', ids: string[], months: number) {
    await server.database.pool.query(`UPDATE ${table} SET created_at = now() - make_interval(months => $2) WHERE id = ANY($1::uuid[])`, [ids, months]);
  }

  it('refuses a period outside 6-60 months in Dutch and stores nothing', async () => {
    for (const retention_months of [3, 61, 12.5, 'twaalf']) {
      const answer = await request(server, { method: 'PATCH', path: '/api/gdpr/', token: first.token, body: { retention_months } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ type: 'validation', fields: { retention_months: ['Kies een bewaartermijn van 6 tot 60 maanden, of zet het anonimiseren uit.'] } });
    }
    expect((await first.api.gdpr.overview()).data.retention_months).toBeNull();
    const anonymise = await request(server, { method: 'POST', path: '/api/gdpr/anonymise', token: first.token, body: {} });
    expect(anonymise.status).toBe(400);
    expect(anonymise.body.fields.retention_months).toHaveLength(1);
  });

  it('anonymises only the old orders and labels of the organisation that set the period', async () => {
    const old = await labelledOrders(first, 2, { name: 'Oude Klant', email: 'oud@example.nl', phone: '0612345678' });
    const recent = await readyOrders(first, 1, { name: 'Nieuwe Klant', email: 'nieuw@example.nl' });
    const theirsOld = await readyOrders(second, 1, { name: 'Andere Klant', email: 'ander@example.nl' });
    await age('orders', [...old.orderIds, ...theirsOld], 14);
    await age('labels', old.labelIds, 14);

    const saved = await first.api.gdpr.saveSettings({ retention_months: 12 });
    expect(saved.data.retention_months).toBe(12);
    expect((await second.api.gdpr.overview()).data.retention_months).toBeNull();

    const result = await first.api.gdpr.anonymise();
    expect(result.data).toEqual({ orders: 2, labels: 2 });

    for (const id of old.orderIds) {
      expect((await first.api.orders.get(id)).data).toMatchObject({ name: 'Geanonimiseerd', email: null, phone: null, address_1: null, zipcode: null, city: null, country: 'NL' });
    }
    const label = (await first.api.labels.get(old.labelIds[0]!)).data as unknown as Record<string, unknown>;
    expect(JSON.stringify(label)).not.toContain('Oude Klant');
    expect(JSON.stringify(label)).not.toContain('oud@example.nl');
    expect((await first.api.orders.get(recent[0]!)).data).toMatchObject({ name: 'Nieuwe Klant', email: 'nieuw@example.nl' });
    expect((await second.api.orders.get(theirsOld[0]!)).data).toMatchObject({ name: 'Andere Klant', email: 'ander@example.nl' });

    // Once done, nothing is counted again; the overview tells when it last ran.
    expect((await first.api.gdpr.anonymise()).data).toEqual({ orders: 0, labels: 0 });
    const overview = (await first.api.gdpr.overview()).data;
    expect(overview.last_anonymised_at).not.toBeNull();
    expect((await second.api.gdpr.overview()).data.last_anonymised_at).toBeNull();

    // Switching it off is allowed.
    expect((await first.api.gdpr.saveSettings({ retention_months: null })).data.retention_months).toBeNull();
  });

  it('the nightly job anonymises past the period and expires old exports, of every organisation by its own setting', async () => {
    const old = await readyOrders(first, 1, { name: 'Nachtelijke Klant', email: 'nacht@example.nl' });
    const theirsOld = await readyOrders(second, 1, { name: 'Andere Nacht', email: 'andernacht@example.nl' });
    await age('orders', [...old, ...theirsOld], 30);
    await first.api.gdpr.saveSettings({ retention_months: 24 });
    const done = await finishedExport(first);
    const theirs = await finishedExport(second);
    // Raw SQL: time passing (the first's export is past its date, the second's not).
    await server.database.pool.query(`UPDATE gdpr_exports SET expires_at = now() - interval '1 minute' WHERE id = $1`, [done.id]);

    await other.queue.send(queues.gdprSweep, {});
    other.queue.notify(queues.gdprSweep);
    await waitUntil(
      async () => (await first.api.gdpr.overview()).data.exports.find((e) => e.id === done.id)?.status,
      (status) => status === 'expired',
      { what: 'the export to expire' },
    );
    await waitUntil(
      async () => (await first.api.orders.get(old[0]!)).data.name,
      (name) => name === 'Geanonimiseerd',
      { what: 'the old order to be anonymised' },
    );
    const download = await request(server, { path: `/api/gdpr/export/${done.id}/download`, token: first.token });
    expect(download.status).toBe(409);
    const { rows } = await server.database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM gdpr_export_chunks WHERE export_id = $1`, [done.id]);
    expect(Number(rows[0]!.n)).toBe(0);

    // The second set no period and its export is still valid.
    expect((await second.api.orders.get(theirsOld[0]!)).data).toMatchObject({ name: 'Andere Nacht', email: 'andernacht@example.nl' });
    expect((await request(server, { path: `/api/gdpr/export/${theirs.id}/download`, token: second.token })).status).toBe(200);
  });
});
