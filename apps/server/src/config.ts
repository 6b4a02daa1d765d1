import path from 'node:path';
import { z } from 'zod';
import { defaultPrintClientUrl } from '@verzendhuis/contract/printing';
import { defaultShopifyApiVersion } from './shops/shopify/client';

const flag = z
  .string()
  .optional()
  .transform((v) => v !== undefined && ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO: z.string().optional(),
  MAINTENANCE: flag,
  SCAN_ENABLED: flag,
  TICKETS_ENABLED: z.string().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  INTERCOM_SECRET: z.string().optional(),
  /** The Intercom workspace of the support chat widget; without it no widget is loaded. */
  INTERCOM_APP_ID: z.string().regex(/^[a-z0-9]{1,32}$/i).optional(),
  PDOK_URL: z.url().default('https://api.pdok.nl'),
  API_USER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  TEST_CARRIER_TIME_SCALE: z.coerce.number().positive().max(1_000_000).default(60),
  LABEL_JOB_THRESHOLD: z.coerce.number().int().min(1).max(10_000).default(50),
  IMPORT_JOB_THRESHOLD: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  LABEL_DRAW_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  PLATFORM_CONTRACTS: z.string().optional(),
  SHOP_SYNC_INTERVAL: z.coerce.number().int().min(1).max(1440).default(5),
  SHOP_WRITE_BACK_RETRY_DELAY: z.coerce.number().int().min(0).max(3600).default(30),
  TRACKING_MAIL_RETRY_DELAY: z.coerce.number().int().min(0).max(86_400).default(300),
  SHOPIFY_API_VERSION: z.string().regex(/^(\d{4}-(01|04|07|10)|unstable)$/, 'a Shopify API version such as 2026-10').default(defaultShopifyApiVersion),
  PRINT_CLIENT_URL: z.url().optional(),
  MAP_TILE_URL: z.string().regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'a tile URL template with {z}, {x} and {y}').default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap-bijdragers'),
  DELAY_AFTER_HOURS: z.string().optional(),
  TRACKING_BUDGET_PER_MINUTE: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  /** Our company on the invoices (docs/billing.md "## Invoices"). */
  INVOICE_COMPANY_NAME: z.string().max(200).default('Verzendhuis B.V.'),
  INVOICE_COMPANY_ADDRESS: z.string().max(500).default('Keizersgracht 100|1015 AA Amsterdam'),
  INVOICE_COMPANY_KVK: z.string().max(20).default('12345678'),
  INVOICE_COMPANY_VAT: z.string().max(20).default('NL123456789B01'),
  INVOICE_COMPANY_IBAN: z.string().max(40).default('NL91 ABNA 0417 1643 00'),
  INVOICE_COMPANY_EMAIL: z.string().max(200).default('facturen@verzendhuis.nl'),
  /** Test only: the billing clock this many days ahead (closing periods, overdue); refused in production. */
  BILLING_CLOCK_OFFSET_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  NODE_ENV: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['mollie', 'test']).optional(),
  MOLLIE_API_URL: z.url().default('https://api.mollie.com/v2'),
  MOLLIE_API_KEY: z.string().optional(),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Comma-separated origins that may call the API from a browser (CORS); none by default. */
  CORS_ORIGINS: z.string().optional(),
  /** 1: outbound calls to URLs users enter may reach loopback, private and link-local addresses (development, tests). */
  ALLOW_PRIVATE_OUTBOUND: flag,
  /** Behind a reverse proxy: trust its X-Forwarded-For (true, a hop count, or addresses/subnets separated by commas). */
  TRUST_PROXY: z.string().optional(),
  /** The bearer token of GET /metrics; without it /metrics answers 404 (docs/observability.md). */
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16)]).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Where users reach the app; the built-in identity provider's issuer lives under it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  maintenance: boolean;
  scanEnabled: boolean;
  ticketsEnabled: boolean;
  environment: 'production' | 'development' | 'test';
  oidc:
    | { mode: 'embedded'; issuer: string; clientId: string; audience: string }
    | { mode: 'external'; issuer: string; clientId: string; audience: string | null };
  intercomSecret: string | null;
  /** INTERCOM_APP_ID: the support chat widget's workspace, null (no widget) by default. */
  intercomAppId: string | null;
  /** Base URL of the Dutch address lookup (PDOK Locatieserver). */
  pdokUrl: string;
  /** Requests per minute one API user may make (docs/api-users.md); in memory per process. */
  apiUserRateLimit: number;
  /** How long one carrier call may take before its order is reported as failed. */
  carrierTimeoutMs: number;
  /** How many times faster than real time the Testvervoerder's parcels move (60: delivered 20 minutes after the label). */
  testCarrierTimeScale: number;
  /** A label request for more orders than this runs as a background job (docs/labels.md, "Grote selecties"). */
  labelJobThreshold: number;
  /** A CSV file with more data rows than this is imported by a background job (docs/import.md). */
  importJobThreshold: number;
  /** Worker threads that draw the Testvervoerder's labels (0: on the main thread); null: one fewer than the cores, at least one. */
  labelDrawThreads: number | null;
  /** JSON list of the platform's carrier contracts (proxy couriers), upserted at start; see docs/couriers.md. */
  platformContracts: string | null;
  /** Minutes between two scheduled pulls of a shop's orders (SHOP_SYNC_INTERVAL); see docs/shops.md. */
  shopSyncIntervalMinutes: number;
  /** Seconds between two attempts of a label's write-back to its shop (SHOP_WRITE_BACK_RETRY_DELAY); see docs/shopify.md. */
  shopWriteBackRetryDelaySeconds: number;
  /** The Shopify Admin API version the Shopify adapter asks for (SHOPIFY_API_VERSION); see docs/shopify.md. */
  shopifyApiVersion: string;
  /** Where the web app finds the local print client (PRINT_CLIENT_URL); see docs/printing.md. */
  printClientUrl: string;
  /** The map tiles of the tracking location and pickup point maps (MAP_TILE_URL, a Leaflet URL template) and their attribution. */
  map: { tileUrl: string; attribution: string };
  /** DELAY_AFTER_HOURS as given (hours without progress before a parcel is delayed; docs/tracking.md), parsed by the tracking area. */
  delayAfterHours: string | null;
  /** TRACKING_BUDGET_PER_MINUTE as given (carrier tracking requests per minute; docs/tracking.md), parsed by the tracking area. */
  trackingBudgetPerMinute: string | null;
  /** Where tracking and account e-mails are sent (SMTP_URL); null: they stay in the outbox (docs/tracking-mail.md, docs/auth.md). */
  smtpUrl: string | null;
  /** The sender of tracking e-mails (MAIL_FROM). */
  mailFrom: string | null;
  /** Seconds between two attempts of a tracking e-mail the mail server did not take (TRACKING_MAIL_RETRY_DELAY; docs/tracking-mail.md). */
  trackingMailRetryDelaySeconds: number;
  /**
   * The payment provider of direct debit and invoice payments (docs/billing.md): `test`, the
   * built-in one (the default outside production), or Mollie's API v2 at `apiUrl` with `apiKey`.
   */
  payments: { provider: 'test' } | { provider: 'mollie'; apiUrl: string; apiKey: string };
  /** How long one call to the payment provider may take (PAYMENT_TIMEOUT_MS). */
  paymentTimeoutMs: number;
  /**
   * Fastify's trustProxy (TRUST_PROXY): false by default, so the socket's address is the
   * client's; `true` trusts every proxy, a number that many hops, a list these addresses or
   * subnets. Rate limits per IP count the address it gives (docs/scaling.md).
   */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** METRICS_TOKEN: the bearer token of GET /metrics; null: /metrics answers 404 (docs/observability.md). */
  metricsToken: string | null;
  /** CORS_ORIGINS: the other origins whose browser pages may call the API; empty (no CORS header at all) by default (docs/security.md). */
  corsOrigins: string[];
  /** ALLOW_PRIVATE_OUTBOUND: URLs users enter (carrier base URL, shop URL) may reach loopback/private addresses (docs/security.md). */
  allowPrivateOutbound: boolean;
  webDistDir: string;
  /** Our company details printed on every invoice (INVOICE_COMPANY_*; docs/billing.md). */
  invoiceCompany: InvoiceCompany;
  /** Days the billing clock runs ahead (BILLING_CLOCK_OFFSET_DAYS, never in production): what tests use to let an invoice fall due. */
  billingClockOffsetDays: number;
}

