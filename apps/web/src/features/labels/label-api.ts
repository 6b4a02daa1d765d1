import { useMemo } from 'react';
import type { z } from 'zod';
import { ApiError } from '@verzendhuis/contract/client';
import { dataResponseSchema, errorBodySchema, listResponseSchema } from '@verzendhuis/contract/common';
import {
  labelBulkUpdateResponseSchema,
  labelCountersResponseSchema,
  labelCreateResponseSchema,
  labelSchema,
  type Label,
  type LabelCreateBody,
  type LabelCounters,
  type LabelCreateResponse,
  type LabelPdfBody,
  type LabelPdfQuery,
  type LabelUpdateBody,
  type ReturnMarkBody,
} from '@verzendhuis/contract/label';
import { labelTrackResponseSchema, type LabelTrackBody, type LabelTrackResponse } from '@verzendhuis/contract/tracking';
import { useAuth } from '../../app/auth/use-auth';

/** The request did not reach the server or its answer did not come back (offline, dropped). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

export type LabelListResponse = z.infer<ReturnType<typeof listResponseSchema<typeof labelSchema>>>;

const labelChangedSchema = dataResponseSchema(labelSchema);

export interface LabelListQuery {
  page: number;
  page_size: number;
  sort?: string;
  search?: string;
  status?: string;
  is_returned?: boolean;
}

export interface LabelApiOptions {
  baseUrl: string;
  getToken: () => Promise<string | null>;
  /** Called on a 401: the session is over (the app logs in again). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/**
 * The label calls (orders spec §7). They go through the same token and 401 handling
 * as the contract's client; they live here because the contract client has no label
 * methods yet and order/label/create needs an Idempotency-Key header.
 */
export function createLabelApi(options: LabelApiOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function send(method: string, path: string, init: { query?: object; body?: unknown; headers?: Record<string, string>; accept?: string } = {}) {
    const url = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(init.query ?? {}) as [string, unknown][]) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: init.accept ?? 'application/json', ...init.headers };
    const token = await options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'include',
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    if (response.status === 401) options.onUnauthorized?.();
    if (!response.ok) throw await apiErrorOf(response);
    return response;
  }

  async function json<S extends z.ZodType>(schema: S, response: Response): Promise<z.infer<S>> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new NetworkError(error);
    }
    return schema.parse(text ? JSON.parse(text) : null);
  }

  return {
    /** POST order/label/create; the same key repeats the same request exactly once. */
    create: async (body: LabelCreateBody, idempotencyKey: string): Promise<LabelCreateResponse> =>
      json(labelCreateResponseSchema, await send('POST', '/api/order/label/create', { body, headers: { 'idempotency-key': idempotencyKey } })),
    list: async (query: LabelListQuery): Promise<LabelListResponse> =>
      json(listResponseSchema(labelSchema), await send('GET', '/api/label/', { query })),
    get: async (id: string): Promise<Label> =>
      (await json(dataResponseSchema(labelSchema), await send('GET', `/api/label/${encodeURIComponent(id)}`))).data,
    /** POST label/{id}: delete (is_active false), delivered (status completed) or a return's marker. */
    update: async (id: string, body: LabelUpdateBody): Promise<Label> =>
      (await json(labelChangedSchema, await send('POST', `/api/label/${encodeURIComponent(id)}`, { body }))).data,
    /** POST return/{id}: mark a return label. */
    markReturn: async (id: string, body: ReturnMarkBody): Promise<Label> =>
      (await json(labelChangedSchema, await send('POST', `/api/return/${encodeURIComponent(id)}`, { body }))).data,
    /** POST label/updatebulklabels: delete or mark delivered; answers how many changed. */
    bulkUpdate: async (body: { label_ids: string[]; action: 'deactivate' | 'deliver_labels' }): Promise<number> =>
      (await json(labelBulkUpdateResponseSchema, await send('POST', '/api/label/updatebulklabels', { body }))).data.affected,
    /** GET labelcounters/: packages labelled this month and the plan's quota. */
    counters: async (): Promise<LabelCounters> => (await json(labelCountersResponseSchema, await send('GET', '/api/labelcounters/'))).data,
    /** POST label/track: refresh the tracking of the labels. */
    track: async (body: LabelTrackBody): Promise<LabelTrackResponse> => json(labelTrackResponseSchema, await send('POST', '/api/label/track', { body })),
    /** POST label/pdf: the labels as one PDF file, in the order of `sort` when given (else of label_ids). */
    pdf: async (body: LabelPdfBody, query: LabelPdfQuery = {}): Promise<Blob> => {
      const response = await send('POST', '/api/label/pdf', { body, query, accept: 'application/pdf' });
      try {
        return await response.blob();
      } catch (error) {
        throw new NetworkError(error);
      }
    },
  };
}

export type LabelApi = ReturnType<typeof createLabelApi>;

async function apiErrorOf(response: Response): Promise<ApiError> {
  let json: unknown = null;
  try {
    const text = await response.text();
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the generic body below.
  }
  const parsed = errorBodySchema.safeParse(json);
  return new ApiError(
    parsed.success
      ? parsed.data
      : {
          status: response.status,
          message: 'Er is een onbekende fout opgetreden.',
          message_code: 'default',
          type: response.status === 401 ? 'authentication' : 'programming',
          fields: {},
          errors: [],
        },
  );
}

/** The label calls with the logged-in user's token. */
export function useLabelApi(): LabelApi {
  const { getAccessToken, restartLogin } = useAuth();
  return useMemo(
    () =>
      createLabelApi({
        baseUrl: window.location.origin,
        getToken: getAccessToken,
        onUnauthorized: () => restartLogin().catch((error: unknown) => console.error('Restarting login failed', error)),
      }),
    [getAccessToken, restartLogin],
  );
}
