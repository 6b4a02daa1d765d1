import { randomBytes } from 'node:crypto';
import { createApiClient } from '@verzendhuis/contract/client';
import type { OrderInput } from '@verzendhuis/contract/order';
import type { OrganisationAddress } from '@verzendhuis/contract/user';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import type { DatabaseHandle } from '../src/db/client';
import { createOrganisationRepository } from '../src/organisation/repository';
import { createOrganisationService } from '../src/organisation/service';

/**
 * The shared factories of the API tests (`*.int.test.ts`): an organisation with a logged-in
 * user, ready orders, labels, and `request` for the raw calls the typed client cannot
 * make. A test reaches a state through these (the API) and writes SQL only for a state
 * the API cannot make, saying so where it does.
 */

/** Where a factory sends its calls: a test server (`startTestServer`). */
export interface ServerAddress {
  url: string;
}

export interface TestOrganisation {
  /** The test server the organisation lives on. */
  serverUrl: string;
  organisationId: string;
  userId: string;
  email: string;
  password: string;
  token: string;
  /** The typed contract client, logged in as this organisation's user. */
  api: ReturnType<typeof createApiClient>;
}

/** The address a test organisation has unless it asks for none: the sender of its labels. */
export const testSenderAddress: OrganisationAddress = {
  company_name: 'Webwinkel De Proef',
  address_1: 'Oudegracht',
  housenumber: '100',
  housenumber_addition: null,
  zipcode: '3511 AX',
  city: 'Utrecht',
  country: 'NL',
};

export interface OrganisationInput {
  name?: string;
  /** Its own address (the sender of its labels): `testSenderAddress` unless given; null for none, as after registration. */
  address?: OrganisationAddress | null;
}

