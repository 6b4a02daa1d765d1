import { afterAll, describe, expect, it } from 'vitest';
import { labelledOrders, request } from '../../test-support/factories';
import { invoiceItems } from '../db/schema';
import { startTestServer, testServerForFile, type TestServer } from '../../test-support/server';

const { server, first } = testServerForFile({ organisations: [{}] });

const others: TestServer[] = [];
afterAll(async () => {
  await Promise.all(others.map((s) => s.close()));
});

function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').map((part) => {
    const [name = '', ...values] = part.trim().split(/\s+/);
    return [name, values] as const;
  }));
}

/** The interaction page of a fresh login, as the web app starts it: its path and the provider's cookies. */
async function loginPage(base: string): Promise<{ path: string; cookie: string }> {
  const url = new URL('/oidc/auth', base);
  url.search = new URLSearchParams({
    client_id: 'verzendhuis-web',
    redirect_uri: `${base}/authentication`,
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSMw7-cM',
    code_challenge_method: 'S256',
  }).toString();
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`no interaction: ${response.status}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { path: new URL(location, base).pathname, cookie };
}

describe('secure headers', () => {
  it('are on every kind of answer: API, error, login page, API docs', async () => {
    const login = await loginPage(server.url);
    for (const path of ['/api/config', '/api/bestaat-niet', '/api/docs', login.path, '/']) {
      const response = await request(server, { path, headers: { cookie: login.cookie } });
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // Served over plain http: no HSTS.
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('the login pages carry no inline script; the logout page posts itself with a served file', async () => {
    const login = await loginPage(server.url);
    const page = await request(server, { path: login.path, headers: { cookie: login.cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/i);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    const script = await request(server, { path: '/login-assets/auto-submit.js' });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.body).toContain('submit()');
  });

  it('lets the web app reach what it is configured with: tiles, the print client, an external issuer, Intercom', async () => {
    const configured = await startTestServer({
      env: { MAP_TILE_URL: 'https://{s}.tegels.voorbeeld.nl/{z}/{x}/{y}.png', PRINT_CLIENT_URL: 'http://127.0.0.1:18080', INTERCOM_APP_ID: 'werkplek1', OIDC_ISSUER: 'https://login.voorbeeld.nl/realms/vh', OIDC_CLIENT_ID: 'vh' },
    });
    others.push(configured);
    const csp = directives((await request(configured, { path: '/api/config' })).headers.get('content-security-policy'));
    expect(csp.get('img-src')).toContain('https://*.tegels.voorbeeld.nl');
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'http://127.0.0.1:18080', 'https://login.voorbeeld.nl', 'https://*.intercom.io']));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://widget.intercom.io', 'https://js.intercomcdn.com']);
  });

  it('sends HSTS when the public address is https, or a trusted proxy says the request came over https', async () => {
    const https = await startTestServer({ publicUrl: 'https://verzendhuis.voorbeeld.nl' });
    others.push(https);
    const response = await request(https, { path: '/api/config' });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // Without a trusted proxy a client's X-Forwarded-Proto means nothing.
    const forged = await request(server, { path: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('CORS', () => {
  it('is closed by default: no Access-Control-Allow-Origin for any origin, also not for a preflight', async () => {
    const get = await request(server, { path: '/api/config', headers: { origin: 'https://kwaadwillend.voorbeeld.nl' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/api/order/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://kwaadwillend.voorbeeld.nl', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers only the origins of CORS_ORIGINS', async () => {
    const open = await startTestServer({ env: { CORS_ORIGINS: 'https://winkel.voorbeeld.nl' } });
    others.push(open);
    const allowed = await fetch(`${open.url}/api/order/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://winkel.voorbeeld.nl', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://winkel.voorbeeld.nl');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await request(open, { path: '/api/config', headers: { origin: 'https://andere.voorbeeld.nl' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('uploaded files', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
  const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const uploadLogo = (bytes: Buffer, filename: string) =>
    request(server, { method: 'PUT', path: '/api/user/organisation/logo', token: first.token, body: { file: { filename, base_64: bytes.toString('base64') } } });

  it('an HTML or SVG logo is refused; a PNG logo is served as a checked image in a sandbox', async () => {
    expect((await uploadLogo(svg, 'logo.svg')).status).toBe(400);
    expect((await uploadLogo(html, 'logo.png')).status).toBe(400);
    const uploaded = await uploadLogo(png, 'logo.html');
    expect(uploaded.status).toBe(200);
    const image = await request(server, { path: new URL(uploaded.body.data.company_logo_url as string).pathname });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(image.headers.get('content-security-policy')).has('sandbox')).toBe(true);
  });

  it('a ticket attachment is refused as HTML or SVG even named .pdf, and a stored one is always a download in a sandbox', async () => {
    const { labelIds: [labelId] } = await labelledOrders(first, 1);
    if (!labelId) throw new Error('no label');
    // A proxy label's price makes it investigable (as in tickets.int.test.ts).
    await server.database.db.insert(invoiceItems).values({ organisationId: first.organisationId, labelId, type: 'label_price', parts: [], totalCents: 595 });
    const ticket = (files: { filename: string; base_64: string }[]) =>
      request(server, {
        method: 'POST',
        path: '/api/ticket/create',
        token: first.token,
        body: { label_id: labelId, email: 'klant@example.nl', phone: '0612345678', subject: 'Bezorgd maar niet ontvangen', message: 'Nooit aangekomen.', internal_properties: 'Mok', external_properties: 'Doos', cost_price: '12.50', attachments: files },
      });
    for (const bytes of [html, svg]) expect((await ticket([{ filename: 'factuur.pdf', base_64: bytes.toString('base64') }])).status).toBe(400);
    const created = await ticket([{ filename: 'factuur<script>.html', base_64: pdf.toString('base64') }]);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const attachment = created.body.data.messages[0].attachments[0];
    const file = await request(server, { path: `/api/ticket/${created.body.data.id}/attachment/${attachment.id}`, token: first.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(file.headers.get('content-security-policy')).has('sandbox')).toBe(true);
  });
});
