import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { pdfPagesApart } from '../pdf-pages';
import { compactPostcode } from '../postcode';
import { CarrierError, houseNumberParts, type CarrierAdapter, type CarrierAddress, type CarrierShipmentRequest } from '../types';
import { glsCall, glsPaths, glsReasonWords, glsSettingsSchema, glsVerify, type GlsEnvelope, type GlsSettings } from './client';
import { glsLabelBudget, glsMeta } from './meta';
import { glsMaxWeightGrams, glsServices, glsWeight } from './options';
import { glsPickupPoints, glsTrack } from './tracking';

/** One party in GLS's address shape: name1 the person (or the company), name2 the company beside a person. */
function glsAddress(a: CarrierAddress) {
  const { number, addition } = houseNumberParts(a);
  return {
    name1: (a.name || a.company_name || '').slice(0, 40),
    name2: a.name && a.company_name ? a.company_name.slice(0, 40) : undefined,
    street: a.address_1,
    houseNo: number,
    houseNoExt: addition,
    zipCode: compactPostcode(a.zipcode),
    city: a.city,
    countryCode: a.country,
    email: a.email || undefined,
    phone: a.phone || undefined,
  };
}

/** GLS's refusal in Dutch: an unknown postcode or a parcel too heavy with its reason, anything else a plain sentence (never GLS's raw text). */
function refusal(body: GlsEnvelope | null, request: CarrierShipmentRequest): CarrierError {
  const words = glsReasonWords(body);
  // UNVERIFIED: GLS's wording; the message and the errors are read for these words.
  if (/zip|postcode|postal/i.test(words)) return new CarrierError('refused', carrierLabelTexts.glsUnknownPostcode(request.receiver.zipcode, request.receiver.country));
  if (/weight|gewicht/i.test(words)) return new CarrierError('refused', carrierLabelTexts.glsTooHeavy((glsMaxWeightGrams / 1000).toLocaleString('nl-NL')));
  return new CarrierError('refused', carrierLabelTexts.glsRefused);
}

const noLabel = () => new CarrierError('refused', carrierLabelTexts.refused('GLS', carrierLabelTexts.noLabelInAnswer));

/** The label files of an answer: one base64 PDF per unit, or one PDF with a page per unit (UNVERIFIED which GLS sends). */
async function labelFiles(labels: unknown, count: number): Promise<Buffer[]> {
  const files = (Array.isArray(labels) ? labels : [labels]).filter((l): l is string => typeof l === 'string' && l.length > 0).map((l) => Buffer.from(l, 'base64'));
  if (files.length === count) return files;
  if (files.length === 1 && files[0]) {
    const pages = await pdfPagesApart(files[0], count);
    if (pages) return pages;
  }
  throw noLabel();
}

function shipmentBody(settings: GlsSettings, request: CarrierShipmentRequest): Record<string, unknown> {
  const parcelShopId = request.isReturn ? undefined : request.pickupPoint?.id;
  const common = {
    customerNo: settings.customer_number,
    reference: request.reference.slice(0, 35),
    labelType: 'pdfA6U',
    units: request.packages.map((p, i) => ({ unitId: String.fromCharCode(65 + i), weight: glsWeight(p.weight) })),
  };
  // A return (ShopReturn/Create): the customer hands it in at a ParcelShop; it goes to the organisation's return address (UNVERIFIED field names).
  if (request.isReturn) return { ...common, addresses: { pickupAddress: glsAddress(request.sender), deliveryAddress: glsAddress(request.receiver) } };
  return {
    ...common,
    shiptype: 'p',
    addresses: { deliveryAddress: glsAddress(request.receiver) },
    services: glsServices({ fields: request.courierFields, country: request.receiver.country, parcelShopId, isReturn: false }),
  };
}

/** GLS NL (api.gls.nl): the credentials in every body, no token; Label/Create, ShopReturn/Create, Label/Delete, ParcelShops, tracking. */
export const glsCarrier: CarrierAdapter = {
  meta: glsMeta,
  settingsSchema: glsSettingsSchema,
  labelBudget: glsLabelBudget,
  /** GLS's public parcel tracking page (UNVERIFIED format; one function to correct). */
  trackingUrl({ trackingNumber, zipcode }) {
    return `https://gls-group.com/NL/nl/volg-je-pakket?match=${encodeURIComponent(trackingNumber)}&postalCode=${encodeURIComponent(compactPostcode(zipcode))}`;
  },
  async verifySettings(settings, context) {
    return glsVerify(glsSettingsSchema.parse(settings), context);
  },
  async createShipment(request, context) {
    const settings = glsSettingsSchema.parse(context.settings);
    const { status, body } = await glsCall(settings, request.isReturn ? glsPaths.shopReturn : glsPaths.label, shipmentBody(settings, request), context);
    if (status >= 400 || body?.error === true) throw refusal(body, request);
    const numbers = ((body?.units as { unitNo?: unknown }[] | undefined) ?? []).map((u) => u.unitNo).filter((n): n is string => typeof n === 'string' && n.length > 0);
    if (numbers.length !== request.packages.length) throw noLabel();
    const files = await labelFiles(body?.labels, numbers.length);
    return numbers.map((number, i) => ({
      trackingNumber: number,
      trackingUrl: glsCarrier.trackingUrl({ trackingNumber: number, country: request.receiver.country, zipcode: request.receiver.zipcode }),
      labelPdf: files[i] as Buffer,
    }));
  },
  /** Label/Delete per parcel; GLS refuses one it has scanned already. */
  async cancel(request, context) {
    const settings = glsSettingsSchema.parse(context.settings);
    for (const unitNo of request.trackingNumbers) {
      const { status, body } = await glsCall(settings, glsPaths.delete, { unitNo }, context);
      if (status >= 400 || body?.error === true) throw new CarrierError('refused', carrierLabelTexts.glsAlreadyCancelled);
    }
  },
  async track(request, context) {
    return glsTrack(glsSettingsSchema.parse(context.settings), request, context);
  },
  async pickupPoints(query, context) {
    return glsPickupPoints(glsSettingsSchema.parse(context.settings), query, context);
  },
};
