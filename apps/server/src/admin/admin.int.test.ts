import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { labelledOrders } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { invoiceItems } from '../db/schema';

const { server, first, second } = testServerForFile();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** `npm run admin -- …` as the operator runs it (the same script), against the test database. */
async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['apps/server/src/admin/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: server.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin', () => {
  it('ticket-reply stores support’s reply beside the running app; the envelope query finds it', async () => {
    const { labelIds: [labelId] } = await labelledOrders(first, 1);
    await server.database.db.insert(invoiceItems).values({ organisationId: first.organisationId, labelId: labelId ?? '', type: 'label_price', parts: [], totalCents: 595 });
    const created = await first.api.tickets.create({
      label_id: labelId ?? '',
      email: 'klant@example.nl',
      phone: '0612345678',
      subject: 'Bewijs van levering',
      message: 'Graag een bewijs van levering.',
      internal_properties: 'Boeken',
      external_properties: 'Doos',
      attachments: [{ filename: 'factuur.pdf', base_64: Buffer.from('%PDF-1.4\n').toString('base64') }],
    });
    expect((await first.api.tickets.list({ status: 'open', is_replied: 'true' })).meta.total).toBe(0);

    const result = await admin('ticket-reply', created.data.id, 'Hier is het bewijs: getekend door J. Jansen.');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(created.data.id);

    const unanswered = await first.api.tickets.list({ status: 'open', is_replied: 'true' });
    expect(unanswered.data.map((t) => t.id)).toEqual([created.data.id]);
    const detail = await first.api.tickets.get(created.data.id);
    expect(detail.data.messages.at(-1)).toMatchObject({ author: 'support', message: 'Hier is het bewijs: getekend door J. Jansen.' });
    expect((await second.api.tickets.list()).meta.total).toBe(0);
  });

  it('fails on an unknown ticket, an empty text and an unknown command; help lists the commands', async () => {
    const unknown = await admin('ticket-reply', '00000000-0000-4000-8000-000000000000', 'Hallo');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no such ticket');
    const empty = await admin('ticket-reply', '00000000-0000-4000-8000-000000000000');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('usage');
    const wrong = await admin('frobnicate');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('unknown command: frobnicate');
    const help = await admin('help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('ticket-reply <ticketId> "text"');
  });
});
