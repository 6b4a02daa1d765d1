import { z } from 'zod';
import { carrierLabelTexts, carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { carrierFetch } from '../http';
import { CarrierError, type CarrierIo } from '../types';

/** What a user enters to link a GLS contract (stored sealed; the key and the password are never answered). */
export const glsSettingsSchema = z.object({
  subscription_key: z.string({ error: carrierSettingsTexts.glsSubscriptionKeyRequired }).trim().min(1, { error: carrierSettingsTexts.glsSubscriptionKeyRequired }),
  username: z.string({ error: carrierSettingsTexts.glsUsernameRequired }).trim().min(1, { error: carrierSettingsTexts.glsUsernameRequired }),
  password: z.string({ error: carrierSettingsTexts.glsPasswordRequired }).min(1, { error: carrierSettingsTexts.glsPasswordRequired }),
  customer_number: z.string({ error: carrierSettingsTexts.glsCustomerNumberInvalid }).trim().regex(/^\d+$/, { error: carrierSettingsTexts.glsCustomerNumberInvalid }),
  base_url: z.url({ error: carrierSettingsTexts.baseUrlInvalid }).default('https://api.gls.nl/V1/api'),
});
export type GlsSettings = z.infer<typeof glsSettingsSchema>;

export const glsTexts = {
  login: carrierLabelTexts.glsLoginRefused,
  unavailable: carrierLabelTexts.unavailable('GLS'),
  timeout: carrierLabelTexts.timeout('GLS'),
} as const;

/** GLS NL's API paths under base_url (domain notes). Tracking lives on its own root, `…/tt/V1/api`. */
export const glsPaths = {
  label: '/Label/Create',
  delete: '/Label/Delete',
  shopReturn: '/ShopReturn/Create',
  parcelShops: '/ParcelShop/GetParcelShops',
  tracking: '/parcel/v1/details',
} as const;

/** GLS's answer envelope: `error` true on a refusal, with its `message` and `errors`. */
export interface GlsEnvelope {
  error?: boolean;
  message?: string;
  errors?: unknown;
}

const root = (settings: GlsSettings) => settings.base_url.replace(/\/$/, '');
/** `https://api.gls.nl/V1/api` → `https://api.gls.nl/tt/V1/api` (UNVERIFIED for the test root `/Test/V1/api`). */
const trackingRoot = (settings: GlsSettings) => root(settings).replace(/\/V1\/api$/i, '/tt/V1/api');

/**
 * One call of GLS's API: POST JSON with the header `Ocp-Apim-Subscription-Key` and
 * `?api-version=1.0`, the credentials in the body (GLS has no token: `username`/`password`,
 * tracking `userName`). A 401 is GLS refusing the credentials (or the key): the login text.
 */
export async function glsCall(
  settings: GlsSettings,
  path: string,
  payload: Record<string, unknown>,
  io: CarrierIo,
  callTexts: { unavailable: string; timeout: string; rateLimited?: string } = glsTexts,
): Promise<{ status: number; body: (Record<string, unknown> & GlsEnvelope) | null }> {
  const tracking = path === glsPaths.tracking;
  const credentials = tracking ? { userName: settings.username, password: settings.password } : { username: settings.username, password: settings.password };
  const answer = await carrierFetch(
    `${tracking ? trackingRoot(settings) : root(settings)}${path}?api-version=1.0`,
    { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'Ocp-Apim-Subscription-Key': settings.subscription_key }, body: JSON.stringify({ ...credentials, ...payload }), signal: io.signal, fetch: io.fetch },
    callTexts,
  );
  if (answer.status === 401 || answer.status === 403) throw new CarrierError('refused', glsTexts.login);
  return answer;
}

/** The words of GLS's refusal (message and errors), for recognising what a user can act on; never shown as they are. */
export function glsReasonWords(body: GlsEnvelope | null): string {
  const errors = Array.isArray(body?.errors) ? body.errors : body?.errors ? [body.errors] : [];
  const parts = errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  return [body?.message ?? '', ...parts].join(' ');
}

/**
 * Checks a contract's credentials when it is linked: GLS has no login call, so it is asked
 * for one ParcelShop (free). Field errors, or null when GLS takes them.
 */
export async function glsVerify(settings: GlsSettings, io: CarrierIo): Promise<Record<string, string[]> | null> {
  try {
    const { status } = await glsCall(settings, glsPaths.parcelShops, { zipCode: '3511AB', countryCode: 'NL', amountOfShops: 1 }, io);
    return status < 400 ? null : { 'fields.base_url': [carrierSettingsTexts.glsUnreachable] };
  } catch (error) {
    if (error instanceof CarrierError && error.kind === 'refused') return { 'fields.password': [carrierSettingsTexts.glsCredentialsRefused] };
    return { 'fields.base_url': [carrierSettingsTexts.glsUnreachable] };
  }
}
