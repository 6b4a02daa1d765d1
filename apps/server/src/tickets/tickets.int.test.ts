import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { createTicketRepository } from './repository';

const { server, first, second } = testServerForFile();

beforeAll(async () => {
  const tickets = createTicketRepository(server.database.db).for(first.organisationId);
  await tickets.create({ subject: 'Bezorgd maar niet ontvangen', isReplied: true });
  await tickets.create({ subject: 'Beschadigde zending' });
  await tickets.create({ subject: 'Anders', status: 'closed', isReplied: true });
});

describe('GET ticket/', () => {
  it('lists the organisation’s investigations with the list meta', async () => {
    const result = await first.api.tickets.list();
    expect(result.meta).toEqual({ total: 3, page: 1, page_size: 25 });
    expect(result.data.map((t) => t.subject)).toHaveLength(3);
  });

  it('filters the unanswered ones for the top bar', async () => {
    const result = await first.api.tickets.list({ status: 'open', is_replied: 'true', page_size: 1 });
    expect(result.meta.total).toBe(1);
    expect(result.data[0]?.subject).toBe('Bezorgd maar niet ontvangen');
  });

  it('pages, sorts and searches', async () => {
    const page = await first.api.tickets.list({ page: 2, page_size: 2, sort: 'subject' });
    expect(page.meta).toEqual({ total: 3, page: 2, page_size: 2 });
    expect(page.data.map((t) => t.subject)).toEqual(['Bezorgd maar niet ontvangen']);
    const search = await first.api.tickets.list({ search: 'beschadig' });
    expect(search.data.map((t) => t.subject)).toEqual(['Beschadigde zending']);
  });

  it('shows another organisation none of them', async () => {
    const result = await second.api.tickets.list();
    expect(result).toEqual({ data: [], meta: { total: 0, page: 1, page_size: 25 } });
  });

  it('refuses a bad page size with the error body', async () => {
    const response = await request(server, { path: '/api/ticket/', query: { page_size: 0 }, token: first.token });
    expect(response.status).toBe(400);
    const body = response.body;
    expect(body.type).toBe('validation');
    expect(Object.keys(body.fields)).toEqual(['page_size']);
  });
});
