/** One request the app sent to the fake API. */
export interface SentRequest {
  method: string;
  /** The path with its query, e.g. "/api/order/create". */
  path: string;
  body: unknown;
}

/** What the fake API answers: a status and a JSON body. */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/**
 * A fake of the API at its fetch boundary, for the client's `fetch` option: every request
 * is recorded, and answered by `answer` (by default 404 with the error body).
 */
export function fakeApi(answer: (request: SentRequest) => FakeAnswer | undefined = () => undefined) {
  const sent: SentRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: SentRequest = { method: init?.method ?? 'GET', path: url.pathname + url.search, body: text ? JSON.parse(text) : undefined };
    sent.push(request);
    const answered = answer(request) ?? {
      status: 404,
      body: { status: 404, message: 'Niet gevonden.', message_code: 'not_found', type: 'not_found', fields: {}, errors: [] },
    };
    return new Response(JSON.stringify(answered.body), { status: answered.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, sent };
}

/** The server's answer to invalid input: 400, type validation, the messages per field. */
export function validationRefusal(fields: Record<string, string[]>): FakeAnswer {
  const errors = Object.entries(fields).flatMap(([field, messages]) => messages.map((message) => ({ field, message })));
  return {
    status: 400,
    body: { status: 400, message: 'Ongeldige invoer, controleer de velden.', message_code: 'form_invalid', type: 'validation', fields, errors },
  };
}
