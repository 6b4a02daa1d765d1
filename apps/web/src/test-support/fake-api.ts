import type { ErrorType } from '@verzendhuis/domain/errors';

/**
 * A fake of the API at the client's fetch boundary, for component tests: the app's real
 * client (app/api/app-api-client.ts) sends its requests here. Each answer comes from a
 * handler registered with `on(method, path, handler)` (the newest matching one wins); a
 * request nobody handles is answered 404, so a test notices calls it did not expect.
 */
export interface FakeRequest {
  method: string;
  /** The path without the query, e.g. /api/order/label/create. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

/** A Response is sent as it is; any other value as a 200 JSON answer. Throwing fails the fetch (no answer). */
export type FakeHandler = (request: FakeRequest) => unknown;

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The spec's error body (account spec §7). */
export const errorResponse = (status: number, body: { message_code: string; type: ErrorType; message?: string; fields?: Record<string, string[]> }): Response =>
  jsonResponse(status, { status, message: body.message ?? body.message_code, fields: {}, errors: [], ...body });

/** The server's answer to invalid input: 400, type validation, the messages per field. */
export const validationRefusal = (fields: Record<string, string[]>): Response =>
  jsonResponse(400, {
    status: 400,
    message: 'Het formulier is ongeldig of niet volledig ingevuld.',
    message_code: 'form_invalid',
    type: 'validation',
    fields,
    errors: Object.entries(fields).flatMap(([field, messages]) => messages.map((message) => ({ field, message }))),
  });

/** What a fetch that gets no answer (offline, dropped connection) throws in the browser. */
export const noAnswer = (): never => {
  throw new TypeError('Failed to fetch');
};

export const pdfResponse = (): Response => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } });

export function fakeApi() {
  const requests: FakeRequest[] = [];
  const handlers: { method: string; path: string; handler: FakeHandler }[] = [];

  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(request);
    const match = handlers.findLast((h) => h.method === request.method && h.path === request.path);
    if (!match) return errorResponse(404, { message_code: 'not_found', type: 'not_found', message: `No fake for ${request.method} ${request.path}` });
    const answer = await match.handler(request);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  };

  return {
    fetch,
    requests,
    on(method: string, path: string, handler: FakeHandler): void {
      handlers.push({ method, path, handler });
    },
    /** What was sent, oldest first: method, path with its query, and body. */
    sent: (): { method: string; path: string; body: unknown }[] =>
      requests.map((r) => ({ method: r.method, path: r.query.size > 0 ? `${r.path}?${r.query.toString()}` : r.path, body: r.body })),
    /** The requests sent to one method and path, oldest first. */
    requestsTo: (method: string, path: string): FakeRequest[] => requests.filter((r) => r.method === method && r.path === path),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
