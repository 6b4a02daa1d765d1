import type { z } from 'zod';
import { errorBodySchema, listResponseSchema, dataResponseSchema, successResponseSchema, type ErrorBody } from './common';
import { appConfigSchema } from './config';
import { organisationPatchResponseSchema, userSchema, type OrganisationPatch } from './user';
import { ticketSchema } from './ticket';
import type { FeedbackSend } from './feedback';

/** A failed call with the spec's error body (or one made up for network failures). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.body = body;
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export interface ApiClientOptions {
  baseUrl: string;
  /** The current access token, or null when logged out. */
  getToken?: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
}

/** The typed client of the API; the web app and the tests both use it. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function call<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    init: { query?: Query; body?: unknown } = {},
  ): Promise<z.infer<S>> {
    const url = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(url, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'include',
    });
    const text = await response.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(json);
      throw new ApiError(
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
    return schema.parse(json);
  }

  return {
    config: () => call('GET', '/api/config', appConfigSchema),
    user: {
      get: () => call('GET', '/api/user', dataResponseSchema(userSchema)),
      patchOrganisation: (body: OrganisationPatch) =>
        call('PATCH', '/api/user/organisation', organisationPatchResponseSchema, { body }),
    },
    tickets: {
      list: (query: Query = {}) => call('GET', '/api/ticket/', listResponseSchema(ticketSchema), { query }),
    },
    feedback: {
      send: (body: FeedbackSend) => call('POST', '/api/feedback/send', successResponseSchema, { body }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
