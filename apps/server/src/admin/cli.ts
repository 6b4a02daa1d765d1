import { loadConfig } from '../config';
import { connect, ensureDatabase, runMigrations, underStartLock, type DatabaseHandle } from '../db/client';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded';
import { createOrganisationRepository } from '../organisation/repository';
import { createRenewalService } from '../organisation/renewals';
import { createInvoiceRepository } from '../invoices/repository';
import { createInvoiceService } from '../invoices/service';
import { createTicketRepository } from '../tickets/repository';
import { createTicketService } from '../tickets/service';
import { adminHelp, runAdminCommand } from './commands';

/**
 * `npm run admin -- <command>`: the operator commands (commands.ts), on the app's database.
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR: the running app's
 * (found through its postmaster.pid; a second server cannot start on the same data), or,
 * when no app runs, started for this command and stopped after it.
 */
async function openDatabase(): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  const config = loadConfig();
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    const running = await runningEmbeddedUrl(config.dataDir);
    if (running) {
      url = await ensureDatabase(running, 'verzendhuis');
    } else {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, notice: (m) => console.error(m) });
      stopEmbedded = () => embedded.stop();
      url = await ensureDatabase(embedded.url, 'verzendhuis');
    }
  }
  const database = connect(url, { max: 2 });
  return {
    database,
    close: async () => {
      await database.close();
      await stopEmbedded?.();
    },
  };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '')) {
    console.log(adminHelp);
    return args.length === 0 ? 1 : 0;
  }
  const { database, close } = await openDatabase();
  try {
    // The app migrates at start; a command on a database the app never opened brings it up to date first.
    await underStartLock(database.pool, () => runMigrations(database.db));
    const tickets = createTicketService({ repository: createTicketRepository(database.db), anyLabel: false });
    const organisationRepository = createOrganisationRepository(database.db);
    const organisations = organisationRepository.crossOrganisation;
    const renewals = createRenewalService({ repository: organisationRepository });
    const config = loadConfig();
    const invoices = createInvoiceService({ repository: createInvoiceRepository(database.db), company: config.invoiceCompany, clockOffsetDays: config.billingClockOffsetDays });
    const { code, out } = await runAdminCommand(args, { tickets, users: organisations, catalogue: organisations, invoices, renewals });
    (code === 0 ? console.log : console.error)(out);
    return code;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
