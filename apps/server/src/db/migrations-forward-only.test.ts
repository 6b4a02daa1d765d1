import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

// The migrations are forward-only (docs/backups.md "Upgrades"): a released migration never
// changes (a database that ran it would not run it again, and a backup records its hash), and a
// new one comes after all others. migrations.sha256 lists every released file with its SHA-256.

const listFile = path.join(path.dirname(migrationsFolder), 'migrations.sha256');
const listed = readFileSync(listFile, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [hash, file] = line.split(/\s+/);
    return { hash: hash ?? '', file: file ?? '' };
  });
const journal = (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(path.join(migrationsFolder, file))).digest('hex');

describe('the migrations folder', () => {
  it('keeps every listed migration unchanged, in the journal in the listed order', () => {
    for (const [i, { hash, file }] of listed.entries()) {
      expect(sha256(file), `${file} changed: add a new migration instead`).toBe(hash);
      expect(`${journal[i]?.tag}.sql`, `the journal's entry ${i}`).toBe(file);
    }
  });

  it('has each new migration after every listed one, with a later journal time, and listed', () => {
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBe(journal.length);
    const unlisted = files.filter((f) => !listed.some((l) => l.file === f));
    // Drizzle runs only migrations newer than the database's last one: an earlier time would be skipped.
    for (let i = 1; i < journal.length; i++) expect(journal[i]?.when, journal[i]?.tag).toBeGreaterThan(journal[i - 1]?.when ?? 0);
    expect(unlisted.map((f) => `${sha256(f)}  ${f}`), `append these lines to ${path.basename(listFile)}`).toEqual([]);
  });
});
