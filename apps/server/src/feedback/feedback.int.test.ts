import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { feedback } from '../db/schema';

const { server, first, second } = testServerForFile();

describe('POST feedback/send', () => {
  it('stores the feedback for the sender’s organisation', async () => {
    expect(await first.api.feedback.send({ feedback: 'Fijn programma!', context: { route: '/dashboard' } })).toEqual({ status: 'success' });
    const rows = await server.database.db.select().from(feedback).where(eq(feedback.organisationId, first.organisationId));
    expect(rows.map((r) => r.message)).toEqual(['Fijn programma!']);
    const others = await server.database.db.select().from(feedback).where(eq(feedback.organisationId, second.organisationId));
    expect(others).toEqual([]);
  });

  it('refuses empty and too long feedback under fields.feedback', async () => {
    const empty = await request(server, { method: 'POST', path: '/api/feedback/send', token: second.token, body: { feedback: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ type: 'validation', message_code: 'form_invalid', fields: { feedback: ['Vul je feedback in.'] } });
    const long = await request(server, { method: 'POST', path: '/api/feedback/send', token: second.token, body: { feedback: 'x'.repeat(501) } });
    expect(long.body.fields.feedback).toEqual(['Je feedback mag maximaal 500 tekens zijn.']);
    const missing = await request(server, { method: 'POST', path: '/api/feedback/send', token: second.token, body: {} });
    expect(missing.body.fields.feedback).toEqual(['Vul je feedback in.']);
    const rows = await server.database.db.select().from(feedback).where(eq(feedback.organisationId, second.organisationId));
    expect(rows).toEqual([]);
  });
});