/** Registers an organisation with one user and logs that user in (`server.createOrganisation()`). */
export async function createOrganisation(server: ServerAddress & { database: DatabaseHandle }, input: OrganisationInput = {}): Promise<TestOrganisation> {
  const service = createOrganisationService({ repository: createOrganisationRepository(server.database.db), intercomSecret: null, publicUrl: server.url, shipmentLogic: async () => [] });
  const suffix = randomBytes(4).toString('hex');
  const email = `gebruiker-${suffix}@voorbeeld.nl`;
  const password = `wachtwoord-${suffix}`;
  const user = await service.register({
    organisation_name: input.name ?? `Webwinkel ${suffix}`,
    name: `Gebruiker ${suffix}`,
    email,
    password,
    password_repeat: password,
  });
  const address = input.address === undefined ? testSenderAddress : input.address;
  if (address) await service.updateOrganisation(user.organisationId, { address });
  const tokens = await loginWithPassword({ baseUrl: server.url, email, password });
  return {
    serverUrl: server.url,
    organisationId: user.organisationId,
    userId: user.id,
    email,
    password,
    token: tokens.access_token,
    api: createApiClient({ baseUrl: server.url, getToken: () => tokens.access_token }),
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** From the root of the server: `/api/label/`, `/api/docs/json`. */
  path: string;
  /** The user's access token; without one the call is made logged out. */
  token?: string;
  /** Sent as JSON, with its content-type. */
  body?: unknown;
  /** Sent as it is, with the JSON content-type: for malformed bodies. */
  rawBody?: string;
  /** Sent as multipart/form-data (an upload), with the boundary fetch chooses. */
  form?: FormData;
  /** Added last: they may replace the content-type. */
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface RawResponse {
  status: number;
  /**
   * The parsed JSON (loosely typed for assertions; the contract client is the typed way), the
   * text of an HTML or text answer, the bytes of any other (a PDF), or null when empty.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** One raw call over HTTP, for what the typed client cannot express: bad bodies, other headers, no token. */
export async function request(server: ServerAddress, options: RequestOptions): Promise<RawResponse> {
  const url = new URL(options.path, server.url);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const sendsBody = options.body !== undefined || options.rawBody !== undefined;
  const headers: Record<string, string> = {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(sendsBody ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.form ?? options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const type = response.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = () => bytes.toString('utf8');
  const body = bytes.length === 0 ? null : type.includes('json') ? JSON.parse(text()) : type.startsWith('text/') ? text() : bytes;
  return { status: response.status, body, headers: response.headers };
}

/** The organisation's own Testvervoerder, the courier every organisation starts with. */
export async function testCourierId(org: TestOrganisation): Promise<string> {
  const courier = (await org.api.couriers.list()).data.find((c) => c.service_class === 'test' && c.proxied_id === null);
  if (!courier) throw new Error(`organisation ${org.organisationId} has no Testvervoerder`);
  return courier.id;
}

/**
 * Links the fake PostNL or DHL of packages/test-fakes (at `baseUrl`) as the organisation's
 * own courier, with the credentials the fakes' tests use; the courier's id.
 */
export async function linkFakeCarrier(org: TestOrganisation, courierClass: 'postnl' | 'dhl' | 'dpd' | 'gls' | 'ups' | 'bpost', baseUrl: string): Promise<string> {
  const fieldsByClass = {
    postnl: { api_key: 'postnl-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: baseUrl },
    dhl: { user_id: 'dhl-gebruiker', api_key: 'dhl-sleutel', account_id: '01234567', base_url: baseUrl },
    // startFakeDpd({ delisId: 'dpd-gebruiker', password: 'dpd-wachtwoord' })
    dpd: { delis_id: 'dpd-gebruiker', password: 'dpd-wachtwoord', base_url: baseUrl },
    // startFakeGls({ subscriptionKey: 'gls-sleutel', username: 'gls-gebruiker', password: 'gls-wachtwoord' }); base_url is its url + '/V1/api'
    gls: { subscription_key: 'gls-sleutel', username: 'gls-gebruiker', password: 'gls-wachtwoord', customer_number: '12345678', base_url: baseUrl },
    // startFakeUps({ clientId: 'ups-client', clientSecret: 'ups-geheim', accountNumber: 'A1B2C3' })
    ups: { client_id: 'ups-client', client_secret: 'ups-geheim', account_number: 'A1B2C3', base_url: baseUrl },
    // startFakeBpost({ accountId: '107423', passphrase: 'bpost-passphrase' }); base_url is its url + '/services/shm'
    bpost: { account_id: '107423', passphrase: 'bpost-passphrase', base_url: baseUrl },
  };
  const fields = fieldsByClass[courierClass];
  return (await org.api.couriers.create({ courier_class: courierClass, fields })).data.id;
}

/**
 * A complete order to Amsterdam, one parcel of 800 g, with a unique order number (and a
 * name outside ASCII, as real ones are); `overrides` replace its fields.
 */
export function orderInput(overrides: Partial<OrderInput> = {}, index = 0): OrderInput {
  return {
    order_number: `T-${randomBytes(3).toString('hex')}-${index}`,
    name: 'Zoë Łukasz-Müller',
    address_1: 'Damrak',
    housenumber: '1',
    zipcode: '1012 LG',
    city: 'Amsterdam',
    country: 'NL',
    shipment_type: 'parcel',
    shipment: { packages: [{ weight: 800 }], courier_fields: {} },
    ...overrides,
  };
}

async function bulk(org: TestOrganisation, count: number, overrides: Partial<OrderInput>) {
  const courierId = overrides.courier_id ?? (await testCourierId(org));
  const result = await org.api.orders.bulk(Array.from({ length: count }, (_, i) => orderInput({ courier_id: courierId, ...overrides }, i)));
  if (result.errors.length > 0) throw new Error(`orders refused: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** `count` orders through order/bulk, with the organisation's Testvervoerder unless `overrides` name a courier; their ids. */
export async function createOrders(org: TestOrganisation, count: number, overrides: Partial<OrderInput> = {}): Promise<string[]> {
  return (await bulk(org, count, overrides)).map((d) => d.id);
}

/** Like `createOrders`, and every order must come out ready for a label. */
export async function readyOrders(org: TestOrganisation, count: number, overrides: Partial<OrderInput> = {}): Promise<string[]> {
  const created = await bulk(org, count, overrides);
  const notReady = created.filter((d) => d.status !== 'ready');
  if (notReady.length > 0) throw new Error(`orders not ready: ${JSON.stringify(notReady)}`);
  return created.map((d) => d.id);
}

/** POST order/label/create as it is: any answer, with an Idempotency-Key when given. */
export function requestLabels(org: TestOrganisation, body: { order_ids: (string | undefined)[]; force?: boolean; is_return?: boolean; return_fallback?: boolean }, idempotencyKey?: string): Promise<RawResponse> {
  return request({ url: org.serverUrl }, { method: 'POST', path: '/api/order/label/create', token: org.token, body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
}

/** Labels for these orders (made in the request: stay under LABEL_JOB_THRESHOLD), each must succeed; the label ids in the orders' order. */
export async function labelsFor(org: TestOrganisation, orderIds: string[], options: { force?: boolean; isReturn?: boolean } = {}): Promise<string[]> {
  const { body } = await requestLabels(org, { order_ids: orderIds, ...(options.force ? { force: true } : {}), ...(options.isReturn ? { is_return: true } : {}) });
  if (body?.status !== 'success') throw new Error(`labels not made: ${JSON.stringify(body)}`);
  const byOrder = new Map<string, string>(body.data.map((d: { order_id: string; id: string }) => [d.order_id, d.id]));
  return orderIds.map((id) => byOrder.get(id) ?? '');
}

/** One label for this order (as `labelsFor`); its id. */
export async function labelFor(org: TestOrganisation, orderId: string, options: { force?: boolean; isReturn?: boolean } = {}): Promise<string> {
  const [id = ''] = await labelsFor(org, [orderId], options);
  return id;
}

/** `count` ready orders with a label each (`overrides` as for `readyOrders`). */
export async function labelledOrders(org: TestOrganisation, count: number, overrides: Partial<OrderInput> = {}): Promise<{ orderIds: string[]; labelIds: string[] }> {
  const orderIds = await readyOrders(org, count, overrides);
  return { orderIds, labelIds: await labelsFor(org, orderIds) };
}

/** A CSV upload to order/import (a text is sent as UTF-8 bytes); the raw answer, for refusals too. */
export function importCsv(org: TestOrganisation, file: string | Uint8Array<ArrayBuffer>, options: { dryRun?: boolean; name?: string; field?: string } = {}): Promise<RawResponse> {
  const form = new FormData();
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
  form.append(options.field ?? 'file', new Blob([bytes], { type: 'text/csv' }), options.name ?? 'bestellingen.csv');
  return request({ url: org.serverUrl }, { method: 'POST', path: '/api/order/import', token: org.token, form, query: options.dryRun ? { dry_run: 1 } : {} });
}
