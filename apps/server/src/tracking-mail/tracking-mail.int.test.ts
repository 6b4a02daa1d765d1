import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeSmtp } from '@verzendhuis/test-fakes/fake-smtp';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { otherProcessForFile, testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { labels, trackingEvents, trackingMails } from '../db/schema';

const smtp = startForFile(() => startFakeSmtp());
// Time scale 1: the Testvervoerder's parcels move in real hours, which the tests make pass by ageing labels.
const { server, first, second } = testServerForFile({ config: () => ({ testCarrierTimeScale: 1, smtpUrl: smtp.url, mailFrom: 'post@verzendhuis.test', trackingMailRetryDelaySeconds: 0 }) });

// Raw SQL in this file only where the API cannot make the state: time passing (labels made
// hours ago), and reading the mail rows' attempts.

async function ageBy(labelId: string, hours: number) {
  const shift = (column: unknown) => sql`${column} - make_interval(secs => ${hours * 3600})`;
  await server.database.db.update(labels).set({ createdAt: shift(labels.createdAt), printedAt: shift(labels.printedAt), trackingDate: shift(labels.trackingDate) }).where(eq(labels.id, labelId));
  await server.database.db
    .update(trackingEvents)
    .set({ occurredAt: shift(trackingEvents.occurredAt), firstSeenAt: shift(trackingEvents.firstSeenAt), lastSeenAt: shift(trackingEvents.lastSeenAt) })
    .where(eq(trackingEvents.labelId, labelId));
}

async function enableShipped(org: TestOrganisation) {
  const answer = await request(server, { method: 'PATCH', path: '/api/tracking', token: org.token, body: { mails: { shipped: { enabled: true } } } });
  expect(answer.status).toBe(200);
}

/** A Testvervoerder label for an order with `email`, refreshed once at creation and once three hours later (picked up). */
async function shippedLabel(org: TestOrganisation, email: string | null): Promise<string> {
  const { labelIds: [id] } = await labelledOrders(org, 1, { name: 'Anna de Vries', ...(email ? { email } : {}) });
  if (!id) throw new Error('no label');
  await request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [id] } });
  await ageBy(id, 3);
  const moved = await request(server, { method: 'POST', path: '/api/label/track', token: org.token, body: { label_ids: [id] } });
  expect(moved.body.data[0]).toMatchObject({ previous_status: 'ready', status: 'shipped' });
  return id;
}

const other = otherProcessForFile(server);

const mailsOf = (labelId: string) => server.database.db.select().from(trackingMails).where(eq(trackingMails.labelId, labelId));

