import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { carrierLabelTexts, carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { carrierFetch } from '../http';
import type { OutboundFetch } from '../../http/outbound';
import { CarrierError, houseNumberParts, type CarrierAdapter, type CarrierAddress, type CarrierIo } from '../types';
import { dhlMeta } from './meta';
import { dhlOptions, dhlParcelType } from './options';
import { dhlPickupPoints, dhlTrack } from './tracking';
import { compactPostcode } from '../postcode';

export const dhlSettingsSchema = z.object({
  user_id: z.string({ error: carrierSettingsTexts.userIdRequired('DHL') }).trim().min(1, { error: carrierSettingsTexts.userIdRequired('DHL') }),
  api_key: z.string({ error: carrierSettingsTexts.apiKeyRequired('DHL') }).trim().min(1, { error: carrierSettingsTexts.apiKeyRequired('DHL') }),
  account_id: z.string().trim().regex(/^[0-9]{1,12}$/, { error: carrierSettingsTexts.accountNumberInvalid }),
  base_url: z.url({ error: carrierSettingsTexts.baseUrlInvalid }).default('https://api-gw.dhlparcel.nl'),
});
type DhlSettings = z.infer<typeof dhlSettingsSchema>;

const texts = {
  refused: (reason: string) => carrierLabelTexts.refused('DHL', reason),
  login: carrierLabelTexts.dhlLoginRefused,
  unavailable: carrierLabelTexts.unavailable('DHL'),
  timeout: carrierLabelTexts.timeout('DHL'),
  unreadable: carrierLabelTexts.unreadable('DHL'),
  addressRefused: carrierLabelTexts.addressRefused('DHL'),
} as const;

/**
 * Access tokens (about 15 minutes) per set of credentials, renewed a minute before
 * they end; parallel label calls share one login.
 */
const tokens = new Map<string, Promise<{ token: string; until: number }>>();

const request = (url: string, init: RequestInit & { signal: AbortSignal; fetch: OutboundFetch | undefined }) => carrierFetch(url, init, texts);

async function login(settings: DhlSettings, signal: AbortSignal, fetch: OutboundFetch | undefined): Promise<{ token: string; until: number }> {
  const { status, body } = await request(`${settings.base_url.replace(/\/$/, '')}/authenticate/api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ userId: settings.user_id, key: settings.api_key }),
    signal,
    fetch,
  });
  const token = typeof body?.accessToken === 'string' ? body.accessToken : null;
  if (status !== 200 || !token) throw new CarrierError('refused', texts.login);
  const expires = typeof body?.accessTokenExpiration === 'number' ? body.accessTokenExpiration * 1000 : Date.now() + 15 * 60_000;
  return { token, until: expires - 60_000 };
}

async function accessToken(settings: DhlSettings, signal: AbortSignal, fetch: OutboundFetch | undefined): Promise<string> {
  const key = createHash('sha256').update(`${settings.base_url}|${settings.user_id}|${settings.api_key}`).digest('hex');
  const cached = tokens.get(key);
  if (cached) {
    const entry = await cached.catch(() => null);
    if (entry && entry.until > Date.now()) return entry.token;
    if (tokens.get(key) === cached) tokens.delete(key);
  }
  const pending = tokens.get(key) ?? login(settings, signal, fetch);
  tokens.set(key, pending);
  pending.catch(() => tokens.delete(key));
  return (await pending).token;
}

/** One party in DHL's shape; a company (the organisation) goes by its companyName only, as a business address. */
function dhlParty(a: CarrierAddress) {
  const { number, addition } = houseNumberParts(a);
  return {
    name: a.name ? { firstName: '', lastName: a.name, companyName: a.company_name || undefined } : { companyName: a.company_name || undefined },
    address: { countryCode: a.country, postalCode: a.zipcode.replace(/\s+/g, ''), city: a.city, street: a.address_1, number, addition, isBusiness: Boolean(a.company_name) },
    email: a.email ?? undefined,
    phoneNumber: a.phone ?? undefined,
  };
}

/** DHL Parcel NL: an API-key login for a JWT, then one label per parcel (domain notes). */
/**
 * The label just made, again as ZPL: `GET /labels/{labelId}` with `Accept: application/zpl`
 * (UNVERIFIED, docs/carriers.md "ZPL"). The shipment exists already, so a failure here only
 * leaves the label without its ZPL (it prints from its PDF); it never fails the label.
 */
async function dhlLabelZpl(settings: DhlSettings, token: string, labelId: string, context: CarrierIo): Promise<{ labelZpl?: Buffer }> {
  try {
    const response = await (context.fetch ?? fetch)(`${settings.base_url.replace(/\/$/, '')}/labels/${encodeURIComponent(labelId)}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/zpl' },
      signal: context.signal,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return response.ok ? { labelZpl: bytes } : {};
  } catch {
    return {};
  }
}

export const dhlCarrier: CarrierAdapter = {
  meta: dhlMeta,
  settingsSchema: dhlSettingsSchema,
  /** DHL Parcel publishes no rate for POST /labels: our default, 8 at a time and 1,200 a minute (UNVERIFIED). */
  labelBudget: { concurrency: 8, perMinute: 1_200 },
  /** DHL Parcel's track and trace: tracker code and postcode in the path (my.dhlparcel.nl). */
  trackingUrl({ trackingNumber, zipcode }) {
    return `https://my.dhlparcel.nl/home/tracktrace/${encodeURIComponent(trackingNumber)}/${encodeURIComponent(compactPostcode(zipcode))}`;
  },
  async createShipment(shipment, context) {
    const settings = dhlSettingsSchema.parse(context.settings);
    const token = await accessToken(settings, context.signal, context.fetch);
    const r = shipment.receiver;
    const labels = [];
    for (const pkg of shipment.packages) {
      const labelId = randomUUID();
      const { status, body } = await request(`${settings.base_url.replace(/\/$/, '')}/labels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        signal: context.signal,
        fetch: context.fetch,
        body: JSON.stringify({
          labelId,
          labelFormat: 'pdf',
          orderReference: shipment.reference,
          parcelTypeKey: dhlParcelType(pkg.weight),
          receiver: dhlParty(r),
          shipper: dhlParty(shipment.sender),
          accountId: settings.account_id,
          // A pickup point: option PS with the parcel shop's id; the receiver stays the customer (domain notes).
          options: dhlOptions({ shipmentType: shipment.shipmentType, fields: shipment.courierFields, parcelShopId: shipment.pickupPoint?.id, isReturn: shipment.isReturn }),
          // A return: the customer ships to the shop (shipper and receiver as on the parcel), UNVERIFIED (docs/carriers.md).
          returnLabel: shipment.isReturn || undefined,
        }),
      });
      if (status !== 200 && status !== 201) {
        const reason = typeof body?.message === 'string' ? body.message : `status ${status}`;
        throw new CarrierError('refused', texts.refused(reason));
      }
      const trackerCode = typeof body?.trackerCode === 'string' ? body.trackerCode : null;
      const pdf = typeof body?.pdf === 'string' ? body.pdf : null;
      if (!trackerCode || !pdf) throw new CarrierError('refused', texts.refused(carrierLabelTexts.noLabelInAnswer));
      labels.push({
        trackingNumber: trackerCode,
        trackingUrl: dhlCarrier.trackingUrl({ trackingNumber: trackerCode, country: r.country, zipcode: r.zipcode }),
        labelPdf: Buffer.from(pdf, 'base64'),
        // A ZPL printer: the same label again as ZPL (never a second shipment; docs/printing.md, "ZPL or PDF").
        ...(shipment.labelFormat === 'zpl' ? await dhlLabelZpl(settings, token, labelId, context) : {}),
      });
    }
    return labels;
  },
  async track(request, context) {
    return dhlTrack(dhlSettingsSchema.parse(context.settings).base_url, request, context.signal, context.fetch);
  },
  async pickupPoints(query, context) {
    return dhlPickupPoints(dhlSettingsSchema.parse(context.settings).base_url, query, context.signal, context.fetch);
  },
};
