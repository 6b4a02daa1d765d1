import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { OrganisationAddress } from '@verzendhuis/domain/organisation';
import type { RuleActions, RuleCondition } from '@verzendhuis/domain/shipping-rules';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Reference data: the plans an organisation can be on. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isTrial: boolean('is_trial').notNull().default(false),
  labelQuota: integer('label_quota'),
  monthlyPriceCents: integer('monthly_price_cents').notNull().default(0),
  trialDays: integer('trial_days'),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/**
 * Reference data: the add-ons on offer (docs/plans.md), seeded once from the code's
 * defaults; the operator changes them with `npm run admin -- addon-set`. Prices in cents.
 */
export const addons = pgTable('addons', {
  code: text('code', { enum: ['ANALYTICS', 'ORDER_ITEM_SCAN'] }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  yearlyPriceCents: integer('yearly_price_cents').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  canCreateLabels: boolean('can_create_labels').notNull().default(true),
  accountManagerActionRequired: boolean('account_manager_action_required').notNull().default(false),
  planId: text('plan_id').references(() => plans.id),
  planSubscriptionTo: timestamp('plan_subscription_to', { withTimezone: true }),
  /** The exclusive end (Amsterdam date) of what the paid plan has been charged for; the renewal job charges on from it (docs/plans.md "Renewals"). */
  planPaidThrough: date('plan_paid_through'),
  paymentStatus: text('payment_status', { enum: ['validating', 'ready'] }),
  /** The organisation as a customer of the payment provider (docs/billing.md), made once. */
  paymentCustomerId: text('payment_customer_id'),
  /** The provider's mandate in use (valid or pending), with what the provider tells of it. */
  paymentMandateId: text('payment_mandate_id'),
  paymentConsumerName: text('payment_consumer_name'),
  paymentAccountLastDigits: text('payment_account_last_digits'),
  /** Setting up the mandate failed (the first payment failed, or the mandate is invalid): the notice "mandate error". */
  paymentMandateFailed: boolean('payment_mandate_failed').notNull().default(false),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  /** The sender of every label; null until the organisation fills it in (label creation refuses without it). */
  address: jsonb('address').$type<OrganisationAddress>(),
  companyLogoUrl: text('company_logo_url'),
  companyCharacteristics: text('company_characteristics'),
  eoriNumber: text('eori_number'),
  eoriNumberGb: text('eori_number_gb'),
  vatNumber: text('vat_number'),
  hmrcCode: text('hmrc_code'),
  nationalPhone: text('national_phone'),
  trackingMailSettings: jsonb('tracking_mail_settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const organisationAddons = pgTable(
  'organisation_addons',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    code: text('code', { enum: ['ANALYTICS', 'ORDER_ITEM_SCAN'] }).notNull(),
    subscriptionPeriod: text('subscription_period'),
    subscriptionTo: timestamp('subscription_to', { withTimezone: true }),
    /** The exclusive end (Amsterdam date) of what has been charged; renewed from it while subscription_to is null. */
    paidThrough: date('paid_through'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.code] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** scrypt hash; null for users of an external identity provider. */
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    firstLoginSeenAt: timestamp('first_login_seen_at', { withTimezone: true }),
    /** 'operator': Verzendhuis support, who answers every organisation's tickets (set by `npm run admin -- operator`). */
    role: text('role', { enum: ['member', 'operator'] }).notNull().default('member'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_unique').on(t.oidcIssuer, t.oidcSubject),
    index('users_organisation_idx').on(t.organisationId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id'),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    isReplied: boolean('is_replied').notNull().default(false),
    /** The form of ticket/create (account spec §3): the consignee's contact and the parcel's description. */
    email: text('email'),
    phone: text('phone'),
    internalProperties: text('internal_properties'),
    externalProperties: text('external_properties'),
    /** The cost price of the contents as entered (a decimal, at least 0, two decimals at most). */
    costPrice: text('cost_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_organisation_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst()),
    index('tickets_label_idx').on(t.labelId),
    // Support (the operator's inbox, `npm run admin -- ticket-reply`) finds a ticket by its id alone.
    index('tickets_id_idx').on(t.id),
    primaryKey({ name: 'tickets_pkey', columns: [t.organisationId, t.id] }),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_organisation_idx').on(t.organisationId),
    primaryKey({ name: 'feedback_pkey', columns: [t.organisationId, t.id] }),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The conversation of an investigation: the customer's request and replies, support's answers. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').notNull(),
    author: text('author', { enum: ['customer', 'support'] }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    primaryKey({ name: 'ticket_messages_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'ticket_messages_ticket_id_fkey', columns: [t.organisationId, t.ticketId], foreignColumns: [tickets.organisationId, tickets.id] }).onDelete('cascade'),
  ],
);

/** The files of a message (PDF, PNG, JPEG by their magic bytes; 10 MB each), kept in the database. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').notNull(),
    messageId: uuid('message_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type', { enum: ['application/pdf', 'image/png', 'image/jpeg'] }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_attachments_message_idx').on(t.messageId),
    primaryKey({ name: 'ticket_attachments_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'ticket_attachments_ticket_id_fkey', columns: [t.organisationId, t.ticketId], foreignColumns: [tickets.organisationId, tickets.id] }).onDelete('cascade'),
    foreignKey({ name: 'ticket_attachments_message_id_fkey', columns: [t.organisationId, t.messageId], foreignColumns: [ticketMessages.organisationId, ticketMessages.id] }).onDelete('cascade'),
  ],
);

/** Storage of the built-in OpenID provider (sessions, grants, codes, refresh tokens). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Secrets the server makes once and keeps: token signing keys, cookie keys. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** The carrier contracts an organisation linked (or the platform's, proxied_id set). */
export const couriers = pgTable(
  'couriers',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    serviceClass: text('service_class').notNull(),
    label: text('label').notNull(),
    proxiedId: uuid('proxied_id').references(() => platformContracts.id),
    isActive: boolean('is_active').notNull().default(true),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** SHA-256 (hex) of the secret in this courier's tracking webhook URL (docs/tracking.md); null until one is made. */
    trackingWebhookHash: text('tracking_webhook_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('couriers_organisation_idx').on(t.organisationId, t.createdAt),
    uniqueIndex('couriers_tracking_webhook_idx').on(t.trackingWebhookHash).where(sql`tracking_webhook_hash IS NOT NULL`),
    primaryKey({ name: 'couriers_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/**
 * The shipping rules of an organisation (/settings/shipmentlogic), applied in `position`
 * order to every incoming order (docs/shipping-rules.md). The organisation's own
 * `shipment_logic` in GET user is this list.
 */
export const shipmentLogicRules = pgTable(
  'shipment_logic_rules',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    match: text('match', { enum: ['all', 'any'] }).notNull().default('all'),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull().default(sql`'[]'::jsonb`),
    actions: jsonb('actions').$type<RuleActions>().notNull().default(sql`'{}'::jsonb`),
    continueAfter: boolean('continue').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipment_logic_rules_organisation_idx').on(t.organisationId, t.position),
    primaryKey({ name: 'shipment_logic_rules_pkey', columns: [t.organisationId, t.id] }),
  ],
);

export const shops = pgTable(
  'shops',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    serviceClass: text('service_class').notNull(),
    label: text('label').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The link's settings, sealed (couriers/settings-crypto.ts). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** What the platform's adapter remembers between pulls (WooCommerce: modified_after); {} after a reset. */
    syncState: jsonb('sync_state').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Orders created or updated by the last pull; null when it failed. */
    lastSyncCount: integer('last_sync_count'),
    /** Why the last pull failed (Dutch); null when it succeeded. */
    lastSyncError: text('last_sync_error'),
    /** Since when the shop refuses our credentials (401/403): the link must be refreshed. */
    authFailedAt: timestamp('auth_failed_at', { withTimezone: true }),
    /** A pull holds the shop from this moment (one pull per shop at a time); a stale claim expires. */
    syncClaimedAt: timestamp('sync_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shops_organisation_idx').on(t.organisationId), index('shops_sync_due_idx').on(t.lastSyncAt).where(sql`is_active`),
    primaryKey({ name: 'shops_pkey', columns: [t.organisationId, t.id] }),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    companyName: text('company_name'),
    country: text('country').notNull(),
    stateProvinceCode: text('state_province_code'),
    zipcode: text('zipcode').notNull(),
    housenumber: text('housenumber'),
    address1: text('address_1').notNull(),
    address2: text('address_2'),
    city: text('city'),
    email: text('email'),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_organisation_name_idx').on(t.organisationId, t.name),
    // The address book's search (a substring of name, company, postcode or city): trigrams.
    index('contacts_search_idx').using('gin', t.name.op('gin_trgm_ops'), t.companyName.op('gin_trgm_ops'), t.zipcode.op('gin_trgm_ops'), t.city.op('gin_trgm_ops')),
    primaryKey({ name: 'contacts_pkey', columns: [t.organisationId, t.id] }),
  ],
);

export interface PackageValue {
  weight: number;
}
export interface PickupPointValue {
  id: string;
  name: string;
  address: { street_address: string; zip_code: string; city: string };
  /** The courier it was chosen for (issue 14); absent on points from shops and older orders. */
  courier_id?: string | null;
}
export interface StatusInfoValue {
  type: string;
  field: string | null;
  message: string;
  status: 'error' | 'warning' | 'info' | 'success';
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number'),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull(),
    errorStatus: text('error_status'),
    statusInfo: jsonb('status_info').$type<StatusInfoValue[]>().notNull().default(sql`'[]'::jsonb`),
    orderStatus: text('order_status'),
    name: text('name'),
    companyName: text('company_name'),
    address1: text('address_1'),
    address2: text('address_2'),
    housenumber: text('housenumber'),
    zipcode: text('zipcode'),
    city: text('city'),
    stateProvinceCode: text('state_province_code'),
    country: text('country').notNull(),
    email: text('email'),
    phone: text('phone'),
    currency: text('currency').notNull().default('EUR'),
    courierId: uuid('courier_id'),
    shopId: uuid('shop_id'),
    shipmentType: text('shipment_type'),
    pickupPoint: jsonb('pickup_point').$type<PickupPointValue | null>(),
    courierFields: jsonb('courier_fields').$type<Record<string, string | number | boolean | null>>().notNull().default(sql`'{}'::jsonb`),
    packages: jsonb('packages').$type<PackageValue[]>().notNull().default(sql`'[{"weight":0}]'::jsonb`),
    shipmentIds: uuid('shipment_ids').array().notNull().default(sql`'{}'::uuid[]`),
    isExport: boolean('is_export').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    source: text('source', { enum: ['manual', 'csv', 'shop', 'test', 'api'] }).notNull().default('manual'),
    /**
     * Who the order is at its source (`csv:<order number>`, `shop:<shop id>:<the shop's id>`):
     * a second arrival with the same key updates or skips it instead of adding it again.
     */
    externalKey: text('external_key'),
    /** The shop's own name of the shipping method the customer chose (shipping rules read it). */
    shopShippingMethod: text('shop_shipping_method'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Which dashboard list the order belongs to; the counters and indexes follow it. */
    tab: text('tab')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN NOT is_active THEN 'deleted' WHEN cardinality(shipment_ids) > 0 THEN 'shipped' WHEN status IN ('ready', 'incomplete', 'warning', 'error') THEN 'orders' ELSE 'other' END`,
      ),
    /** The words of name, company, e-mail and town, searched by word prefix. */
    searchWords: tsvector('search_words')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(city, ''))`),
    /** Postcode without spaces, upper case: searched from its start. */
    zipcodeCompact: text('zipcode_compact')
      .notNull()
      .generatedAlwaysAs(sql`upper(replace(coalesce(zipcode, ''), ' ', ''))`),
  },
  (t) => [
    // The (organisation, tab, order_date) index lives in migration 0003: it INCLUDEs the
    // searched columns, which drizzle cannot express. nullsFirst: drizzle's desc() makes
    // DESC NULLS LAST, which ORDER BY x DESC cannot use.
    index('orders_tab_created_idx').on(t.organisationId, t.tab, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_search_words_idx').using('gin', t.searchWords),
    // Searched from their start, so a plain btree serves: order number (any case) and postcode.
    index('orders_order_number_search_idx').using('btree', sql`lower(${t.orderNumber}) text_pattern_ops`),
    index('orders_zipcode_search_idx').using('btree', sql`${t.zipcodeCompact} text_pattern_ops`),
    index('orders_order_number_idx').on(t.organisationId, t.orderNumber),
    // A tab sorted on another column than its dates (docs/performance.md): a page is read
    // from the index in either direction instead of sorting the whole tab.
    index('orders_tab_name_idx').on(t.organisationId, t.tab, t.name, t.id),
    index('orders_tab_order_number_idx').on(t.organisationId, t.tab, t.orderNumber, t.id),
    index('orders_tab_country_idx').on(t.organisationId, t.tab, t.country, t.id),
    index('orders_tab_status_idx').on(t.organisationId, t.tab, t.status, t.id),
    // The problematic tab (a quarter of the orders tab) by order date, without a heap visit per skipped row.
    index('orders_problematic_order_date_idx')
      .on(t.organisationId, t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`tab = 'orders' AND status IN ('incomplete', 'error')`),
    uniqueIndex('orders_external_key_idx').on(t.organisationId, t.externalKey).where(sql`${t.externalKey} IS NOT NULL`),
    primaryKey({ name: 'orders_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'orders_courier_id_fkey', columns: [t.organisationId, t.courierId], foreignColumns: [couriers.organisationId, couriers.id] }),
    foreignKey({ name: 'orders_shop_id_fkey', columns: [t.organisationId, t.shopId], foreignColumns: [shops.organisationId, shops.id] }),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    weight: integer('weight'),
    category: text('category'),
    sku: text('sku'),
    hsCode: text('hs_code'),
    eanCode: text('ean_code'),
    productCountry: text('product_country'),
    isReturned: boolean('is_returned').notNull().default(false),
    isDummyItem: boolean('is_dummy_item').notNull().default(false),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    primaryKey({ name: 'order_items_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'order_items_order_id_fkey', columns: [t.organisationId, t.orderId], foreignColumns: [orders.organisationId, orders.id] }).onDelete('cascade'),
  ],
);

/** Kept by statement triggers (migration order_counters): tab counters without counting rows. */
export const orderCounters = pgTable(
  'order_counters',
  {
    organisationId: uuid('organisation_id').notNull(),
    tab: text('tab').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.tab, t.status] })],
);

/**
 * Analytics (docs/analytics.md): per organisation and Amsterdam day of the label's creation,
 * the active labels counted once per dimension: `all` (key ''), `carrier` (the carrier
 * class), `country` (the recipient's) and `shipment_type`, split by is_return; so that a
 * call reads at most a few rows per day. Kept exact by the statement triggers of the
 * migration analytics (never written by the application).
 */
export const analyticsLabelDaily = pgTable(
  'analytics_label_daily',
  {
    organisationId: uuid('organisation_id').notNull(),
    dimension: text('dimension', { enum: ['all', 'carrier', 'country', 'shipment_type'] }).notNull(),
    day: date('day').notNull(),
    key: text('key').notNull(),
    isReturn: boolean('is_return').notNull(),
    labels: integer('labels').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    /** Sum over the delivered labels of delivered_at minus shipped_at (or created_at). */
    deliverySeconds: bigint('delivery_seconds', { mode: 'number' }).notNull().default(0),
    onTime: integer('on_time').notNull().default(0),
    delayed: integer('delayed').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.dimension, t.day, t.key, t.isReturn] })],
);

/** Analytics: the reasons of active return labels per organisation and day (one count per reason a label names). */
export const analyticsReturnReasonDaily = pgTable(
  'analytics_return_reason_daily',
  {
    organisationId: uuid('organisation_id').notNull(),
    day: date('day').notNull(),
    reason: text('reason').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day, t.reason] })],
);

/** Analytics: tracking e-mails sent (state sent or outbox, no test mails) per organisation, Amsterdam day of sending and mail status. */
export const analyticsMailDaily = pgTable(
  'analytics_mail_daily',
  {
    organisationId: uuid('organisation_id').notNull(),
    day: date('day').notNull(),
    mailStatus: text('mail_status').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day, t.mailStatus] })],
);

/**
 * A shipment's label: one per shipment, with one package row per parcel. The
 * recipient and order fields are a copy taken when the label was made.
 */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    courierId: uuid('courier_id').notNull(),
    courierClass: text('courier_class').notNull(),
    /** creating while the carrier is asked; then ready, printed, shipped, … */
    status: text('status').notNull(),
    errorStatus: text('error_status'),
    statusInfo: jsonb('status_info').$type<StatusInfoValue[]>().notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    isReturn: boolean('is_return').notNull().default(false),
    shipmentType: text('shipment_type').notNull(),
    courierFields: jsonb('courier_fields').$type<Record<string, string | number | boolean | null>>().notNull().default(sql`'{}'::jsonb`),
    /** The order as it was labelled: number, date, shop status, recipient. */
    orderSnapshot: jsonb('order_snapshot').$type<Record<string, unknown>>().notNull(),
    trackingNumber: text('tracking_number'),
    trackingDate: timestamp('tracking_date', { withTimezone: true }),
    /**
     * When the scheduled refresh should ask the carrier again (domain/tracking-freshness.ts:
     * sooner for a parcel out for delivery, later for a label just made); null: never asked,
     * first in line. The job takes the most overdue first within each carrier's budget.
     */
    trackingNextCheckAt: timestamp('tracking_next_check_at', { withTimezone: true }),
    /** First time the label went out in a PDF or to a printer. */
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** When its carrier accepted our cancel of it (a delete): a retried delete never asks the carrier twice. */
    carrierCanceledAt: timestamp('carrier_canceled_at', { withTimezone: true }),
    /** Returns: the marker the user set (confirm, action_required, item_missing, refuse). */
    marker: text('marker'),
    /** Returns: who pays (organisation_paid, consumer_paid, store_credit, …). */
    paymentMethod: text('payment_method'),
    /** Analytics (docs/analytics.md): the first carrier event of the shipped group; kept by a trigger on tracking_events. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** Analytics: the first delivery event (group completed, not delivered_at_sender); kept by a trigger on tracking_events. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Analytics: when the label first had the status delayed (a label that was ever delayed counts as delayed); kept by a trigger. */
    delayedAt: timestamp('delayed_at', { withTimezone: true }),
    /** Returns: the reasons the consumer gave. */
    reasonRetour: jsonb('reason_retour').$type<{ reason: string; comment?: string | null; item_id?: string | null }[]>(),
    /** While creating: the app instance (app_instances) whose request or job claimed it; a dead one's claim is recovered. */
    claimedBy: integer('claimed_by'),
    /** The Idempotency-Key of the request that made it: a request cut off by a crash is answered from its labels. */
    requestKey: text('request_key'),
    /**
     * Telling the shop of a label of a shop's order (shops/write-back.ts): pending, set in the
     * transaction that finishes the label; done once the shop knows; failed with the
     * order_update_failed warning. Null where there is no shop to tell (a return label, an
     * order that came not from a shop, a label made before this state existed).
     */
    writeBack: text('write_back'),
    /** When write_back was last set: the recovery queues a write-back still pending some time after. */
    writeBackAt: timestamp('write_back_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('labels_write_back_pending_idx').on(t.writeBackAt).where(sql`write_back = 'pending'`),
    index('labels_organisation_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('labels_order_idx').on(t.orderId),
    // The labels list sorted on another column than its date: read in either direction (label/?sort=).
    index('labels_status_sort_idx').on(t.organisationId, t.status, t.id),
    index('labels_order_number_sort_idx').on(t.organisationId, sql`(${t.orderSnapshot}->>'order_number')`, t.id),
    index('labels_name_sort_idx').on(t.organisationId, sql`(${t.orderSnapshot}->>'name')`, t.id),
    index('labels_country_sort_idx').on(t.organisationId, sql`(${t.orderSnapshot}->>'country')`, t.id),
    // The labels' search (a substring of order number, name, tracking number or postcode): trigrams.
    index('labels_search_idx').using(
      'gin',
      sql`(${t.orderSnapshot}->>'order_number') gin_trgm_ops`,
      sql`(${t.orderSnapshot}->>'name') gin_trgm_ops`,
      sql`${t.trackingNumber} gin_trgm_ops`,
      sql`(${t.orderSnapshot}->>'zipcode') gin_trgm_ops`,
    ),
    // One label request at a time per order: a second claim fails on this index.
    uniqueIndex('labels_one_creating_per_order').on(t.organisationId, t.orderId).where(sql`status = 'creating'`),
    index('labels_request_key_idx').on(t.organisationId, t.requestKey).where(sql`request_key IS NOT NULL`),
    // The tracking job's queue per carrier: travelling labels, most overdue (or never asked) first.
    index('labels_tracking_due_idx')
      .on(t.courierClass, t.trackingNextCheckAt.asc().nullsFirst())
      .where(sql`is_active AND status NOT IN ('creating', 'completed', 'canceled')`),
    primaryKey({ name: 'labels_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'labels_order_id_fkey', columns: [t.organisationId, t.orderId], foreignColumns: [orders.organisationId, orders.id] }),
    foreignKey({ name: 'labels_courier_id_fkey', columns: [t.organisationId, t.courierId], foreignColumns: [couriers.organisationId, couriers.id] }),
  ],
);

export const labelPackages = pgTable(
  'label_packages',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id').notNull(),
    packageNumber: integer('package_number').notNull(),
    weight: integer('weight').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    /** The carrier's label file, as it came (PDF). */
    labelFile: bytea('label_file').notNull(),
    /** The same label as ZPL, when the organisation prints on a ZPL printer and the carrier (or we) made one: sent raw. */
    labelZpl: bytea('label_zpl'),
    /** The carrier's own name of the shipment where it is not the tracking number (bpost's order reference): its cancel names it. */
    carrierReference: text('carrier_reference'),
  },
  (t) => [
    uniqueIndex('label_packages_label_number_idx').on(t.organisationId, t.labelId, t.packageNumber),
    // A carrier's pushed events name a tracking number (tracking webhooks).
    index('label_packages_tracking_number_idx').on(t.organisationId, t.trackingNumber),
    primaryKey({ name: 'label_packages_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'label_packages_label_id_fkey', columns: [t.organisationId, t.labelId], foreignColumns: [labels.organisationId, labels.id] }).onDelete('cascade'),
  ],
);

/** Answers of label requests by Idempotency-Key: a repeat gets the first answer. */
export const labelRequests = pgTable(
  'label_requests',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The orders asked, for the answer of a request a crash cut off. */
    orderIds: uuid('order_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** While the answer is missing: the app instance working on it. */
    claimedBy: integer('claimed_by'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.idempotencyKey] }),
    index('label_requests_pending_idx').on(t.createdAt).where(sql`response IS NULL`),
  ],
);

/** The platform's own carrier contracts; a proxy courier (couriers.proxied_id) uses one. */
export const platformContracts = pgTable('platform_contracts', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierClass: text('courier_class').notNull(),
  name: text('name').notNull(),
  /** Sealed like a courier's settings. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * The price table of proxy labels (label-price/). A row with option null is a base price
 * for a weight bracket; a row with an option is a surcharge added when that courier field is set.
 */
export const labelPrices = pgTable(
  'label_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courierClass: text('courier_class').notNull(),
    shipmentType: text('shipment_type').notNull(),
    /** NL, EU or WORLD */
    zone: text('zone').notNull(),
    /** Upper bound of the weight bracket in grams (base prices); null for surcharges. */
    maxWeight: integer('max_weight'),
    option: text('option'),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [index('label_prices_lookup_idx').on(t.courierClass, t.shipmentType, t.zone)],
);

/**
 * The counters of the rate limits every process shares (http/shared-limiter.ts, the shape
 * rate-limiter-flexible's PostgreSQL store reads): key = limiter prefix and subject.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * One closed billing period of one organisation (docs/billing.md): its invoice items, VAT
 * and total in cents. Numbered without gaps across all organisations (VH-YYYY-NNNNNN).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** Exclusive: the period is [period_start, period_end). */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Per VAT rate: the base and the VAT, in cents. */
    vatLines: jsonb('vat_lines').$type<{ rate: string; base_cents: number; vat_cents: number }[]>().notNull(),
    /** The organisation's name and address as they were when the invoice was made. */
    billedTo: jsonb('billed_to').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['open', 'paid'] }).notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_organisation_period_unique').on(t.organisationId, t.periodStart), index('invoices_organisation_date_idx').on(t.organisationId, t.invoiceDate),
    primaryKey({ name: 'invoices_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/**
 * The last invoice number given out per year (VH-YYYY-NNNNNN): the row is locked by the
 * transaction that makes an invoice, so numbers have no gaps (a rolled-back invoice gives
 * its number back).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A payment at the payment provider (docs/billing.md): the first payment that sets up a
 * direct-debit mandate, or the payment of an open invoice. The provider's webhook names
 * the payment; its status is always read back from the provider, never from the webhook.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['mollie', 'test'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    kind: text('kind', { enum: ['mandate', 'invoice', 'return'] }).notNull(),
    invoiceId: uuid('invoice_id'),
    /** kind return: the consumer-paid return of the portal this payment pays (docs/returns.md). */
    returnRequestId: uuid('return_request_id'),
    /** first (sets up a mandate), oneoff (paid at a checkout) or recurring (collected on the mandate). */
    sequenceType: text('sequence_type', { enum: ['first', 'oneoff', 'recurring'] }).notNull().default('oneoff'),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's status: open, pending, authorized, paid, failed, canceled, expired. */
    status: text('status').notNull(),
    checkoutUrl: text('checkout_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_unique').on(t.provider, t.providerPaymentId),
    index('payments_organisation_idx').on(t.organisationId, t.createdAt),
    // The scheduled collection charges each invoice on the mandate once.
    uniqueIndex('payments_one_collection_per_invoice').on(t.organisationId, t.invoiceId).where(sql`sequence_type = 'recurring'`),
    primaryKey({ name: 'payments_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'payments_invoice_id_fkey', columns: [t.organisationId, t.invoiceId], foreignColumns: [invoices.organisationId, invoices.id] }),
    foreignKey({ name: 'payments_return_request_id_fkey', columns: [t.organisationId, t.returnRequestId], foreignColumns: [returnRequests.organisationId, returnRequests.id] }).onDelete('cascade'),
  ],
);

/** What an organisation is charged per label (label_price, surcharge, refund). */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Null for an item that belongs to no label (a plan or add-on charge, type other). */
    labelId: uuid('label_id'),
    /** label_price, surcharge (Naheffing), refund (a negative total) or other. */
    type: text('type').notNull(),
    parts: jsonb('parts').$type<{ id: string; description: string; unit_price: string }[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Set when the item is put on an invoice (the period's closing). */
    invoiceId: uuid('invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_items_organisation_idx').on(t.organisationId, t.createdAt),
    index('invoice_items_invoice_idx').on(t.invoiceId),
    // Exactly one label price per label: a retry can never charge twice.
    uniqueIndex('invoice_items_one_label_price').on(t.organisationId, t.labelId).where(sql`type = 'label_price'`),
    // At most one refund per label: deleting a label refunds its price once.
    uniqueIndex('invoice_items_one_refund').on(t.organisationId, t.labelId).where(sql`type = 'refund'`),
    primaryKey({ name: 'invoice_items_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'invoice_items_label_id_fkey', columns: [t.organisationId, t.labelId], foreignColumns: [labels.organisationId, labels.id] }).onDelete('cascade'),
    foreignKey({ name: 'invoice_items_invoice_id_fkey', columns: [t.organisationId, t.invoiceId], foreignColumns: [invoices.organisationId, invoices.id] }),
  ],
);

/** Large label requests run in the background; the page polls their progress. */
export const labelJobs = pgTable(
  'label_jobs',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** queued, running, done, failed */
    status: text('status').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: jsonb('error').$type<Record<string, unknown>>(),
    /** Attempts started (a crashed one counts): past the limit the job fails. */
    attempts: integer('attempts').notNull().default(0),
    /** The app instance of the running attempt: a dead one's job is resumed. */
    claimedBy: integer('claimed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('label_jobs_organisation_idx').on(t.organisationId, t.createdAt.desc()),
    index('label_jobs_running_idx').on(t.claimedBy).where(sql`status = 'running'`),
    primaryKey({ name: 'label_jobs_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/**
 * The app processes on this database (docs/labels.md, "Na een crash"). Each holds an
 * advisory lock on its id for as long as its session lives and renews heartbeat_at; one
 * whose lock is gone or whose heartbeat is older than the lease is dead, and the label
 * claims, requests and jobs it held are recovered.
 */
export const appInstances = pgTable('app_instances', {
  id: serial('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Carrier tracking events per package, as the carrier reported them, mapped to our event names. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id').notNull(),
    packageId: uuid('package_id').notNull(),
    /** Our event name (§4: at_depot, out_for_delivery, delivered, …). */
    event: text('event').notNull(),
    /** The label status group it maps to (ready, printed, shipped, delayed, error, completed, canceled). */
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    courierDescription: text('courier_description'),
    location: jsonb('location').$type<Record<string, string | number | null>>(),
  },
  (t) => [
    uniqueIndex('tracking_events_package_event_idx').on(t.organisationId, t.packageId, t.event, t.occurredAt),
    index('tracking_events_label_idx').on(t.labelId),
    primaryKey({ name: 'tracking_events_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'tracking_events_label_id_fkey', columns: [t.organisationId, t.labelId], foreignColumns: [labels.organisationId, labels.id] }).onDelete('cascade'),
    foreignKey({ name: 'tracking_events_package_id_fkey', columns: [t.organisationId, t.packageId], foreignColumns: [labelPackages.organisationId, labelPackages.id] }).onDelete('cascade'),
  ],
);

/**
 * A CSV layout the organisation mapped column by column once (docs/import.md): our field
 * → its column, for files with exactly these columns (`header_key`, lower case, in order).
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('import_mappings_organisation_key_idx').on(t.organisationId, t.headerKey),
    primaryKey({ name: 'import_mappings_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/**
 * A large CSV import, run by the job queue (docs/import.md, "Grote bestanden"): the file
 * until it is done, the progress in orders, the counts and the first errors.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** queued, running, done, failed */
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    /** The uploaded bytes; emptied when the job ends. */
    file: bytea('file'),
    rows: integer('rows').notNull(),
    /** Orders in the file, and how many have been through the intake. */
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first errors ({line, field, message}), at most a thousand. */
    errors: jsonb('errors').$type<{ line: number; field: string | null; message: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why the job stopped (status failed). */
    error: jsonb('error').$type<{ message_code: string; message: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_organisation_idx').on(t.organisationId, t.createdAt.desc()),
    primaryKey({ name: 'import_jobs_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/** A printer a print client announced (docs/printing.md): its name, ZPL or PDF, and whether it is the label printer. */
export interface PrinterClientPrinter {
  name: string;
  kind: 'zpl' | 'pdf';
}

/**
 * A local print client paired with an organisation (docs/printing.md): it proves itself
 * with a credential of which only the hash is kept; `revoked_at` once unpaired. The
 * printers are what it last announced over the websocket; `connected_instance` is the
 * instance (jobs/instance.ts) whose process holds its socket, null while it is offline.
 */
export const printerClients = pgTable(
  'printer_clients',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialHash: text('credential_hash').notNull(),
    printers: jsonb('printers').$type<PrinterClientPrinter[]>().notNull().default(sql`'[]'::jsonb`),
    selectedPrinter: text('selected_printer'),
    connectedInstance: integer('connected_instance'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('printer_clients_organisation_idx').on(t.organisationId), uniqueIndex('printer_clients_credential_idx').on(t.credentialHash),
    primaryKey({ name: 'printer_clients_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/** A one-time pairing code (8 characters, 10 minutes): only its hash is kept; `used_at` once claimed. */
export const printerPairingCodes = pgTable(
  'printer_pairing_codes',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('printer_pairing_codes_hash_idx').on(t.codeHash),
    primaryKey({ name: 'printer_pairing_codes_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/**
 * A print job of label/print: the sheet rendered once when asked (the bytes label/pdf
 * gives for the same body), kept until the client reports it (then emptied), sent again on
 * every (re)connect while it is queued or sent. Status queued, sent, printed or failed.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    printerClientId: uuid('printer_client_id').notNull(),
    labelIds: jsonb('label_ids').$type<string[]>().notNull(),
    /** a4 or a6: the sheet; contentFormat: what the printer gets (pdf, or zpl for raw ZPL). */
    format: text('format', { enum: ['a4', 'a6'] }).notNull(),
    positions: jsonb('positions').$type<number | number[] | null>(),
    sort: text('sort'),
    contentFormat: text('content_format', { enum: ['pdf', 'zpl'] }).notNull(),
    content: bytea('content'),
    status: text('status', { enum: ['queued', 'sent', 'printed', 'failed'] }).notNull().default('queued'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('print_jobs_organisation_idx').on(t.organisationId, t.createdAt.desc()),
    index('print_jobs_pending_idx').on(t.printerClientId, t.createdAt).where(sql`status IN ('queued', 'sent')`),
    primaryKey({ name: 'print_jobs_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'print_jobs_printer_client_id_fkey', columns: [t.organisationId, t.printerClientId], foreignColumns: [printerClients.organisationId, printerClients.id] }).onDelete('cascade'),
  ],
);

/**
 * An organisation's returns (/settings/return, docs/returns.md): the return address (null:
 * its own address), the payment methods the portal offers and the consumer's price in
 * cents, and the public return portal (`/retour/{slug}`). One row per organisation, made
 * on its first change; without a row the defaults of returns/service.ts hold.
 */
export const returnSettings = pgTable(
  'return_settings',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<OrganisationAddress>(),
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default(sql`'["organisation_paid"]'::jsonb`),
    consumerPriceCents: integer('consumer_price_cents').notNull().default(0),
    portalEnabled: boolean('portal_enabled').notNull().default(false),
    /** The portal's address part, lower case; unique over all organisations. */
    slug: text('slug'),
    introText: text('intro_text'),
    /** The linked couriers the portal offers (ids of `couriers`). */
    courierIds: jsonb('courier_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    returnDays: integer('return_days').notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('return_settings_slug_idx').on(t.slug)],
);

/**
 * A consumer-paid return of the portal (docs/returns.md): the consumer's request (items,
 * reasons, courier) waits here for its payment (payments.kind return); once a payment is
 * paid the return label is made once and its id kept.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    /** The portal's Idempotency-Key of the create call: a repeat answers the same return. */
    idempotencyKey: text('idempotency_key'),
    courierId: uuid('courier_id').notNull(),
    items: jsonb('items').$type<{ item_id: string; reason: string; comment: string | null }[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    labelId: uuid('label_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('return_requests_key_idx').on(t.organisationId, t.idempotencyKey), index('return_requests_order_idx').on(t.organisationId, t.orderId),
    primaryKey({ name: 'return_requests_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'return_requests_order_id_fkey', columns: [t.organisationId, t.orderId], foreignColumns: [orders.organisationId, orders.id] }).onDelete('cascade'),
  ],
);

/**
 * Tracking e-mails (docs/tracking-mail.md): each mail of a label, at most one per (label,
 * mail status), rendered when it became due and then queued, sent, kept in the outbox
 * (no SMTP_URL), failed, bounced (refused by the mail server) or skipped (no e-mail
 * address). Test mails (trackingmail/sendtest) have no label.
 */
export const trackingMails = pgTable(
  'tracking_mails',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id'),
    /** shipped, out_for_delivery, delivered, delayed, at_service_point, returned */
    mailStatus: text('mail_status').notNull(),
    state: text('state', { enum: ['queued', 'retrying', 'sent', 'outbox', 'failed', 'bounced', 'skipped'] }).notNull(),
    recipient: text('recipient'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    bodyText: text('body_text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tracking_mails_label_status_idx').on(t.organisationId, t.labelId, t.mailStatus),
    index('tracking_mails_organisation_idx').on(t.organisationId, t.createdAt.desc()),
    // The recovery's sweep for mails a crash left unqueued (tracking-mail/service.ts resendPending).
    index('tracking_mails_pending_idx').on(t.updatedAt).where(sql`state IN ('queued', 'retrying')`),
    primaryKey({ name: 'tracking_mails_pkey', columns: [t.organisationId, t.id] }),
    foreignKey({ name: 'tracking_mails_label_id_fkey', columns: [t.organisationId, t.labelId], foreignColumns: [labels.organisationId, labels.id] }).onDelete('cascade'),
  ],
);

/** The unguessable token of a label's public tracking page (`/volg/{token}`), made when first needed. */
export const trackingLinks = pgTable('tracking_links', {
  labelId: uuid('label_id').notNull(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
}, (t) => [
    primaryKey({ name: 'tracking_links_pkey', columns: [t.organisationId, t.labelId] }),
    foreignKey({ name: 'tracking_links_label_id_fkey', columns: [t.organisationId, t.labelId], foreignColumns: [labels.organisationId, labels.id] }).onDelete('cascade'),
  ]);

/**
 * GDPR exports (docs/gdpr.md): a ZIP of all of an organisation's data, made by a job on the
 * queue (`total`/`processed`: rows written, the progress), kept in `gdpr_export_chunks`
 * and downloadable until `expires_at`.
 */
export const gdprExports = pgTable(
  'gdpr_exports',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'expired'] }).notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('gdpr_exports_organisation_idx').on(t.organisationId, t.createdAt.desc()),
    primaryKey({ name: 'gdpr_exports_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/** The bytes of an export's ZIP in order, written while it is made and read back as a stream. */
export const gdprExportChunks = pgTable(
  'gdpr_export_chunks',
  {
    /** The export's organisation (a copy of gdpr_exports.organisation_id: every key of an organisation's table includes it). */
    organisationId: uuid('organisation_id').notNull(),
    exportId: uuid('export_id').notNull(),
    position: integer('position').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ name: 'gdpr_export_chunks_pkey', columns: [t.organisationId, t.exportId, t.position] }),
    foreignKey({ name: 'gdpr_export_chunks_export_id_fkey', columns: [t.organisationId, t.exportId], foreignColumns: [gdprExports.organisationId, gdprExports.id] }).onDelete('cascade'),
  ],
);

/** An organisation's retention period: recipients of orders and labels older than it are anonymised (docs/gdpr.md). */
export const gdprSettings = pgTable('gdpr_settings', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** Null: never anonymise. */
  retentionMonths: integer('retention_months'),
  lastAnonymisedAt: timestamp('last_anonymised_at', { withTimezone: true }),
  lastAnonymisedOrders: integer('last_anonymised_orders').notNull().default(0),
  lastAnonymisedLabels: integer('last_anonymised_labels').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * An API user of an organisation (docs/api-users.md): a shop plugin or script that calls the
 * same /api with `Basic base64(id:secret)` or `Bearer <secret>`. The id is the public key id;
 * of the secret (32 random bytes) only its SHA-256 is kept, so it is shown once, at creation.
 */
export const apiUsers = pgTable(
  'api_users',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('api_users_organisation_idx').on(t.organisationId), uniqueIndex('api_users_secret_idx').on(t.secretHash),
    primaryKey({ name: 'api_users_pkey', columns: [t.organisationId, t.id] }),
  ],
);

/**
 * The organisation's uploaded logo (PNG or JPEG, at most 1 MB; docs/account.md), one per
 * organisation. `id` changes with every upload and is the public address of the image
 * (`/api/public/logo/{id}`), which tracking e-mails, the return portal and packing slips show.
 */
export const organisationLogos = pgTable('organisation_logos', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().unique().defaultRandom(),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

/**
 * Registrations on the built-in provider waiting for their e-mail address to be confirmed
 * (docs/auth.md): the form's data with the password's hash, the link's token as its
 * SHA-256, valid 24 hours. One per address: a second registration replaces the first.
 * Confirming makes the organisation and user once and keeps the row (confirmed_at) so a
 * second click can say so.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    organisationName: text('organisation_name').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_registrations_email_idx').on(t.email), uniqueIndex('pending_registrations_token_idx').on(t.tokenHash)],
);

/**
 * Account e-mails (registration's confirmation, "you already have an account"), sent like
 * tracking e-mails: rendered and stored, then queued and sent through SMTP, or kept in
 * the outbox (state `outbox`) without SMTP_URL.
 */
export const accountMails = pgTable(
  'account_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** confirm_registration, account_exists */
    kind: text('kind').notNull(),
    state: text('state', { enum: ['queued', 'sent', 'outbox', 'failed'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    bodyText: text('body_text').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('account_mails_recipient_idx').on(t.recipient, t.createdAt.desc())],
);
