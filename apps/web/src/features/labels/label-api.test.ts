import { describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import { createLabelApi, NetworkError } from './label-api';
import { pdfSortOf } from './use-labels-list';

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
const created = { status: 'success', data: [], errors: [], warnings: [] };

describe('the label calls', () => {
  it('send the token and the Idempotency-Key with order/label/create', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, created));
    const api = createLabelApi({ baseUrl: 'http://app.test', getToken: async () => 'tok', fetch });
    await api.create({ order_ids: ['00000000-0000-4000-8000-000000000001'] }, 'key-1');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe('http://app.test/api/order/label/create');
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['idempotency-key']).toBe('key-1');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ order_ids: ['00000000-0000-4000-8000-000000000001'] });
  });

  it('leave empty filters out of the list query', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, { data: [], meta: { total: 0, page: 1, page_size: 25 } }));
    const api = createLabelApi({ baseUrl: 'http://app.test', getToken: async () => null, fetch });
    await api.list({ page: 1, page_size: 25, search: undefined, status: 'shipped', is_returned: false });
    expect(calls[0]?.url).toBe('http://app.test/api/label/?page=1&page_size=25&status=shipped&is_returned=false');
  });

  it('send the sort of label/pdf in the query and the sheet options in the body', async () => {
    const { calls, fetch } = fakeFetch(() => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const api = createLabelApi({ baseUrl: 'http://app.test', getToken: async () => 'tok', fetch });
    const ids = ['00000000-0000-4000-8000-000000000001'];
    await api.pdf({ label_ids: ids, format: 'a4', positions: 3 }, { sort: '-order_number' });
    await api.pdf({ label_ids: ids });
    expect(calls.map((c) => c.url)).toEqual(['http://app.test/api/label/pdf?sort=-order_number', 'http://app.test/api/label/pdf']);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ label_ids: ids, format: 'a4', positions: 3 });
  });

  it('pass only sorts the server knows on to label/pdf', () => {
    expect(pdfSortOf('-created_at')).toBe('-created_at');
    expect(pdfSortOf('order_number')).toBe('order_number');
    expect(pdfSortOf('-gewicht')).toBeUndefined();
    expect(pdfSortOf('')).toBeUndefined();
  });

  it('turn an error body into an ApiError and report a 401', async () => {
    let unauthorized = 0;
    const body = { status: 403, message: 'Limiet bereikt!', message_code: 'quota_exceeded', type: 'usage', fields: { used: ['50'] }, errors: [] };
    const api = createLabelApi({
      baseUrl: 'http://app.test',
      getToken: async () => 'tok',
      onUnauthorized: () => unauthorized++,
      fetch: fakeFetch(() => json(403, body)).fetch,
    });
    const error = await api.create({ order_ids: [] }, 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.message_code).toBe('quota_exceeded');
    const gone = createLabelApi({
      baseUrl: 'http://app.test',
      getToken: async () => 'tok',
      onUnauthorized: () => unauthorized++,
      fetch: fakeFetch(() => new Response('', { status: 401 })).fetch,
    });
    await expect(gone.get('x')).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toBe(1);
  });

  it('tell a failed connection apart from an answer', async () => {
    const api = createLabelApi({
      baseUrl: 'http://app.test',
      getToken: async () => null,
      fetch: fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch,
    });
    await expect(api.create({ order_ids: [] }, 'k')).rejects.toBeInstanceOf(NetworkError);
  });

  it('return the PDF as a file', async () => {
    const { calls, fetch } = fakeFetch(() => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const api = createLabelApi({ baseUrl: 'http://app.test', getToken: async () => null, fetch });
    const blob = await api.pdf({ label_ids: ['a'], format: 'a4', positions: 3 });
    expect(await blob.text()).toBe('%PDF');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ label_ids: ['a'], format: 'a4', positions: 3 });
    expect((calls[0]?.init.headers as Record<string, string>).accept).toBe('application/pdf');
  });
});
