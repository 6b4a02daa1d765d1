import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { apiUsers, organisations } from '../db/schema';

export type ApiUserRow = Omit<typeof apiUsers.$inferSelect, 'secretHash'>;

const columns = {
  id: apiUsers.id,
  organisationId: apiUsers.organisationId,
  name: apiUsers.name,
  isActive: apiUsers.isActive,
  lastUsedAt: apiUsers.lastUsedAt,
  createdAt: apiUsers.createdAt,
  updatedAt: apiUsers.updatedAt,
};

export function createApiUserRepository(db: Database) {
  return {
    /** The API users of one organisation. */
    for(organisationId: string) {
      const own = (id: string) => and(eq(apiUsers.organisationId, organisationId), eq(apiUsers.id, id));
      return {
        /** Oldest first, so a new one lands at the bottom of the list. */
        async list(): Promise<ApiUserRow[]> {
          return db.select(columns).from(apiUsers).where(eq(apiUsers.organisationId, organisationId)).orderBy(asc(apiUsers.createdAt), asc(apiUsers.id));
        },

        async create(values: { name: string; secretHash: string }): Promise<ApiUserRow> {
          const [row] = await db.insert(apiUsers).values({ organisationId, ...values }).returning(columns);
          return row!;
        },

        async update(id: string, values: { name?: string; isActive?: boolean }): Promise<ApiUserRow | undefined> {
          const [row] = await db
            .update(apiUsers)
            .set({ ...values, updatedAt: sql`now()` })
            .where(own(id))
            .returning(columns);
          return row;
        },
      };
    },

    /** Authentication runs before the organisation is known: found by the secret's hash. */
    crossOrganisation: {
      async findForAuth(secretHash: string): Promise<(ApiUserRow & { organisationIsActive: boolean }) | undefined> {
        const [row] = await db
          .select({ ...columns, organisationIsActive: organisations.isActive })
          .from(apiUsers)
          .innerJoin(organisations, eq(organisations.id, apiUsers.organisationId))
          .where(eq(apiUsers.secretHash, secretHash));
        return row;
      },

      /** Marks the use, at most once a minute per API user, so a busy plugin does not write on every call. */
      async markUsed(organisationId: string, id: string): Promise<void> {
        await db
          .update(apiUsers)
          .set({ lastUsedAt: sql`now()` })
          .where(and(eq(apiUsers.organisationId, organisationId), eq(apiUsers.id, id), or(isNull(apiUsers.lastUsedAt), lt(apiUsers.lastUsedAt, sql`now() - interval '1 minute'`))));
      },
    },
  };
}

export type ApiUserRepository = ReturnType<typeof createApiUserRepository>;
