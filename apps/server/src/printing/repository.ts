import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organisations, printerClients, printerPairingCodes, printJobs, type PrinterClientPrinter } from '../db/schema';
import { instanceIsDead } from '../jobs/instance';

export type PrintJobRow = typeof printJobs.$inferSelect;
export type PrinterClientRow = Omit<typeof printerClients.$inferSelect, 'credentialHash'> & { connected: boolean };
export type NewPrintJob = Pick<typeof printJobs.$inferInsert, 'printerClientId' | 'labelIds' | 'format' | 'positions' | 'sort' | 'contentFormat' | 'content'>;

/** Connected: its socket is held by a live instance (jobs/instance.ts); a crashed process's clients count as offline. */
const connected = sql<boolean>`(${printerClients.connectedInstance} IS NOT NULL AND NOT ${instanceIsDead(printerClients.connectedInstance)})`;

const clientColumns = {
  id: printerClients.id,
  organisationId: printerClients.organisationId,
  name: printerClients.name,
  printers: printerClients.printers,
  selectedPrinter: printerClients.selectedPrinter,
  connectedInstance: printerClients.connectedInstance,
  lastSeenAt: printerClients.lastSeenAt,
  revokedAt: printerClients.revokedAt,
  createdAt: printerClients.createdAt,
  updatedAt: printerClients.updatedAt,
  connected,
};

const pending = inArray(printJobs.status, ['queued', 'sent']);

