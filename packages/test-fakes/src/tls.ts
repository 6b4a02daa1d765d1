import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { FakeTls } from './fake-http-server';

/** The self-signed certificate of `localhost` that fakes served over https use (valid until 2125). */
export function localhostTls(): FakeTls {
  const dir = path.join(import.meta.dirname, 'tls');
  return { key: readFileSync(path.join(dir, 'localhost.key'), 'utf8'), cert: readFileSync(path.join(dir, 'localhost.crt'), 'utf8') };
}

/**
 * A `fetch` that trusts the fakes' certificate besides nothing else (a test gives it to
 * the code under test instead of turning certificate checks off). Enough of fetch for
 * JSON calls: method, headers, a string body, the signal; answers status, headers, text.
 */
export function fetchTrustingFakes(): typeof fetch {
  const ca = localhostTls().cert;
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.protocol !== 'https:') return fetch(input, init);
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = https.request(url, { method: init.method ?? 'GET', headers: Object.fromEntries(headers.entries()), ca, signal: init.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: answerHeaders }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
  }) as typeof fetch;
}
