import type { Pool } from 'pg';

/**
 * Every primary key, unique key and foreign key between organisation tables includes
 * organisation_id (docs/scaling.md "Distribution by organisation"), as Citus requires of
 * tables distributed by it. An organisation table is one with an organisation_id column;
 * `organisations` itself is distributed by its `id`, so the foreign key
 * `(organisation_id) → organisations(id)` already names the distribution column on both
 * sides.
 *
 * What cannot follow the rule is listed here, once, with the reason and how Citus would
 * hold it. `db/organisation-keys.int.test.ts` reads the catalogue of a migrated database
 * and checks the rule, and that no entry here is stale.
 */
export interface KeyException {
  /** Why the key (or table) cannot include organisation_id. */
  reason: string;
  /** How Citus would hold it: a reference table, a local table or a lookup table. */
  citus: string;
}

/** Whole tables with organisation_id that stay outside the rule. */
export const organisationTableExceptions: Record<string, KeyException> = {
  users: {
    reason: 'a login finds a person by e-mail address (lower(email)) and by OIDC issuer and subject over all organisations; pending_registrations, feedback and gdpr_exports refer to a user by id alone',
    citus:
      'reference table (one row per person, copied to every node; distributed tables may refer to it); its foreign key to organisations cannot stay (a reference table cannot refer to a distributed one): deleting an organisation deletes its users in the same transaction',
  },
};

/** Unique keys (constraint or unique index names) of organisation tables that are unique over all organisations. */
export const organisationKeyExceptions: Record<string, Record<string, KeyException>> = {
  couriers: {
    couriers_tracking_webhook_idx: {
      reason: "a carrier's tracking webhook URL carries only the secret, so its hash is looked up without an organisation",
      citus: 'lookup table (webhook hash → organisation_id, courier id), distributed by the hash',
    },
  },
  invoices: {
    invoices_number_unique: {
      reason: 'invoice numbers (VH-YYYY-NNNNNN) are gapless over all organisations, given out by invoice_counters',
      citus: 'invoice_counters a reference table that keeps the numbers unique; the unique index becomes a lookup table (number → organisation_id, invoice id) distributed by the number',
    },
  },
  payments: {
    payments_provider_payment_unique: {
      reason: "the payment provider's webhook names only its payment id",
      citus: "lookup table (provider, provider's payment id → organisation_id, payment id), distributed by the provider's id",
    },
  },
  return_settings: {
    return_settings_slug_idx: {
      reason: 'the public return portal /retour/{slug} finds the organisation by its slug',
      citus: 'lookup table (slug → organisation_id), distributed by the slug',
    },
  },
  tracking_links: {
    tracking_links_token_unique: {
      reason: 'the public tracking page /volg/{token} finds the label by its token alone',
      citus: 'lookup table (token → organisation_id, label id), distributed by the token',
    },
  },
  api_users: {
    api_users_secret_idx: {
      reason: "an API call's Bearer secret is looked up without an organisation",
      citus: 'lookup table (secret hash → organisation_id, API user id), distributed by the hash',
    },
  },
  printer_clients: {
    printer_clients_credential_idx: {
      reason: "a print client connects with its credential alone",
      citus: 'lookup table (credential hash → organisation_id, client id), distributed by the hash',
    },
  },
  printer_pairing_codes: {
    printer_pairing_codes_hash_idx: {
      reason: 'a pairing code is typed into the print client without an organisation',
      citus: 'lookup table (code hash → organisation_id, code id), distributed by the hash',
    },
  },
  organisation_logos: {
    organisation_logos_id_unique: {
      reason: 'the public logo address /api/public/logo/{id} names only the logo',
      citus: 'lookup table (logo id → organisation_id), distributed by the logo id',
    },
  },
};

/** What the check reads of a database's catalogue (schema public). */
export interface KeyCatalogue {
  /** Every table with its columns. */
  tables: { name: string; columns: string[] }[];
  /** Primary keys, unique constraints and unique indexes (expression parts as null), foreign keys. */
  keys: { table: string; name: string; kind: 'primary' | 'unique' | 'foreign'; columns: (string | null)[]; refTable?: string; refColumns?: string[] }[];
}

const ORG = 'organisation_id';

/**
 * The rule's violations in a catalogue, one sentence each; empty when it holds. Pure, so
 * that its unit test can show it fails on a synthetic catalogue.
 */
