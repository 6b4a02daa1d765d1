import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/** One request to a fake, its body read and parsed. */
export interface FakeRequest {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  url: URL;
  headers: IncomingHttpHeaders;
  /** The JSON body (a form's fields as an object); null when there is none. */
  body: unknown;
}

export interface FakeReply {
  /** Answers with this status and JSON body (and these headers). */
  send: (status: number, payload: unknown, headers?: Record<string, string>) => void;
  /** Never answers, as a carrier that times out; `close` drops the connection. */
  hang: () => void;
}

export interface FakeHttpServer {
  url: string;
  close: () => Promise<void>;
}

/** A certificate and key for `localhost` (and 127.0.0.1), self-signed: a fake served over https. */
export interface FakeTls {
  key: string;
  cert: string;
}

/**
 * The HTTP server under every fake: JSON in and out on 127.0.0.1 (`port` 0 is a free
 * one), requests it never answered dropped at `close`. With `tls` it serves https.
 */
export async function startFakeHttpServer(handle: (request: FakeRequest, reply: FakeReply) => void, port = 0, tls?: FakeTls): Promise<FakeHttpServer> {
  const hanging = new Set<http.ServerResponse>();
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      try {
        const target = req.url ?? '/';
        // A form (an OAuth token request, as UPS's) is read into an object of its fields; anything else as JSON.
        const form = String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
        const body: unknown = !raw ? null : form ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw);
        handle({ method: req.method ?? '', target, url: new URL(target, 'http://localhost'), headers: req.headers, body }, { send, hang: () => void hanging.add(res) });
      } catch (error) {
        send(500, { message: `fake failed: ${String(error)}` });
      }
    });
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `${tls ? 'https' : 'http'}://localhost:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
