import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { startFakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { amsterdamDate, billingPeriodOf } from '@verzendhuis/domain/invoices';
import { beforeAll, expect, it } from 'vitest';
import { createOrders, importCsv, labelFor, labelledOrders, linkFakeCarrier, readyOrders, request, requestLabels, testCourierId, type RawResponse, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { apiOperations, fillPath, type ApiOperation, type JsonSchema } from '../../test-support/openapi';
import { connectPrintClient, pairPrintClient } from '../../test-support/print-client';
import { testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { createInvoiceRepository } from '../invoices/repository';
import { createInvoiceService } from '../invoices/service';

/**
 * The isolation walk (issue 17, docs/isolation.md): every call of the OpenAPI document, made
 * by organisation B (as its user, its API user and its print client) with the ids of
 * organisation A in the path, the query and the id fields of the body, must answer nothing
 * of A and change nothing of A. A call added to the server is walked without a new test; a
 * path with an `{id}` of a kind the map below does not know fails the walk until it is added.
 *
 * Raw SQL in this file to read A's ids (every table with an organisation_id), a checksum of
 * A's rows and A's order and tracking numbers straight from PostgreSQL; and to write only
 * for time passing (a label of A made three hours ago, so that it moves and is mailed) and
 * the ANALYTICS add-on (the operator's, no call makes it).
 */

const woo = startForFile(() => startFakeWooCommerce());
const postnl = startForFile(() => startFakePostnl({ apikey: 'postnl-sleutel' }));
const suffix = randomUUID().slice(0, 8);
/** Strings that only A's data holds: found in an answer to B, they are a leak. */
const marker = { organisation: `Geheimhuis Alfa ${suffix}`, name: `Isolde Verborgen-${suffix}`, email: `isolde.${suffix}@alfa-geheim.nl`, company: `Alfa Geheim BV ${suffix}` };
const { server, first: a, second: b } = testServerForFile({
  // Time scale 1: the Testvervoerder's parcels move in real hours, which the seed makes pass by ageing a label.
  config: () => ({ labelJobThreshold: 3, importJobThreshold: 2, testCarrierTimeScale: 1 }),
  organisations: [{ name: marker.organisation }, { name: `Bravo ${suffix}` }],
});

/** A's ids per table, read from PostgreSQL: every table with an organisation_id and an id. */
let idsOfA: Record<string, string[]> = {};
/** A's order numbers, tracking numbers and other texts only A has. */
let textsOfA: string[] = [];
/** What B authenticates with: its user's token, its API user's key, its print client's credential. */
const identities: { name: string; headers: () => Record<string, string> }[] = [
  { name: 'user of B', headers: () => ({ authorization: `Bearer ${b.token}` }) },
  { name: 'API user of B', headers: () => ({ authorization: `Basic ${Buffer.from(`${bApiUser.id}:${bApiUser.secret}`).toString('base64')}` }) },
  { name: 'print client of B', headers: () => ({ authorization: `PrintClient ${bPrintClient.credential}` }) },
];
let bApiUser = { id: '', secret: '' };
let bPrintClient = { printerClientId: '', credential: '' };
let bSlug = '';

/**
 * Which of A's ids fill a path parameter, a query parameter or a body field of this name
 * (tables of A, read from PostgreSQL). `{id}` is named by the path segment before it
 * (`label/{id}` → labels). A new call with a known name is walked as it is; a path
 * parameter this map does not know fails the walk: add its name here.
 */
const idSources: Record<string, string[]> = {
  'order/{id}': ['orders'],
  'label/{id}': ['labels'],
  'return/{id}': ['labels'],
  'ticket/{id}': ['tickets'],
  'support/ticket/{id}': ['tickets'],
  'courier/{id}': ['couriers'],
  'invoice/{id}': ['invoices'],
  'shop/{id}': ['shops'],
  'update/{id}': ['shops'],
  'printer-client/{id}': ['printer_clients'],
  'print-job/{id}': ['print_jobs'],
  'label/job/{id}': ['label_jobs'],
  'order/import/job/{id}': ['import_jobs'],
  'contacts/{id}': ['contacts'],
  'shipment-logic/{id}': ['shipment_logic_rules'],
  'api-user/{id}': ['api_users'],
  'gdpr/export/{id}': ['gdpr_exports'],
  'trackingmail/{id}': ['tracking_mails'],
  'public/return/{slug}/payment/{id}': ['return_requests', 'payments'],
  'public/logo/{id}': ['organisations'],
  attachmentId: ['ticket_attachments'],
  // Query parameters and body fields.
  order_ids: ['orders'],
  label_ids: ['labels'],
  label_id: ['labels'],
  ids: ['contacts', 'shipment_logic_rules'],
  id: ['contacts', 'payments', 'payments.provider_payment_id'],
  courier_id: ['couriers'],
  courier_ids: ['couriers'],
  printer_client_id: ['printer_clients'],
  item_id: ['order_items'],
  organisation_id: ['organisations'],
  code: ['orders', 'texts'],
  search: ['texts'],
};
/** Ids of the operator's catalogue, not of an organisation: walked with a value of no one. */
const catalogueFields = new Set(['plan_id', 'addon_id']);
/**
 * Path parameters that are a capability of their own (a public call answers what its own
 * slug, token or checkout id gives): walked with B's own or with one of no one.
 */
const ownSecrets: Record<string, () => string> = {
  slug: () => bSlug,
  token: () => randomUUID(),
  secret: () => randomUUID(),
  courier_class: () => 'test',
  'public/test-payment/{id}': () => `tr_${randomUUID().slice(0, 8)}`,
};

function candidates(key: string): string[] {
  const tables = idSources[key];
  if (!tables) throw new Error(`the isolation walk knows no ids for "${key}": add it to idSources in isolation-walk.int.test.ts`);
  const found = tables.flatMap((table) => (table === 'texts' ? textsOfA : (idsOfA[table] ?? [])));
  if (found.length === 0) throw new Error(`A has no ${tables.join(' or ')} for "${key}": make one in seedA of isolation-walk.int.test.ts`);
  return found;
}

const isIdName = (name: string) => /(^|_)ids?$/.test(name) || /Id$/.test(name);

/** A minimal valid value of a schema: required fields with plausible values, id fields with A's ids (`pick`). */
function valueOf(schema: JsonSchema | undefined, name: string, pick: (key: string) => string[] | undefined, full: boolean): unknown {
  if (!schema) return 'x';
  if (isIdName(name) && !catalogueFields.has(name)) {
    const ids = pick(name);
    if (ids) return schema.type === 'array' || name.endsWith('ids') ? ids : ids[0];
  }
  if (catalogueFields.has(name)) return randomUUID();
  if (schema.const !== undefined) return schema.const;
  if (plausible[name] && JSON.stringify(schema).includes('string')) return plausible[name];
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return valueOf(variants.find((v) => v.type !== 'null') ?? variants[0], name, pick, full);
  if (schema.allOf?.[0]) return valueOf(schema.allOf[0], name, pick, full);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const id = isIdName(key) && idSources[key] ? pick(key) : undefined;
        if (schema.required?.includes(key) || id || (full && (plausible[key] !== undefined || JSON.stringify(property).includes('boolean')))) out[key] = valueOf(property, key, pick, full);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => valueOf(schema.items, name, pick, full));
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return false;
    default:
      if (name === 'country' || name.endsWith('country_code')) return 'NL';
      if (schema.format === 'email' || name === 'email') return 'b@voorbeeld.nl';
      if (schema.format === 'date' || name === 'start' || name === 'end') return '2026-01-01';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'uri' || name === 'url') return 'https://voorbeeld.nl';
      if (schema.format === 'uuid') return randomUUID();
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

/** Plausible values of common fields, so that a body passes validation and reaches the lookup of A's ids. */
const plausible: Record<string, string> = { country: 'NL', name: 'Bram Bravo', zipcode: '1012 LG', housenumber: '1', address_1: 'Damrak', city: 'Amsterdam', phone: '0612345678', brand_color: '#123456' };

/** The analytics' period: the last thirty days, so that A's labels of today lie in it. */
const today = new Date().toISOString().slice(0, 10);
const periodQuery: Record<string, string> = { start: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), end: today, granularity: 'day' };

interface Call {
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** What B itself sent of A: an answer may repeat it without leaking. */
  sent: string;
}

/**
 * The calls of one operation: one per id of A (the slots are filled round-robin, so every
 * candidate of every slot is sent at least once).
 */
function callsOf(operation: ApiOperation, bodyShape: BodyShape = { kind: 'ids' }): Call[] {
  const slots = new Map<string, string[]>();
  const slot = (key: string) => {
    if (!slots.has(key)) slots.set(key, candidates(key));
    return slots.get(key)!;
  };
  const pathParameters = operation.parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, key: p.name === 'id' ? operation.path.replace(/^\/api\//, '').replace(/\/\{id\}.*$/, '/{id}') : p.name }));
  for (const { key } of pathParameters) if (!ownSecrets[key]) slot(key);
  const count = Math.max(1, ...[...slots.values()].map((ids) => ids.length));
  return Array.from({ length: count }, (_, index) => {
    const take = (key: string) => {
      const ids = slot(key);
      return ids.length === 0 ? [randomUUID()] : [ids[index % ids.length]!];
    };
    const pathValues: Record<string, string> = {};
    for (const { name, key } of pathParameters) pathValues[name] = ownSecrets[key]?.() ?? take(key)[0]!;
    const query: Record<string, string> = {};
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      if (idSources[parameter.name]) query[parameter.name] = take(parameter.name)[0]!;
      else if (periodQuery[parameter.name]) query[parameter.name] = periodQuery[parameter.name]!;
      else if (parameter.required) query[parameter.name] = String(valueOf(parameter.schema, parameter.name, () => undefined, false));
    }
    // Id arrays carry every id of A at once; scalar ids one per call.
    const pick = (key: string) => {
      if (!idSources[key] || (bodyShape.kind === 'one-id' && key !== bodyShape.field)) return undefined;
      return key.endsWith('ids') ? slot(key) : take(key);
    };
    const body = operation.body ? valueOf(operation.body.schema, '', pick, bodyShape.kind === 'full') : undefined;
    const path = fillPath(operation.path, pathValues);
    return { path, query, body, sent: `${path} ${JSON.stringify(query)} ${JSON.stringify(body ?? null)}` };
  });
}

/**
 * How a body is made: the required fields and every id field of A (`ids`); the required fields
 * and one id field (`one-id`, for calls that take ids of one kind or another); the optional fields
 * of a plausible value and the flags too (`full`).
 */
type BodyShape = { kind: 'ids' } | { kind: 'one-id'; field: string } | { kind: 'full' };

/** The other body shapes to try when a call refuses the first as invalid (400), so that it reaches its lookup. */
function otherShapes(operation: ApiOperation): BodyShape[] {
  const properties = Object.keys(operation.body?.schema.properties ?? {});
  return [...properties.filter((name) => isIdName(name) && idSources[name]).map((field) => ({ kind: 'one-id' as const, field })), { kind: 'full' }];
}

/** Every id and text of A in this answer that B did not send itself. */
function leaksIn(answer: RawResponse, sent: string): string[] {
  const body = answer.body === null ? '' : Buffer.isBuffer(answer.body) ? answer.body.toString('latin1') : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  // A file's name (an invoice number, an order number) is an answer too.
  const text = `${body} ${answer.headers.get('content-disposition') ?? ''}`;
  const own = [...Object.values(idsOfA).flat(), ...textsOfA, ...Object.values(marker)];
  return own.filter((value) => text.includes(value) && !sent.includes(value));
}

/** A checksum of A's rows in every table with an organisation_id (and A's organisation row), from PostgreSQL. */
async function checksumsOfA(): Promise<Record<string, string>> {
  const tables = await organisationTables();
  const parts = tables.map((table) => sql`SELECT ${table} AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${sql.identifier(table)} t WHERE organisation_id = ${a.organisationId}`);
  parts.push(sql`SELECT 'organisations' AS name, md5(t::text) AS sum FROM organisations t WHERE id = ${a.organisationId}`);
  const result = await server.database.db.execute<{ name: string; sum: string }>(sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(result.rows.map((row) => [row.name, row.sum]));
}

/** The tables where the organisation's rows hold a text of A (a name, an order number, an e-mail address); for B, a copy of A's data. */
async function tablesHoldingTextsOfA(organisationId: string): Promise<string[]> {
  const texts = JSON.stringify([...Object.values(marker), ...textsOfA]);
  const parts = (await organisationTables()).map(
    (table) =>
      sql`SELECT ${table} AS name FROM ${sql.identifier(table)} t WHERE organisation_id = ${organisationId} AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(${texts}::jsonb) m WHERE strpos(t::text, m) > 0)`,
  );
  const result = await server.database.db.execute<{ name: string }>(sql.join(parts, sql` UNION `));
  return result.rows.map((row) => row.name);
}

let tablesCache: string[] | undefined;
async function organisationTables(): Promise<string[]> {
  tablesCache ??= (
    await server.database.db.execute<{ table_name: string }>(
      sql`SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name) WHERE c.table_schema = 'public' AND c.column_name = 'organisation_id' AND t.table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).rows.map((row) => row.table_name);
  return tablesCache;
}

async function readIdsOfA(): Promise<Record<string, string[]>> {
  const ids: Record<string, string[]> = { organisations: [a.organisationId] };
  for (const table of await organisationTables()) {
    const hasId = await server.database.db.execute(sql`SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} AND column_name = 'id'`);
    if (hasId.rows.length === 0) continue;
    const rows = await server.database.db.execute<{ id: string }>(sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE organisation_id = ${a.organisationId} ORDER BY id`);
    // Short serial ids would be found in any answer; a uuid is A's alone.
    ids[table] = rows.rows.map((row) => row.id).filter((id) => id.length >= 16);
  }
  // The payment provider's ids of A's payments (what its webhook is called with).
  const payments = await server.database.db.execute<{ id: string }>(sql`SELECT provider_payment_id AS id FROM payments WHERE organisation_id = ${a.organisationId}`);
  ids['payments.provider_payment_id'] = payments.rows.map((row) => row.id);
  return ids;
}

/** A day on which the current billing period has ended. */
const afterThisPeriod = () => billingPeriodOf(amsterdamDate(new Date())).end;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** One of everything of A that has an id, made through the API (the invoice through the closing the job runs). */
async function seedA(org: TestOrganisation): Promise<void> {
  const ok = (answer: RawResponse, what: string) => {
    if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };
  const person = { name: marker.name, email: marker.email, company_name: marker.company };
  const items = [{ name: `Trui ${suffix}`, quantity: 1, unit_price_inc_btw: 39.95, weight: 400 }];
  const proxy = (await org.api.couriers.create({ courier_class: 'test', fields: { contract: 'platform' } })).data.id;
  await linkFakeCarrier(org, 'postnl', postnl.url);
  await createOrders(org, 2, { ...person, order_items: items });
  const { labelIds } = await labelledOrders(org, 3, { ...person, courier_id: proxy, order_items: items });
  const [returnOrder] = await readyOrders(org, 1, person);
  await labelFor(org, returnOrder!, { isReturn: true });
  await org.api.contacts.create({ ...person, country: 'NL', zipcode: '1012 LG', housenumber: '1', address_1: 'Damrak', city: 'Amsterdam' });
  await org.api.tickets.create({
    label_id: labelIds[0]!,
    email: marker.email,
    phone: '0612345678',
    subject: 'Anders',
    message: `Bericht van ${marker.name}`,
    internal_properties: 'Een blauwe mok',
    external_properties: 'Bruine doos',
    cost_price: '12.50',
    attachments: [{ filename: 'factuur.pdf', base_64: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64') }],
  });
  ok(await request(server, { method: 'POST', path: '/api/shop/create', token: org.token, body: { shop_class: 'woocommerce', fields: { url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret } } }), 'shop/create');
  const printer = await pairPrintClient(org, `Inpaktafel ${suffix}`);
  await org.api.printing.print({ label_ids: labelIds, printer_client_id: printer.printerClientId });
  // More orders than LABEL_JOB_THRESHOLD (3 here): a label job; more rows than IMPORT_JOB_THRESHOLD (2): an import job.
  const jobOrders = await readyOrders(org, 4, person);
  const job = ok(await requestLabels(org, { order_ids: jobOrders }), 'a label job').body.job.id as string;
  await waitUntil(() => org.api.labelJobs.get(job), (answer) => answer.data.status === 'done' || answer.data.status === 'failed', { what: 'the label job', timeoutMs: 60_000 });
  const header = 'Ordernummer;Naam;Straat;Postcode;Plaats;Land;Artikel;Aantal;Prijs per stuk;Artikelgewicht (g)';
  const rows = [1, 2, 3].map((n) => `IMP-${suffix}-${n};${marker.name};Oudegracht 231;3511 NK;Utrecht;NL;Koffiemok;2;12,95;350`);
  const imported = ok(await importCsv(org, [header, ...rows].join('\r\n') + '\r\n'), 'order/import').body.data.job_id as string;
  await waitUntil(() => org.api.orderImport.job(imported), (answer) => !['queued', 'running'].includes(answer.data.status), { what: 'the import job', timeoutMs: 60_000 });
  await org.api.apiUsers.create({ name: `Koppeling ${suffix}` });
  await org.api.user.uploadLogo({ file: { filename: 'logo.png', base_64: png.toString('base64') } });
  await org.api.shipmentLogic.create({ name: `Regel ${suffix}`, conditions: [{ field: 'country', operator: 'in', value: ['BE'] }], actions: { courier_id: proxy } });
  // A return request through A's public portal.
  const testCourier = await testCourierId(org);
  ok(await request(server, { method: 'PATCH', path: '/api/return-settings', token: org.token, body: { payment_methods: ['organisation_paid'], portal: { enabled: true, slug: `alfa-${suffix}`, courier_ids: [testCourier] } } }), 'return-settings');
  const [shippedOrderId] = (await labelledOrders(org, 1, { ...person, order_items: items })).orderIds;
  const orderNumber = (await org.api.orders.get(shippedOrderId!)).data.order_number!;
  const lookup = ok(await request(server, { method: 'POST', path: `/api/public/return/alfa-${suffix}/lookup`, body: { order_number: orderNumber, postcode: '1012 LG' } }), 'return lookup');
  ok(
    await request(server, {
      method: 'POST',
      path: `/api/public/return/alfa-${suffix}/create`,
      headers: { 'idempotency-key': randomUUID() },
      body: { order_number: orderNumber, postcode: '1012 LG', items: [{ item_id: lookup.body.data.items[0].id, reason: 'item_too_big' }], courier_id: lookup.body.data.couriers[0].id, payment_method: 'organisation_paid' },
    }),
    'return create',
  );
  // A tracking e-mail (to the outbox): a label that moved to shipped three hours after it was made.
  ok(await request(server, { method: 'PATCH', path: '/api/tracking', token: org.token, body: { mails: { shipped: { enabled: true } } } }), 'tracking settings');
  const [mailed] = (await labelledOrders(org, 1, person)).labelIds;
  ok(await request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [mailed] } }), 'label/track');
  const threeHoursAgo = (column: string) => sql`${sql.identifier(column)} - interval '3 hours'`;
  await server.database.db.execute(sql`UPDATE labels SET created_at = ${threeHoursAgo('created_at')}, printed_at = ${threeHoursAgo('printed_at')}, tracking_date = ${threeHoursAgo('tracking_date')} WHERE id = ${mailed}`);
  await server.database.db.execute(
    sql`UPDATE tracking_events SET occurred_at = ${threeHoursAgo('occurred_at')}, first_seen_at = ${threeHoursAgo('first_seen_at')}, last_seen_at = ${threeHoursAgo('last_seen_at')} WHERE label_id = ${mailed}`,
  );
  ok(await request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [mailed] } }), 'label/track');
  await waitUntil(() => server.database.db.execute(sql`SELECT 1 FROM tracking_mails WHERE label_id = ${mailed}`), (result) => result.rows.length > 0, { what: 'the tracking e-mail', timeoutMs: 60_000 });

  // The invoice of the period (as the hourly closing job makes it), and a payment of it.
  const [invoice] = await createInvoiceService({ repository: createInvoiceRepository(server.database.db), company: server.config.invoiceCompany }).closeOrganisation(org.organisationId, afterThisPeriod());
  if (!invoice) throw new Error('no invoice closed for A');
  ok(await request(server, { method: 'POST', path: `/api/invoice/${invoice.id}/payment`, token: org.token, body: {} }), 'invoice payment');
  const exportId = ok(await request(server, { method: 'POST', path: '/api/gdpr/export', token: org.token, body: {} }), 'gdpr export').body.data.id as string;
  await waitUntil(async () => (await org.api.gdpr.overview()).data.exports.find((e) => e.id === exportId)!, (e) => e.status === 'done' || e.status === 'failed', { what: 'the export', timeoutMs: 60_000 });

  const numbers = await server.database.db.execute<{ text: string }>(
    sql`SELECT order_number AS text FROM orders WHERE organisation_id = ${org.organisationId} UNION SELECT tracking_number FROM labels WHERE organisation_id = ${org.organisationId}`,
  );
  textsOfA = [
    ...new Set([...numbers.rows.map((row) => row.text ?? ''), org.email, `alfa-${suffix}`, `Koppeling ${suffix}`, `Regel ${suffix}`, `Inpaktafel ${suffix}`]),
  ].filter((text) => text.length >= 6);
}

