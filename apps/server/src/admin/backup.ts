import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { connect, migrationsFolder } from '../db/client';

/**
 * `npm run admin -- backup FILE` and `restore FILE` (docs/backups.md): a logical backup the
 * way pg_dump makes one, with the pg driver. One REPEATABLE READ READ ONLY transaction (one
 * snapshot, so the copy is consistent while the app keeps writing), `COPY … TO STDOUT` in
 * text format of every table of our schema and of pg-boss's, the sequences, and the
 * migration level; all in one gzipped tar with a manifest and a SHA-256 per table. Every
 * stored file (label PDFs, attachments, logos, print files, GDPR exports, imports) is a bytea
 * column, and the key of the sealed courier credentials is a row of app_secrets: the rows are
 * everything. Text COPY and migrations instead of files or DDL: it restores on any PostgreSQL
 * (managed ones too) and any newer major version.
 */

export const backupFormat = 'verzendhuis-backup';
export const backupFormatVersion = 1;
/** The schemas whose rows the backup carries: ours and pg-boss's (drizzle's migration table is the level). */
const backedUpSchemas = ['public', 'pgboss'] as const;
const bossSchema = 'pgboss';

export interface BackupTable {
  schema: string;
  table: string;
  columns: string[];
  rows: number;
  file: string;
  sha256: string;
}

