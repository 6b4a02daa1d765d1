import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { couriers, organisationAddons, organisationLogos, organisations, plans, users } from '../db/schema';
import { testCourierMeta } from '../carriers/test/meta';

export type OrganisationRow = typeof organisations.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type AddonRow = typeof organisationAddons.$inferSelect;

export interface OrganisationAggregate {
  organisation: OrganisationRow;
  plan: PlanRow | null;
  addons: AddonRow[];
  plans: PlanRow[];
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

        /** Removes the uploaded logo and company_logo_url. */
        async deleteLogo(): Promise<void> {
          await db.transaction(async (tx) => {
            await tx.delete(organisationLogos).where(eq(organisationLogos.organisationId, organisationId));
            await tx.update(organisations).set({ companyLogoUrl: null, updatedAt: new Date() }).where(eq(organisations.id, organisationId));
          });
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
        return db.transaction(async (tx) => {
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
        });
      },

      async upsertPlans(rows: (typeof plans.$inferInsert)[]): Promise<void> {
        for (const row of rows) {
          await db.insert(plans).values(row).onConflictDoUpdate({ target: plans.id, set: row });
        }
      },

      /** An uploaded logo by its public id (tracking e-mails and the return portal show it without a login). */
      async findLogo(id: string): Promise<{ contentType: 'image/png' | 'image/jpeg'; content: Buffer } | undefined> {
        const [row] = await db
          .select({ contentType: organisationLogos.contentType, content: organisationLogos.content })
          .from(organisationLogos)
          .where(eq(organisationLogos.id, id));
        return row;
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
