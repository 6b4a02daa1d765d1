import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketCreateInput } from '@verzendhuis/contract/ticket';
import { ticketErrorMessages, ticketFormTexts } from '@verzendhuis/domain/tickets';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { runAdmin } from '../../test-support/admin';
import { testServerForFile } from '../../test-support/server';
import { invoiceItems, ticketMessages, tickets } from '../db/schema';
import { createOrganisationRepository } from '../organisation/repository';

const { server, first, second } = testServerForFile();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const admin = (...args: string[]) => runAdmin(server.database.url, ...args);

/** A ticket of `org` on a label of its own, with a sales invoice attached. */
async function ticketOf(org: TestOrganisation, subject: TicketCreateInput['subject'] = 'Bezorgd maar niet ontvangen'): Promise<{ id: string; attachmentId: string }> {
  const { labelIds: [labelId] } = await labelledOrders(org, 1);
  await server.database.db.insert(invoiceItems).values({ organisationId: org.organisationId, labelId: labelId ?? '', type: 'label_price', parts: [], totalCents: 595 });
  const created = await org.api.tickets.create({
    label_id: labelId ?? '',
    email: 'klant@example.nl',
    phone: '0612345678',
    subject,
    message: 'De klant zegt dat het pakket nooit is aangekomen.',
    internal_properties: 'Een blauwe mok',
    external_properties: 'Bruine doos',
    attachments: [{ filename: 'factuur.pdf', base_64: pdf.toString('base64') }],
  });
  return { id: created.data.id, attachmentId: created.data.messages[0]?.attachments[0]?.id ?? '' };
}

let support: TestOrganisation;

beforeAll(async () => {
  // Verzendhuis's own organisation, whose person is made support before their first call.
  support = await server.createOrganisation({ name: 'Verzendhuis Klantenservice' });
  await createOrganisationRepository(server.database.db).crossOrganisation.setUserRole(support.email, 'operator');
});

describe('the operator role', () => {
  it('GET user tells an operator from a member', async () => {
    expect((await support.api.user.get()).data.is_operator).toBe(true);
    expect((await first.api.user.get()).data.is_operator).toBe(false);
  });

  it('refuses every support call to a member with the Dutch 403, and writes nothing', async () => {
    const ticket = await ticketOf(first);
    const calls: { method?: 'GET' | 'POST'; path: string; body?: unknown }[] = [
      { path: '/api/support/ticket/' },
      { path: `/api/support/ticket/${ticket.id}` },
      { path: `/api/support/ticket/${ticket.id}/attachment/${ticket.attachmentId}` },
      { method: 'POST', path: `/api/support/ticket/${ticket.id}/reply`, body: { message: 'Ik ben geen support.' } },
    ];
    for (const org of [first, second]) {
      for (const call of calls) {
        const answer = await request(server, { ...call, token: org.token });
        expect(answer.status, call.path).toBe(403);
        expect(answer.body).toMatchObject({ type: 'authorization', message_code: 'ticket_operator_only', message: ticketErrorMessages.ticket_operator_only });
      }
    }
    const messages = await server.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id));
    expect(messages.map((m) => m.author)).toEqual(['customer']);
    expect((await first.api.tickets.get(ticket.id)).data.is_replied).toBe(false);
  });

  it('refuses an API user, even of the operator’s organisation', async () => {
    const key = (await support.api.apiUsers.create({ name: 'Script' })).data.user;
    const answer = await request(server, { path: '/api/support/ticket/', headers: { authorization: `Bearer ${key.secret}` } });
    expect(answer.status).toBe(403);
    expect(answer.body.message_code).toBe('api_user_not_allowed');
  });
});

