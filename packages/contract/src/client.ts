import type { z } from 'zod';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { errorBodySchema, listResponseSchema, dataResponseSchema, successResponseSchema, type ErrorBody } from './common';
import { appConfigSchema } from './config';
import { organisationPatchResponseSchema, organisationSchema, userSchema, type OrganisationLogoUpload, type OrganisationPatch } from './user';
import { supportTicketDetailResponseSchema, supportTicketSchema, ticketDetailResponseSchema, ticketSchema, type TicketCreateInput, type TicketReplyInput } from './ticket';
import { apiUserCreateResponseSchema, apiUserListResponseSchema, apiUserResponseSchema, type ApiUserCreateBody, type ApiUserPatchBody } from './api-user';
import type { FeedbackSend } from './feedback';
import { contactDeleteResponseSchema, contactResponseSchema, contactSchema, type ContactInput, type ContactPatch } from './contact';
import { courierClassSchema, courierCountersResponseSchema, courierSchema, type CourierCreateBody, type CourierPatchBody } from './courier';
import { labelPriceListResponseSchema, type LabelPriceQuery } from './billing';
import { addonListResponseSchema, planChangeResponseSchema, planListResponseSchema, type AddonDisableBody, type AddonEnableBody, type PlanChangeBody } from './plan';
import {
  analyticsDeliveryBreakdownResponseSchema,
  analyticsDeliveryResponseSchema,
  analyticsDeliveryTrendsResponseSchema,
  analyticsLabelBreakdownResponseSchema,
  analyticsLabelSummaryResponseSchema,
  analyticsLabelTotalResponseSchema,
  analyticsLabelTrendsResponseSchema,
  analyticsMetaResponseSchema,
  analyticsReturnReasonResponseSchema,
  type AnalyticsQuery,
  type AnalyticsTrendQuery,
} from './analytics';
import { invoicePaymentResponseSchema, mandateSetupResponseSchema, mandateStateResponseSchema } from './payments';
import { invoiceLabelListResponseSchema, invoiceListResponseSchema, invoiceResponseSchema, type InvoicePageQuery } from './invoices';
import {
  addressLookupResponseSchema,
  orderBulkEditResponseSchema,
  orderBulkResponseSchema,
  orderBulkUpdateResponseSchema,
  orderCountResponseSchema,
  orderListResponseSchema,
  orderRetryUpdateResponseSchema,
  orderSaveResponseSchema,
  orderSchema,
  type OrderBulkUpdateBody,
  type OrderInput,
  type OrderTab,
} from './order';
import {
  onboardRestoreResponseSchema,
  shopClassSchema,
  shopSchema,
  shopSyncAllResponseSchema,
  shopSyncResponseSchema,
  type OnboardRestoreBody,
  type ShopCreateBody,
  type ShopPatchBody,
} from './shop';
import { importJobListResponseSchema, importJobResponseSchema, importMappingListResponseSchema, importMappingResponseSchema, importResponseSchema, type ImportMapping } from './order-import';
import {
  shipmentLogicDryRunResponseSchema,
  shipmentLogicListResponseSchema,
  shipmentLogicRuleResponseSchema,
  type ShipmentLogicRuleInput,
  type ShipmentLogicRulePatch,
} from './shipment-logic';
import {
  labelPrintResponseSchema,
  printerClientListResponseSchema,
  printerClientPairResponseSchema,
  printerClientResponseSchema,
  printJobResponseSchema,
  type LabelPrintBody,
  type PrinterClientPatchBody,
} from './printing';
import {
  returnCreateResponseSchema,
  returnLookupResponseSchema,
  returnPaymentStartedResponseSchema,
  returnPaymentStateResponseSchema,
  returnPortalResponseSchema,
  returnSettingsResponseSchema,
  type ReturnCreateBody,
  type ReturnLabelPdfBody,
  type ReturnLookupBody,
  type ReturnSettingsPatch,
} from './returns';
import {
  labelBulkUpdateResponseSchema,
  labelUpdateResponseSchema,
  labelCountersResponseSchema,
  labelCountResponseSchema,
  labelCreateResponseSchema,
  labelListResponseSchema,
  labelSchema,
  type LabelCreateBody,
  type LabelPdfBody,
  type LabelPdfQuery,
  type LabelUpdateBody,
  type ReturnMarkBody,
} from './label';
import { labelJobListResponseSchema, labelJobResponseSchema } from './label-job';
import { documentResponseSchema, type PackingSlipBody } from './documents';
import { courierWebhookResponseSchema, labelTrackingResponseSchema, labelTrackResponseSchema } from './tracking';
import { pickupPointsResponseSchema, type PickupPointQuery } from './pickup-point';
import { gdprAnonymiseResponseSchema, gdprExportResponseSchema, gdprOverviewResponseSchema, type GdprSettingsBody } from './gdpr';
import {
  publicTrackingResponseSchema,
  trackingMailDetailResponseSchema,
  trackingMailListResponseSchema,
  trackingMailSendTestResponseSchema,
  trackingMailSettingsResponseSchema,
  type TrackingMailSendTest,
  type TrackingSettingsPatch,
  type TrackingSettingsPost,
} from './tracking-mail';

