import { randomBytes } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@verzendhuis/contract/client';
import { loginWithPassword, startLogin } from '@verzendhuis/test-fakes/oidc-login';
import { accountMails, organisations, pendingRegistrations, users } from '../db/schema';
import { runAdmin } from '../../test-support/admin';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';

// Without SMTP_URL: the mails stay in the outbox (account_mails), where the test reads the link.
const { server } = testServerForFile({ organisations: [], config: { smtpUrl: null } });
// A composition root on the same database, for the hourly clean-up's work.
const services = otherProcessForFile(server);

const password = 'geheim-123';
const newAddress = () => `nieuw-${randomBytes(4).toString('hex')}@voorbeeld.nl`;
const form = (email: string, organisation = 'Fietsenwinkel De Spaak') => ({ organisation_name: organisation, name: 'Anna de Vries', email, password, password_repeat: password });

async function userCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function organisationCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(organisations);
  return row?.n ?? 0;
}

/** The newest account e-mail to an address, from the outbox. */
async function latestMail(email: string) {
  const [mail] = await server.database.db.select().from(accountMails).where(eq(accountMails.recipient, email)).orderBy(desc(accountMails.createdAt)).limit(1);
  if (!mail) throw new Error(`no account mail to ${email}`);
  return mail;
}

/** The confirmation link in the newest mail to an address. */
async function confirmationLink(email: string): Promise<string> {
  const mail = await latestMail(email);
  const link = /https?:\/\/\S+\/bevestigen\/[A-Za-z0-9_-]+/.exec(mail.bodyText)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.bodyText}`);
  expect(mail.html).toContain(link);
  return link;
}

describe('registration does not tell whether an address has an account', () => {
  it('answers a new address and a known one with the same page; only the mail differs', async () => {
    const known = await server.createOrganisation();
    const fresh = newAddress();
    const [usersBefore, organisationsBefore] = [await userCount(), await organisationCount()];

    const forNew = await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(fresh));
    const forKnown = await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(known.email.toUpperCase()));

    expect(forNew.status).toBe(200);
    expect(forKnown.status).toBe(forNew.status);
    expect(forNew.code).toBeNull();
    expect(forKnown.code).toBeNull();
    expect(forNew.body).toContain('Bevestig je e-mailadres');
    expect(forNew.body).toContain(`We hebben een e-mail gestuurd naar ${fresh}.`);
    expect(forKnown.body).not.toContain('Er bestaat al een account');
    // Byte for byte the same page, apart from the address it names.
    expect(forKnown.body.replaceAll(known.email, '{adres}')).toBe(forNew.body.replaceAll(fresh, '{adres}'));
    expect(forKnown.headers.get('content-type')).toBe(forNew.headers.get('content-type'));

    // Nothing made yet; the new address waits for its confirmation, the known one got a mail saying so.
    expect(await userCount()).toBe(usersBefore);
    expect(await organisationCount()).toBe(organisationsBefore);
    const confirm = await latestMail(fresh);
    expect(confirm).toMatchObject({ kind: 'confirm_registration', state: 'outbox', subject: 'Bevestig je e-mailadres voor Verzendhuis' });
    const exists = await latestMail(known.email);
    expect(exists).toMatchObject({ kind: 'account_exists', state: 'outbox', subject: 'Je hebt al een account bij Verzendhuis' });
    expect(exists.bodyText).toContain(server.url);
    expect(exists.bodyText).not.toContain('/bevestigen/');
    // The stored token is its SHA-256, never the token of the link; the password only as a hash.
    const [pending] = await server.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, fresh));
    const token = (await confirmationLink(fresh)).split('/').pop() ?? '';
    expect(pending?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending?.tokenHash).not.toContain(token);
    expect(pending?.passwordHash).not.toContain(password);
    // The known account is unchanged: its password still logs in.
    expect((await loginWithPassword({ baseUrl: server.url, email: known.email, password: known.password })).access_token).toBeTruthy();
  });

  it('shows an install without SMTP the mails of an address through npm run admin -- account-mails', async () => {
    const fresh = newAddress();
    await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(fresh));
    const link = await confirmationLink(fresh);
    const listed = await runAdmin(server.database.url, 'account-mails', fresh.toUpperCase());
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Bevestig je e-mailadres voor Verzendhuis');
    expect(listed.stdout).toContain(link);
    const none = await runAdmin(server.database.url, 'account-mails', newAddress());
    expect(none).toMatchObject({ code: 0, stdout: expect.stringContaining('no account mails to') });
    expect((await runAdmin(server.database.url, 'account-mails')).code).toBe(1);
  });

  it('still refuses bad input in Dutch with the form and stores nothing', async () => {
    const login = await startLogin({ baseUrl: server.url, screen: 'register' });
    const email = newAddress();
    const result = await login.register({ ...form(email), password_repeat: 'iets-anders' });
    expect(result.status).toBe(400);
    expect(result.body).toContain('De wachtwoorden zijn niet gelijk.');
    expect(await server.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toEqual([]);
    expect(await server.database.db.select().from(accountMails).where(eq(accountMails.recipient, email))).toEqual([]);
  });
});

describe('the confirmation link', () => {
  it('in the browser that registered: makes the organisation and logs the user in; a second click says it is confirmed', async () => {
    const email = newAddress();
    const login = await startLogin({ baseUrl: server.url, screen: 'register' });
    await login.register(form(email));
    const link = await confirmationLink(email);
    expect(link.startsWith(`${server.url}/oidc/interaction/`)).toBe(true);
    const organisationsBefore = await organisationCount();

    const opened = await login.open(link);
    expect(opened.code).toBeTruthy();
    const tokens = await login.exchange(opened.code ?? '');
    const api = createApiClient({ baseUrl: server.url, getToken: () => tokens.access_token });
    const { data } = await api.user.get();
    expect(data.email).toBe(email);
    expect(data.name).toBe('Anna de Vries');
    expect(data.is_first_login).toBe(true);
    expect(data.organisation.name).toBe('Fietsenwinkel De Spaak');
    expect(data.organisation.plan?.id).toBe('trial');
    expect(data.organisation.status).toBe('incomplete');
    expect(await organisationCount()).toBe(organisationsBefore + 1);

    const again = await login.open(link);
    expect(again.code).toBeNull();
    expect(again.status).toBe(200);
    expect(again.body).toContain('Je e-mailadres is al bevestigd');
    expect(await organisationCount()).toBe(organisationsBefore + 1);
    // The confirmed row stays for a second click, without the password's hash.
    const [confirmed] = await server.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));
    expect(confirmed?.confirmedAt).not.toBeNull();
    expect(confirmed?.passwordHash).toBe('');
    // The password of the form logs in.
    expect((await loginWithPassword({ baseUrl: server.url, email, password })).access_token).toBeTruthy();
  });

  it('makes one organisation for a token opened many times at once', async () => {
    const email = newAddress();
    await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(email, 'Gelijktijdig BV'));
    const link = await confirmationLink(email);
    const organisationsBefore = await organisationCount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(link, { redirect: 'manual' }).then(async (r) => ({ status: r.status, body: await r.text() }))));
    expect(answers.filter((a) => a.body.includes('Je account is aangemaakt'))).toHaveLength(1);
    expect(answers.filter((a) => a.body.includes('Je e-mailadres is al bevestigd'))).toHaveLength(5);
    expect(await organisationCount()).toBe(organisationsBefore + 1);
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('in another browser: makes the account and sends the user to log in', async () => {
    const email = newAddress();
    await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(email));
    const other = await startLogin({ baseUrl: server.url });
    const opened = await other.open(await confirmationLink(email));
    expect(opened.code).toBeNull();
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('Je account is aangemaakt');
    expect(opened.body).toContain('Log in met je e-mailadres en wachtwoord.');
    expect((await loginWithPassword({ baseUrl: server.url, email, password })).access_token).toBeTruthy();
  });

  it('a second registration of an address replaces the first: the first link no longer works', async () => {
    const email = newAddress();
    await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(email, 'Eerste Poging'));
    const first = await confirmationLink(email);
    await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(email, 'Tweede Poging'));
    const second = await confirmationLink(email);
    expect(second).not.toBe(first);
    expect(await server.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toHaveLength(1);

    const stale = await fetch(first);
    expect(stale.status).toBe(404);
    expect(await stale.text()).toContain('Deze bevestigingslink is ongeldig of vervangen door een nieuwere.');
    expect((await fetch(second)).status).toBe(200);
    const [user] = await server.database.db.select({ organisation: organisations.name }).from(users).innerJoin(organisations, eq(organisations.id, users.organisationId)).where(eq(users.email, email));
    expect(user?.organisation).toBe('Tweede Poging');
  });

  it('an expired link makes nothing and says so in Dutch', async () => {
    const email = newAddress();
    await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(email));
    const link = await confirmationLink(email);
    await server.database.db.update(pendingRegistrations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pendingRegistrations.email, email));
    const usersBefore = await userCount();
    const response = await fetch(link);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('Deze bevestigingslink is verlopen');
    expect(await userCount()).toBe(usersBefore);
    // The hourly clean-up removes it; the link is then unknown.
    expect(await services.registrations.sweep()).toBeGreaterThanOrEqual(1);
    expect(await server.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toEqual([]);
    expect((await fetch(link)).status).toBe(404);
    // Registering again gives a new link that works.
    await (await startLogin({ baseUrl: server.url, screen: 'register' })).register(form(email));
    expect((await fetch(await confirmationLink(email))).status).toBe(200);
    expect(await userCount()).toBe(usersBefore + 1);
  });

  it('an unknown token answers a Dutch page and makes nothing', async () => {
    const usersBefore = await userCount();
    const response = await fetch(`${server.url}/oidc/interaction/onbekend/bevestigen/${randomBytes(32).toString('base64url')}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Deze link werkt niet');
    expect(await userCount()).toBe(usersBefore);
  });
});
