import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { centsToEuros } from '@verzendhuis/domain/plans';
import type { Database } from '../db/client';
import { accountMails, addons, couriers, invoiceItems, organisationAddons, organisationLogos, organisations, pendingRegistrations, plans, users } from '../db/schema';
import { testCourierMeta } from '../carriers/test/meta';

export type OrganisationRow = typeof organisations.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type AddonRow = typeof organisationAddons.$inferSelect;
export type AddonCatalogueRow = typeof addons.$inferSelect;
export type AddonCode = AddonCatalogueRow['code'];

/** An invoice item of type other (a plan or add-on charge or credit): no label, not yet on an invoice. */
export interface OtherCharge {
  description: string;
  totalCents: number;
  /** When it counts (created_at, so the invoice of that moment's period takes it); now when left out. */
  at?: Date;
}

/** What a plan or add-on change decides, given the organisation's state under its lock. */
type AddonWrite = Omit<typeof organisationAddons.$inferInsert, 'organisationId' | 'createdAt'>;
export type ChangeDecision<T> = {
  organisation?: Partial<Pick<typeof organisations.$inferInsert, 'planId' | 'planSubscriptionTo' | 'planPaidThrough'>>;
  addon?: AddonWrite;
  /** More than one add-on at once (the renewal). */
  addons?: AddonWrite[];
  charges: OtherCharge[];
  result: T;
};

