import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { amsterdamDate, billingPeriodOf } from '@verzendhuis/domain/invoices';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminWith } from '../../test-support/admin';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { createOrders, labelsFor, linkFakeCarrier, readyOrders, request, type ServerAddress } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { startServerProcess } from '../../test-support/server-process';
import { ensureDatabase } from '../db/client';
import { freePort, startEmbeddedPostgres } from '../db/embedded';
import { createInvoiceRepository } from '../invoices/repository';
import { createInvoiceService } from '../invoices/service';

// Backup under load, restore into a fresh DATA_DIR, the app started on it finds everything and its linked carrier still works (docs/backups.md).

const { server, first, second } = testServerForFile();
const postnl = startForFile(() => startFakePostnl({ apikey: 'postnl-sleutel' }));
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);

/** A PDF made on request carries the time it was made: compared without its dates and document ID. */
const undated = (bytes: Buffer) => bytes.toString('latin1').replace(/\(D:\d{14}[^)]*\)/g, '').replace(/\/(CreationDate|ModDate) *\([^)]*\)/g, '').replace(/\/ID *\[[^\]]*\]/g, '');

/** What an organisation's user sees of its data through the API: lists as JSON, files as bytes. */
async function everything(at: ServerAddress, token: string, ids: { labelIds: string[]; invoiceId: string; ticketId: string; attachmentId: string; logoPath: string }) {
  const get = async (p: string) => {
    const response = await request(at, { path: p, token });
    expect(response.status, p).toBe(200);
    return response.body as unknown;
  };
  // The sheet first: making it marks the labels printed, which the lists then show.
  const sheet = (await request(at, { method: 'POST', path: '/api/label/pdf', token, body: { label_ids: ids.labelIds } })).body as Buffer;
  const labelPdf = undated(sheet);
  return {
    labelPdf,
    orderCount: await get('/api/order/count'),
    orders: await get('/api/order/'),
    labels: await get('/api/label/'),
    invoices: await get('/api/invoice/'),
    invoicePdf: undated((await get(`/api/invoice/${ids.invoiceId}/pdf`)) as Buffer),
    ticket: await get(`/api/ticket/${ids.ticketId}`),
    attachment: await get(`/api/ticket/${ids.ticketId}/attachment/${ids.attachmentId}`),
    logo: await get(ids.logoPath),
  };
}