export function checkOrganisationKeys(
  catalogue: KeyCatalogue,
  exceptions: { tables: Record<string, KeyException>; keys: Record<string, Record<string, KeyException>> } = { tables: organisationTableExceptions, keys: organisationKeyExceptions },
): string[] {
  const problems: string[] = [];
  const columnsOf = new Map(catalogue.tables.map((t) => [t.name, t.columns]));
  const isOrganisationTable = (name: string) => name !== 'organisations' && (columnsOf.get(name)?.includes(ORG) ?? false);
  const ruled = (name: string) => isOrganisationTable(name) && !(name in exceptions.tables);

  for (const [table] of Object.entries(exceptions.tables)) {
    if (!isOrganisationTable(table)) problems.push(`exception ${table}: no organisation table of that name (stale entry)`);
  }
  for (const [table, keys] of Object.entries(exceptions.keys)) {
    for (const name of Object.keys(keys)) {
      const key = catalogue.keys.find((k) => k.table === table && k.name === name && k.kind === 'unique');
      if (!key) problems.push(`exception ${table}.${name}: no unique key of that name (stale entry)`);
      else if (key.columns.includes(ORG)) problems.push(`exception ${table}.${name}: includes organisation_id already (stale entry)`);
    }
  }

  for (const { name: table } of catalogue.tables) {
    if (!ruled(table)) continue;
    const keys = catalogue.keys.filter((k) => k.table === table);
    const primary = keys.find((k) => k.kind === 'primary');
    if (!primary) problems.push(`${table}: no primary key`);
    else if (!primary.columns.includes(ORG)) problems.push(`${table}: primary key ${primary.name} (${primary.columns.join(', ')}) lacks organisation_id`);
    for (const key of keys.filter((k) => k.kind === 'unique')) {
      if (key.columns.includes(ORG) || exceptions.keys[table]?.[key.name]) continue;
      problems.push(`${table}: unique key ${key.name} (${key.columns.map((c) => c ?? '<expression>').join(', ')}) lacks organisation_id`);
    }
  }

  for (const key of catalogue.keys.filter((k) => k.kind === 'foreign')) {
    const target = key.refTable ?? '';
    const refColumns = key.refColumns ?? [];
    if (target === 'organisations') {
      if (isOrganisationTable(key.table) && !(key.table in exceptions.tables) && !(key.columns.length === 1 && key.columns[0] === ORG)) {
        problems.push(`${key.table}: foreign key ${key.name} to organisations is not (organisation_id) → (id)`);
      }
      continue;
    }
    if (!ruled(target)) continue; // a reference table (plans, platform_contracts) or an exception (users)
    if (!isOrganisationTable(key.table)) {
      problems.push(`${key.table}: foreign key ${key.name} refers to the organisation table ${target} but ${key.table} has no organisation_id`);
      continue;
    }
    const at = key.columns.indexOf(ORG);
    if (at < 0 || refColumns[at] !== ORG) {
      problems.push(`${key.table}: foreign key ${key.name} (${key.columns.join(', ')}) → ${target} (${refColumns.join(', ')}) does not join on organisation_id`);
    }
  }
  return problems;
}

/** Reads the tables, keys and unique indexes of schema public. */
export async function readKeyCatalogue(pool: Pick<Pool, 'query'>): Promise<KeyCatalogue> {
  const tables = await pool.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind IN ('r', 'p')
    GROUP BY c.relname`);
  const constraints = await pool.query<{ table: string; name: string; kind: 'p' | 'f'; columns: string[]; ref_table: string | null; ref_columns: string[] | null }>(`
    SELECT c.relname AS table, k.conname AS name, k.contype AS kind,
           ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS columns,
           r.relname AS ref_table,
           ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i) AS ref_columns
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    LEFT JOIN pg_class r ON r.oid = k.confrelid
    WHERE k.contype IN ('p', 'f')`);
  // Unique constraints and unique indexes alike, by their index (a column number 0 is an expression).
  const uniques = await pool.query<{ table: string; name: string; columns: (string | null)[] }>(`
    SELECT c.relname AS table, ic.relname AS name,
           ARRAY(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY u(n, o) LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = u.n ORDER BY u.o) AS columns
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_class ic ON ic.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    WHERE i.indisunique AND NOT i.indisprimary`);
  return {
    tables: tables.rows,
    keys: [
      ...constraints.rows.map((k) =>
        k.kind === 'p'
          ? { table: k.table, name: k.name, kind: 'primary' as const, columns: k.columns }
          : { table: k.table, name: k.name, kind: 'foreign' as const, columns: k.columns, refTable: k.ref_table ?? '', refColumns: k.ref_columns ?? [] },
      ),
      ...uniques.rows.map((u) => ({ table: u.table, name: u.name, kind: 'unique' as const, columns: u.columns })),
    ],
  };
}
