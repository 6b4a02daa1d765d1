import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeSmtp } from '@verzendhuis/test-fakes/fake-smtp';
import { startLogin } from '@verzendhuis/test-fakes/oidc-login';
import { accountMails } from '../db/schema';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';

// With SMTP_URL: the registration mails go out through the one mailer, by the queue's account-mail job.
const smtp = startForFile(() => startFakeSmtp());
const { server } = testServerForFile({ organisations: [], config: () => ({ smtpUrl: smtp.url, mailFrom: 'post@verzendhuis.test' }) });

describe('registration mails through SMTP', () => {
  it('sends the confirmation link to a new address and "Je hebt al een account" to a known one', async () => {
    const known = await server.createOrganisation();
    const fresh = `nieuw-${randomBytes(4).toString('hex')}@voorbeeld.nl`;
    const form = (email: string) => ({ organisation_name: 'Theewinkel', name: 'Sanne', email, password: 'geheim-123', password_repeat: 'geheim-123' });
    const login = await startLogin({ baseUrl: server.url, screen: 'register' });
    expect((await login.register(form(fresh))).status).toBe(200);
    expect((await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(known.email))).status).toBe(200);

    const confirm = await smtp.waitFor(fresh);
    expect(confirm.subject).toBe('Bevestig je e-mailadres voor Verzendhuis');
    expect(confirm.from).toContain('post@verzendhuis.test');
    const link = /https?:\/\/\S+\/bevestigen\/[A-Za-z0-9_-]+/.exec(confirm.text)?.[0] ?? '';
    expect(link.startsWith(`${server.url}/oidc/interaction/`)).toBe(true);
    const exists = await smtp.waitFor(known.email);
    expect(exists.subject).toBe('Je hebt al een account bij Verzendhuis');
    expect(exists.text).not.toContain('/bevestigen/');

    const rows = await waitUntil(
      () => server.database.db.select().from(accountMails).where(eq(accountMails.recipient, fresh)),
      (found) => found[0]?.state === 'sent',
      { what: 'the confirmation mail marked sent' },
    );
    expect(rows).toHaveLength(1);
    // A sent mail's body, with its link, is not kept.
    expect(rows[0]?.bodyText).toBe('');
    expect(rows[0]?.html).toBe('');
    const opened = await login.open(link);
    expect(opened.code).toBeTruthy();
  });
});