describe('the support inbox', () => {
  it('lists the tickets of every organisation that wait for support, longest waiting first, with the organisation', async () => {
    const a = await ticketOf(first, 'Zending staat vast in sorteercentrum');
    const b = await ticketOf(second, 'Beschadigde zending');
    const inbox = await support.api.support.inbox({ page_size: 250 });
    const ids = inbox.data.map((t) => t.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    const row = inbox.data.find((t) => t.id === b.id);
    expect(row).toMatchObject({ subject: 'Beschadigde zending', status: 'open', is_replied: false, organisation: { id: second.organisationId } });
    expect(row?.label.id).not.toBeNull();
  });

  it('shows one ticket with its conversation and files, and answers it: the customer sees the reply and the envelope', async () => {
    const ticket = await ticketOf(first);
    const detail = (await support.api.support.get(ticket.id)).data;
    expect(detail.organisation.id).toBe(first.organisationId);
    expect(detail.messages).toHaveLength(1);
    const file = await request(server, { path: `/api/support/ticket/${ticket.id}/attachment/${ticket.attachmentId}`, token: support.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(file.body as ArrayBuffer).equals(pdf)).toBe(true);

    const answered = await support.api.support.reply(ticket.id, {
      message: 'We hebben een onderzoek gestart bij de vervoerder.',
      attachments: [{ filename: 'bewijs.png', base_64: png.toString('base64') }],
    });
    expect(answered.data.messages.map((m) => m.author)).toEqual(['customer', 'support']);
    expect(answered.data.messages[1]?.attachments).toMatchObject([{ filename: 'bewijs.png', content_type: 'image/png' }]);

    const seen = (await first.api.tickets.get(ticket.id)).data;
    expect(seen).toMatchObject({ status: 'open', is_replied: true });
    expect(seen.messages.at(-1)).toMatchObject({ author: 'support', message: 'We hebben een onderzoek gestart bij de vervoerder.' });
    expect((await first.api.tickets.list({ status: 'open', is_replied: 'true' })).data.map((t) => t.id)).toContain(ticket.id);
    // Answered, it no longer waits for support; under "all" it is still there.
    expect((await support.api.support.inbox({ page_size: 250 })).data.map((t) => t.id)).not.toContain(ticket.id);
    expect((await support.api.support.inbox({ page_size: 250, filter: 'all' })).data.map((t) => t.id)).toContain(ticket.id);
    // The other organisation sees none of it.
    expect((await second.api.tickets.list({ page_size: 250 })).data.map((t) => t.id)).not.toContain(ticket.id);
    expect((await request(server, { path: `/api/ticket/${ticket.id}`, token: second.token })).status).toBe(404);
  });

  it('reopens a closed ticket when support answers it', async () => {
    const ticket = await ticketOf(first);
    await first.api.tickets.setStatus(ticket.id, 'closed');
    await support.api.support.reply(ticket.id, { message: 'Het pakket is alsnog gevonden.' });
    expect((await first.api.tickets.get(ticket.id)).data).toMatchObject({ status: 'open', is_replied: true });
  });

  it('refuses an empty reply, a wrong file and an unknown ticket in Dutch, and stores nothing', async () => {
    const ticket = await ticketOf(first);
    const empty = await request(server, { method: 'POST', path: `/api/support/ticket/${ticket.id}/reply`, token: support.token, body: { message: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.message).toEqual([ticketFormTexts.replyRequired]);
    const html = await request(server, {
      method: 'POST',
      path: `/api/support/ticket/${ticket.id}/reply`,
      token: support.token,
      body: { message: 'Zie bijlage', attachments: [{ filename: 'x.pdf', base_64: Buffer.from('<html>').toString('base64') }] },
    });
    expect(html.status).toBe(400);
    expect(html.body.fields.attachments).toHaveLength(1);
    const unknown = await request(server, { method: 'POST', path: '/api/support/ticket/00000000-0000-4000-8000-000000000000/reply', token: support.token, body: { message: 'Hallo' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ticketErrorMessages.ticket_not_found);
    const [row] = await server.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.isReplied).toBe(false);
    expect(await server.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id))).toHaveLength(1);
  });
});

describe('npm run admin -- operator', () => {
  it('grants, lists and revokes the role by e-mail address', async () => {
    const person = await server.createOrganisation({ name: 'Tweede klantenservice' });
    expect((await admin('operator', 'grant', person.email.toUpperCase())).code).toBe(0);
    expect((await admin('operator', 'list')).stdout).toContain(person.email);
    expect((await admin('operator', 'revoke', person.email)).code).toBe(0);
    expect((await admin('operator', 'list')).stdout).not.toContain(person.email);
    const unknown = await admin('operator', 'grant', 'niemand@voorbeeld.nl');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user with e-mail address');
  });
});
