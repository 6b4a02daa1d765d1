import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from '../../test-support/factories';
import { startTestServer, type TestServer } from '../../test-support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(overrides);
  servers.push(server);
  return server;
}

describe('HTTP conventions', () => {
  it('serves the public configuration without a token', async () => {
    const server = await start();
    const response = await request(server, { path: '/api/config' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      maintenance: false,
      scan_enabled: false,
      oidc: { issuer: `${server.url}/oidc`, client_id: 'verzendhuis-web', registration: true },
    });
  });

  it('refuses a NUL character in any field with a Dutch message per field, and stores nothing', async () => {
    const server = await start();
    const org = await server.createOrganisation();
    const message = 'Dit veld bevat een ongeldig teken (\\u0000). Verwijder het en probeer het opnieuw.';

    const order = await request(server, { method: 'POST', path: '/api/order/create', token: org.token, body: { order_number: 'NUL-1', name: 'Jan\u0000Jansen', country: 'NL', order_items: [{ name: 'Boek\u0000', quantity: 1 }] } });
    expect(order.status).toBe(400);
    const body = order.body;
    expect(body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    expect(body.fields).toEqual({ name: [message], 'order_items.0.name': [message] });
    expect((await request(server, { path: '/api/order/', query: { search: 'NUL-1' }, token: org.token })).body.meta.total).toBe(0);

    const search = await request(server, { path: '/api/label/?search=%00', token: org.token });
    expect(search.status).toBe(400);
    expect(search.body.fields).toEqual({ search: [message] });
  });

  it('answers unknown API routes with the error body', async () => {
    const server = await start();
    const response = await request(server, { path: '/api/bestaat-niet' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 404, type: 'not_found', message_code: 'route_not_found' });
  });

  it('serves the OpenAPI document and its reference page at /api/docs', async () => {
    const server = await start();
    const page = await request(server, { path: '/api/docs' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html');
    const document = (await request(server, { path: '/api/docs/json' })).body;
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/user', '/api/user/organisation', '/api/ticket/', '/api/feedback/send']));
  });

  it('refuses API calls in maintenance but still tells the web app', async () => {
    const server = await start({ maintenance: true });
    const config = (await request(server, { path: '/api/config' })).body;
    expect(config.maintenance).toBe(true);
    const response = await request(server, { path: '/api/user' });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ message_code: 'maintenance', type: 'usage' });
  });

  it('reports the switches of the environment', async () => {
    const server = await start({ scanEnabled: true, ticketsEnabled: false });
    expect((await request(server, { path: '/api/config' })).body).toMatchObject({ scan_enabled: true, tickets_enabled: false });
  });

  it('names the support chat widget only when INTERCOM_APP_ID is set', async () => {
    const plain = await start({});
    expect((await request(plain, { path: '/api/config' })).body.intercom_app_id).toBeNull();
    const withChat = await start({ intercomAppId: 'abc123' });
    expect((await request(withChat, { path: '/api/config' })).body.intercom_app_id).toBe('abc123');
  });

  it('gives GET user the intercom_hash only with INTERCOM_SECRET: the HMAC-SHA256 of the user id', async () => {
    const plain = await (await start({})).createOrganisation();
    expect((await plain.api.user.get()).data.intercom_hash).toBeNull();
    const withSecret = await (await start({ intercomSecret: 'geheim' })).createOrganisation();
    const { data } = await withSecret.api.user.get();
    expect(data.intercom_hash).toBe(createHmac('sha256', 'geheim').update(data.id).digest('hex'));
  });
});
