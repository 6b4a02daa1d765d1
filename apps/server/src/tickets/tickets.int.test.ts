import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketCreateInput } from '@verzendhuis/contract/ticket';
import { ticketErrorMessages, ticketFormTexts } from '@verzendhuis/domain/tickets';
import { labelledOrders, request, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { invoiceItems, ticketAttachments, ticketMessages, tickets } from '../db/schema';
import { createTicketRepository } from './repository';
import { createTicketService } from './service';

const { server, first, second } = testServerForFile();

// Raw SQL in this file only where the API cannot make the state: the label_price invoice
// item of a label (made by billing for proxy labels) and tickets for the list's filters.

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function form(labelId: string, overrides: Partial<Record<keyof TicketCreateInput, unknown>> = {}): TicketCreateInput {
  return {
    label_id: labelId,
    email: 'klant@example.nl',
    phone: '0612345678',
    subject: 'Bezorgd maar niet ontvangen',
    message: 'De klant zegt dat het pakket nooit is aangekomen.',
    internal_properties: 'Een blauwe mok',
    external_properties: 'Bruine doos, 20 x 20 x 20 cm',
    cost_price: '12.50',
    attachments: [{ filename: 'factuur.pdf', base_64: pdf.toString('base64') }],
    ...overrides,
  } as TicketCreateInput;
}

async function pricedLabel(org: TestOrganisation): Promise<string> {
  const { labelIds: [id] } = await labelledOrders(org, 1);
  if (!id) throw new Error('no label');
  await server.database.db.insert(invoiceItems).values({ organisationId: org.organisationId, labelId: id, type: 'label_price', parts: [], totalCents: 595 });
  return id;
}

const create = (org: TestOrganisation, body: unknown) => request(server, { method: 'POST', path: '/api/ticket/create', token: org.token, body });
const countRows = async () => ({
  tickets: (await server.database.db.select().from(tickets)).length,
  messages: (await server.database.db.select().from(ticketMessages)).length,
  attachments: (await server.database.db.select().from(ticketAttachments)).length,
});

describe('POST ticket/create', () => {
  it('opens an investigation with the first message and its invoice; the label shows it', async () => {
    const labelId = await pricedLabel(first);
    const answer = await first.api.tickets.create(form(labelId));
    expect(answer.data).toMatchObject({
      status: 'open',
      is_replied: false,
      subject: 'Bezorgd maar niet ontvangen',
      label: { id: labelId },
      email: 'klant@example.nl',
      phone: '0612345678',
      cost_price: '12.50',
      internal_properties: 'Een blauwe mok',
      external_properties: 'Bruine doos, 20 x 20 x 20 cm',
    });
    expect(answer.data.messages).toEqual([
      expect.objectContaining({ author: 'customer', message: 'De klant zegt dat het pakket nooit is aangekomen.', attachments: [expect.objectContaining({ filename: 'factuur.pdf', content_type: 'application/pdf', size: pdf.length })] }),
    ]);
    const label = await request(server, { path: `/api/label/${labelId}`, token: first.token });
    expect(label.body.data.ticket).toEqual({ id: answer.data.id });

    const again = await create(first, form(labelId));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message_code: 'ticket_exists', message: ticketErrorMessages.ticket_exists });
  });

  it('answers every §5 text for an empty form and writes nothing', async () => {
    const before = await countRows();
    const labelId = await pricedLabel(first);
    const response = await create(first, { label_id: labelId, email: '', phone: '', message: '', internal_properties: '', external_properties: '', attachments: [] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: 'validation', message_code: 'form_invalid' });
    expect(response.body.fields).toEqual({
      email: [ticketFormTexts.emailRequired],
      phone: [ticketFormTexts.phoneRequired],
      subject: [ticketFormTexts.subjectRequired],
      message: [ticketFormTexts.messageRequired],
      internal_properties: [ticketFormTexts.internalPropertiesRequired],
      external_properties: [ticketFormTexts.externalPropertiesRequired],
      attachments: [ticketFormTexts.filesRequired],
    });
    const invalid = await create(first, form(labelId, { email: 'geen-adres', cost_price: '-1' }));
    expect(invalid.body.fields).toEqual({ email: [ticketFormTexts.emailInvalid], cost_price: [ticketFormTexts.costPriceInvalid] });
    expect(await countRows()).toEqual(before);
  });

  it('checks files by their bytes: HTML named .pdf and files over 10 MB are refused', async () => {
    const before = await countRows();
    const labelId = await pricedLabel(first);
    const html = await create(first, form(labelId, { attachments: [{ filename: 'factuur.pdf', base_64: Buffer.from('<html><script>alert(1)</script></html>').toString('base64') }] }));
    expect(html.status).toBe(400);
    expect(html.body.fields).toEqual({ attachments: [ticketFormTexts.fileWrongType('factuur.pdf')] });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    pdf.copy(big);
    const tooLarge = await create(first, form(labelId, { attachments: [{ filename: 'groot.pdf', base_64: big.toString('base64') }] }));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.fields).toEqual({ attachments: [ticketFormTexts.fileTooLarge('groot.pdf')] });
    expect(await countRows()).toEqual(before);
  });

  it('refuses a label without a label price, and another organisation’s label', async () => {
    const { labelIds: [unpriced] } = await labelledOrders(first, 1);
    const refused = await create(first, form(unpriced ?? ''));
    expect(refused.status).toBe(400);
    expect(refused.body.message_code).toBe('ticket_not_investigable');
    const theirs = await pricedLabel(first);
    const before = await countRows();
    const response = await create(second, form(theirs));
    expect(response.status).toBe(404);
    expect(response.body.message_code).toBe('ticket_label_not_found');
    expect(await countRows()).toEqual(before);
  });
});

