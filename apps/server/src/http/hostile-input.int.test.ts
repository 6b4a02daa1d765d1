import { describe, expect, it } from 'vitest';
import { request } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';

const { server, first: org } = testServerForFile({ organisations: [{}] });

/** Arrays or objects inside each other, as large as the body limit (1 MB) allows. */
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

async function send(path: string, body: string, token?: string) {
  const { status, body: answer } = await request(server, { method: 'POST', path, rawBody: body, token });
  return { status, body: answer };
}

describe('deeply nested JSON', () => {
  const tooDeep = { status: 400, type: 'validation', message_code: 'body_too_deep', message: 'Het verzoek is te diep genest: een JSON-body mag hoogstens 32 niveaus diep zijn.' };

  it.each([
    ['arrays, near the body limit', nestedArrays(500_000)],
    ['objects', nestedObjects(150_000)],
    ['just past the limit', nestedArrays(33)],
  ])('refuses %s with the error body on a private call, and stores nothing', async (_name, body) => {
    const before = (await org.api.orders.count()).data.orders;
    expect(await send('/api/order/create', body, org.token)).toEqual({ status: 400, body: expect.objectContaining(tooDeep) });
    expect((await org.api.orders.count()).data.orders).toBe(before);
  });

  it('refuses it on the public login calls too, and a private call without a token is refused before its body is read', async () => {
    expect(await send('/oidc/interaction/onbekend/login', nestedArrays(500_000))).toEqual({ status: 400, body: expect.objectContaining(tooDeep) });
    expect(await send('/oidc/interaction/onbekend/registreren', nestedObjects(150_000))).toEqual({ status: 400, body: expect.objectContaining(tooDeep) });
    expect((await send('/api/feedback/send', nestedArrays(500_000))).status).toBe(401);
  });

  it('still takes a body as deep as the limit', async () => {
    const nested = await send('/api/order/bulk', JSON.stringify({ orders: [{ order_number: 'DIEP-1', country: 'NL', courier_fields: nestedObjectValue(20) }] }), org.token);
    expect(nested.status).not.toBe(500);
    expect(nested.body.message_code).not.toBe('body_too_deep');
  });

  it('keeps answering /api/health while hostile bodies arrive', async () => {
    const hostile = Array.from({ length: 4 }, () => send('/api/order/create', nestedArrays(500_000), org.token));
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    for (const answer of await Promise.all(hostile)) expect(answer.status).toBe(400);
  });
});

function nestedObjectValue(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('text that is not text', () => {
  const message = 'Dit veld bevat een ongeldig teken (een losse UTF-16-surrogaat). Verwijder het en probeer het opnieuw.';

  it('refuses a lone surrogate in a JSON field with a 400 per field, and stores nothing', async () => {
    const body = '{"order_number":"SUR-1","name":"Jan \\ud800 Jansen","country":"NL","order_items":[{"name":"Boek \\udc00","quantity":1}]}';
    const answer = await send('/api/order/create', body, org.token);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    expect(answer.body.fields).toEqual({ name: [message], 'order_items.0.name': [message] });
    expect((await org.api.orders.list({ search: 'SUR-1' })).meta.total).toBe(0);
  });

  it('takes characters outside the basic plane, written as a surrogate pair', async () => {
    const answer = await send('/api/order/create', '{"order_number":"SUR-2","name":"Jan \\ud83d\\udce6","country":"NL"}', org.token);
    expect(answer.status).toBe(200);
    expect((await org.api.orders.get(answer.body.data.id)).data.name).toBe('Jan 📦');
  });
});

describe('a path that is no valid URL encoding', () => {
  it.each(['/api/order/%FF', '/api/label/%ED%A0%80', '/api/public/tracking/%C0%AF'])('refuses %s with the error body, not Fastify’s own', async (path) => {
    const answer = await request(server, { path, token: org.token });
    expect(answer).toMatchObject({ status: 400, body: { status: 400, type: 'validation', message_code: 'invalid_request', message: 'Ongeldig verzoek.', fields: {}, errors: [{ field: null, message: 'Ongeldig verzoek.' }] } });
  });
});

describe('carrier options are no free JSON', () => {
  it('refuses an order with more than 50 courier_fields in Dutch and stores nothing', async () => {
    const before = (await org.api.orders.count()).data.orders;
    const courier_fields = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`optie_${i}`, 'x'.repeat(500)]));
    const answer = await request(server, { method: 'POST', path: '/api/order/create', token: org.token, body: { order_number: 'VELDEN-1', country: 'NL', shipment: { packages: [{ weight: 1 }], courier_fields } } });
    expect(answer).toMatchObject({ status: 400, body: { type: 'validation', fields: { 'shipment.courier_fields': ['Een zending heeft hoogstens 50 vervoerdersopties.'] } } });
    expect((await org.api.orders.count()).data.orders).toBe(before);
  });
});
