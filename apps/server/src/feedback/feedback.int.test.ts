import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestServer, type TestOrganisation, type TestServer } from '../../test-support/server';
import { feedback } from '../db/schema';

let server: TestServer;
let first: TestOrganisation;
let second: TestOrganisation;

beforeAll(async () => {
  server = await startTestServer();
  first = await server.createOrganisation();
  second = await server.createOrganisation();
});
afterAll(async () => {
  await server?.close();
});

async function send(token: string, body: unknown) {
  return fetch(`${server.url}/api/feedback/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('POST feedback/send', () => {
  it('stores the feedback for the sender’s organisation', async () => {
    expect(await first.api.feedback.send({ feedback: 'Fijn programma!', context: { route: '/dashboard' } })).toEqual({ status: 'success' });
    const rows = await server.database.db.select().from(feedback).where(eq(feedback.organisationId, first.organisationId));
    expect(rows.map((r) => r.message)).toEqual(['Fijn programma!']);
    const others = await server.database.db.select().from(feedback).where(eq(feedback.organisationId, second.organisationId));
    expect(others).toEqual([]);
  });

  it('refuses empty and too long feedback under fields.feedback', async () => {
    const empty = await send(second.token, { feedback: '   ' });
    expect(empty.status).toBe(400);
    expect(await readJson(empty)).toMatchObject({ type: 'validation', message_code: 'form_invalid', fields: { feedback: ['Vul je feedback in.'] } });
    const long = await send(second.token, { feedback: 'x'.repeat(501) });
    expect((await readJson(long)).fields.feedback).toEqual(['Je feedback mag maximaal 500 tekens zijn.']);
    const missing = await send(second.token, {});
    expect((await readJson(missing)).fields.feedback).toEqual(['Vul je feedback in.']);
    const rows = await server.database.db.select().from(feedback).where(eq(feedback.organisationId, second.organisationId));
    expect(rows).toEqual([]);
  });
});