/** A failed call with the spec's error body (or one made up when the answer had none). */
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

/**
 * The request did not reach the server or its answer did not come back (offline,
 * dropped connection): no answer, so the same request may be sent again.
 */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/** GET label/: page, sort and search as every list, and the label tabs' filters. */
export interface LabelListQuery {
  page?: number;
  page_size?: number;
  sort?: string;
  search?: string;
  /** One status or a comma list (ready,printed,canceled). */
  status?: string;
  is_returned?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** The current access token, or null when logged out. */
  getToken?: () => string | null | Promise<string | null>;
  /** The API answered 401: the session is over. Called before the call fails with its ApiError. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** What one call sends besides method and path. */
interface CallInit {
  query?: object;
  body?: unknown;
  /** Headers of this call only (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** A multipart body (an uploaded file) instead of JSON. */
  form?: FormData;
}

/**
 * The typed client of the API; the web app and the tests both use it. A call resolves
 * to the parsed answer, or fails with an ApiError (the server answered with an error)
 * or a NetworkError (no answer came back).
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function send(method: string, path: string, accept: string, init: CallInit): Promise<Response> {
    const url = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(init.query ?? {}) as [string, unknown][]) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept, ...init.headers };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
        credentials: 'include',
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    if (response.status === 401) options.onUnauthorized?.();
    if (!response.ok) throw await apiErrorOf(response);
    return response;
  }

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, init: CallInit = {}): Promise<z.infer<S>> {
    const response = await send(method, path, 'application/json', init);
    const text = await answerOf(() => response.text());
    return schema.parse(text ? JSON.parse(text) : null);
  }

  /** A call whose answer is a file (a PDF), as a Blob. */
  async function file(method: string, path: string, accept: string, init: CallInit = {}): Promise<Blob> {
    const response = await send(method, path, accept, init);
    return answerOf(() => response.blob());
  }

