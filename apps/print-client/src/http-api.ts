import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { printClientTexts } from '@verzendhuis/domain/print-client-texts';
import { ClientError, type PrintClient } from './client';

/** Only the loopback interface: nothing on the network reaches the client. */
export const listenHost = '127.0.0.1';

const maxBody = 64 * 1024;

export interface LocalApi {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * The CORS headers of a request from `origin`: only for a configured web origin. Other
 * origins get none, so a browser keeps their pages from reading any answer.
 */
export function corsHeaders(origin: string | undefined, allowed: readonly string[], preflight?: { privateNetwork: boolean }): Record<string, string> {
  if (!origin || !allowed.includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    vary: 'Origin',
    ...(preflight
      ? {
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
          // Chrome's Private Network Access: a public page may reach 127.0.0.1 only when we say so.
          ...(preflight.privateNetwork ? { 'access-control-allow-private-network': 'true' } : {}),
        }
      : {}),
  };
}

/** A Host header that names this machine's loopback (guards against DNS rebinding). */
export function loopbackHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}

type Handler = (body: Record<string, unknown>) => Promise<unknown>;

/**
 * The local HTTP API of account spec §7 on 127.0.0.1: GET serverurl, connected,
 * printerclientid, printers; POST setlabelprinter {name}, disconnect, serverurl {url},
 * connect {code}. Errors answer `{status, message}` with a Dutch message.
 */
export async function startLocalApi(client: PrintClient, options: { port: number; origins: readonly string[] }): Promise<LocalApi> {
  const routes: Record<string, Handler> = {
    'GET /serverurl': async () => ({ url: client.serverUrl() }),
    'GET /connected': async () => ({ connected: client.connected() }),
    'GET /printerclientid': async () => ({ printer_client_id: client.printerClientId() }),
    'GET /printers': async () => ({ printers: await client.printers() }),
    'POST /setlabelprinter': async (body) => ({ printers: await client.selectPrinter(body.name) }),
    'POST /disconnect': async () => {
      await client.disconnect();
      return { connected: false };
    },
    'POST /serverurl': async (body) => ({ url: await client.setServerUrl(body.url) }),
    'POST /connect': async (body) => client.connect(body.code),
  };
  const paths = new Set(Object.keys(routes).map((key) => key.split(' ')[1]));

  let port = options.port;
  const server = http.createServer((request, response) => {
    const origin = request.headers.origin;
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...corsHeaders(origin, options.origins), ...headers });
      response.end(JSON.stringify(payload));
    };
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => answer(status, { status, message }, headers);

    if (!loopbackHost(request.headers.host, port)) return fail(403, printClientTexts.hostRefused);
    // A page of another site may send simple requests without asking: refuse them outright.
    if (origin !== undefined && !options.origins.includes(origin)) return fail(403, printClientTexts.originRefused);

    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.replace(/\/+$/, '') || '/';
    if (request.method === 'OPTIONS') {
      response.writeHead(paths.has(path) ? 204 : 404, corsHeaders(origin, options.origins, { privateNetwork: request.headers['access-control-request-private-network'] === 'true' }));
      return response.end();
    }
    const handler = routes[`${request.method} ${path}`];
    if (!handler) return paths.has(path) ? fail(405, printClientTexts.methodNotAllowed) : fail(404, printClientTexts.notFound);

    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => {
      if (tooLarge) return fail(413, printClientTexts.bodyTooLarge);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      if (request.method === 'POST' && raw.trim() !== '') {
        // JSON only: a browser must then ask first (preflight), which other origins never pass.
        if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) return fail(415, printClientTexts.jsonRequired);
        try {
          const parsed: unknown = JSON.parse(raw);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return fail(400, printClientTexts.bodyInvalid);
          body = parsed as Record<string, unknown>;
        } catch {
          return fail(400, printClientTexts.bodyInvalid);
        }
      }
      handler(body).then(
        (payload) => answer(200, payload),
        (error: unknown) => (error instanceof ClientError ? fail(error.status, error.message) : fail(500, printClientTexts.internal)),
      );
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, listenHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${listenHost}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
