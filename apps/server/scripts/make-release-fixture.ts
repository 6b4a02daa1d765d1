/**
 * Makes this release's upgrade fixture (docs/backups.md "Upgrades"):
 *
 *     npx tsx apps/server/scripts/make-release-fixture.ts <name, e.g. 2026-11-25>
 *
 * A fresh embedded PostgreSQL, the app on it, one organisation with orders of every status,
 * labels of every status (with their PDFs), label jobs done and failed, an import, and
 * invoices open and paid; then `backup` of it into apps/server/test-fixtures/releases/<name>/
 * backup.tar.gz, beside fixture.json: the user's login and what the API answered (and printed), which the
 * upgrade test (admin/upgrade.int.test.ts) asks of every newer release. Statuses the API
 * only reaches with time or carriers are set by SQL here: this is a fixture, not a test.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { amsterdamDate, billingPeriodOf } from '@verzendhuis/domain/invoices';
import { orderStatuses } from '@verzendhuis/domain/order';
import { labelJobStatuses, labelStatuses } from '@verzendhuis/contract/label';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect, ensureDatabase } from '../src/db/client';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded';
import { createInvoiceRepository } from '../src/invoices/repository';
import { createInvoiceService } from '../src/invoices/service';
import { prepareDatabase } from '../src/runtime';
import { createOrders, createOrganisation, importCsv, labelsFor, readyOrders, request, requestLabels } from '../test-support/factories';
import { waitUntil } from '../test-support/wait';
import { fixturePaths, recorded } from '../test-support/fixture-paths';

const name = process.argv[2];
if (!name || !/^[\w.-]+$/.test(name)) throw new Error('usage: make-release-fixture.ts <name>');
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const target = path.join(path.dirname(import.meta.dirname), 'test-fixtures', 'releases', name);

const dir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-fixture-'));
await chmod(dir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: dir, notice: () => undefined });
const databaseUrl = await ensureDatabase(embedded.url, 'verzendhuis');
const database = connect(databaseUrl);
try {
  await prepareDatabase(database, { seedDemo: false });
  const port = await freePort();
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PDOK_URL: 'http://localhost:9', ALLOW_PRIVATE_OUTBOUND: '1' }, { port, host: '127.0.0.1', databaseUrl, labelJobThreshold: 1 });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://localhost:${port}`;
  try {
    const org = await createOrganisation({ url, database }, { name: 'Webwinkel Release Fixture' });
    const run = (text: string) => database.db.execute(sql.raw(text));
    const id = org.organisationId;

    // Orders of every status: made ready, one set to each status.
    const orderIds = await createOrders(org, orderStatuses.length);
    for (const [i, status] of orderStatuses.entries()) await run(`UPDATE orders SET status = '${status}' WHERE id = '${orderIds[i]}' AND organisation_id = '${id}'`);

    // Labels of the platform contract (priced, so invoiced), one of each status, each made in its request (a selection above 1 runs as a label job).
    const courierId = (await org.api.couriers.create({ courier_class: 'test', fields: { contract: 'platform' } })).data.id;
    const labelIds: string[] = [];
    for (const orderId of await readyOrders(org, labelStatuses.length, { courier_id: courierId })) labelIds.push(...(await labelsFor(org, [orderId])));
    for (const [i, status] of labelStatuses.entries()) await run(`UPDATE labels SET status = '${status}' WHERE id = '${labelIds[i]}' AND organisation_id = '${id}'`);
    // The labels made so far were made last month (their invoice is closed and paid below).
    await run(`UPDATE invoice_items SET created_at = created_at - interval '40 days' WHERE organisation_id = '${id}'`);
    // Label jobs of the end statuses (a job queued or running would be worked again after a restore), of two orders each.
    const labelJobIds: string[] = [];
    for (const status of labelJobStatuses.filter((s) => s === 'done' || s === 'failed')) {
      const answer = await requestLabels(org, { order_ids: await readyOrders(org, 2, { courier_id: courierId }) });
      const jobId = answer.body?.job?.id as string | undefined;
      if (!jobId) throw new Error(`no label job: ${JSON.stringify(answer.body)}`);
      labelJobIds.push(jobId);
      await waitUntil(async () => (await request({ url }, { path: `/api/label/job/${jobId}`, token: org.token })).body.data?.status as string, (s) => s === 'done' || s === 'failed', { timeoutMs: 120_000, what: 'the label job' });
      await run(`UPDATE label_jobs SET status = '${status}' WHERE id = '${jobId}' AND organisation_id = '${id}'`);
    }

    // An import (a small file is imported in its request: no import job).
    const imported = await importCsv(org, `Ordernummer;Naam;Straat;Postcode;Plaats;Land;Artikel;Aantal;Prijs per stuk;Artikelgewicht (g)\r\nIMP-1;Anna de Vries;Oudegracht 231 bis;3511 NK;Utrecht;NL;Koffiemok;2;12,95;350\r\n`);
    if (imported.status !== 200) throw new Error(`import failed: ${JSON.stringify(imported.body)}`);

    // Invoices: last month's (paid) and this month's (open).
    const invoices = createInvoiceService({ repository: createInvoiceRepository(database.db), company: config.invoiceCompany });
    const [paid, invoice] = await invoices.closeOrganisation(id, billingPeriodOf(amsterdamDate(new Date())).end);
    if (!paid || !invoice) throw new Error('expected two invoices');
    await run(`UPDATE invoices SET status = 'paid' WHERE id = '${paid.id}' AND organisation_id = '${id}'`);

    const answers: Record<string, unknown> = {};
    const paths = fixturePaths({ labelIds, labelJobIds, invoiceIds: [paid.id, invoice.id] });
    for (const p of paths) {
      const response = await request({ url }, { path: p, token: org.token });
      if (response.status !== 200) throw new Error(`${p} answered ${response.status}`);
      answers[p] = recorded(response.body);
    }
    await rm(target, { recursive: true, force: true });
    await mkdir(target, { recursive: true });
    execFileSync(path.join(repositoryRoot, 'node_modules', '.bin', 'tsx'), ['apps/server/src/admin/cli.ts', 'backup', path.join(target, 'backup.tar.gz')], {
      cwd: repositoryRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      stdio: 'inherit',
    });
    // After the backup (printing marks labels printed): which label prints as a PDF sheet of its own.
    const sheets: Record<string, unknown> = {};
    for (const labelId of labelIds) {
      const sheet = await request({ url }, { method: 'POST', path: '/api/label/pdf', token: org.token, body: { label_ids: [labelId] } });
      sheets[labelId] = { status: sheet.status, ...(sheet.status === 200 ? (recorded(sheet.body) as object) : {}) };
    }
    await writeFile(path.join(target, 'fixture.json'), `${JSON.stringify({ email: org.email, password: org.password, labelIds, labelJobIds, invoiceIds: [paid.id, invoice.id], answers, sheets }, null, 2)}\n`);
    console.log(`fixture written to ${target}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
