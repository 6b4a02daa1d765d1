import { randomBytes } from 'node:crypto';
import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { compactPostcode } from '../postcode';
import { CarrierError, houseNumberParts, type CarrierAdapter, type CarrierAddress, type CarrierShipmentRequest } from '../types';
import { bpostCall, bpostMediaTypes, bpostNamespaces, bpostReasonWords, bpostRoots, bpostSettingsSchema, bpostVerify, buildBpostXml, type BpostSettings } from './client';
import { bpostLabelBudget, bpostMeta } from './meta';
import { bpostMaxWeightGrams, bpostOptions, bpostProduct } from './options';
import { bpostPickupPoints, bpostTrack } from './tracking';

/** One party in bpost's common shape: the person (or the company) as name, the company beside a person. */
function party(a: CarrierAddress) {
  const { number, addition } = houseNumberParts(a);
  return {
    'common:name': (a.name || a.company_name || '').slice(0, 40),
    'common:company': a.name && a.company_name ? a.company_name.slice(0, 40) : undefined,
    'common:address': {
      'common:streetName': a.address_1.slice(0, 40),
      'common:number': number.slice(0, 8),
      'common:box': addition?.slice(0, 8),
      'common:postalCode': compactPostcode(a.zipcode),
      'common:locality': a.city.slice(0, 40),
      'common:countryCode': a.country,
    },
    'common:emailAddress': a.email || undefined,
    'common:phoneNumber': a.phone || undefined,
  };
}

/** bpost's refusal in Dutch: an unknown postcode or a parcel too heavy with its reason, anything else a plain sentence (never bpost's raw XML). */
function refusal(body: Record<string, unknown> | null, request: CarrierShipmentRequest): CarrierError {
  const words = bpostReasonWords(body);
  // UNVERIFIED: bpost's codes and wording; the code and the message are read for these words.
  if (/postal ?code|postcode|zip/i.test(words)) return new CarrierError('refused', carrierLabelTexts.bpostUnknownPostcode(request.receiver.zipcode, request.receiver.country));
  if (/weight/i.test(words)) return new CarrierError('refused', carrierLabelTexts.bpostTooHeavy((bpostMaxWeightGrams / 1000).toLocaleString('nl-NL')));
  return new CarrierError('refused', carrierLabelTexts.bpostRefused);
}

const noLabel = () => new CarrierError('refused', carrierLabelTexts.refused('bpost', carrierLabelTexts.noLabelInAnswer));

/** One box of the order: national (to or from Belgium) at home or at a bpost point, or international. */
function box(request: CarrierShipmentRequest, weight: number): Record<string, unknown> {
  const point = request.isReturn ? undefined : request.pickupPoint;
  // bpost sees the customer's country: the receiver's, or on a return the sender's.
  const country = request.isReturn ? request.sender.country : request.receiver.country;
  const { product, national } = bpostProduct({ shipmentType: request.shipmentType, country, toPickupPoint: Boolean(point), isReturn: request.isReturn });
  const options = bpostOptions({ fields: request.courierFields, national, atHome: !point, isReturn: request.isReturn });
  const sender = { 'tns:sender': party(request.sender) };
  if (!national) {
    return {
      ...sender,
      'tns:internationalBox': {
        'international:international': {
          'international:product': product,
          'international:options': options,
          'international:receiver': party(request.receiver),
          'international:parcelWeight': weight,
        },
      },
    };
  }
  if (point) {
    const receiver = party(request.receiver);
    return {
      ...sender,
      'tns:nationalBox': {
        atBpost: {
          product,
          options,
          weight,
          pugoId: point.id,
          pugoName: point.name.slice(0, 40),
          pugoAddress: { 'common:streetName': point.address.street_address.slice(0, 40), 'common:postalCode': compactPostcode(point.address.zip_code), 'common:locality': point.address.city, 'common:countryCode': 'BE' },
          receiverName: receiver['common:name'],
          receiverCompany: receiver['common:company'],
        },
      },
    };
  }
  return { ...sender, 'tns:nationalBox': { atHome: { product, options, weight, receiver: party(request.receiver) } } };
}

