import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { pdfPagesApart } from '../pdf-pages';
import { compactPostcode } from '../postcode';
import { dpdCall, dpdCredentials, dpdDepots, dpdLogin, dpdPaths, dpdSettingsSchema, dpdTexts as texts, dpdTokens, dpdVerify, statusOf } from './client';
import { CarrierError, houseNumberParts, type CarrierAdapter, type CarrierAddress, type CarrierShipmentRequest } from '../types';
import { dpdLabelBudget, dpdMeta } from './meta';
import { dpdMaxWeightGrams, dpdProduct, dpdServices, dpdWeight } from './options';
import { dpdPickupPoints, dpdTrack } from './tracking';

/** DPD allows one shipment call at a time per account (and its label budget, meta.ts dpdLabelBudget): calls queue here. */
const shipmentQueues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = shipmentQueues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  shipmentQueues.set(key, next);
  void next.finally(() => {
    if (shipmentQueues.get(key) === next) shipmentQueues.delete(key);
  }).catch(() => undefined);
  return next;
}

/** One party in DPD's address shape: name1 the person (or the company), name2 the company beside a person. */
function dpdAddress(a: CarrierAddress) {
  const { number, addition } = houseNumberParts(a);
  return {
    name1: (a.name || a.company_name || '').slice(0, 35),
    name2: a.name && a.company_name ? a.company_name.slice(0, 35) : undefined,
    street: a.address_1,
    houseNo: [number, addition].filter(Boolean).join(' '),
    zipCode: compactPostcode(a.zipcode),
    city: a.city,
    country: a.country,
    email: a.email ?? undefined,
    phone: a.phone ?? undefined,
  };
}

/** DPD's faults in Dutch: an unknown postcode or a parcel too heavy with its reason, anything else by its code only (never DPD's raw text). */
function refusal(fault: { faultCode?: string; message?: string }, request: CarrierShipmentRequest, maxGrams: number): CarrierError {
  const code = fault.faultCode ?? '?';
  const words = fault.message ?? '';
  // UNVERIFIED: COMMON_7 and COMMON_12 as DPD's codes; the words are read too.
  if (code === 'COMMON_7' || /zip|postcode|postleitzahl/i.test(words)) return new CarrierError('refused', carrierLabelTexts.dpdUnknownPostcode(request.receiver.zipcode, request.receiver.country));
  if (code === 'COMMON_12' || /weight|gewicht/i.test(words)) return new CarrierError('refused', carrierLabelTexts.dpdTooHeavy((maxGrams / 1000).toLocaleString('nl-NL')));
  return new CarrierError('refused', carrierLabelTexts.dpdRefusedCode(code.replace(/[^\w-]/g, '').slice(0, 40) || '?'));
}

/** DPD's one PDF of a shipment, one page per parcel, apart: a file per package. */
async function pagesApart(pdf: Buffer, count: number): Promise<Buffer[]> {
  const files = await pdfPagesApart(pdf, count);
  if (!files) throw new CarrierError('refused', texts.refused(carrierLabelTexts.noLabelInAnswer));
  return files;
}

/** DPD NL (Shipper Webservices): getAuth once a day, then storeOrders per shipment (domain notes). */
export const dpdCarrier: CarrierAdapter = {
  meta: dpdMeta,
  settingsSchema: dpdSettingsSchema,
  labelBudget: dpdLabelBudget,
  /** DPD's public parcel tracking page (UNVERIFIED format; one function to correct). */
  trackingUrl({ trackingNumber }) {
    return `https://tracking.dpd.de/status/nl_NL/parcel/${encodeURIComponent(trackingNumber)}`;
  },
  async verifySettings(settings, context) {
    return dpdVerify(dpdSettingsSchema.parse(settings), context);
  },
  async createShipment(request, context) {
    const settings = dpdSettingsSchema.parse(context.settings);
    const product = dpdProduct(request.shipmentType, request.isReturn);
    const parcelShopId = !request.isReturn && product === 'B2C' ? request.pickupPoint?.id : undefined;
    // The customer is the receiver of an outgoing parcel and the sender of a return (labels/shipment-parties.ts).
    const customer = request.isReturn ? request.sender : request.receiver;
    const answer = await oneAtATime(settings.delis_id, async () => {
      // The login first: its depot is the shipment's sendingDepot.
      await dpdTokens.token(dpdCredentials(settings), () => dpdLogin(settings, context));
      return dpdCall(
        settings,
        dpdPaths.storeOrders,
        {
          printOptions: { printerLanguage: 'PDF', paperFormat: 'A6' },
          order: {
            generalShipmentData: {
              mpsCustomerReferenceNumber1: request.reference.slice(0, 35),
              sendingDepot: dpdDepots.get(settings.delis_id) ?? '',
              product,
              sender: dpdAddress(request.sender),
              recipient: dpdAddress(request.receiver),
            },
            parcels: request.packages.map((p) => ({ weight: dpdWeight(p.weight), customerReferenceNumber1: request.reference.slice(0, 35), returns: request.isReturn || undefined })),
            productAndServiceData: dpdServices({ product, fields: request.courierFields, receiver: { name: customer.name || customer.company_name || '', email: customer.email, phone: customer.phone, country: customer.country }, parcelShopId, isReturn: request.isReturn }),
          },
        },
        context,
      );
    });
    const { status, body } = answer;
    const result = body?.orderResult as { parcellabelsPDF?: string; shipmentResponses?: { parcelInformation?: { parcelLabelNumber?: string }[]; faults?: { faultCode?: string; message?: string }[] }[] } | undefined;
    const shipment = result?.shipmentResponses?.[0];
    const fault = shipment?.faults?.[0];
    if (fault) throw refusal(fault, request, dpdMaxWeightGrams[product]);
    if (status !== 200) throw refusal({ faultCode: statusOf(body).code, message: statusOf(body).message }, request, dpdMaxWeightGrams[product]);
    const numbers = (shipment?.parcelInformation ?? []).map((p) => p.parcelLabelNumber).filter((n): n is string => typeof n === 'string');
    if (!result?.parcellabelsPDF || numbers.length !== request.packages.length) throw new CarrierError('refused', texts.refused(carrierLabelTexts.noLabelInAnswer));
    const files = await pagesApart(Buffer.from(result.parcellabelsPDF, 'base64'), numbers.length);
    return numbers.map((number, i) => ({
      trackingNumber: number,
      trackingUrl: dpdCarrier.trackingUrl({ trackingNumber: number, country: request.receiver.country, zipcode: request.receiver.zipcode }),
      labelPdf: files[i] as Buffer,
    }));
  },
  async track(request, context) {
    return dpdTrack(dpdSettingsSchema.parse(context.settings), request, context);
  },
  async pickupPoints(query, context) {
    return dpdPickupPoints(dpdSettingsSchema.parse(context.settings), query, context);
  },
};
