import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { carrierLabelTexts, carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { carrierFetch } from '../http';
import { createTokenCache, loginFieldErrors, TokenRejectedError, type CarrierToken } from '../token-cache';
import { CarrierError, type CarrierIo } from '../types';

/** What a user enters to link a UPS contract: the app's OAuth client (stored sealed; the secret is never answered) and the shipper account. */
export const upsSettingsSchema = z.object({
  client_id: z.string({ error: carrierSettingsTexts.clientIdRequired('UPS') }).trim().min(1, { error: carrierSettingsTexts.clientIdRequired('UPS') }),
  client_secret: z.string({ error: carrierSettingsTexts.clientSecretRequired('UPS') }).min(1, { error: carrierSettingsTexts.clientSecretRequired('UPS') }),
  account_number: z
    .string({ error: carrierSettingsTexts.upsAccountNumberInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6}$/, { error: carrierSettingsTexts.upsAccountNumberInvalid }),
  base_url: z.url({ error: carrierSettingsTexts.baseUrlInvalid }).default('https://onlinetools.ups.com'),
});
export type UpsSettings = z.infer<typeof upsSettingsSchema>;

export const upsTexts = {
  refused: (reason: string) => carrierLabelTexts.refused('UPS', reason),
  login: carrierLabelTexts.upsLoginRefused,
  unavailable: carrierLabelTexts.unavailable('UPS'),
  timeout: carrierLabelTexts.timeout('UPS'),
} as const;

/** UPS's paths (domain notes): OAuth, Shipping v2409 (ship, void), Tracking v1, Locator v3 (Access Points, request option 64). */
export const upsPaths = {
  token: '/security/v1/oauth/token',
  ship: '/api/shipments/v2409/ship',
  void: (shipmentId: string) => `/api/shipments/v2409/void/cancel/${encodeURIComponent(shipmentId)}`,
  track: (trackingNumber: string) => `/api/track/v1/details/${encodeURIComponent(trackingNumber)}`,
  accessPoints: '/api/locations/v3/search/availabilities/64',
  /** Label Recovery: a shipment's label again, in another format (version UNVERIFIED). */
  recovery: '/api/labels/v1/recovery',
} as const;

/** UPS's error shape: `{response: {errors: [{code, message}]}}`; the first one. */
export function upsErrorOf(body: Record<string, unknown> | null): { code: string; message: string } {
  const first = (body?.response as { errors?: { code?: unknown; message?: unknown }[] } | undefined)?.errors?.[0];
  return { code: typeof first?.code === 'string' ? first.code : '', message: typeof first?.message === 'string' ? first.message : '' };
}

/** A token UPS no longer takes: 401 with code 250002 ("Invalid Authentication Information"), or any 401 of a call. */
const isTokenRejected = (status: number) => status === 401;

/** OAuth tokens of about 4 hours (expires_in 14399 s), used until five minutes before they end, shared by concurrent calls. */
export const upsTokens = createTokenCache({ marginMs: 5 * 60_000 });

const root = (settings: UpsSettings) => settings.base_url.replace(/\/$/, '');
export const upsCredentials = (settings: UpsSettings) => ['ups', root(settings), settings.client_id, settings.client_secret];

/** client_credentials with HTTP Basic client_id:client_secret; a refusal (401, code 10401) is a `refused` CarrierError. */
export async function upsLogin(settings: UpsSettings, io: CarrierIo): Promise<CarrierToken> {
  const basic = Buffer.from(`${settings.client_id}:${settings.client_secret}`).toString('base64');
  const { status, body } = await carrierFetch(
    `${root(settings)}${upsPaths.token}`,
    { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-merchant-id': settings.account_number }, body: 'grant_type=client_credentials', signal: io.signal, fetch: io.fetch },
    upsTexts,
  );
  if (status !== 200 || typeof body?.access_token !== 'string') throw new CarrierError('refused', upsTexts.login);
  const seconds = Number(body.expires_in);
  return { token: body.access_token, expiresAt: Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000 };
}

/**
 * One call of a UPS API with the cached token (`Authorization: Bearer`, `transId`,
 * `transactionSrc`). A token UPS refuses (401) is renewed once (token-cache.ts); a second
 * refusal is the login's Dutch message.
 */
export async function upsCall(
  settings: UpsSettings,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload: unknown,
  io: CarrierIo,
  callTexts: { unavailable: string; timeout: string; rateLimited?: string } = upsTexts,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  try {
    return await upsTokens.withToken(
      upsCredentials(settings),
      () => upsLogin(settings, io),
      async (token) => {
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json', transId: randomUUID().replace(/-/g, ''), transactionSrc: 'verzendhuis' };
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const answer = await carrierFetch(`${root(settings)}${path}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload), signal: io.signal, fetch: io.fetch }, callTexts);
        if (isTokenRejected(answer.status)) throw new TokenRejectedError();
        return answer;
      },
    );
  } catch (error) {
    if (error instanceof TokenRejectedError) throw new CarrierError('refused', upsTexts.login);
    throw error;
  }
}

/** Checks a contract when it is linked: a token costs no shipment. Field errors, or null when UPS takes it. */
export async function upsVerify(settings: UpsSettings, io: CarrierIo): Promise<Record<string, string[]> | null> {
  return loginFieldErrors(() => upsTokens.token(upsCredentials(settings), () => upsLogin(settings, io)), {
    refused: { 'fields.client_secret': [carrierSettingsTexts.upsCredentialsRefused] },
    unreachable: { 'fields.base_url': [carrierSettingsTexts.upsUnreachable] },
  });
}