export interface OrganisationAggregate {
  organisation: OrganisationRow;
  plan: PlanRow | null;
  addons: AddonRow[];
  plans: PlanRow[];
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;
export type AccountMailRow = typeof accountMails.$inferSelect;

/** An organisation with its first user (and the built-in Testvervoerder), inside the caller's transaction. */
async function insertOrganisationWithUser(
  tx: Transaction,
  input: {
    organisation: Pick<typeof organisations.$inferInsert, 'name' | 'planId' | 'planSubscriptionTo' | 'contactEmail' | 'contactPhone' | 'address'>;
    user: Pick<typeof users.$inferInsert, 'email' | 'name' | 'passwordHash' | 'oidcIssuer' | 'oidcSubject' | 'firstLoginSeenAt'>;
  },
): Promise<{ organisation: OrganisationRow; user: UserRow }> {
  const [organisation] = await tx.insert(organisations).values(input.organisation).returning();
  if (!organisation) throw new Error('organisation insert returned nothing');
  const [user] = await tx
    .insert(users)
    .values({ ...input.user, organisationId: organisation.id })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  // Every organisation starts with the built-in Testvervoerder, so the order form and
  // label creation can be tried before a real carrier contract is linked.
  await tx.insert(couriers).values({ organisationId: organisation.id, serviceClass: testCourierMeta.class, label: testCourierMeta.name });
  return { organisation, user };
}

export function createOrganisationRepository(db: Database) {
  return {
    /** One organisation: its own row and its users. */
    for(organisationId: string) {
      return {
        /** The organisation with its plan, add-ons and the plans on offer. */
        async load(): Promise<OrganisationAggregate | undefined> {
          const [row] = await db
            .select({ organisation: organisations, plan: plans })
            .from(organisations)
            .leftJoin(plans, eq(plans.id, organisations.planId))
            .where(eq(organisations.id, organisationId));
          if (!row) return undefined;
          const [addons, planList] = await Promise.all([
            db.select().from(organisationAddons).where(eq(organisationAddons.organisationId, organisationId)),
            db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder)),
          ]);
          return { organisation: row.organisation, plan: row.plan, addons, plans: planList };
        },

        async update(values: Partial<typeof organisations.$inferInsert>): Promise<void> {
          if (Object.keys(values).length === 0) return;
          await db
            .update(organisations)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(organisations.id, organisationId));
        },

        /**
         * Stores the logo (replacing one before, under a new public id) and points
         * company_logo_url at it, in one transaction. Answers the new id.
         */
        async saveLogo(logo: { contentType: 'image/png' | 'image/jpeg'; content: Buffer }, urlOf: (id: string) => string): Promise<string> {
          return db.transaction(async (tx) => {
            await tx.delete(organisationLogos).where(eq(organisationLogos.organisationId, organisationId));
            const [row] = await tx.insert(organisationLogos).values({ organisationId, ...logo }).returning({ id: organisationLogos.id });
            if (!row) throw new Error('logo insert returned nothing');
            await tx.update(organisations).set({ companyLogoUrl: urlOf(row.id), updatedAt: new Date() }).where(eq(organisations.id, organisationId));
            return row.id;
          });
        },

        /** The uploaded logo with its bytes (packing slips draw it), or null. */
        async logo(): Promise<{ contentType: 'image/png' | 'image/jpeg'; content: Buffer } | null> {
          const [row] = await db
            .select({ contentType: organisationLogos.contentType, content: organisationLogos.content })
            .from(organisationLogos)
            .where(eq(organisationLogos.organisationId, organisationId));
          return row ?? null;
        },

        /** Removes the uploaded logo and company_logo_url. */
        async deleteLogo(): Promise<void> {
          await db.transaction(async (tx) => {
            await tx.delete(organisationLogos).where(eq(organisationLogos.organisationId, organisationId));
            await tx.update(organisations).set({ companyLogoUrl: null, updatedAt: new Date() }).where(eq(organisations.id, organisationId));
          });
        },

        /**
         * A plan or add-on change in one transaction: the organisation's row locked (two
         * changes at once are made one after the other), `decide` sees the current plan
         * and add-ons, and what it answers is stored with its charges as invoice items of
         * type other. Throwing in `decide` writes nothing.
         */
        async change<T>(decide: (state: { organisation: OrganisationRow; plan: PlanRow | null; addons: AddonRow[] }) => Promise<ChangeDecision<T>> | ChangeDecision<T>): Promise<T> {
          return db.transaction(async (tx) => {
            // The lock first, then the plan: read in one join, a change that waited for the lock
            // would see the organisation's new plan_id with the old plan row.
            const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
            if (!organisation) throw new Error('organisation not found');
            const [plan] = organisation.planId ? await tx.select().from(plans).where(eq(plans.id, organisation.planId)) : [];
            const current = await tx.select().from(organisationAddons).where(eq(organisationAddons.organisationId, organisationId));
            const decision = await decide({ organisation, plan: plan ?? null, addons: current });
            if (decision.organisation && Object.keys(decision.organisation).length > 0) {
              await tx
                .update(organisations)
                .set({ ...decision.organisation, updatedAt: new Date() })
                .where(eq(organisations.id, organisationId));
            }
            for (const addon of [...(decision.addon ? [decision.addon] : []), ...(decision.addons ?? [])]) {
              const { code, ...rest } = addon;
              await tx
                .insert(organisationAddons)
                .values({ organisationId, code, ...rest })
                .onConflictDoUpdate({ target: [organisationAddons.organisationId, organisationAddons.code], set: rest });
            }
            const charges = decision.charges.filter((c) => c.totalCents !== 0);
            if (charges.length > 0) {
              await tx.insert(invoiceItems).values(
                charges.map((c) => ({
                  organisationId,
                  labelId: null,
                  type: 'other',
                  parts: [{ id: 'other', description: c.description, unit_price: centsToEuros(c.totalCents) }],
                  totalCents: c.totalCents,
                  ...(c.at ? { createdAt: c.at } : {}),
                })),
              );
            }
            return decision.result;
          });
        },

        /** The organisation's invoice items of type other not yet on an invoice (plan and add-on charges). */
        async openOtherCharges(): Promise<{ description: string; totalCents: number }[]> {
          const rows = await db
            .select({ parts: invoiceItems.parts, totalCents: invoiceItems.totalCents })
            .from(invoiceItems)
            .where(and(eq(invoiceItems.organisationId, organisationId), eq(invoiceItems.type, 'other'), isNull(invoiceItems.invoiceId)))
            .orderBy(asc(invoiceItems.createdAt));
          return rows.map((r) => ({ description: r.parts[0]?.description ?? '', totalCents: r.totalCents }));
        },

        /** True exactly once per user: the first time it is asked after registration. */
        async takeFirstLogin(userId: string): Promise<boolean> {
          const rows = await db
            .update(users)
            .set({ firstLoginSeenAt: new Date() })
            .where(and(eq(users.id, userId), eq(users.organisationId, organisationId), isNull(users.firstLoginSeenAt)))
            .returning({ id: users.id });
          return rows.length > 0;
        },
      };
    },

    /**
     * Before an organisation is known: finding the user of a login, a token or an
     * e-mail address, registration, and the plans (reference data).
     */
    crossOrganisation: {
      async findUserByEmail(email: string): Promise<UserRow | undefined> {
        const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
        return row;
      },

      /** Makes a person Verzendhuis support (operator) or a member again (`npm run admin -- operator`); null when no user has that address. */
      async setUserRole(email: string, role: 'member' | 'operator'): Promise<UserRow | null> {
        const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(sql`lower(${users.email}) = lower(${email})`).returning();
        return row ?? null;
      },

      /** The operators, by e-mail address. */
      async listOperators(): Promise<UserRow[]> {
        return db.select().from(users).where(eq(users.role, 'operator')).orderBy(users.email);
      },

      async findUserById(id: string): Promise<UserRow | undefined> {
        const [row] = await db.select().from(users).where(eq(users.id, id));
        return row;
      },

      /** The user of a token with the state of its organisation, in one query. */
      async findUserForAuth(by: { id: string } | { issuer: string; subject: string }): Promise<(UserRow & { organisationIsActive: boolean }) | undefined> {
        const condition = 'id' in by ? eq(users.id, by.id) : and(eq(users.oidcIssuer, by.issuer), eq(users.oidcSubject, by.subject));
        const [row] = await db
          .select({ user: users, organisationIsActive: organisations.isActive })
          .from(users)
          .innerJoin(organisations, eq(organisations.id, users.organisationId))
          .where(condition);
        return row && { ...row.user, organisationIsActive: row.organisationIsActive };
      },

      async findUserBySubject(issuer: string, subject: string): Promise<UserRow | undefined> {
        const [row] = await db
          .select()
          .from(users)
          .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
        return row;
      },

      /** Creates an organisation with its first user in one transaction. */
      async createOrganisationWithUser(input: {
        organisation: Pick<typeof organisations.$inferInsert, 'name' | 'planId' | 'planSubscriptionTo' | 'contactEmail' | 'contactPhone' | 'address'>;
        user: Pick<typeof users.$inferInsert, 'email' | 'name' | 'passwordHash' | 'oidcIssuer' | 'oidcSubject' | 'firstLoginSeenAt'>;
      }): Promise<{ organisation: OrganisationRow; user: UserRow }> {
        return db.transaction((tx) => insertOrganisationWithUser(tx, input));
      },

      /**
       * A registration waiting for its e-mail address to be confirmed: a second one for the
       * same address replaces the first (its data, token and expiry).
       */
      async savePendingRegistration(input: Pick<PendingRegistrationRow, 'email' | 'organisationName' | 'name' | 'passwordHash' | 'tokenHash' | 'expiresAt'>): Promise<void> {
        await db
          .insert(pendingRegistrations)
          .values(input)
          .onConflictDoUpdate({
            target: pendingRegistrations.email,
            set: { organisationName: input.organisationName, name: input.name, passwordHash: input.passwordHash, tokenHash: input.tokenHash, expiresAt: input.expiresAt, confirmedAt: null, userId: null, createdAt: sql`now()` },
          });
      },

      /**
       * Confirms the registration of a token (its SHA-256) once: in one transaction the row is
       * claimed (not yet confirmed, not expired) and `create` makes the organisation and user
       * from it. Answers the new user, or what the token is when nothing was made.
       */
      async confirmPendingRegistration(
        tokenHash: string,
        now: Date,
        create: (row: PendingRegistrationRow) => Parameters<typeof insertOrganisationWithUser>[1],
      ): Promise<{ state: 'created'; user: UserRow } | { state: 'confirmed'; email: string } | { state: 'expired' | 'unknown' }> {
        return db.transaction(async (tx) => {
          const [row] = await tx.select().from(pendingRegistrations).where(eq(pendingRegistrations.tokenHash, tokenHash)).for('update');
          if (!row) return { state: 'unknown' as const };
          if (row.confirmedAt) return { state: 'confirmed' as const, email: row.email };
          if (row.expiresAt.getTime() <= now.getTime()) return { state: 'expired' as const };
          const { user } = await insertOrganisationWithUser(tx, create(row));
          // Kept until it expires, for a second click; the password's hash now lives only on the user.
          await tx.update(pendingRegistrations).set({ confirmedAt: now, userId: user.id, passwordHash: '' }).where(eq(pendingRegistrations.id, row.id));
          return { state: 'created' as const, user };
        });
      },

      /** Removes the pending registrations whose link has expired (confirmed or not); answers how many. */
      async deleteExpiredPendingRegistrations(now: Date): Promise<number> {
        const removed = await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now)).returning({ id: pendingRegistrations.id });
        return removed.length;
      },

      /** Stores an account e-mail (registration); answers its id. */
      async insertAccountMail(input: Pick<typeof accountMails.$inferInsert, 'kind' | 'state' | 'recipient' | 'subject' | 'html' | 'bodyText'>): Promise<string> {
        const [row] = await db.insert(accountMails).values(input).returning({ id: accountMails.id });
        if (!row) throw new Error('account mail insert returned nothing');
        return row.id;
      },

      async findAccountMail(id: string): Promise<AccountMailRow | undefined> {
        const [row] = await db.select().from(accountMails).where(eq(accountMails.id, id));
        return row;
      },

      async updateAccountMail(id: string, values: Partial<Pick<AccountMailRow, 'state' | 'error' | 'sentAt' | 'html' | 'bodyText'>>): Promise<void> {
        await db.update(accountMails).set(values).where(eq(accountMails.id, id));
      },

      /** The account e-mails to one address, newest first (the outbox without SMTP_URL). */
      async listAccountMails(recipient: string): Promise<AccountMailRow[]> {
        return db.select().from(accountMails).where(eq(accountMails.recipient, recipient)).orderBy(sql`${accountMails.createdAt} DESC`);
      },

      /** Writes the plans that are missing; an existing plan keeps what the operator set. */
      async seedPlans(rows: (typeof plans.$inferInsert)[]): Promise<void> {
        if (rows.length > 0) await db.insert(plans).values(rows).onConflictDoNothing({ target: plans.id });
      },

      /** Writes the add-ons that are missing; an existing add-on keeps what the operator set. */
      async seedAddons(rows: (typeof addons.$inferInsert)[]): Promise<void> {
        if (rows.length > 0) await db.insert(addons).values(rows).onConflictDoNothing({ target: addons.code });
      },

      /** Every plan, the inactive ones too, in their order (the operator's list). */
      async listPlans(): Promise<PlanRow[]> {
        return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
      },

      /** The operator's change of one plan; answers the plan as it is now, undefined when there is none. */
      async updatePlan(id: string, values: Partial<Pick<PlanRow, 'name' | 'labelQuota' | 'monthlyPriceCents' | 'isActive'>>): Promise<PlanRow | undefined> {
        const [row] = Object.keys(values).length === 0 ? await db.select().from(plans).where(eq(plans.id, id)) : await db.update(plans).set(values).where(eq(plans.id, id)).returning();
        return row;
      },

      /** Every add-on of the catalogue, the inactive ones too, in their order. */
      async listAddons(): Promise<AddonCatalogueRow[]> {
        return db.select().from(addons).orderBy(asc(addons.sortOrder), asc(addons.code));
      },

      async findAddon(code: string): Promise<AddonCatalogueRow | undefined> {
        const [row] = await db.select().from(addons).where(sql`${addons.code} = ${code}`);
        return row;
      },

      /** The operator's change of one add-on; undefined when there is none. */
      async updateAddon(code: string, values: Partial<Pick<AddonCatalogueRow, 'name' | 'description' | 'monthlyPriceCents' | 'yearlyPriceCents' | 'isActive'>>): Promise<AddonCatalogueRow | undefined> {
        const [row] =
          Object.keys(values).length === 0
            ? await db.select().from(addons).where(sql`${addons.code} = ${code}`)
            : await db.update(addons).set(values).where(sql`${addons.code} = ${code}`).returning();
        return row;
      },

      /** An uploaded logo by its public id (tracking e-mails and the return portal show it without a login). */
      async findLogo(id: string): Promise<{ contentType: 'image/png' | 'image/jpeg'; content: Buffer } | undefined> {
        const [row] = await db
          .select({ contentType: organisationLogos.contentType, content: organisationLogos.content })
          .from(organisationLogos)
          .where(eq(organisationLogos.id, id));
        return row;
      },

      /**
       * The organisations with a subscription to renew by `until` (an ISO date): a paid plan
       * (not the trial) or an add-on not disabled, paid through that day or earlier, or never
       * given a paid-through date. The renewal checks each again under the organisation's lock.
       */
      async organisationsDueForRenewal(until: string): Promise<string[]> {
        const rows = await db.execute<{ id: string }>(sql`
          SELECT o.id FROM ${organisations} o JOIN ${plans} p ON p.id = o.plan_id
          WHERE o.is_active AND NOT p.is_trial AND p.monthly_price_cents > 0
            AND (o.plan_paid_through IS NULL OR o.plan_paid_through <= ${until}::date)
          UNION
          SELECT a.organisation_id FROM ${organisationAddons} a JOIN ${organisations} o ON o.id = a.organisation_id
          WHERE o.is_active AND a.subscription_to IS NULL
            AND (a.paid_through IS NULL OR a.paid_through <= ${until}::date)`);
        return rows.rows.map((r) => r.id);
      },

      async findPlan(id: string): Promise<PlanRow | undefined> {
        const [row] = await db.select().from(plans).where(eq(plans.id, id));
        return row;
      },
    },
  };
}

export type OrganisationRepository = ReturnType<typeof createOrganisationRepository>;
export type OneOrganisation = ReturnType<OrganisationRepository['for']>;