  return {
    config: () => call('GET', '/api/config', appConfigSchema),
    user: {
      get: () => call('GET', '/api/user', dataResponseSchema(userSchema)),
      patchOrganisation: (body: OrganisationPatch) =>
        call('PATCH', '/api/user/organisation', organisationPatchResponseSchema, { body }),
      uploadLogo: (body: OrganisationLogoUpload) => call('PUT', '/api/user/organisation/logo', dataResponseSchema(organisationSchema), { body }),
      deleteLogo: () => call('DELETE', '/api/user/organisation/logo', dataResponseSchema(organisationSchema)),
      /** POST user/organisation/plan: the new plan at once, invoiced pro rata (docs/plans.md). */
      changePlan: (body: PlanChangeBody) => call('POST', '/api/user/organisation/plan', planChangeResponseSchema, { body }),
      /** POST user/organisation/add-on/enable: active at once, charged pro rata. */
      enableAddon: (body: AddonEnableBody) => call('POST', '/api/user/organisation/add-on/enable', planChangeResponseSchema, { body }),
      /** POST user/organisation/add-on/disable: active until the end of the paid period. */
      disableAddon: (body: AddonDisableBody) => call('POST', '/api/user/organisation/add-on/disable', planChangeResponseSchema, { body }),
    },
    plans: {
      /** GET plan/: the plans on offer, the current one marked. */
      list: () => call('GET', '/api/plan/', planListResponseSchema),
    },
    addons: {
      /** GET addons: the add-on catalogue with this organisation's subscriptions. */
      list: () => call('GET', '/api/addons', addonListResponseSchema),
    },
    payments: {
      /** GET user/organisation/payment: the mandate, read again from the payment provider. */
      mandate: () => call('GET', '/api/user/organisation/payment', mandateStateResponseSchema),
      /** POST user/organisation/payment: a first payment of € 0,01; answers the checkout to send the person to. */
      setUpMandate: () => call('POST', '/api/user/organisation/payment', mandateSetupResponseSchema, { body: {} }),
      /** DELETE user/organisation/payment: revokes the mandate at the provider. */
      removeMandate: () => call('DELETE', '/api/user/organisation/payment', mandateStateResponseSchema),
      /** POST invoice/{id}/payment: pay an open invoice (a checkout, or collected on the mandate). */
      payInvoice: (invoiceId: string) => call('POST', `/api/invoice/${encodeURIComponent(invoiceId)}/payment`, invoicePaymentResponseSchema, { body: {} }),
    },
    tickets: {
      list: (query: Query = {}) => call('GET', '/api/ticket/', listResponseSchema(ticketSchema), { query }),
      get: (id: string) => call('GET', `/api/ticket/${id}`, ticketDetailResponseSchema),
      create: (body: TicketCreateInput) => call('POST', '/api/ticket/create', ticketDetailResponseSchema, { body }),
      reply: (id: string, body: TicketReplyInput) => call('POST', `/api/ticket/${id}/reply`, ticketDetailResponseSchema, { body }),
      setStatus: (id: string, status: 'open' | 'closed') => call('PATCH', `/api/ticket/${id}`, ticketDetailResponseSchema, { body: { status } }),
      /** One attachment of the conversation, as a Blob (Content-Disposition: attachment). */
      attachment: (id: string, attachmentId: string) => file('GET', `/api/ticket/${id}/attachment/${attachmentId}`, '*/*'),
    },
    /** The operator's inbox (role operator only): every organisation's tickets. */
    support: {
      inbox: (query: { page?: number; page_size?: number; filter?: 'waiting' | 'all' } = {}) =>
        call('GET', '/api/support/ticket/', listResponseSchema(supportTicketSchema), { query }),
      get: (id: string) => call('GET', `/api/support/ticket/${id}`, supportTicketDetailResponseSchema),
      reply: (id: string, body: TicketReplyInput) => call('POST', `/api/support/ticket/${id}/reply`, supportTicketDetailResponseSchema, { body }),
      attachment: (id: string, attachmentId: string) => file('GET', `/api/support/ticket/${id}/attachment/${attachmentId}`, '*/*'),
    },
    feedback: {
      send: (body: FeedbackSend) => call('POST', '/api/feedback/send', successResponseSchema, { body }),
    },
    orders: {
      list: (query: { tab?: OrderTab; page?: number; page_size?: number; sort?: string; search?: string } = {}) =>
        call('GET', '/api/order/', orderListResponseSchema, { query }),
      count: (query: { search?: string } = {}) => call('GET', '/api/order/count', orderCountResponseSchema, { query }),
      get: (id: string) => call('GET', `/api/order/${id}`, dataResponseSchema(orderSchema)),
      /** GET order/lookup: the organisation's order with this number or shop reference (the scan page); 404 order_reference_unknown. */
      lookup: (code: string) => call('GET', '/api/order/lookup', dataResponseSchema(orderSchema), { query: { code } }),
      create: (body: OrderInput) => call('POST', '/api/order/create', orderSaveResponseSchema, { body }),
      update: (id: string, body: OrderInput) => call('POST', `/api/order/${id}`, orderSaveResponseSchema, { body }),
      bulk: (orders: OrderInput[]) => call('POST', '/api/order/bulk', orderBulkResponseSchema, { body: { orders } }),
      /** Delete, re-validate, or (with values) bulk-edit and re-validate the chosen orders. */
      bulkUpdate: (body: OrderBulkUpdateBody) => call('POST', '/api/order/updatebulkorders', orderBulkEditResponseSchema, { body }),
      reset: (orderIds: string[]) => call('POST', '/api/order/reset', orderBulkUpdateResponseSchema, { body: { order_ids: orderIds } }),
      revalidate: () => call('POST', '/api/order/update', orderBulkUpdateResponseSchema, { body: {} }),
      generateTestOrders: (count = 10) => call('POST', '/api/order/generatetestorders', orderBulkUpdateResponseSchema, { body: { count } }),
      /** Tells the shops of these labels' orders again of their labels (the write-back); per label a success or a reason. */
      retryUpdate: (labelIds: string[]) => call('POST', '/api/order/retry-update', orderRetryUpdateResponseSchema, { body: { label_ids: labelIds } }),
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
    invoices: {
      list: (query: InvoicePageQuery = {}) => call('GET', '/api/invoice/', invoiceListResponseSchema, { query }),
      get: (id: string) => call('GET', `/api/invoice/${encodeURIComponent(id)}`, invoiceResponseSchema),
      /** The invoice's lines per label, a page at a time. */
      labels: (id: string, query: InvoicePageQuery = {}) => call('GET', `/api/invoice/${encodeURIComponent(id)}/label/`, invoiceLabelListResponseSchema, { query }),
      /** The invoice as a PDF, its lines as CSV or XLSX (Content-Disposition: attachment with the number). */
      download: (id: string, kind: 'pdf' | 'csv' | 'xlsx') =>
        file('GET', `/api/invoice/${encodeURIComponent(id)}/${kind === 'pdf' ? 'pdf' : `label/${kind}`}`, '*/*'),
    },
    billing: {
      /** GET label-price/: the price table of labels via the platform's contracts. */
      labelPrices: (query: LabelPriceQuery = {}) => call('GET', '/api/label-price/', labelPriceListResponseSchema, { query }),
    },
    labels: {
      /**
       * POST order/label/create. With an Idempotency-Key the same request sent again (after a
       * network failure) is answered with the first answer: nothing is made twice.
       */
      create: (body: LabelCreateBody, options: { idempotencyKey?: string } = {}) =>
        call('POST', '/api/order/label/create', labelCreateResponseSchema, {
          body,
          headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
        }),
      /** GET label/: `status` one status or a comma list. */
      list: (query: LabelListQuery = {}) => call('GET', '/api/label/', labelListResponseSchema, { query }),
      /** GET label/count: how many labels the same filters as label/ find. */
      count: (query: Pick<LabelListQuery, 'status' | 'is_returned'> = {}) =>
        call('GET', '/api/label/count', labelCountResponseSchema, { query }),
      get: (id: string) => call('GET', `/api/label/${encodeURIComponent(id)}`, dataResponseSchema(labelSchema)),
      /** POST label/{id}: delete (is_active false), delivered (status completed) or a return's marker. */
      update: (id: string, body: LabelUpdateBody) =>
        call('POST', `/api/label/${encodeURIComponent(id)}`, labelUpdateResponseSchema, { body }),
      /** POST return/{id}: mark a return label. */
      markReturn: (id: string, body: ReturnMarkBody) =>
        call('POST', `/api/return/${encodeURIComponent(id)}`, dataResponseSchema(labelSchema), { body }),
      /** POST label/updatebulklabels: delete or mark delivered; `data.affected` says how many changed. */
      bulkUpdate: (body: { label_ids: string[]; action: 'deactivate' | 'deliver_labels' }) =>
        call('POST', '/api/label/updatebulklabels', labelBulkUpdateResponseSchema, { body }),
      /** GET labelcounters/: packages labelled this month and the plan's quota. */
      counters: () => call('GET', '/api/labelcounters/', labelCountersResponseSchema),
      /** POST label/pdf: the labels as one PDF file, in the order of `sort` when given (else of label_ids). */
      pdf: (body: LabelPdfBody, query: LabelPdfQuery = {}) => file('POST', '/api/label/pdf', 'application/pdf', { body, query }),
    },
    labelJobs: {
      /** GET label/job/: the organisation's label jobs of the last day, newest first (progress only). */
      list: () => call('GET', '/api/label/job/', labelJobListResponseSchema),
      /** GET label/job/{id}: progress, and the outcome per order once the job is done. */
      get: (id: string) => call('GET', `/api/label/job/${encodeURIComponent(id)}`, labelJobResponseSchema),
    },
    orderImport: {
      /** POST order/import: a CSV file; `dryRun` answers the same summary and stores nothing. A large file answers its job_id. */
      upload: (file: Blob, fileName: string, options: { dryRun?: boolean } = {}) => {
        const form = new FormData();
        form.append('file', file, fileName);
        return call('POST', '/api/order/import', importResponseSchema, { form, query: options.dryRun ? { dry_run: 1 } : {} });
      },
      /** GET order/import/job/: the imports of the last day that ran in the background, newest first. */
      jobs: () => call('GET', '/api/order/import/job/', importJobListResponseSchema),
      /** GET order/import/job/{id}: progress, counts and the first errors. */
      job: (id: string) => call('GET', `/api/order/import/job/${encodeURIComponent(id)}`, importJobResponseSchema),
      /** GET order/import/mapping: the column mappings the organisation remembered. */
      mappings: () => call('GET', '/api/order/import/mapping', importMappingListResponseSchema),
      /** PUT order/import/mapping: remembers how files with these columns are read. */
      saveMapping: (body: ImportMapping) => call('PUT', '/api/order/import/mapping', importMappingResponseSchema, { body }),
    },
    printing: {
      /** POST printer-client/pair: a one-time code (10 minutes) that the local print client claims. */
      pair: () => call('POST', '/api/printer-client/pair', printerClientPairResponseSchema, { body: {} }),
      /** GET printer-client/: the organisation's paired clients, connected or not, with their printers. */
      clients: () => call('GET', '/api/printer-client/', printerClientListResponseSchema),
      rename: (id: string, body: PrinterClientPatchBody) => call('PATCH', `/api/printer-client/${encodeURIComponent(id)}`, printerClientResponseSchema, { body }),
      /** DELETE printer-client/{id}: unpairs (the credential stops working, the socket closes). */
      unpair: (id: string) => call('DELETE', `/api/printer-client/${encodeURIComponent(id)}`, successResponseSchema),
      /** POST label/print: label/pdf's sheet sent to the client's label printer (queued while it is offline). */
      print: (body: LabelPrintBody, query: LabelPdfQuery = {}) => call('POST', '/api/label/print', labelPrintResponseSchema, { body, query }),
      job: (id: string) => call('GET', `/api/print-job/${encodeURIComponent(id)}`, printJobResponseSchema),
    },
    apiUsers: {
      /** GET api-user: the organisation's API users (never their secrets). */
      list: () => call('GET', '/api/api-user', apiUserListResponseSchema),
      /** POST api-user/create: answers data.user with the secret, the only time it is shown. */
      create: (body: ApiUserCreateBody) => call('POST', '/api/api-user/create', apiUserCreateResponseSchema, { body }),
      /** PATCH api-user/{id}: rename, deactivate or activate. */
      update: (id: string, body: ApiUserPatchBody) => call('PATCH', `/api/api-user/${encodeURIComponent(id)}`, apiUserResponseSchema, { body }),
    },
    shipmentLogic: {
      /** GET shipment-logic/: the organisation's shipping rules in their order, each with its problems. */
      list: () => call('GET', '/api/shipment-logic/', shipmentLogicListResponseSchema),
      create: (body: ShipmentLogicRuleInput) => call('POST', '/api/shipment-logic/', shipmentLogicRuleResponseSchema, { body }),
      update: (id: string, body: ShipmentLogicRulePatch) =>
        call('PATCH', `/api/shipment-logic/${encodeURIComponent(id)}`, shipmentLogicRuleResponseSchema, { body }),
      remove: (id: string) => call('DELETE', `/api/shipment-logic/${encodeURIComponent(id)}`, successResponseSchema),
      /** POST shipment-logic/reorder: every rule id once, in the new order; answers the list. */
      reorder: (ids: string[]) => call('POST', '/api/shipment-logic/reorder', shipmentLogicListResponseSchema, { body: { ids } }),
      /** POST shipment-logic/dry-run: which rule each of the last 50 orders would get; stores nothing. */
      dryRun: () => call('POST', '/api/shipment-logic/dry-run', shipmentLogicDryRunResponseSchema, { body: {} }),
    },
    shops: {
      list: () => call('GET', '/api/shop/', listResponseSchema(shopSchema), { query: { page_size: 250 } }),
      get: (id: string) => call('GET', `/api/shop/${encodeURIComponent(id)}`, dataResponseSchema(shopSchema)),
      /** GET shop/meta: every platform with the fields of its link. */
      meta: () => call('GET', '/api/shop/meta', dataResponseSchema(shopClassSchema.array())),
      /** POST shop/create: checks the credentials with the shop, then stores the link. */
      create: (body: ShopCreateBody) => call('POST', '/api/shop/create', dataResponseSchema(shopSchema), { body }),
      update: (id: string, body: ShopPatchBody) => call('PATCH', `/api/shop/${encodeURIComponent(id)}`, dataResponseSchema(shopSchema), { body }),
      /** POST shop/{id}/reset: forget what was pulled; the next pull reads every open order again. */
      reset: (id: string) => call('POST', `/api/shop/${encodeURIComponent(id)}/reset`, dataResponseSchema(shopSchema)),
      /** POST update/{id}: pull this shop's orders now. */
      sync: (id: string) => call('POST', `/api/update/${encodeURIComponent(id)}`, shopSyncResponseSchema),
      /** POST update: pull every active shop of the organisation now. */
      syncAll: () => call('POST', '/api/update', shopSyncAllResponseSchema),
    },
    onboard: {
      /** POST onboard/restore: restore the link of a platform (after its credentials were refreshed). */
      restore: (body: OnboardRestoreBody) => call('POST', '/api/onboard/restore', onboardRestoreResponseSchema, { body }),
    },
    /** The analytics calls (add-on ANALYTICS): start and end as YYYY-MM-DD, trends with granularity. */
    analytics: {
      meta: () => call('GET', '/api/analytics/meta', analyticsMetaResponseSchema),
      label: (query: AnalyticsQuery) => call('GET', '/api/analytics/label', analyticsLabelSummaryResponseSchema, { query }),
      labelTrends: (query: AnalyticsTrendQuery) => call('GET', '/api/analytics/label/trends', analyticsLabelTrendsResponseSchema, { query }),
      labelBreakdown: (query: AnalyticsQuery) => call('GET', '/api/analytics/label/breakdown', analyticsLabelBreakdownResponseSchema, { query }),
      labelTotal: (query: AnalyticsQuery) => call('GET', '/api/analytics/label/total', analyticsLabelTotalResponseSchema, { query }),
      delivery: (query: AnalyticsQuery) => call('GET', '/api/analytics/delivery', analyticsDeliveryResponseSchema, { query }),
      deliveryTrends: (query: AnalyticsTrendQuery) => call('GET', '/api/analytics/delivery/trends', analyticsDeliveryTrendsResponseSchema, { query }),
      deliveryBreakdown: (query: AnalyticsQuery) => call('GET', '/api/analytics/delivery/breakdown', analyticsDeliveryBreakdownResponseSchema, { query }),
      returnReason: (query: AnalyticsQuery) => call('GET', '/api/analytics/return-reason', analyticsReturnReasonResponseSchema, { query }),
    },
    contacts: {
      list: (query: { search?: string; page?: number; page_size?: number } = {}) =>
        call('GET', '/api/contacts', listResponseSchema(contactSchema), { query }),
      get: (id: string) => call('GET', `/api/contacts/${encodeURIComponent(id)}`, dataResponseSchema(contactSchema)),
      create: (body: ContactInput) => call('POST', '/api/contacts', contactResponseSchema, { body }),
      /** PATCH contacts: the contact whole, with its id. */
      update: (body: ContactPatch) => call('PATCH', '/api/contacts', contactResponseSchema, { body }),
      /** DELETE contacts {ids}: answers how many were removed. */
      remove: (ids: string[]) => call('DELETE', '/api/contacts', contactDeleteResponseSchema, { body: { ids } }),
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
      /** POST courier/{id}/webhook: a new tracking webhook URL for the courier (the old one stops working); shown once. */
      createWebhook: (courierId: string) => call('POST', `/api/courier/${encodeURIComponent(courierId)}/webhook`, courierWebhookResponseSchema),
    },
    returns: {
      /** GET return-settings: the return address, payment methods and the portal. */
      settings: () => call('GET', '/api/return-settings', returnSettingsResponseSchema),
      /** PATCH return-settings: any part; `address: null` goes back to the organisation's address. */
      updateSettings: (body: ReturnSettingsPatch) => call('PATCH', '/api/return-settings', returnSettingsResponseSchema, { body }),
    },
    /** The public return portal (no login): /api/public/return/{slug}/. */
    returnPortal: {
      get: (slug: string) => call('GET', `/api/public/return/${encodeURIComponent(slug)}`, returnPortalResponseSchema),
      lookup: (slug: string, body: ReturnLookupBody) => call('POST', `/api/public/return/${encodeURIComponent(slug)}/lookup`, returnLookupResponseSchema, { body }),
      /** Makes the return label once per Idempotency-Key. */
      create: (slug: string, body: ReturnCreateBody, options: { idempotencyKey: string }) =>
        call('POST', `/api/public/return/${encodeURIComponent(slug)}/create`, returnCreateResponseSchema, { body, headers: { 'idempotency-key': options.idempotencyKey } }),
      labelPdf: (slug: string, body: ReturnLabelPdfBody) => file('POST', `/api/public/return/${encodeURIComponent(slug)}/label`, 'application/pdf', { body }),
      /** A consumer-paid return after the checkout: the payment read back, the label once paid. */
      paymentState: (slug: string, id: string) => call('GET', `/api/public/return/${encodeURIComponent(slug)}/payment/${encodeURIComponent(id)}`, returnPaymentStateResponseSchema),
      /** A new payment for the same return after a failed one. */
      retryPayment: (slug: string, id: string) => call('POST', `/api/public/return/${encodeURIComponent(slug)}/payment/${encodeURIComponent(id)}/retry`, returnPaymentStartedResponseSchema),
      paidLabelPdf: (slug: string, id: string) => file('GET', `/api/public/return/${encodeURIComponent(slug)}/payment/${encodeURIComponent(id)}/label`, 'application/pdf'),
    },
    gdpr: {
      /** GET gdpr/: the retention period, the last anonymisation and the exports with their progress. */
      overview: () => call('GET', '/api/gdpr/', gdprOverviewResponseSchema),
      /** POST gdpr/export: starts an export (a ZIP made in the background). */
      startExport: () => call('POST', '/api/gdpr/export', gdprExportResponseSchema, { body: {} }),
      /** GET gdpr/export/{id}/download: the finished ZIP. */
      download: (id: string) => file('GET', `/api/gdpr/export/${encodeURIComponent(id)}/download`, 'application/zip'),
      /** PATCH gdpr/: the retention period (null: off). */
      saveSettings: (body: GdprSettingsBody) => call('PATCH', '/api/gdpr/', gdprOverviewResponseSchema, { body }),
      /** POST gdpr/anonymise: anonymises now what the retention period covers. */
      anonymise: () => call('POST', '/api/gdpr/anonymise', gdprAnonymiseResponseSchema, { body: {} }),
    },
    trackingMail: {
      /** GET tracking: the tracking e-mail settings with the defaults filled in. */
      settings: () => call('GET', '/api/tracking', trackingMailSettingsResponseSchema),
      /** POST tracking: replace every mail and the colour. */
      replace: (body: TrackingSettingsPost) => call('POST', '/api/tracking', trackingMailSettingsResponseSchema, { body }),
      /** PATCH tracking: change only what is given. */
      update: (body: TrackingSettingsPatch) => call('PATCH', '/api/tracking', trackingMailSettingsResponseSchema, { body }),
      /** POST trackingmail/sendtest: the chosen mail with sample data to one address. */
      sendTest: (body: TrackingMailSendTest) => call('POST', '/api/trackingmail/sendtest', trackingMailSendTestResponseSchema, { body }),
      /** GET trackingmail/: the stored mails, newest first (the outbox tab). */
      list: (query: { page?: number; page_size?: number } = {}) => call('GET', '/api/trackingmail/', trackingMailListResponseSchema, { query }),
      /** GET trackingmail/{id}: one stored mail with its HTML and text. */
      get: (id: string) => call('GET', `/api/trackingmail/${encodeURIComponent(id)}`, trackingMailDetailResponseSchema),
      /** GET public/tracking/{token}: the public tracking page (no login). */
      publicTracking: (token: string) => call('GET', `/api/public/tracking/${encodeURIComponent(token)}`, publicTrackingResponseSchema),
    },
    pickupPoints: {
      /** GET pickup-points/: a search text, or two of street, zip_code and city; all couriers with pickup points or one. */
      search: (query: PickupPointQuery) => call('GET', '/api/pickup-points/', pickupPointsResponseSchema, { query }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Reads the body of an answer; a connection lost meanwhile is a NetworkError. */
async function answerOf<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** The error of a failed answer: its error body, or a generic one when it has none (a proxy's page, an empty body). */
async function apiErrorOf(response: Response): Promise<ApiError> {
  let json: unknown = null;
  try {
    const text = await response.text();
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON, or not readable: the generic body below.
  }
  const parsed = errorBodySchema.safeParse(json);
  return new ApiError(
    parsed.success
      ? parsed.data
      : {
          status: response.status,
          message: dialogTexts.genericMessage,
          message_code: 'default',
          type: response.status === 401 ? 'authentication' : 'programming',
          fields: {},
          errors: [],
        },
  );
}
