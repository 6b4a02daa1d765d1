import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { carrierLabelTexts, carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { carrierFetch } from '../http';
import { CarrierError, type CarrierIo } from '../types';

/** The Shipping Manager's production root; the account id follows it (domain notes; host UNVERIFIED). */
export const bpostProductionUrl = 'https://shm-rest.bpost.cloud/services/shm';

/** What a user enters to link a bpost Shipping Manager account (stored sealed; the passphrase is never answered). */
export const bpostSettingsSchema = z.object({
  account_id: z.string({ error: carrierSettingsTexts.bpostAccountIdInvalid }).trim().regex(/^\d+$/, { error: carrierSettingsTexts.bpostAccountIdInvalid }),
  passphrase: z.string({ error: carrierSettingsTexts.bpostPassphraseRequired }).min(1, { error: carrierSettingsTexts.bpostPassphraseRequired }),
  base_url: z.url({ error: carrierSettingsTexts.baseUrlInvalid }).default(bpostProductionUrl),
});
export type BpostSettings = z.infer<typeof bpostSettingsSchema>;

export const bpostTexts = {
  login: carrierLabelTexts.bpostLoginRefused,
  unavailable: carrierLabelTexts.unavailable('bpost'),
  timeout: carrierLabelTexts.timeout('bpost'),
  unreadable: carrierLabelTexts.unreadable('bpost'),
} as const;

/** The media types of the Shipping Manager's XML (domain notes; the versions UNVERIFIED). */
export const bpostMediaTypes = {
  order: 'application/vnd.bpost.shm-order-v5+XML',
  labelPdf: 'application/vnd.bpost.shm-label-pdf-v3.4+XML',
  /** An order's status change, e.g. CANCELLED (UNVERIFIED version). */
  orderUpdate: 'application/vnd.bpost.shm-orderUpdate-v5+XML',
  productConfig: 'application/vnd.bpost.shm-productConfiguration-v3.1+XML',
} as const;

/** The namespaces of an order (v5): the order itself, national and international boxes, and the common parts. */
export const bpostNamespaces = {
  tns: 'http://schema.post.be/shm/deepintegration/v5/',
  national: 'http://schema.post.be/shm/deepintegration/v5/national',
  international: 'http://schema.post.be/shm/deepintegration/v5/international',
  common: 'http://schema.post.be/shm/deepintegration/v5/common',
} as const;

/**
 * Where each bpost API lives: the Shipping Manager at base_url/{accountId}; the pudo Locator
 * and track & trace on their own hosts in production. A base_url other than production's
 * (a test or a sandbox) serves all three at its origin (UNVERIFIED: bpost has no public sandbox).
 */
export function bpostRoots(settings: BpostSettings) {
  const base = settings.base_url.replace(/\/$/, '');
  const production = base === bpostProductionUrl;
  const origin = new URL(base).origin;
  return {
    shm: `${base}/${encodeURIComponent(settings.account_id)}`,
    pudo: production ? 'https://pudo.bpost.be' : origin,
    track: production ? 'https://track.bpost.cloud' : origin,
  };
}

/** Element names read as lists, whether bpost sends one or many. */
const listElements = new Set(['label', 'box', 'error', 'Record', 'Poi', 'item', 'event', 'barcode']);

export const bpostXml = {
  parser: new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true, isArray: (name) => listElements.has(name) }),
  builder: new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: true }),
};

/**
 * Reads an XML answer into an object. A body that is no XML (a gateway's plain 401) is null,
 * read by its status; broken XML throws (an unreadable answer).
 */
export function parseBpostXml(text: string): Record<string, unknown> | null {
  if (!text.trimStart().startsWith('<')) return null;
  return bpostXml.parser.parse(text, true) as Record<string, unknown>;
}

/** Builds an XML document from an object (fast-xml-parser's shape: `@` attributes). */
export const buildBpostXml = (document: Record<string, unknown>): string => `<?xml version="1.0" encoding="UTF-8"?>\n${bpostXml.builder.build(document) as string}`;

/**
 * One call of a bpost API: HTTP Basic accountId:passphrase, XML in and out. A 401 or 403 is
 * bpost refusing the credentials: the login text.
 */
export async function bpostCall(
  settings: BpostSettings,
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; accept?: string; contentType?: string; body?: string },
  io: CarrierIo,
  callTexts: { unavailable: string; timeout: string; rateLimited?: string; unreadable?: string } = bpostTexts,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const authorization = `Basic ${Buffer.from(`${settings.account_id}:${settings.passphrase}`).toString('base64')}`;
  const headers: Record<string, string> = { authorization, accept: init.accept ?? 'application/xml' };
  if (init.contentType) headers['content-type'] = init.contentType;
  const answer = await carrierFetch(url, { method: init.method, headers, body: init.body, signal: io.signal, fetch: io.fetch }, callTexts, { parse: parseBpostXml });
  if (answer.status === 401 || answer.status === 403) throw new CarrierError('refused', bpostTexts.login);
  return answer;
}

/** The words of bpost's XML refusal (businessException's code and message, invalidSelection's errors); never shown as they are. */
export function bpostReasonWords(body: Record<string, unknown> | null): string {
  const business = body?.businessException as { code?: unknown; message?: unknown } | undefined;
  const invalid = body?.invalidSelection as { error?: unknown[] } | undefined;
  return [business?.code, business?.message, ...(invalid?.error ?? [])].filter((w) => typeof w === 'string').join(' ');
}

/**
 * Checks an account when it is linked: GET /{accountId}/productconfig (it costs no
 * shipment). Field errors, or null when bpost takes the credentials.
 */
export async function bpostVerify(settings: BpostSettings, io: CarrierIo): Promise<Record<string, string[]> | null> {
  try {
    const { status } = await bpostCall(settings, `${bpostRoots(settings).shm}/productconfig`, { method: 'GET', accept: bpostMediaTypes.productConfig }, io);
    return status < 400 ? null : { 'fields.base_url': [carrierSettingsTexts.bpostUnreachable] };
  } catch (error) {
    if (error instanceof CarrierError && error.kind === 'refused' && error.message === bpostTexts.login) return { 'fields.passphrase': [carrierSettingsTexts.bpostCredentialsRefused] };
    return { 'fields.base_url': [carrierSettingsTexts.bpostUnreachable] };
  }
}
