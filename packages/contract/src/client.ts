import type { z } from 'zod';
import { errorBodySchema, listResponseSchema, dataResponseSchema, successResponseSchema, type ErrorBody } from './common';
import { appConfigSchema } from './config';
import { organisationPatchResponseSchema, userSchema, type OrganisationPatch } from './user';
import { ticketSchema } from './ticket';
import type { FeedbackSend } from './feedback';
import { contactSchema } from './contact';
import { courierClassSchema, courierCountersResponseSchema, courierSchema, type CourierCreateBody, type CourierPatchBody } from './courier';
import { labelPriceListResponseSchema, type LabelPriceQuery } from './billing';
import {
  addressLookupResponseSchema,
  orderBulkEditResponseSchema,
  orderBulkResponseSchema,
  orderBulkUpdateResponseSchema,
  orderCountResponseSchema,
  orderListResponseSchema,
  orderSaveResponseSchema,
  orderSchema,
  type OrderBulkUpdateBody,
  type OrderInput,
  type OrderTab,
} from './order';
import { shopSchema } from './shop';
import { labelJobListResponseSchema, labelJobResponseSchema } from './label-job';
import { documentResponseSchema, type PackingSlipBody } from './documents';
import { labelTrackingResponseSchema, labelTrackResponseSchema } from './tracking';
import { pickupPointsResponseSchema, type PickupPointQuery } from './pickup-point';

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
    orders: {
      list: (query: { tab?: OrderTab; page?: number; page_size?: number; sort?: string; search?: string } = {}) =>
        call('GET', '/api/order/', orderListResponseSchema, { query }),
      count: (query: { search?: string } = {}) => call('GET', '/api/order/count', orderCountResponseSchema, { query }),
      get: (id: string) => call('GET', `/api/order/${id}`, dataResponseSchema(orderSchema)),
      create: (body: OrderInput) => call('POST', '/api/order/create', orderSaveResponseSchema, { body }),
      update: (id: string, body: OrderInput) => call('POST', `/api/order/${id}`, orderSaveResponseSchema, { body }),
      bulk: (orders: OrderInput[]) => call('POST', '/api/order/bulk', orderBulkResponseSchema, { body: { orders } }),
      /** Delete, re-validate, or (with values) bulk-edit and re-validate the chosen orders. */
      bulkUpdate: (body: OrderBulkUpdateBody) => call('POST', '/api/order/updatebulkorders', orderBulkEditResponseSchema, { body }),
      reset: (orderIds: string[]) => call('POST', '/api/order/reset', orderBulkUpdateResponseSchema, { body: { order_ids: orderIds } }),
      revalidate: () => call('POST', '/api/order/update', orderBulkUpdateResponseSchema, { body: {} }),
      generateTestOrders: (count = 10) => call('POST', '/api/order/generatetestorders', orderBulkUpdateResponseSchema, { body: { count } }),
    },
    couriers: {
      list: () => call('GET', '/api/courier/', listResponseSchema(courierSchema), { query: { page_size: 250 } }),
      get: (id: string) => call('GET', `/api/courier/${id}`, dataResponseSchema(courierSchema)),
      meta: () => call('GET', '/api/courier/meta', dataResponseSchema(courierClassSchema.array())),
      create: (body: CourierCreateBody) => call('POST', '/api/courier/create', dataResponseSchema(courierSchema), { body }),
      update: (id: string, body: CourierPatchBody) => call('PATCH', `/api/courier/${encodeURIComponent(id)}`, dataResponseSchema(courierSchema), { body }),
      reset: (id: string) => call('POST', `/api/courier/${encodeURIComponent(id)}/reset`, dataResponseSchema(courierSchema)),
      counters: () => call('GET', '/api/couriercounters/', courierCountersResponseSchema),
    },
    billing: {
      /** GET label-price/: the price table of labels via the platform's contracts. */
      labelPrices: (query: LabelPriceQuery = {}) => call('GET', '/api/label-price/', labelPriceListResponseSchema, { query }),
    },
    labelJobs: {
      /** GET label/job/: the organisation's label jobs of the last day, newest first (progress only). */
      list: () => call('GET', '/api/label/job/', labelJobListResponseSchema),
      /** GET label/job/{id}: progress, and the outcome per order once the job is done. */
      get: (id: string) => call('GET', `/api/label/job/${encodeURIComponent(id)}`, labelJobResponseSchema),
    },
    shops: {
      list: () => call('GET', '/api/shop/', listResponseSchema(shopSchema), { query: { page_size: 250 } }),
    },
    contacts: {
      list: (query: { search?: string; page?: number; page_size?: number } = {}) =>
        call('GET', '/api/contacts', listResponseSchema(contactSchema), { query }),
    },
    documents: {
      /** POST order/packingslipdoc: one packing slip page per order. */
      packingSlips: (body: PackingSlipBody) => call('POST', '/api/order/packingslipdoc', documentResponseSchema, { body }),
      /** GET label/{id}/exportdoc: the CN23 / commercial invoice of an export label. */
      exportDocument: (labelId: string) => call('GET', `/api/label/${encodeURIComponent(labelId)}/exportdoc`, documentResponseSchema),
    },
    address: {
      lookup: (query: { zipcode: string; housenumber: string }) =>
        call('GET', '/api/address/lookup', addressLookupResponseSchema, { query }),
    },
    tracking: {
      /** POST label/track: ask the carriers for news of these labels; one result per label. */
      refresh: (labelIds: string[]) => call('POST', '/api/label/track', labelTrackResponseSchema, { body: { label_ids: labelIds } }),
      /** GET label/{id}/tracking: the history per package. */
      history: (labelId: string) => call('GET', `/api/label/${encodeURIComponent(labelId)}/tracking`, labelTrackingResponseSchema),
    },
    pickupPoints: {
      /** GET pickup-points/: a search text, or two of street, zip_code and city; all couriers with pickup points or one. */
      search: (query: PickupPointQuery) => call('GET', '/api/pickup-points/', pickupPointsResponseSchema, { query }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