export interface InvoiceCompany {
  name: string;
  addressLines: string[];
  kvk: string;
  vatNumber: string;
  iban: string;
  email: string;
}

export const embeddedClientId = 'verzendhuis-web';
export const oidcScope = 'openid email profile offline_access api';

/** TRUST_PROXY: unset, `false` or `0` off; `true` every proxy; a whole number of hops; else a list of addresses or subnets. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const given = (value ?? '').trim().toLowerCase();
  if (given === '' || given === 'false' || given === '0' || given === 'no' || given === 'off') return false;
  if (given === 'true' || given === 'yes' || given === 'on') return true;
  if (/^\d+$/.test(given)) return Number(given);
  const addresses = given.split(',').map((a) => a.trim()).filter(Boolean);
  for (const address of addresses) {
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/.test(address) && !['loopback', 'linklocal', 'uniquelocal'].includes(address)) {
      throw new Error(`Invalid configuration: TRUST_PROXY: ${address} is not an address, a subnet, true or a number of hops`);
    }
  }
  return addresses;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const environment =
    e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development';
  if (environment === 'production' && e.BILLING_CLOCK_OFFSET_DAYS !== 0) {
    throw new Error('Invalid configuration: BILLING_CLOCK_OFFSET_DAYS is for tests and cannot be set in production');
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new Error('Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID');
  }
  // Production takes real money: Mollie unless the operator chooses the test provider by name.
  const paymentProvider = e.PAYMENT_PROVIDER ?? (environment === 'production' ? 'mollie' : 'test');
  if (paymentProvider === 'mollie' && !e.MOLLIE_API_KEY) {
    throw new Error(
      'Invalid configuration: the payment provider mollie needs MOLLIE_API_KEY (in production Mollie is the default; PAYMENT_PROVIDER=test chooses the built-in test provider)',
    );
  }
  const payments: AppConfig['payments'] =
    paymentProvider === 'mollie' ? { provider: 'mollie', apiUrl: e.MOLLIE_API_URL, apiKey: e.MOLLIE_API_KEY ?? '' } : { provider: 'test' };
  const oidc: AppConfig['oidc'] = e.OIDC_ISSUER
    ? { mode: 'external', issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID ?? '', audience: e.OIDC_AUDIENCE ?? null }
    : { mode: 'embedded', issuer: `${publicUrl}/oidc`, clientId: embeddedClientId, audience: `${publicUrl}/api` };
  return {
    port,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    seedDemo: e.DEMO !== '0' && e.DEMO !== 'false',
    maintenance: e.MAINTENANCE,
    scanEnabled: e.SCAN_ENABLED,
    ticketsEnabled: e.TICKETS_ENABLED !== '0' && e.TICKETS_ENABLED !== 'false',
    environment,
    oidc,
    intercomSecret: e.INTERCOM_SECRET ?? null,
    intercomAppId: e.INTERCOM_APP_ID ?? null,
    pdokUrl: e.PDOK_URL,
    apiUserRateLimit: e.API_USER_RATE_LIMIT,
    carrierTimeoutMs: e.CARRIER_TIMEOUT_MS,
    testCarrierTimeScale: e.TEST_CARRIER_TIME_SCALE,
    labelJobThreshold: e.LABEL_JOB_THRESHOLD,
    importJobThreshold: e.IMPORT_JOB_THRESHOLD,
    labelDrawThreads: e.LABEL_DRAW_THREADS ?? null,
    platformContracts: e.PLATFORM_CONTRACTS ?? null,
    shopSyncIntervalMinutes: e.SHOP_SYNC_INTERVAL,
    shopWriteBackRetryDelaySeconds: e.SHOP_WRITE_BACK_RETRY_DELAY,
    shopifyApiVersion: e.SHOPIFY_API_VERSION,
    printClientUrl: (e.PRINT_CLIENT_URL ?? defaultPrintClientUrl).replace(/\/$/, ''),
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    delayAfterHours: e.DELAY_AFTER_HOURS || null,
    trackingBudgetPerMinute: e.TRACKING_BUDGET_PER_MINUTE || null,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM || null,
    trackingMailRetryDelaySeconds: e.TRACKING_MAIL_RETRY_DELAY,
    payments,
    paymentTimeoutMs: e.PAYMENT_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN || null,
    corsOrigins: parseOrigins(e.CORS_ORIGINS),
    allowPrivateOutbound: e.ALLOW_PRIVATE_OUTBOUND,
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    invoiceCompany: {
      name: e.INVOICE_COMPANY_NAME,
      addressLines: e.INVOICE_COMPANY_ADDRESS.split('|').map((l) => l.trim()).filter(Boolean),
      kvk: e.INVOICE_COMPANY_KVK,
      vatNumber: e.INVOICE_COMPANY_VAT,
      iban: e.INVOICE_COMPANY_IBAN,
      email: e.INVOICE_COMPANY_EMAIL,
    },
    billingClockOffsetDays: e.BILLING_CLOCK_OFFSET_DAYS,
    ...overrides,
  };
}

/** CORS_ORIGINS: comma-separated http(s) origins; anything else is a configuration error. */
function parseOrigins(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        throw new Error(`Invalid configuration: CORS_ORIGINS: ${v} is not an origin such as https://shop.example.nl`);
      }
      if (!['http:', 'https:'].includes(url.protocol) || url.origin !== v.replace(/\/$/, '')) {
        throw new Error(`Invalid configuration: CORS_ORIGINS: ${v} is not an origin such as https://shop.example.nl`);
      }
      return url.origin;
    });
}