describe('GET ticket/{id}, reply, close and the attachments', () => {
  let ticketId = '';
  let attachmentId = '';
  beforeAll(async () => {
    const answer = await first.api.tickets.create(form(await pricedLabel(first), { subject: 'Beschadigde zending' }));
    ticketId = answer.data.id;
    attachmentId = answer.data.messages[0]?.attachments[0]?.id ?? '';
  });

  it('serves an attachment as a download of its checked type, only to its organisation', async () => {
    const file = await request(server, { path: `/api/ticket/${ticketId}/attachment/${attachmentId}`, token: first.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="factuur.pdf"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.compare(file.body, pdf)).toBe(0);
    const theirs = await request(server, { path: `/api/ticket/${ticketId}/attachment/${attachmentId}`, token: second.token });
    expect(theirs.status).toBe(404);
  });

  it('adds the customer’s reply with a file; support’s reply (the operator’s) marks it replied', async () => {
    const support = await createTicketService({ repository: createTicketRepository(server.database.db), anyLabel: false }).supportReply(ticketId, 'We hebben de vervoerder gevraagd.');
    expect(support.organisationId).toBe(first.organisationId);
    const unanswered = await first.api.tickets.list({ status: 'open', is_replied: 'true' });
    expect(unanswered.data.map((t) => t.id)).toContain(ticketId);
    expect(unanswered.data.find((t) => t.id === ticketId)?.last_message?.author).toBe('support');

    const replied = await first.api.tickets.reply(ticketId, { message: 'Dank je!', attachments: [{ filename: 'foto.png', base_64: png.toString('base64') }] });
    expect(replied.data.is_replied).toBe(false);
    expect(replied.data.messages.map((m) => [m.author, m.message])).toEqual([
      ['customer', 'De klant zegt dat het pakket nooit is aangekomen.'],
      ['support', 'We hebben de vervoerder gevraagd.'],
      ['customer', 'Dank je!'],
    ]);
    expect(replied.data.messages[2]?.attachments).toEqual([expect.objectContaining({ filename: 'foto.png', content_type: 'image/png' })]);
  });

  it('refuses an empty reply with the Dutch text', async () => {
    const response = await request(server, { method: 'POST', path: `/api/ticket/${ticketId}/reply`, token: first.token, body: { message: ' ' } });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ message: [ticketFormTexts.replyRequired] });
  });

  it('shows another organisation nothing and lets it change nothing', async () => {
    const before = await countRows();
    for (const call of [
      { method: 'GET', path: `/api/ticket/${ticketId}` },
      { method: 'PATCH', path: `/api/ticket/${ticketId}`, body: { status: 'closed' } },
      { method: 'POST', path: `/api/ticket/${ticketId}/reply`, body: { message: 'Van een ander' } },
    ] as const) {
      const response = await request(server, { ...call, token: second.token });
      expect(response.status).toBe(404);
      expect(response.body.message_code).toBe('ticket_not_found');
    }
    expect(await countRows()).toEqual(before);
    const [row] = await server.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row?.status).toBe('open');
  });

  it('closes the ticket; a closed ticket takes no reply until reopened', async () => {
    const closed = await first.api.tickets.setStatus(ticketId, 'closed');
    expect(closed.data.status).toBe('closed');
    const refused = await request(server, { method: 'POST', path: `/api/ticket/${ticketId}/reply`, token: first.token, body: { message: 'Nog iets' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message_code).toBe('ticket_closed');
    expect((await first.api.tickets.setStatus(ticketId, 'open')).data.status).toBe('open');
  });
});

describe('GET ticket/', () => {
  let org: TestOrganisation;
  beforeAll(async () => {
    org = await server.createOrganisation();
    const repository = createTicketRepository(server.database.db).for(org.organisationId);
    await repository.create({ subject: 'Bezorgd maar niet ontvangen', isReplied: true });
    await repository.create({ subject: 'Beschadigde zending' });
    await repository.create({ subject: 'Anders', status: 'closed', isReplied: true });
  });

  it('lists the organisation’s investigations with the list meta', async () => {
    const result = await org.api.tickets.list();
    expect(result.meta).toEqual({ total: 3, page: 1, page_size: 25 });
  });

  it('filters the unanswered ones for the top bar', async () => {
    const result = await org.api.tickets.list({ status: 'open', is_replied: 'true', page_size: 1 });
    expect(result.meta.total).toBe(1);
    expect(result.data[0]?.subject).toBe('Bezorgd maar niet ontvangen');
  });

  it('pages, sorts and searches', async () => {
    const page = await org.api.tickets.list({ page: 2, page_size: 2, sort: 'subject' });
    expect(page.data.map((t) => t.subject)).toEqual(['Bezorgd maar niet ontvangen']);
    const search = await org.api.tickets.list({ search: 'beschadig' });
    expect(search.data.map((t) => t.subject)).toEqual(['Beschadigde zending']);
  });

  it('shows another organisation none of them', async () => {
    const result = await org.api.tickets.list();
    expect(result.data.every((t) => t.subject !== 'Van een ander')).toBe(true);
    const theirs = await second.api.tickets.list();
    expect(theirs).toEqual({ data: [], meta: { total: 0, page: 1, page_size: 25 } });
  });

  it('refuses a bad page size with the error body', async () => {
    const response = await request(server, { path: '/api/ticket/', query: { page_size: 0 }, token: first.token });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields)).toEqual(['page_size']);
  });
});