export interface BackupManifest {
  format: typeof backupFormat;
  formatVersion: number;
  createdAt: string;
  postgresVersion: string;
  /** The migrations applied, in order (drizzle's hash of each file and its journal time). */
  migrations: { hash: string; createdAt: string }[];
  /** pg-boss's schema version (pgboss.version), null when pg-boss never ran. */
  bossVersion: number | null;
  tables: BackupTable[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;

/** Counts the rows of COPY text (one line per row) and hashes the bytes as they pass. */
function measure(): Transform & { result: () => { rows: number; sha256: string } } {
  const hash = createHash('sha256');
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { result: () => ({ rows, sha256: hash.digest('hex') }) });
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Writes the backup of the database at `url` into `file`; answers its manifest. */
export async function backupDatabase(url: string, file: string): Promise<BackupManifest> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'verzendhuis-backup-'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '';
    const migrated = (await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS yes`)).rows[0]?.yes === true;
    const migrations = migrated
      ? (await client.query<{ hash: string; created_at: string }>(`SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at, id`)).rows.map((r) => ({ hash: r.hash, createdAt: r.created_at }))
      : [];
    const hasBoss = (await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = 'version'`, [bossSchema])).rowCount === 1;
    const bossVersion = hasBoss ? Number((await client.query<{ version: number }>(`SELECT max(version) AS version FROM ${bossSchema}.version`)).rows[0]?.version ?? null) : null;
    const relations = (await client.query<{ schema: string; table: string; columns: string[] }>(
      `SELECT n.nspname AS schema, c.relname AS table,
              array(SELECT a.attname::text FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                    ORDER BY a.attnum) AS columns
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY n.nspname, c.relname`,
      [backedUpSchemas],
    )).rows;
    const tables: BackupTable[] = [];
    for (const [index, relation] of relations.entries()) {
      const name = `data/${String(index).padStart(3, '0')}-${relation.schema}.${relation.table}.copy`;
      const target = path.join(work, path.basename(name));
      const columns = relation.columns.map(quote).join(', ');
      const counter = measure();
      await pipeline(client.query(copyTo(`COPY (SELECT ${columns} FROM ${qualified(relation.schema, relation.table)}) TO STDOUT`)), counter, createWriteStream(target));
      tables.push({ schema: relation.schema, table: relation.table, columns: relation.columns, file: name, ...counter.result() });
    }
    const sequenceNames = (await client.query<{ schema: string; name: string }>(
      `SELECT schemaname AS schema, sequencename AS name FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2`,
      [backedUpSchemas],
    )).rows;
    const sequences: BackupManifest['sequences'] = [];
    for (const s of sequenceNames) {
      const row = (await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${qualified(s.schema, s.name)}`)).rows[0];
      if (row) sequences.push({ schema: s.schema, name: s.name, lastValue: row.last_value, isCalled: row.is_called });
    }
    await client.query('COMMIT');
    const manifest: BackupManifest = {
      format: backupFormat,
      formatVersion: backupFormatVersion,
      createdAt: new Date().toISOString(),
      postgresVersion: version,
      migrations,
      bossVersion,
      tables,
      sequences,
    };
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(`${file}.partial`));
    const manifestText = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await new Promise<void>((resolve, reject) => pack.entry({ name: 'manifest.json', size: manifestText.length }, manifestText, (e) => (e ? reject(e) : resolve())));
    for (const table of tables) {
      const source = path.join(work, path.basename(table.file));
      const { size } = await fs.stat(source);
      const entry = pack.entry({ name: table.file, size });
      await pipeline(createReadStream(source), entry);
    }
    pack.finalize();
    await written;
    await fs.rename(`${file}.partial`, file);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Unpacks a backup into `dir`; checks the format and every table's SHA-256. */
export async function readBackup(file: string, dir: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new Error(`no such backup file: ${file}`);
  const extract = tar.extract();
  let manifestText = '';
  extract.on('entry', (header, stream, next) => {
    if (header.name === 'manifest.json') {
      const parts: Buffer[] = [];
      stream.on('data', (d: unknown) => parts.push(d as Buffer));
      stream.on('end', () => {
        manifestText = Buffer.concat(parts).toString('utf8');
        next();
      });
    } else if (/^data\/[\w.-]+\.copy$/.test(header.name)) {
      pipeline(stream, createWriteStream(path.join(dir, path.basename(header.name)))).then(() => next(), next);
    } else {
      stream.on('end', () => next());
      stream.resume();
    }
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch (error) {
    throw new Error(`${file} is not a Verzendhuis backup (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const manifest = (manifestText ? JSON.parse(manifestText) : null) as BackupManifest | null;
  if (manifest?.format !== backupFormat) throw new Error(`${file} is not a Verzendhuis backup (no manifest)`);
  if (manifest.formatVersion > backupFormatVersion) throw new Error(`${file} is of a newer backup format (${manifest.formatVersion}); restore it with that release`);
  for (const table of manifest.tables) {
    const copy = path.join(dir, path.basename(table.file));
    if (!existsSync(copy) || (await sha256File(copy)) !== table.sha256) throw new Error(`${file} is damaged: ${table.schema}.${table.table} does not match its checksum`);
  }
  return manifest;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/**
 * A copy of the migrations folder that stops at the backup's level, after checking that the
 * backup's migrations are this code's first ones, unchanged (the folder is forward-only).
 */
async function migrationsUpTo(manifest: BackupManifest, dir: string): Promise<string> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const level = manifest.migrations.length;
  if (level > journal.entries.length) throw new Error(`the backup is of a newer release (${level} migrations; this code knows ${journal.entries.length}): restore it with that release or a newer one`);
  for (const [i, migration] of manifest.migrations.entries()) {
    const entry = journal.entries[i];
    const sql = entry ? await fs.readFile(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8') : '';
    if (!entry || createHash('sha256').update(sql).digest('hex') !== migration.hash) {
      throw new Error(`the backup's migration ${i + 1} differs from this code's (${entry?.tag ?? 'missing'}): it is not of a release of this app`);
    }
  }
  const folder = path.join(dir, 'migrations');
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, level);
  for (const entry of entries) await fs.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** The tables of the database, parents before the tables whose foreign keys point at them. */
async function foreignKeyOrder(client: pg.Client, tables: BackupTable[]): Promise<BackupTable[]> {
  const edges = (await client.query<{ child: string; parent: string }>(
    `SELECT cn.nspname || '.' || c.relname AS child, pn.nspname || '.' || p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE k.contype = 'f' AND k.conrelid <> k.confrelid AND cn.nspname = ANY($1)`,
    [backedUpSchemas],
  )).rows;
  const byName = new Map(tables.map((t) => [`${t.schema}.${t.table}`, t]));
  const ordered: BackupTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`a cycle of foreign keys through ${name}`);
    state.set(name, 'visiting');
    for (const edge of edges) if (edge.child === name && edge.parent !== name) visit(edge.parent);
    state.set(name, 'done');
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const name of byName.keys()) visit(name);
  return ordered;
}

/** Whether the database holds any table of its own (the schemas PostgreSQL brings aside). */
export async function userTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Fills the EMPTY database at `url` from a backup: the migrations up to the backup's level
 * (the app's next start runs the newer ones), pg-boss's schema, then every table's rows in
 * foreign-key order with the tables' own triggers off (the counters and analytics they keep
 * are rows of the backup too), then the sequences. Answers what to tell the operator.
 */
export async function restoreDatabase(url: string, file: string, notice: (message: string) => void): Promise<BackupManifest> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'verzendhuis-restore-'));
  try {
    const manifest = await readBackup(file, work);
    const folder = await migrationsUpTo(manifest, work);
    const tables = await userTableCount(url);
    if (tables > 0) throw new Error(`the target database is not empty (${tables} tables): restore fills an empty database only; nothing was changed`);
    const database = connect(url, { max: 1 });
    try {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.db, { migrationsFolder: folder });
    } finally {
      await database.close();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let restoreBoss = false;
      if (manifest.bossVersion !== null) {
        await client.query(PgBoss.getConstructionPlans(bossSchema));
        const installed = Number((await client.query<{ version: number }>(`SELECT max(version) AS version FROM ${bossSchema}.version`)).rows[0]?.version);
        restoreBoss = installed === manifest.bossVersion;
        if (!restoreBoss) notice(`pg-boss's schema of the backup is version ${manifest.bossVersion}, this code's is ${installed}: the queue's jobs are not restored (the app's own rows are)`);
      }
      await client.query('BEGIN');
      const wanted = manifest.tables.filter((t) => t.schema !== bossSchema || (restoreBoss && !['version', 'queue'].includes(t.table)));
      if (restoreBoss) await createQueues(client, manifest, work);
      for (const table of await foreignKeyOrder(client, wanted)) {
        const name = qualified(table.schema, table.table);
        const own = table.schema !== bossSchema;
        if (own) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
        await pipeline(createReadStream(path.join(work, path.basename(table.file))), client.query(copyFrom(`COPY ${name} (${table.columns.map(quote).join(', ')}) FROM STDIN`)));
        if (own) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
      }
      for (const s of manifest.sequences) {
        if (s.schema === bossSchema && !restoreBoss) continue;
        await client.query(`SELECT setval($1, $2::bigint, $3)`, [qualified(s.schema, s.name), s.lastValue, s.isCalled]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** pg-boss's queues, each through its own create_queue (which also makes the queue's partition of the job table). */
async function createQueues(client: pg.Client, manifest: BackupManifest, work: string): Promise<void> {
  const table = manifest.tables.find((t) => t.schema === bossSchema && t.table === 'queue');
  if (!table) return;
  const scratch = `restore_queue_${process.pid}`;
  await client.query(`CREATE TEMP TABLE ${scratch} (LIKE ${bossSchema}.queue) ON COMMIT DROP`);
  await pipeline(createReadStream(path.join(work, path.basename(table.file))), client.query(copyFrom(`COPY ${scratch} (${table.columns.map(quote).join(', ')}) FROM STDIN`)));
  // Dead-letter queues first: the others point at them.
  await client.query(
    `SELECT ${bossSchema}.create_queue(name, json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay,
            'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes, 'deadLetter', dead_letter))
       FROM (SELECT * FROM ${scratch} ORDER BY (dead_letter IS NOT NULL), name) q`,
  );
}
