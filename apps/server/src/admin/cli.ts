import { loadConfig } from '../config';
import { connect, ensureDatabase, runMigrations, underStartLock, type DatabaseHandle } from '../db/client';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded';
import { createOrganisationRepository } from '../organisation/repository';
import { createRenewalService } from '../organisation/renewals';
import { createInvoiceRepository } from '../invoices/repository';
import { createInvoiceService } from '../invoices/service';
import { createTicketRepository } from '../tickets/repository';
import { createTicketService } from '../tickets/service';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { backupDatabase, restoreDatabase } from './backup';
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

/**
 * `backup FILE` on the app's database as it runs (docs/backups.md); `restore FILE` into an
 * empty database of DATABASE_URL, or an empty DATA_DIR with its embedded PostgreSQL started
 * for the command. Neither migrates first: the backup records the level, restore recreates it.
 */
async function backupOrRestore(command: 'backup' | 'restore', rest: string[]): Promise<number> {
  const [file] = rest;
  if (!file || rest.length !== 1) {
    console.error(`usage: npm run admin -- ${command} FILE\n\n${adminHelp}`);
    return 1;
  }
  const started = Date.now();
  const done = (what: string, manifest: { tables: { rows: number }[]; migrations: unknown[] }) =>
    console.log(`${what}: ${manifest.tables.reduce((sum, t) => sum + t.rows, 0)} rows of ${manifest.tables.length} tables, migration level ${manifest.migrations.length}, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (command === 'backup') {
    const { database, close } = await openDatabase();
    try {
      done(`backup written to ${file}`, await backupDatabase(database.url, file));
    } finally {
      await close();
    }
    return 0;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    done(`restored ${file}`, await restoreDatabase(config.databaseUrl, file, (m) => console.error(m)));
    return 0;
  }
  const dir = config.dataDir;
  if (existsSync(dir) && (await fs.readdir(dir)).length > 0) {
    console.error(`DATA_DIR ${dir} is not empty: restore fills an empty data directory only (move it aside or choose another DATA_DIR); nothing was changed`);
    return 1;
  }
  const embedded = await startEmbeddedPostgres({ dataDir: dir, notice: (m) => console.error(m) });
  let restored = false;
  try {
    done(`restored ${file} into ${dir}`, await restoreDatabase(await ensureDatabase(embedded.url, 'verzendhuis'), file, (m) => console.error(m)));
    restored = true;
  } finally {
    await embedded.stop();
    // A failed restore leaves the data directory as it found it: empty.
    if (!restored) for (const entry of await fs.readdir(dir)) await fs.rm(`${dir}/${entry}`, { recursive: true, force: true });
  }
  return 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '')) {
    console.log(adminHelp);
    return args.length === 0 ? 1 : 0;
  }
  if (args[0] === 'backup' || args[0] === 'restore') return backupOrRestore(args[0], args.slice(1));
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
