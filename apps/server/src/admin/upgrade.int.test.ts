import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import { describe, expect, inject, it } from 'vitest';
import { runAdminWith } from '../../test-support/admin';
import { request } from '../../test-support/factories';
import { recorded } from '../../test-support/fixture-paths';
import { startServerProcess } from '../../test-support/server-process';
import { ensureDatabase } from '../db/client';
import { freePort } from '../db/embedded';

// Upgrades (docs/backups.md "Upgrades"): the backup of every released version (made by
// scripts/make-release-fixture.ts with that release's code) restored into a fresh database,
// the new code started on it (its migrations run), and every row served as the release served it.

interface Fixture {
  email: string;
  password: string;
  labelIds: string[];
  labelJobIds: string[];
  invoiceIds: string[];
  /** What the release answered to each path, as `recorded` writes it. */
  answers: Record<string, unknown>;
  /** Each label printed on a sheet of its own, after the backup: its answer. */
  sheets: Record<string, { status: number; pdf?: boolean }>;
}

const releases = path.resolve(import.meta.dirname, '../../test-fixtures/releases');
const names = readdirSync(releases).sort();

describe('an upgrade from every release', () => {
  it('has a fixture of a release', () => {
    expect(names.length).toBeGreaterThan(0);
  });

  // Per release: a restore and the app in processes of their own.
  it.each(names)('restores the backup of release %s, and the new code serves every order, label, label job and invoice as the release did', { timeout: 90_000 }, async (name) => {
    const dir = path.join(releases, name);
    const fixture = JSON.parse(readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as Fixture;
    const databaseUrl = await ensureDatabase(inject('adminDatabaseUrl'), `t_${randomBytes(6).toString('hex')}`);
    const restore = await runAdminWith({ DATABASE_URL: databaseUrl }, 'restore', path.join(dir, 'backup.tar.gz'));
    expect(restore.code, restore.stderr).toBe(0);

    const app = await startServerProcess({ port: await freePort(), databaseUrl });
    try {
      const { access_token: token } = await loginWithPassword({ baseUrl: app.url, email: fixture.email, password: fixture.password });
      for (const [p, answer] of Object.entries(fixture.answers)) {
        const response = await request(app, { path: p, token });
        expect(response.status, p).toBe(200);
        // Newer code may answer more fields; what the release answered stays.
        expect(recorded(response.body), p).toMatchObject(answer as object);
      }
      for (const [labelId, sheet] of Object.entries(fixture.sheets)) {
        const response = await request(app, { method: 'POST', path: '/api/label/pdf', token, body: { label_ids: [labelId] } });
        expect({ status: response.status, ...(response.status === 200 ? (recorded(response.body) as object) : {}) }, labelId).toEqual(sheet);
      }
      // A user of no organisation of the release sees none of it.
      const stranger = await request(app, { path: `/api/label/${fixture.labelIds[0]}` });
      expect(stranger.status).toBe(401);
    } finally {
      await app.stop();
    }
  });
});