/** The order's XML (shm-order-v5): one box per parcel; `reference` unique per account. */
export function bpostOrderXml(settings: BpostSettings, request: CarrierShipmentRequest, reference: string): string {
  return buildBpostXml({
    'tns:order': {
      '@xmlns:tns': bpostNamespaces.tns,
      '@xmlns': bpostNamespaces.national,
      '@xmlns:common': bpostNamespaces.common,
      '@xmlns:international': bpostNamespaces.international,
      'tns:accountId': settings.account_id,
      'tns:reference': reference,
      'tns:box': request.packages.map((p) => box(request, Math.max(1, Math.round(p.weight)))),
    },
  });
}

interface BpostLabel {
  barcode?: string[];
  mimeType?: string;
  bytes?: string;
}

/** bpost's Shipping Manager: POST /orders (XML), then the order's labels as A6 PDFs (10 x 15 cm), one per box. */
export const bpostCarrier: CarrierAdapter = {
  meta: bpostMeta,
  settingsSchema: bpostSettingsSchema,
  labelBudget: bpostLabelBudget,
  /** bpost's public track & trace page (UNVERIFIED format; one function to correct). */
  trackingUrl({ trackingNumber, zipcode }) {
    return `https://track.bpost.cloud/btr/web/#/search?itemCode=${encodeURIComponent(trackingNumber)}&lang=nl&postalCode=${encodeURIComponent(compactPostcode(zipcode))}`;
  },
  async verifySettings(settings, context) {
    return bpostVerify(bpostSettingsSchema.parse(settings), context);
  },
  async createShipment(request, context) {
    const settings = bpostSettingsSchema.parse(context.settings);
    const shm = bpostRoots(settings).shm;
    // bpost keeps a reference once per account: ours with a suffix, so a reprint or a return is an order of its own.
    const reference = `${request.reference.slice(0, 40)}-${randomBytes(4).toString('hex')}`;
    const created = await bpostCall(settings, `${shm}/orders`, { method: 'POST', contentType: bpostMediaTypes.order, body: bpostOrderXml(settings, request, reference) }, context);
    if (created.status >= 400) throw refusal(created.body, request);
    const { status, body } = await bpostCall(settings, `${shm}/orders/${encodeURIComponent(reference)}/labels/A6`, { method: 'GET', accept: bpostMediaTypes.labelPdf }, context);
    if (status >= 400) throw refusal(body, request);
    const labels = ((body?.labels as { label?: BpostLabel[] } | undefined)?.label ?? []).filter((l) => l.mimeType === 'application/pdf' && l.bytes && l.barcode?.[0]);
    if (labels.length !== request.packages.length) throw noLabel();
    return labels.map((label) => {
      const number = label.barcode![0]!;
      return {
        trackingNumber: number,
        trackingUrl: bpostCarrier.trackingUrl({ trackingNumber: number, country: request.receiver.country, zipcode: request.receiver.zipcode }),
        labelPdf: Buffer.from(label.bytes!, 'base64'),
        // bpost names the shipment by this reference only (its cancel): kept on the label.
        carrierReference: reference,
      };
    });
  },
  /**
   * The order's status set to CANCELLED (`POST /orders/{reference}`, orderUpdate, UNVERIFIED):
   * bpost refuses it once a box is announced or on its way. A label made before bpost's
   * reference was kept has none: nothing to name, so a refusal.
   */
  async cancel(request, context) {
    const settings = bpostSettingsSchema.parse(context.settings);
    if (!request.carrierReference) throw new CarrierError('refused', carrierLabelTexts.bpostCancelRefused);
    const body = buildBpostXml({ 'tns:orderUpdate': { '@xmlns:tns': bpostNamespaces.tns, 'tns:status': 'CANCELLED' } });
    const { status } = await bpostCall(settings, `${bpostRoots(settings).shm}/orders/${encodeURIComponent(request.carrierReference)}`, { method: 'POST', contentType: bpostMediaTypes.orderUpdate, body }, context);
    if (status >= 400) throw new CarrierError('refused', carrierLabelTexts.bpostCancelRefused);
  },
  async track(request, context) {
    return bpostTrack(bpostSettingsSchema.parse(context.settings), request, context);
  },
  async pickupPoints(query, context) {
    return bpostPickupPoints(bpostSettingsSchema.parse(context.settings), query, context);
  },
};
