import { z } from 'zod';
import { carrierLabelTexts, carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { carrierFetch } from '../http';
import { createTokenCache, loginFieldErrors, TokenRejectedError, type CarrierToken } from '../token-cache';
import { CarrierError, type CarrierIo } from '../types';

/** What a user enters to link a DPD contract (stored sealed; the password is never answered). */
export const dpdSettingsSchema = z.object({
  delis_id: z.string({ error: carrierSettingsTexts.delisIdRequired }).trim().min(1, { error: carrierSettingsTexts.delisIdRequired }),
  password: z.string({ error: carrierSettingsTexts.passwordRequired }).min(1, { error: carrierSettingsTexts.passwordRequired }),
  base_url: z.url({ error: carrierSettingsTexts.baseUrlInvalid }).default('https://wsshipper.dpd.nl'),
});
export type DpdSettings = z.infer<typeof dpdSettingsSchema>;

export const dpdTexts = {
  refused: (reason: string) => carrierLabelTexts.refused('DPD', reason),
  login: carrierLabelTexts.dpdLoginRefused,
  unavailable: carrierLabelTexts.unavailable('DPD'),
  timeout: carrierLabelTexts.timeout('DPD'),
} as const;

/** The REST paths of DPD's Shipper Webservices (UNVERIFIED: the public documents describe the SOAP services; docs/carriers.md). */
export const dpdPaths = {
  login: '/rest/services/LoginService/V2_1/getAuth',
  storeOrders: '/rest/services/ShipmentService/V3_5/storeOrders',
  parcelShops: '/rest/services/ParcelShopFinderService/V5_0/findParcelShops',
  tracking: '/rest/services/ParcelLifeCycleService/V2_0/getTrackingData',
} as const;

interface DpdStatus {
  code?: string;
  message?: string;
}

export const statusOf = (body: Record<string, unknown> | null): DpdStatus => (body?.status ?? {}) as DpdStatus;
/** A login refused (DELICOM_ERR_AUTHENTICATION, with a 500) or a token DPD no longer takes (401, LOGIN_*; UNVERIFIED codes). */
const isAuthenticationFault = (body: Record<string, unknown> | null) => /^(DELICOM_ERR_AUTHENTICATION|LOGIN_\d+)$/.test(statusOf(body).code ?? '');

/** A login of 24 hours (domain notes), used until ten minutes before it ends, shared by concurrent calls. */
export const dpdTokens = createTokenCache({ marginMs: 10 * 60_000 });

const root = (settings: DpdSettings) => settings.base_url.replace(/\/$/, '');
export const dpdCredentials = (settings: DpdSettings) => ['dpd', root(settings), settings.delis_id, settings.password];

/** The depot of the login: storeOrders needs it as sendingDepot. */
export const dpdDepots = new Map<string, string>();

export async function dpdLogin(settings: DpdSettings, io: CarrierIo): Promise<CarrierToken> {
  const { status, body } = await carrierFetch(
    `${root(settings)}${dpdPaths.login}`,
    { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ delisId: settings.delis_id, password: settings.password, messageLanguage: 'nl_NL' }), signal: io.signal, fetch: io.fetch },
    dpdTexts,
    { answersOn5xx: isAuthenticationFault },
  );
  const answer = (body?.getAuthResponse as { return?: { authToken?: unknown; depot?: unknown; authTokenExpires?: unknown } } | undefined)?.return;
  if (status !== 200 || typeof answer?.authToken !== 'string') throw new CarrierError('refused', dpdTexts.login);
  if (typeof answer.depot === 'string') dpdDepots.set(settings.delis_id, answer.depot);
  const expires = typeof answer.authTokenExpires === 'string' ? Date.parse(answer.authTokenExpires) : Number.NaN;
  return { token: answer.authToken, expiresAt: Number.isNaN(expires) ? Date.now() + 24 * 3600_000 : expires };
}

/**
 * One call of a DPD service with the cached login: the headers delisId, authToken and
 * messageLanguage (UNVERIFIED as headers of the REST form; SOAP carries them as the
 * `authentication` header). A token DPD refuses is renewed once (token-cache.ts).
 */
export async function dpdCall(settings: DpdSettings, path: string, payload: unknown, io: CarrierIo, callTexts: { unavailable: string; timeout: string; rateLimited?: string } = dpdTexts): Promise<{ status: number; body: Record<string, unknown> | null }> {
  try {
    return await dpdTokens.withToken(
      dpdCredentials(settings),
      () => dpdLogin(settings, io),
      async (token) => {
        const answer = await carrierFetch(
          `${root(settings)}${path}`,
          { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', delisId: settings.delis_id, authToken: token, messageLanguage: 'nl_NL' }, body: JSON.stringify(payload), signal: io.signal, fetch: io.fetch },
          callTexts,
          { answersOn5xx: isAuthenticationFault },
        );
        if (answer.status === 401 || isAuthenticationFault(answer.body)) throw new TokenRejectedError();
        return answer;
      },
    );
  } catch (error) {
    if (error instanceof TokenRejectedError) throw new CarrierError('refused', dpdTexts.login);
    throw error;
  }
}

/** Checks a contract's login when it is linked (getAuth costs no shipment): field errors, or null when DPD takes it. */
export async function dpdVerify(settings: DpdSettings, io: CarrierIo): Promise<Record<string, string[]> | null> {
  return loginFieldErrors(() => dpdTokens.token(dpdCredentials(settings), () => dpdLogin(settings, io)), {
    refused: { 'fields.password': [carrierSettingsTexts.dpdCredentialsRefused] },
    unreachable: { 'fields.base_url': [carrierSettingsTexts.dpdUnreachable] },
  });
}