beforeAll(async () => {
  await seedA(a);
  bApiUser = (await b.api.apiUsers.create({ name: 'Koppeling van B' })).data.user;
  bPrintClient = await pairPrintClient(b, 'Printer van B');
  const bCourier = await testCourierId(b);
  bSlug = `bravo-${suffix}`;
  await request(server, { method: 'PATCH', path: '/api/return-settings', token: b.token, body: { payment_methods: ['organisation_paid'], portal: { enabled: true, slug: bSlug, courier_ids: [bCourier] } } });
  // The ANALYTICS add-on for A and B, as the operator enables it (part of plans, no call makes it), so the analytics calls are walked past their 403.
  for (const org of [a, b]) await server.database.db.execute(sql`INSERT INTO organisation_addons (organisation_id, code) VALUES (${org.organisationId}, 'ANALYTICS') ON CONFLICT DO NOTHING`);
  idsOfA = await readIdsOfA();
}, 120_000);

it('walks every call as B with A’s ids: nothing of A in any answer, nothing of A changed, support calls refused', async () => {
  const operations = await apiOperations(server.url);
  const before = await checksumsOfA();
  const leaks: string[] = [];
  const failures: string[] = [];
  let calls = 0;
  /** Per identity, the calls it was let in on: a walk whose credentials all fail proves nothing. */
  const answered = new Map<string, number>();
  const log: string[] = [];
  for (const operation of operations) {
    const label = `${operation.method} ${operation.path}`;
    const isPublic = /^\/api\/(public\/|config$|health$|ready$|payments\/webhook$|tracking\/webhook\/|printer-client\/claim$)/.test(operation.path);
    const walk = async (shape: BodyShape | undefined) => {
      let refused = 0;
      await Promise.all(
        identities.flatMap((identity) =>
          callsOf(operation, shape).map(async (call) => {
            calls++;
            const answer = await request(server, { method: operation.method, path: call.path, query: call.query, headers: identity.headers(), ...(call.body === undefined ? {} : { body: call.body }) });
            const where = `${label} as ${identity.name} (${call.path} ${JSON.stringify(call.body ?? '')})`;
            if (answer.status === 400 && identity.name === 'user of B') refused++;
            log.push(`${answer.status} ${label} as ${identity.name} ${shape?.kind ?? 'ids'}: ${answer.status >= 400 ? JSON.stringify(answer.body?.fields ?? answer.body?.message_code) : ''}`);
            if (answer.status < 300) answered.set(identity.name, (answered.get(identity.name) ?? 0) + 1);
            for (const leak of leaksIn(answer, call.sent)) leaks.push(`${where}: answered "${leak}" of A (status ${answer.status})`);
            // 503 with the error body is an honest answer (the address lookup's PDOK is away in tests).
            if (answer.status >= 500 && !(answer.status === 503 && answer.body?.message_code)) failures.push(`${where}: ${answer.status} ${JSON.stringify(answer.body)}`);
            if (!isPublic && identity.name === 'print client of B' && answer.status !== 401) failures.push(`${where}: a print client's credential is no API credential, answered ${answer.status}`);
            if (operation.path.startsWith('/api/support/') && identity.name !== 'print client of B' && answer.status !== 403) failures.push(`${where}: an operator's call answered ${answer.status}`);
          }),
        ),
      );
      return refused;
    };
    // A body refused as invalid never reached A's ids: the other shapes are tried until one passes.
    if ((await walk(undefined)) > 0 && operation.body) {
      for (const shape of otherShapes(operation)) if ((await walk(shape)) === 0) break;
    }
    const after = await checksumsOfA();
    for (const table of Object.keys(before)) {
      if (after[table] !== before[table]) failures.push(`${label}: changed A's rows in ${table}`);
    }
    Object.assign(before, after);
  }
  // ISOLATION_WALK_LOG=<file>: what every call answered, to see that a new call reaches its lookup of A's ids (a 404), not a 400.
  if (process.env.ISOLATION_WALK_LOG) writeFileSync(process.env.ISOLATION_WALK_LOG, [...new Set(log)].sort().join('\n') + '\n');
  expect(leaks).toEqual([]);
  expect(failures).toEqual([]);
  expect(await tablesHoldingTextsOfA(b.organisationId)).toEqual([]);
  expect(calls).toBeGreaterThan(operations.length * 3);
  expect(answered.get('user of B')).toBeGreaterThan(50);
  expect(answered.get('API user of B')).toBeGreaterThan(40);
  // Neither check is blind: A's own list holds A's data, and A's own change changes the checksum.
  const own = await request(server, { path: '/api/order/', token: a.token, query: { page_size: 250 } });
  expect(leaksIn(own, '').length).toBeGreaterThan(5);
  expect(await tablesHoldingTextsOfA(a.organisationId)).toEqual(expect.arrayContaining(['orders', 'contacts', 'labels']));
  const [contact] = idsOfA.contacts ?? [];
  expect((await request(server, { method: 'PATCH', path: '/api/contacts', token: a.token, body: { id: contact, name: `${marker.name} 2`, country: 'NL', zipcode: '1012 LG', housenumber: '1', address_1: 'Damrak', city: 'Amsterdam' } })).status).toBe(200);
  expect((await checksumsOfA()).contacts).not.toBe(before.contacts);
}, 120_000);

it('a print client of B cannot report a print job of A printed or failed over the print server', async () => {
  const before = await checksumsOfA();
  const client = await connectPrintClient(server, bPrintClient.credential);
  await client.next('welcome');
  for (const jobId of idsOfA.print_jobs ?? []) {
    // Printed would mark the job's labels printed; failed would finish the job.
    client.send({ type: 'job-result', job_id: jobId, status: 'printed' });
    client.send({ type: 'job-result', job_id: jobId, status: 'failed', message: 'van B' });
  }
  // The server answers a hello again with a welcome: after it, every message before was handled.
  client.send({ type: 'hello', version: '1', printers: [], selected: null });
  await client.next('welcome', () => client.received.filter((m) => m.type === 'welcome').length >= 2);
  await client.close();
  expect(idsOfA.print_jobs?.length).toBeGreaterThan(0);
  expect(await checksumsOfA()).toEqual(before);
});
