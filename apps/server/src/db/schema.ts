import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  canCreateLabels: boolean('can_create_labels').notNull().default(true),
  accountManagerActionRequired: boolean('account_manager_action_required').notNull().default(false),
  planId: text('plan_id').references(() => plans.id),
  planSubscriptionTo: timestamp('plan_subscription_to', { withTimezone: true }),
  paymentStatus: text('payment_status', { enum: ['validating', 'ready'] }),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  companyLogoUrl: text('company_logo_url'),
  companyCharacteristics: text('company_characteristics'),
  eoriNumber: text('eori_number'),
  eoriNumberGb: text('eori_number_gb'),
  vatNumber: text('vat_number'),
  hmrcCode: text('hmrc_code'),
  shipmentLogic: jsonb('shipment_logic').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
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
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id'),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    isReplied: boolean('is_replied').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tickets_organisation_created_idx').on(t.organisationId, t.createdAt.desc())],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_organisation_idx').on(t.organisationId)],
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