describe('tracking e-mail settings (GET/POST/PATCH tracking)', () => {
  it('answers the Dutch defaults, all off, and keeps each organisation its own', async () => {
    const before = await request(server, { method: 'GET', path: '/api/tracking', token: second.token });
    expect(before.status).toBe(200);
    expect(before.body.data.smtp_configured).toBe(true);
    expect(Object.values(before.body.data.mails as Record<string, { enabled: boolean }>).every((m) => !m.enabled)).toBe(true);

    const patched = await request(server, { method: 'PATCH', path: '/api/tracking', token: first.token, body: { brand_color: '#AA0000', mails: { delivered: { enabled: true, subject: 'Bezorgd: {ordernummer}' } } } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.brand_color).toBe('#aa0000');
    expect(patched.body.data.mails.delivered).toMatchObject({ enabled: true, subject: 'Bezorgd: {ordernummer}' });
    expect(patched.body.data.mails.delivered.body).toContain('{naam}');

    const theirs = await request(server, { method: 'GET', path: '/api/tracking', token: second.token });
    expect(theirs.body.data).toEqual(before.body.data);

    // The second organisation's changes stay its own.
    const replaced = await request(server, { method: 'POST', path: '/api/tracking', token: second.token, body: { brand_color: '#000000', mails: before.body.data.mails } });
    expect(replaced.status).toBe(200);
    const mine = await request(server, { method: 'GET', path: '/api/tracking', token: first.token });
    expect(mine.body.data).toEqual(patched.body.data);
  });

  it('refuses unknown placeholders, bad colours and incomplete replacements in Dutch and stores nothing', async () => {
    const before = await request(server, { method: 'GET', path: '/api/tracking', token: first.token });
    const badPlaceholder = await request(server, { method: 'PATCH', path: '/api/tracking', token: first.token, body: { mails: { shipped: { subject: 'Hoi {name}' } } } });
    expect(badPlaceholder.status).toBe(400);
    expect(badPlaceholder.body.errors[0].message).toContain('{name} bestaat niet');
    const badColour = await request(server, { method: 'PATCH', path: '/api/tracking', token: first.token, body: { brand_color: 'rood' } });
    expect(badColour.status).toBe(400);
    expect(badColour.body.errors[0].message).toBe('Kies een kleur als #RRGGBB.');
    const incomplete = await request(server, { method: 'POST', path: '/api/tracking', token: first.token, body: { brand_color: '#000000', mails: { shipped: { enabled: true, subject: 'x', body: 'y' } } } });
    expect(incomplete.status).toBe(400);
    const after = await request(server, { method: 'GET', path: '/api/tracking', token: first.token });
    expect(after.body.data).toEqual(before.body.data);
  });
});

describe('sending tracking e-mails through SMTP', () => {
  it('sends one mail when a label is picked up, with the subject and a link to the public tracking page, and no second one on the next refresh', async () => {
    await enableShipped(first);
    const id = await shippedLabel(first, 'anna@klant.test');
    const mail = await smtp.waitFor('anna@klant.test');
    const label = await request(server, { method: 'GET', path: `/api/label/${id}`, token: first.token });
    expect(mail.subject).toBe(`Je bestelling ${label.body.data.order_number} is onderweg`);
    expect(mail.text).toContain('Hoi Anna de Vries,');
    expect(mail.from).toBe('post@verzendhuis.test');
    const link = /http:\/\/localhost:\d+\/volg\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.html).toContain(`href="${link?.[0]}"`);

    const page = await request(server, { method: 'GET', path: `/api/public/tracking/${link?.[1]}` });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ status: 'shipped', carrier: 'Testvervoerder', destination: { zipcode_area: '1012', city: 'Amsterdam' } });
    expect(JSON.stringify(page.body.data)).not.toContain('Anna');
    expect(JSON.stringify(page.body.data)).not.toContain('Damrak');

    await waitUntil(() => mailsOf(id), (rows) => rows[0]?.state === 'sent');
    await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [id] } });
    await ageBy(id, 1);
    await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [id] } });
    const rows = await mailsOf(id);
    expect(rows).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes('anna@klant.test'))).toHaveLength(1);

    const shown = await request(server, { method: 'GET', path: `/api/label/${id}`, token: first.token });
    expect(shown.body.data.shipment.tracking_mails).toEqual([expect.objectContaining({ mail_status: 'shipped', state: 'sent', recipient: 'anna@klant.test', error: null })]);
  });

  it('tries again after the mail server failed, and records the attempts', async () => {
    await enableShipped(first);
    smtp.failNext(1);
    const id = await shippedLabel(first, 'bram@klant.test');
    await smtp.waitFor('bram@klant.test', { timeoutMs: 30_000 });
    const [row] = await waitUntil(() => mailsOf(id), (rows) => rows[0]?.state === 'sent', { timeoutMs: 30_000 });
    expect(row?.attempts).toBe(2);
    expect(row?.error).toBeNull();
  });

  it('records a bounce (the server refuses the address) on the label, without trying again', async () => {
    await enableShipped(first);
    smtp.refuse('weg@klant.test');
    const id = await shippedLabel(first, 'weg@klant.test');
    await waitUntil(() => mailsOf(id), (rows) => rows[0]?.state === 'bounced');
    const shown = await request(server, { method: 'GET', path: `/api/label/${id}`, token: first.token });
    expect(shown.body.data.shipment.tracking_mails[0]).toMatchObject({ state: 'bounced' });
    expect(shown.body.data.shipment.tracking_mails[0].error).toContain('De mailserver weigerde de e-mail');
  });

  it('skips a label whose order has no e-mail address, visibly', async () => {
    await enableShipped(first);
    const id = await shippedLabel(first, null);
    const rows = await mailsOf(id);
    expect(rows.map((r) => r.state)).toEqual(['skipped']);
  });

  it('sends nothing for a mail that is off', async () => {
    await request(server, { method: 'PATCH', path: '/api/tracking', token: second.token, body: { mails: { shipped: { enabled: false } } } });
    const id = await shippedLabel(second, 'uit@klant.test');
    expect(await mailsOf(id)).toEqual([]);
  });

  it('shows the mails to their organisation only', async () => {
    const mine = await request(server, { method: 'GET', path: '/api/trackingmail/', token: first.token });
    expect(mine.body.meta.total).toBeGreaterThan(0);
    const theirs = await request(server, { method: 'GET', path: '/api/trackingmail/', token: second.token });
    expect(theirs.body.data.every((m: { recipient: string }) => !['anna@klant.test', 'bram@klant.test'].includes(m.recipient))).toBe(true);
    const one = mine.body.data[0];
    expect((await request(server, { method: 'GET', path: `/api/trackingmail/${one.id}`, token: second.token })).status).toBe(404);
    const detail = await request(server, { method: 'GET', path: `/api/trackingmail/${one.id}`, token: first.token });
    expect(detail.body.data.html).toContain('<html');
  });
});

