import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, NetworkError } from './client';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer();
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pdf = () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } });
const headersOf = (call: Call | undefined) => call?.init.headers as Record<string, string>;
const created = { status: 'success', data: [], errors: [], warnings: [] };
const orderId = '00000000-0000-4000-8000-000000000001';

describe('the API client', () => {
  it('sends the token, and the Idempotency-Key of order/label/create only when given', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, created));
    const client = createApiClient({ baseUrl: 'http://app.test', getToken: async () => 'tok', fetch });
    await client.labels.create({ order_ids: [orderId] }, { idempotencyKey: 'key-1' });
    await client.labels.create({ order_ids: [orderId], force: true });
    expect(calls[0]?.url).toBe('http://app.test/api/order/label/create');
    expect(headersOf(calls[0]).authorization).toBe('Bearer tok');
    expect(headersOf(calls[0])['idempotency-key']).toBe('key-1');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ order_ids: [orderId] });
    expect(headersOf(calls[1])).not.toHaveProperty('idempotency-key');
  });

  it('sends no authorization without a token', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, { data: { labels: 3, quota: 50 } }));
    const client = createApiClient({ baseUrl: 'http://app.test', getToken: () => null, fetch });
    expect((await client.labels.counters()).data).toEqual({ labels: 3, quota: 50 });
    expect(calls[0]?.url).toBe('http://app.test/api/labelcounters/');
    expect(headersOf(calls[0])).not.toHaveProperty('authorization');
  });

  it('leaves undefined filters out of the query', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, { data: [], meta: { total: 0, page: 1, page_size: 25, total_is_lower_bound: false } }));
    const client = createApiClient({ baseUrl: 'http://app.test', fetch });
    await client.labels.list({ page: 1, page_size: 25, search: undefined, status: 'shipped', is_returned: false });
    expect(calls[0]?.url).toBe('http://app.test/api/label/?page=1&page_size=25&status=shipped&is_returned=false');
  });

  it('returns label/pdf as a file, with its sort in the query and the sheet options in the body', async () => {
    const { calls, fetch } = fakeFetch(pdf);
    const client = createApiClient({ baseUrl: 'http://app.test', fetch });
    const ids = [orderId];
    const file = await client.labels.pdf({ label_ids: ids, format: 'a4', positions: 3 }, { sort: '-order_number' });
    await client.labels.pdf({ label_ids: ids });
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe('%PDF');
    expect(calls.map((c) => c.url)).toEqual(['http://app.test/api/label/pdf?sort=-order_number', 'http://app.test/api/label/pdf']);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ label_ids: ids, format: 'a4', positions: 3 });
    expect(headersOf(calls[0]).accept).toBe('application/pdf');
  });

  it('turns an error body into an ApiError', async () => {
    const body = { status: 403, message: 'Limiet bereikt!', message_code: 'quota_exceeded', type: 'usage', fields: { used: ['50'] }, errors: [] };
    const client = createApiClient({ baseUrl: 'http://app.test', fetch: fakeFetch(() => json(403, body)).fetch });
    const error = await client.labels.create({ order_ids: [orderId] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).body).toEqual(body);
  });

  it('makes up a generic error body for an answer without one', async () => {
    const client = createApiClient({ baseUrl: 'http://app.test', fetch: fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 })).fetch });
    const error = await client.labels.get(orderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toMatchObject({ status: 502, message_code: 'default', type: 'programming' });
  });

  it('reports a 401 of any call once, and fails the call', async () => {
    let unauthorized = 0;
    const client = createApiClient({
      baseUrl: 'http://app.test',
      getToken: () => 'tok',
      onUnauthorized: () => unauthorized++,
      fetch: fakeFetch(() => new Response('', { status: 401 })).fetch,
    });
    const error = await client.user.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.type).toBe('authentication');
    expect(unauthorized).toBe(1);
    await expect(client.labels.pdf({ label_ids: [orderId] })).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toBe(2);
  });

  it('does not report other failures as a 401', async () => {
    let unauthorized = 0;
    const client = createApiClient({ baseUrl: 'http://app.test', onUnauthorized: () => unauthorized++, fetch: fakeFetch(() => json(404, {})).fetch });
    await expect(client.labels.get(orderId)).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toBe(0);
  });

  it('tells a request that got no answer apart from an answer', async () => {
    const refused = createApiClient({ baseUrl: 'http://app.test', fetch: fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch });
    const error = await refused.labels.create({ order_ids: [orderId] }, { idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    await expect(refused.orders.list()).rejects.toBeInstanceOf(NetworkError);

    // The answer started but its body never arrived.
    const dropped = new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new TypeError('network error'));
        },
      }),
      { status: 200 },
    );
    const cut = createApiClient({ baseUrl: 'http://app.test', fetch: fakeFetch(() => dropped).fetch });
    await expect(cut.labels.counters()).rejects.toBeInstanceOf(NetworkError);
  });
});
