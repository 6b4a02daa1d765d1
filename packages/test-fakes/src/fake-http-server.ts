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
  /** The JSON body (a form's fields as an object); null when there is none or it is XML. */
  body: unknown;
  /** The body as sent (an XML body is only here). */
  raw: string;
}

export interface FakeReply {
  /** Answers with this status and JSON body (and these headers); false when the caller is gone (it hung up or died) and the answer reaches no one. */
  send: (status: number, payload: unknown, headers?: Record<string, string>) => boolean;
  /** Answers with this status, content type and body as it is (XML, a PDF). */
  sendRaw: (status: number, contentType: string, body: string | Buffer) => boolean;
  /** Answers a body that is no JSON (a label file), with its content type. */
  sendText: (status: number, text: string, contentType: string) => boolean;
  /** Never answers, as a carrier that times out; `close` drops the connection. */
  hang: () => void;
  /** Answers one of the faults below instead of the real answer (`not-pdf` is the caller's: here it is `wrong-shape`). */
  fault: (fault: FakeFault) => void;
}

/**
 * What a faulting fake does instead of answering (docs/faults.md): never answer (the app's
 * timeout ends the call), a 5xx, a body that is not JSON, JSON of the wrong shape, a
 * carrier label that is not a PDF, or the connection closed in the middle of the answer.
 */
export type FakeFault = 'timeout' | 'server-error' | 'not-json' | 'wrong-shape' | 'not-pdf' | 'close';
export const fakeFaults: readonly FakeFault[] = ['timeout', 'server-error', 'not-json', 'wrong-shape', 'not-pdf', 'close'];

/** Decides a request's fault (null: answer normally); `key` is what the fake knows the call by (a reference, a path), `attempt` counts calls with that key from 1 since the rule was set. */
export type FakeFaultRule = (key: string, attempt: number) => FakeFault | null;

/** A small stable hash of a text, in [0, 1): the same key faults the same way in every run. */
function unitHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/**
 * A rule that faults a share (`ratio`, 0..1) of the keys, each one with a fault of `faults`
 * chosen by the key, on its first `attempts` calls only (then it answers normally, as a
 * carrier that recovers); the same keys fault in every run (`seed` picks another set).
 */
export function faultByRatio(options: { ratio: number; faults?: readonly FakeFault[]; attempts?: number; seed?: string }): FakeFaultRule {
  const faults = options.faults ?? fakeFaults;
  const attempts = options.attempts ?? 1;
  const seed = options.seed ?? '';
  return (key, attempt) => {
    if (attempt > attempts || unitHash(`${seed}:${key}`) >= options.ratio) return null;
    return faults[Math.floor(unitHash(`${seed}:fault:${key}`) * faults.length)] ?? null;
  };
}

/** Counts the calls per key, for a rule's `attempt`. */
export function faultCounter(): (rule: FakeFaultRule | null, key: string) => FakeFault | null {
  const seen = new Map<string, number>();
  return (rule, key) => {
    if (!rule) return null;
    const attempt = (seen.get(key) ?? 0) + 1;
    seen.set(key, attempt);
    return rule(key, attempt);
  };
}

export interface FakeHttpServer {
  url: string;
  /** Every request, before its handler, faulted by this rule when set (keyed by method and path). */
  faults: FakeFaultRule | null;
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
export async function startFakeHttpServer(
  handle: (request: FakeRequest, reply: FakeReply) => void,
  port = 0,
  tls?: FakeTls,
  /** The key a fault rule sees for a request (default: method and path). */
  faultKey: (request: FakeRequest) => string = (request) => `${request.method} ${request.url.pathname}`,
): Promise<FakeHttpServer> {
  const hanging = new Set<http.ServerResponse>();
  let faultOf = faultCounter();
  const state: { faults: FakeFaultRule | null } = { faults: null };
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}): boolean => {
        if (res.destroyed || req.socket.destroyed) return false;
        res.writeHead(status, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
        return true;
      };
      const sendRaw = (status: number, contentType: string, body: string | Buffer): boolean => {
        if (res.destroyed || req.socket.destroyed) return false;
        res.writeHead(status, { 'content-type': contentType });
        res.end(body);
        return true;
      };
      const sendText = (status: number, text: string, contentType: string): boolean => sendRaw(status, contentType, text);
      const hang = () => void hanging.add(res);
      const fault = (kind: FakeFault) => {
        if (kind === 'timeout') return hang();
        if (kind === 'server-error') return void send(503, { message: 'Service Unavailable' });
        if (kind === 'not-json') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return void res.end('<html><body>502 Bad Gateway</body></html>');
        }
        if (kind === 'close') {
          // Headers and half a body, then the connection is gone.
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
          res.write('{"half": "an answer');
          return void setImmediate(() => res.destroy());
        }
        return void send(200, { unexpected: 'shape', items: [1, 2, 3] });
      };
      try {
        const target = req.url ?? '/';
        // A form (an OAuth token request, as UPS's) is read into an object of its fields; anything else as JSON.
        const form = String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
        // An XML body (bpost's) is left to the handler, in `raw`.
        const xml = /xml/i.test(String(req.headers['content-type'] ?? ''));
        const body: unknown = !raw || xml ? null : form ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw);
        const request: FakeRequest = { method: req.method ?? '', target, url: new URL(target, 'http://localhost'), headers: req.headers, body, raw };
        const faulted = faultOf(state.faults, faultKey(request));
        if (faulted) return fault(faulted);
        handle(request, { send, sendRaw, sendText, hang, fault });
      } catch (error) {
        void send(500, { message: `fake failed: ${String(error)}` });
      }
    });
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `${tls ? 'https' : 'http'}://localhost:${(server.address() as AddressInfo).port}`,
    get faults() {
      return state.faults;
    },
    set faults(rule) {
      // A new rule counts its attempts from the start.
      state.faults = rule;
      faultOf = faultCounter();
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