describe('npm run admin -- backup and restore', () => {
  // Four processes of its own (backup, restore, the app, a refused restore) and a fresh initdb.
  it('bring back every row and file of a backup made under load into a fresh DATA_DIR, and refuse a target that is not empty', { timeout: 120_000 }, async () => {
    // Labels of the platform contract: each has its price, which the period's invoice holds.
    const courierId = (await first.api.couriers.create({ courier_class: 'test', fields: { contract: 'platform' } })).data.id;
    const labelIds = await labelsFor(first, await readyOrders(first, 3, { courier_id: courierId }));
    await createOrders(first, 2);
    // The organisation's own PostNL contract: its credentials are sealed with the app's key (a row of the backup too).
    const [postnlOrderId] = await readyOrders(first, 1, {
      courier_id: await linkFakeCarrier(first, 'postnl', postnl.url),
      shipment_type: 'standard',
      shipment: { packages: [{ weight: 1200 }], courier_fields: { signature: false, no_neighbours: false, insurance: '0' } },
    });
    const invoices = createInvoiceService({ repository: createInvoiceRepository(server.database.db), company: server.config.invoiceCompany });
    const [invoice] = await invoices.closeOrganisation(first.organisationId, billingPeriodOf(amsterdamDate(new Date())).end);
    const ticket = await request(server, {
      method: 'POST',
      path: '/api/ticket/create',
      token: first.token,
      body: {
        label_id: labelIds[0],
        email: 'klant@example.nl',
        phone: '0612345678',
        subject: 'Bezorgd maar niet ontvangen',
        message: 'De klant zegt dat het pakket nooit is aangekomen.',
        internal_properties: 'Een blauwe mok',
        external_properties: 'Bruine doos',
        cost_price: '12.50',
        attachments: [{ filename: 'factuur.pdf', base_64: pdf.toString('base64') }],
      },
    });
    expect(ticket.status).toBe(200);
    const logo = await request(server, { method: 'PUT', path: '/api/user/organisation/logo', token: first.token, body: { file: { filename: 'logo.png', base_64: png.toString('base64') } } });
    expect(logo.status).toBe(200);
    const ids = {
      labelIds,
      invoiceId: invoice?.id ?? '',
      ticketId: ticket.body.data.id as string,
      attachmentId: ticket.body.data.messages[0].attachments[0].id as string,
      logoPath: new URL(logo.body.data.company_logo_url as string).pathname,
    };
    const before = await everything(server, first.token, ids);
    expect(before.attachment).toEqual(pdf);
    expect(before.logo).toEqual(png);

    // The second organisation keeps writing orders while the backup runs.
    const countOf = async (token: string, at: ServerAddress = server) => (await request(at, { path: '/api/order/count', token })).body as unknown;
    const secondBefore = await countOf(second.token);
    let loading = true;
    let written = 0;
    const load = (async () => {
      while (loading) written += (await createOrders(second, 1)).length;
    })();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-backup-test-'));
    dirs.push(dir);
    // As root the embedded PostgreSQL runs as the "postgres" user, who must reach the data directory.
    await chmod(dir, 0o755);
    const file = path.join(dir, 'backup.tar.gz');
    const backup = await runAdminWith({ DATABASE_URL: server.database.url }, 'backup', file);
    loading = false;
    await load;
    expect(backup.code, backup.stderr).toBe(0);
    expect(written).toBeGreaterThan(0);

    const dataDir = path.join(dir, 'restored');
    const restore = await runAdminWith({ DATABASE_URL: '', DATA_DIR: dataDir }, 'restore', file);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('restored');

    const embedded = await startEmbeddedPostgres({ dataDir, notice: () => undefined });
    try {
      const app = await startServerProcess({ port: await freePort(), databaseUrl: await ensureDatabase(embedded.url, 'verzendhuis') });
      try {
        const login = async (org: { email: string; password: string }) => (await loginWithPassword({ baseUrl: app.url, email: org.email, password: org.password })).access_token;
        const token = await login(first);
        expect(await everything(app, token, ids)).toEqual(before);
        // The second organisation's orders written before the backup's snapshot are there.
        const secondToken = await login(second);
        const restoredCount = await countOf(secondToken, app);
        expect(restoredCount).not.toEqual(secondBefore);
        // The second organisation still sees nothing of the first.
        expect((await request(app, { path: `/api/ticket/${ids.ticketId}`, token: secondToken })).status).toBe(404);

        // A target that is not empty is refused and keeps what it has.
        const files = await readdir(dataDir);
        const again = await runAdminWith({ DATABASE_URL: '', DATA_DIR: dataDir }, 'restore', file);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('is not empty');
        expect(await readdir(dataDir)).toEqual(files);
        const intoDatabase = await runAdminWith({ DATABASE_URL: server.database.url }, 'restore', file);
        expect(intoDatabase.code).toBe(1);
        expect(intoDatabase.stderr).toContain('is not empty');
        expect(await everything(server, first.token, ids)).toEqual(before);
        expect(await everything(app, token, ids)).toEqual(before);

        // The restored sealed credentials still open: the linked PostNL makes a label.
        const made = await request(app, { method: 'POST', path: '/api/order/label/create', token, body: { order_ids: [postnlOrderId] } });
        expect(made.body, JSON.stringify(made.body)).toMatchObject({ status: 'success', data: [{ order_id: postnlOrderId }] });
      } finally {
        await app.stop();
      }
    } finally {
      await embedded.stop();
    }
  });
});
