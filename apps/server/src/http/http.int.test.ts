import { afterAll, describe, expect, it } from 'vitest';
import { readJson, startTestServer, type TestServer } from '../../test-support/server';

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
    const response = await fetch(`${server.url}/api/config`);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({
      maintenance: false,
      scan_enabled: false,
      oidc: { issuer: `${server.url}/oidc`, client_id: 'verzendhuis-web', registration: true },
    });
  });

  it('refuses a NUL character in any field with a Dutch message per field, and stores nothing', async () => {
    const server = await start();
    const org = await server.createOrganisation();
    const call = async (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}/api${path}`, { ...init, headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' } });
    const message = 'Dit veld bevat een ongeldig teken (\\u0000). Verwijder het en probeer het opnieuw.';

    const order = await call('/order/create', { method: 'POST', body: JSON.stringify({ order_number: 'NUL-1', name: 'Jan\u0000Jansen', country: 'NL', order_items: [{ name: 'Boek\u0000', quantity: 1 }] }) });
    expect(order.status).toBe(400);
    const body = await readJson(order);
    expect(body).toMatchObject({ status: 400, type: 'validation', message_code: 'form_invalid' });
    expect(body.fields).toEqual({ name: [message], 'order_items.0.name': [message] });
    expect((await readJson(await call('/order/?search=NUL-1'))).meta.total).toBe(0);

    const search = await call('/label/?search=%00');
    expect(search.status).toBe(400);
    expect((await readJson(search)).fields).toEqual({ search: [message] });
  });

  it('answers unknown API routes with the error body', async () => {
    const server = await start();
    const response = await fetch(`${server.url}/api/bestaat-niet`);
    expect(response.status).toBe(404);
    expect(await readJson(response)).toMatchObject({ status: 404, type: 'not_found', message_code: 'route_not_found' });
  });

  it('serves the OpenAPI document and its reference page at /api/docs', async () => {
    const server = await start();
    const page = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const document = await readJson(await fetch(`${server.url}/api/docs/json`));
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/user', '/api/user/organisation', '/api/ticket/', '/api/feedback/send']));
  });

  it('refuses API calls in maintenance but still tells the web app', async () => {
    const server = await start({ maintenance: true });
    const config = await readJson(await fetch(`${server.url}/api/config`));
    expect(config.maintenance).toBe(true);
    const response = await fetch(`${server.url}/api/user`);
    expect(response.status).toBe(503);
    expect(await readJson(response)).toMatchObject({ message_code: 'maintenance', type: 'usage' });
  });

  it('reports the switches of the environment', async () => {
    const server = await start({ scanEnabled: true, ticketsEnabled: false });
    expect(await readJson(await fetch(`${server.url}/api/config`))).toMatchObject({ scan_enabled: true, tickets_enabled: false });
  });
});
