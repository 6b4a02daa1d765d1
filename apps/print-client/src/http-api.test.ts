import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsHeaders, listenHost, loopbackHost } from './http-api';
import { startTestPrintClient, webOrigin } from './test-support/client';

let pc: Awaited<ReturnType<typeof startTestPrintClient>>;
beforeAll(async () => {
  pc = await startTestPrintClient({ serverUrl: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await pc.cleanup();
});

/** A raw request, to send headers that fetch sets itself (Host). */
function raw(options: http.RequestOptions): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: pc.api.port, ...options }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the local API listens on 127.0.0.1 only', () => {
  it('is bound to the loopback address', () => {
    expect(listenHost).toBe('127.0.0.1');
    expect(pc.api.url).toBe(`http://127.0.0.1:${pc.api.port}`);
  });

  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  it.runIf(external)('is not reachable on the network address of this machine', async () => {
    await expect(fetch(`http://${external}:${pc.api.port}/connected`)).rejects.toThrow();
  });

  it('refuses a Host that is not the loopback (DNS rebinding)', async () => {
    const answer = await raw({ path: '/printers', headers: { host: `evil.example:${pc.api.port}` } });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ status: 403, message: expect.stringContaining('127.0.0.1') });
    expect(loopbackHost(`localhost:${pc.api.port}`, pc.api.port)).toBe(true);
  });
});

describe('CORS for the configured web origins only', () => {
  it('answers the web origin with its CORS header', async () => {
    const answer = await pc.call('GET', '/connected');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ connected: false });
    expect(answer.headers.get('access-control-allow-origin')).toBe(webOrigin);
  });

  it('passes the preflight of the web origin, with private network access', async () => {
    const answer = await raw({ method: 'OPTIONS', path: '/connect', headers: { host: `127.0.0.1:${pc.api.port}`, origin: webOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type', 'access-control-request-private-network': 'true' } });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(webOrigin);
    expect(answer.headers['access-control-allow-methods']).toContain('POST');
    expect(answer.headers['access-control-allow-headers']).toContain('content-type');
    expect(answer.headers['access-control-allow-private-network']).toBe('true');
  });

  it('gives another origin no CORS headers, on the preflight nor on a request, and does nothing for it', async () => {
    const preflight = await raw({ method: 'OPTIONS', path: '/serverurl', headers: { host: `127.0.0.1:${pc.api.port}`, origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control'))).toEqual([]);
    const post = await pc.call('POST', '/serverurl', { url: 'https://evil.example' }, { origin: 'https://evil.example' });
    expect(post.status).toBe(403);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
    expect((await pc.call('GET', '/serverurl')).body).toEqual({ url: 'http://127.0.0.1:9' });
    expect(corsHeaders('http://localhost:8080.evil.example', [webOrigin])).toEqual({});
  });

  it('takes a POST only as JSON (so a browser always asks first)', async () => {
    const response = await fetch(`${pc.api.url}/serverurl`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ url: 'https://x.nl' }) });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ status: 415, message: expect.stringContaining('JSON') });
  });

  it('answers without CORS headers to a caller without origin (curl)', async () => {
    const response = await fetch(`${pc.api.url}/printerclientid`);
    expect(await response.json()).toEqual({ printer_client_id: null });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the calls', () => {
  it('lists the folder printer, chooses it, refuses a printer that does not exist', async () => {
    const name = `Map: ${pc.folder}`;
    expect((await pc.call('GET', '/printers')).body).toEqual({ printers: [{ name, kind: 'pdf', selected: false }] });
    expect((await pc.call('POST', '/setlabelprinter', { name })).body).toEqual({ printers: [{ name, kind: 'pdf', selected: true }] });
    const unknown = await pc.call('POST', '/setlabelprinter', { name: 'Zebra' });
    expect(unknown).toMatchObject({ status: 400, body: { status: 400, message: 'De printer "Zebra" is niet gevonden op deze computer.' } });
    expect((await pc.call('GET', '/printers')).body).toEqual({ printers: [{ name, kind: 'pdf', selected: true }] });
  });

  it('refuses a server url that is none, a code that is none, and connect before pairing', async () => {
    expect(await pc.call('POST', '/serverurl', { url: 'javascript:alert(1)' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('https://') } });
    expect(await pc.call('POST', '/connect', { code: 'abc' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('8 tekens') } });
    expect(await pc.call('POST', '/connect', {})).toMatchObject({ status: 400, body: { message: expect.stringContaining('nog niet gekoppeld') } });
  });

  it('answers 502 with a Dutch message when the server cannot be reached while pairing', async () => {
    expect(await pc.call('POST', '/connect', { code: 'ABCD2345' })).toMatchObject({ status: 502, body: { status: 502, message: expect.stringContaining('kan Verzendhuis niet bereiken') } });
  });

  it('answers 404 and 405 in Dutch, and 400 for a body that is no JSON object', async () => {
    expect(await pc.call('GET', '/bestaatniet')).toMatchObject({ status: 404, body: { status: 404, message: expect.any(String) } });
    expect(await pc.call('GET', '/connect')).toMatchObject({ status: 405 });
    const response = await fetch(`${pc.api.url}/connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1' });
    expect(response.status).toBe(400);
  });
});