describe('POST trackingmail/sendtest', () => {
  it('sends the chosen mail with sample data to the address given, in the organisation’s own text', async () => {
    await request(server, { method: 'PATCH', path: '/api/tracking', token: first.token, body: { mails: { out_for_delivery: { subject: 'Test van {winkel}: {naam}' } } } });
    const answer = await request(server, { method: 'POST', path: '/api/trackingmail/sendtest', token: first.token, body: { email: 'ikzelf@winkel.test', status: 'out_for_delivery' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.state).toBe('sent');
    const mail = await smtp.waitFor('ikzelf@winkel.test');
    expect(mail.subject).toMatch(/^Test van .+: Jan Jansen$/);

    const theirs = await request(server, { method: 'POST', path: '/api/trackingmail/sendtest', token: second.token, body: { email: 'zij@winkel.test', status: 'out_for_delivery' } });
    expect(theirs.status).toBe(200);
    expect((await smtp.waitFor('zij@winkel.test')).subject).toBe('Je pakket wordt vandaag bezorgd');
  });

  it('answers "test mail failed" in Dutch when the mail server refuses, and refuses bad input', async () => {
    smtp.refuse('nee@winkel.test');
    const failed = await request(server, { method: 'POST', path: '/api/trackingmail/sendtest', token: first.token, body: { email: 'nee@winkel.test', status: 'shipped' } });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ message_code: 'test_mail_failed', type: 'usage', message: 'De testmail kon niet worden verstuurd. Controleer het e-mailadres of probeer het later opnieuw.' });
    const bad = await request(server, { method: 'POST', path: '/api/trackingmail/sendtest', token: first.token, body: { email: 'geen-adres', status: 'onbekend' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining(['Vul een geldig e-mailadres in.', 'Kies een van de e-mails.']));
  });
});

describe('GET public/tracking/{token}', () => {
  it('answers 404 for an unknown token, without login', async () => {
    const answer = await request(server, { method: 'GET', path: '/api/public/tracking/bestaatniet1234567890' });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Deze zending bestaat niet (meer). Controleer de link in je e-mail.');
  });
});

/**
 * A crash between storing a mail and queueing its job. Raw SQL for what no API makes: the
 * mail row such a crash leaves (stored as queued, no job) and the passing of time.
 */
describe('a tracking e-mail whose process died before queueing it', () => {
  it('is queued by the recovery once it is overdue, and sent exactly once', async () => {
    const { labelIds: [labelId] } = await labelledOrders(first, 1, { name: 'Cor Crash', email: 'cor@klant.test' });
    if (!labelId) throw new Error('no label');
    await server.database.db.insert(trackingMails).values({
      organisationId: first.organisationId,
      labelId,
      mailStatus: 'shipped',
      state: 'queued',
      recipient: 'cor@klant.test',
      subject: 'Je bestelling is onderweg',
      html: '<p>Onderweg</p>',
      bodyText: 'Onderweg',
    });

    // Just stored: the process that stored it may still be queueing it; the recovery leaves it.
    await other.labelRecovery.sweep();
    expect((await mailsOf(labelId))[0]?.state).toBe('queued');

    // Overdue: queued again, sent once.
    await server.database.db.execute(sql`UPDATE tracking_mails SET updated_at = now() - interval '11 minutes' WHERE label_id = ${labelId}`);
    expect((await other.labelRecovery.sweep()).trackingMails).toBe(1);
    await smtp.waitFor('cor@klant.test');
    await waitUntil(() => mailsOf(labelId), (rows) => rows[0]?.state === 'sent', { what: 'the mail marked sent' });

    // Sent: later sweeps queue nothing, and no second mail arrives.
    await server.database.db.execute(sql`UPDATE tracking_mails SET updated_at = now() - interval '11 minutes' WHERE label_id = ${labelId}`);
    expect((await other.labelRecovery.sweep()).trackingMails).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes('cor@klant.test'))).toHaveLength(1);
  });
});