export function createPrintingRepository(db: Database) {
  return {
    /** The print clients, pairing codes and print jobs of one organisation. */
    for(organisationId: string) {
      const clientOf = (id: string) => and(eq(printerClients.organisationId, organisationId), eq(printerClients.id, id), isNull(printerClients.revokedAt));
      return {
        async createPairingCode(codeHash: string, expiresAt: Date): Promise<void> {
          await db.insert(printerPairingCodes).values({ organisationId, codeHash, expiresAt });
        },

        /** The paired clients (not unpaired), oldest first. */
        async listClients(): Promise<PrinterClientRow[]> {
          return db
            .select(clientColumns)
            .from(printerClients)
            .where(and(eq(printerClients.organisationId, organisationId), isNull(printerClients.revokedAt)))
            .orderBy(asc(printerClients.createdAt));
        },

        async findClient(id: string): Promise<PrinterClientRow | undefined> {
          const [row] = await db.select(clientColumns).from(printerClients).where(clientOf(id));
          return row;
        },

        async renameClient(id: string, name: string): Promise<boolean> {
          const rows = await db.update(printerClients).set({ name, updatedAt: sql`now()` }).where(clientOf(id)).returning({ id: printerClients.id });
          return rows.length > 0;
        },

        /** Unpairs: the credential stops working; its waiting jobs fail. */
        async revokeClient(id: string, message: string): Promise<boolean> {
          return db.transaction(async (tx) => {
            const rows = await tx
              .update(printerClients)
              .set({ revokedAt: sql`now()`, connectedInstance: null, updatedAt: sql`now()` })
              .where(clientOf(id))
              .returning({ id: printerClients.id });
            if (rows.length === 0) return false;
            await tx
              .update(printJobs)
              .set({ status: 'failed', message, content: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
              .where(and(eq(printJobs.organisationId, organisationId), eq(printJobs.printerClientId, id), pending));
            return true;
          });
        },

        /** The socket of this client is now held by `instance`: its name (when given), printers and the time. */
        async markConnected(id: string, instance: number | null, hello: { name?: string; printers: PrinterClientPrinter[]; selected: string | null }): Promise<void> {
          await db
            .update(printerClients)
            .set({
              ...(hello.name ? { name: hello.name } : {}),
              printers: hello.printers,
              selectedPrinter: hello.selected,
              connectedInstance: instance,
              lastSeenAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(clientOf(id));
        },

        async updatePrinters(id: string, printers: PrinterClientPrinter[], selected: string | null): Promise<void> {
          await db.update(printerClients).set({ printers, selectedPrinter: selected, lastSeenAt: sql`now()`, updatedAt: sql`now()` }).where(clientOf(id));
        },

        async touch(id: string): Promise<void> {
          await db.update(printerClients).set({ lastSeenAt: sql`now()` }).where(clientOf(id));
        },

        /** The socket on `instance` closed (only if no newer socket on another instance took over). */
        async markDisconnected(id: string, instance: number | null): Promise<void> {
          await db
            .update(printerClients)
            .set({ connectedInstance: null, lastSeenAt: sql`now()` })
            .where(and(clientOf(id), instance === null ? sql`true` : eq(printerClients.connectedInstance, instance)));
        },

        async createJob(job: NewPrintJob): Promise<PrintJobRow> {
          const [row] = await db.insert(printJobs).values({ ...job, organisationId }).returning();
          if (!row) throw new Error('print job not stored');
          return row;
        },

        async findJob(id: string): Promise<PrintJobRow | undefined> {
          const [row] = await db.select().from(printJobs).where(and(eq(printJobs.organisationId, organisationId), eq(printJobs.id, id)));
          return row;
        },

        /** The client's jobs still waiting for a result (queued or sent), oldest first, with their content. */
        async pendingJobs(clientId: string): Promise<PrintJobRow[]> {
          return db
            .select()
            .from(printJobs)
            .where(and(eq(printJobs.organisationId, organisationId), eq(printJobs.printerClientId, clientId), pending))
            .orderBy(asc(printJobs.createdAt), desc(printJobs.id));
        },

        async markSent(jobIds: string[]): Promise<void> {
          if (jobIds.length === 0) return;
          await db
            .update(printJobs)
            .set({ status: 'sent', updatedAt: sql`now()` })
            .where(and(eq(printJobs.organisationId, organisationId), inArray(printJobs.id, jobIds), eq(printJobs.status, 'queued')));
        },

        /** The client's result of one of its own waiting jobs: its label ids, or null when it was not waiting (already reported, another client's). */
        async finishJob(clientId: string, jobId: string, result: { status: 'printed' | 'failed'; message: string | null }): Promise<string[] | null> {
          const rows = await db
            .update(printJobs)
            .set({ status: result.status, message: result.message, content: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
            .where(and(eq(printJobs.organisationId, organisationId), eq(printJobs.printerClientId, clientId), eq(printJobs.id, jobId), pending))
            .returning({ labelIds: printJobs.labelIds });
          return rows[0]?.labelIds ?? null;
        },
      };
    },

    /** Before an organisation is known: the pairing code's claim and the credential's check. */
    crossOrganisation: {
      /** Uses a valid code (once) and pairs a new client with its organisation; null for a wrong, expired or used code. */
      async claimPairingCode(codeHash: string, client: { name: string; credentialHash: string }): Promise<{ id: string } | null> {
        return db.transaction(async (tx) => {
          const [code] = await tx
            .update(printerPairingCodes)
            .set({ usedAt: sql`now()` })
            .where(and(eq(printerPairingCodes.codeHash, codeHash), isNull(printerPairingCodes.usedAt), sql`${printerPairingCodes.expiresAt} > now()`))
            .returning({ organisationId: printerPairingCodes.organisationId });
          if (!code) return null;
          const [row] = await tx
            .insert(printerClients)
            .values({ organisationId: code.organisationId, name: client.name, credentialHash: client.credentialHash })
            .returning({ id: printerClients.id });
          return row ?? null;
        });
      },

      /** The paired (not unpaired) client of a credential, with its organisation's name. */
      async clientByCredential(credentialHash: string): Promise<{ id: string; organisationId: string; organisationName: string } | undefined> {
        const [row] = await db
          .select({ id: printerClients.id, organisationId: printerClients.organisationId, organisationName: organisations.name })
          .from(printerClients)
          .innerJoin(organisations, eq(organisations.id, printerClients.organisationId))
          .where(and(eq(printerClients.credentialHash, credentialHash), isNull(printerClients.revokedAt)));
        return row;
      },
    },
  };
}

export type PrintingRepository = ReturnType<typeof createPrintingRepository>;
