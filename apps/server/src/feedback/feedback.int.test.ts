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

  it('takes a context only in its strict, bounded shape: free or nested JSON is refused in Dutch and nothing is stored', async () => {
    const send = (context: unknown) => request(server, { method: 'POST', path: '/api/feedback/send', token: second.token, body: { feedback: 'Iets', context } });
    const nested = { blob: Array.from({ length: 300 }, (_, i) => ({ [`k${i}`]: 'x'.repeat(3000) })) };
    const unknownKey = await send({ route: '/dashboard', ...nested });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    const tooMany = await send({ kind: 'error_report', attachments: Array.from({ length: 6 }, (_, i) => ({ filename: `${i}.png`, base_64: 'AA==' })) });
    expect(tooMany.body.fields['context.attachments']).toEqual(['Voeg hoogstens 5 bestanden toe.']);
    const longDetails = await send({ kind: 'error_report', details: 'x'.repeat(20_001) });
    expect(longDetails.body.fields['context.details']).toEqual(['De gegevens bij je feedback zijn ongeldig of te groot.']);
    expect(await server.database.db.select().from(feedback).where(eq(feedback.organisationId, second.organisationId))).toEqual([]);

    const report = { kind: 'error_report' as const, route: '/orders', details: 'TypeError: x', attachments: [{ filename: 'scherm.png', base_64: 'iVBORw0KGgo=' }] };
    expect(await second.api.feedback.send({ feedback: 'Het ging mis', context: report })).toEqual({ status: 'success' });
    const [row] = await server.database.db.select().from(feedback).where(eq(feedback.organisationId, second.organisationId));
    expect(row?.context).toEqual(report);
  });
});
