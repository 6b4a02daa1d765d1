import { z } from 'zod';
import { carrierLabelTexts, carrierSettingsTexts } from '@verzendhuis/domain/carriers-texts';
import { carrierFetch } from '../http';
import type { OutboundFetch } from '../../http/outbound';
import { formatDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';
import { splitStreet } from '@verzendhuis/domain/street-split';
import { CarrierError, houseNumberParts, type CarrierAdapter, type CarrierAddress, type CarrierPickupPoint, type CarrierShipmentRequest } from '../types';
import { postnlMeta } from './meta';
import { postnlProductCode } from './product-code';
import { postnlPickupPoints, postnlTrack } from './tracking';
import { compactPostcode } from '../postcode';

/** What a user enters to link a PostNL contract (stored encrypted). */
export const postnlSettingsSchema = z.object({
  api_key: z.string({ error: carrierSettingsTexts.apiKeyRequired('PostNL') }).trim().min(1, { error: carrierSettingsTexts.apiKeyRequired('PostNL') }),
  customer_code: z.string().trim().regex(/^[A-Z]{1,4}$/, { error: carrierSettingsTexts.customerCodeInvalid }),
  customer_number: z.string().trim().regex(/^[0-9]{1,10}$/, { error: carrierSettingsTexts.customerNumberInvalid }),
  base_url: z.url({ error: carrierSettingsTexts.baseUrlInvalid }).default('https://api.postnl.nl'),
});
type PostnlSettings = z.infer<typeof postnlSettingsSchema>;

const texts = {
  refused: (reason: string) => carrierLabelTexts.refused('PostNL', reason),
  unavailable: carrierLabelTexts.unavailable('PostNL'),
  timeout: carrierLabelTexts.timeout('PostNL'),
  unreadable: carrierLabelTexts.unreadable('PostNL'),
  addressRefused: carrierLabelTexts.addressRefused('PostNL'),
} as const;

async function call(settings: PostnlSettings, path: string, init: { method: string; body?: unknown; signal: AbortSignal; fetch: OutboundFetch | undefined }): Promise<unknown> {
  const { status, body } = await carrierFetch(
    `${settings.base_url.replace(/\/$/, '')}${path}`,
    {
      method: init.method,
      headers: { apikey: settings.api_key, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
      fetch: init.fetch,
    },
    texts,
  );
  if (status >= 400) {
    // PostNL's documented refusal (Errors[].Description: what is wrong with the shipment) is
    // shown; any other answer (a gateway's fault text, an HTML page) is logged, never shown.
    const errors = body?.Errors as { Description?: string }[] | undefined;
    const reason = Array.isArray(errors) ? errors.map((e) => (typeof e?.Description === 'string' ? e.Description.slice(0, 300) : '')).filter(Boolean).join('; ') : '';
    if (reason) throw new CarrierError('refused', texts.refused(reason));
    console.warn(`PostNL answered ${status} without a documented refusal`, JSON.stringify(body)?.slice(0, 2000));
    throw new CarrierError('refused', carrierLabelTexts.refusedUnexplained('PostNL', status));
  }
  return body;
}

/** One party in PostNL's address shape; a company (the organisation) goes by its CompanyName only. */
function postnlAddress(addressType: string, a: CarrierAddress) {
  const { number, addition } = houseNumberParts(a);
  return {
    AddressType: addressType,
    Name: a.name || undefined,
    CompanyName: a.company_name || undefined,
    Street: a.address_1,
    HouseNr: number,
    HouseNrExt: addition,
    Zipcode: a.zipcode.replace(/\s+/g, ''),
    City: a.city,
    Countrycode: a.country,
  };
}

/**
 * The customer and the shop of a shipment. PostNL keeps the consumer as the receiver
 * (type 01) on a return too; the shop is the sender (02), on a return the return
 * address (08) and product 2285 (docs/carriers.md; UNVERIFIED beyond the public examples).
 */
function parties(request: CarrierShipmentRequest): { consumer: CarrierAddress; shop: CarrierAddress } {
  return request.isReturn ? { consumer: request.sender, shop: request.receiver } : { consumer: request.receiver, shop: request.sender };
}

/**
 * A pickup point as PostNL's address type 09 (the delivery location, domain notes): the
 * point's name as CompanyName, its street split from the house number, the customer's
 * country. LocationCode is not part of the documented address (UNVERIFIED, docs/carriers.md).
 */
function postnlPickupAddress(point: CarrierPickupPoint, country: string) {
  const { street, housenumber, addition } = splitStreet(point.address.street_address);
  return {
    AddressType: '09',
    CompanyName: point.name,
    Street: street,
    HouseNr: housenumber ?? undefined,
    HouseNrExt: addition ?? undefined,
    Zipcode: point.address.zip_code.replace(/\s+/g, '').toUpperCase(),
    City: point.address.city,
    Countrycode: country,
  };
}

function shipment(request: CarrierShipmentRequest, barcode: string, weight: number) {
  const { consumer, shop } = parties(request);
  const product = postnlProductCode({ shipmentType: request.shipmentType, fields: request.courierFields, pickupPoint: !request.isReturn && request.pickupPoint !== undefined, isReturn: request.isReturn });
  // A letterbox parcel (2928) goes through the letterbox whatever point was chosen: only 3533 goes to the point.
  const pickupPoint = product === '3533' ? request.pickupPoint : undefined;
  return {
    Addresses: [
      postnlAddress('01', consumer),
      postnlAddress(request.isReturn ? '08' : '02', shop),
      ...(pickupPoint ? [postnlPickupAddress(pickupPoint, consumer.country)] : []),
    ],
    Barcode: barcode,
    Contacts: [{ ContactType: '01', Email: consumer.email ?? undefined, SMSNr: consumer.phone ?? undefined }],
    Dimension: { Weight: weight },
    ProductCodeDelivery: product,
    Reference: request.reference,
  };
}

/** PostNL: a 3S barcode per parcel, then the label with confirm=true (domain notes). */
export const postnlCarrier: CarrierAdapter = {
  meta: postnlMeta,
  settingsSchema: postnlSettingsSchema,
  /**
   * PostNL publishes no rate for its label call (domain notes: at most 5 domestic
   * shipments per confirm call, and we send one): our default, 16 at a time and 3,000 a
   * minute, makes 1,000 labels of a carrier answering in 300 ms in ~19 s (UNVERIFIED).
   */
  labelBudget: { concurrency: 16, perMinute: 3_000 },
  /** PostNL's track and trace: barcode, destination country and postcode in the path (jouw.postnl.nl). */
  trackingUrl({ trackingNumber, country, zipcode }) {
    const parcel = [trackingNumber, country, compactPostcode(zipcode)].map(encodeURIComponent).join('-');
    return `https://jouw.postnl.nl/track-and-trace/${parcel}`;
  },
  async createShipment(request, context) {
    const settings = postnlSettingsSchema.parse(context.settings);
    const labels = [];
    for (const pkg of request.packages) {
      const query = new URLSearchParams({ CustomerCode: settings.customer_code, CustomerNumber: settings.customer_number, Type: '3S', Serie: '000000000-999999999' });
      const { Barcode: barcode } = (await call(settings, `/shipment/v1_1/barcode?${query}`, { method: 'GET', signal: context.signal, fetch: context.fetch })) as { Barcode: string };
      const answer = (await call(settings, '/shipment/v2_2/label?confirm=true', {
        method: 'POST',
        signal: context.signal,
        fetch: context.fetch,
        body: {
          Customer: {
            CustomerCode: settings.customer_code,
            CustomerNumber: settings.customer_number,
            Address: postnlAddress('02', parties(request).shop),
          },
          Message: { MessageID: '1', MessageTimeStamp: formatDutchTimestamp(new Date()), Printertype: 'GraphicFile|PDF' },
          Shipments: [shipment(request, barcode, pkg.weight)],
        },
      })) as { ResponseShipments?: { Barcode: string; Labels?: { Content: string }[] }[] } | null;
      const content = answer?.ResponseShipments?.[0]?.Labels?.[0]?.Content;
      if (!content) throw new CarrierError('refused', texts.refused(carrierLabelTexts.noLabelInAnswer));
      labels.push({
        trackingNumber: barcode,
        trackingUrl: postnlCarrier.trackingUrl({ trackingNumber: barcode, country: request.receiver.country, zipcode: request.receiver.zipcode }),
        labelPdf: Buffer.from(content, 'base64'),
      });
    }
    return labels;
  },
  async track(request, context) {
    return postnlTrack(postnlSettingsSchema.parse(context.settings), request, context.signal, context.fetch);
  },
  async pickupPoints(query, context) {
    return postnlPickupPoints(postnlSettingsSchema.parse(context.settings), query, context.signal, context.fetch);
  },
};
