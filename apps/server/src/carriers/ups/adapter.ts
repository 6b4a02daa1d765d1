import { carrierLabelTexts } from '@verzendhuis/domain/carriers-texts';
import { gifLabelToA6Pdf } from '../../documents/label-image';
import { compactPostcode } from '../postcode';
import { CarrierError, houseNumberParts, type CarrierAdapter, type CarrierAddress, type CarrierIo, type CarrierShipmentRequest } from '../types';
import { upsCall, upsErrorOf, upsPaths, upsSettingsSchema, upsTexts as texts, upsVerify, type UpsSettings } from './client';
import { upsLabelBudget, upsMeta } from './meta';
import { upsMaxWeightGrams, upsPackageOptions, upsService, upsShipmentOptions, upsWeight } from './options';
import { upsAccessPoints, upsTrack } from './tracking';

/** One party in UPS's shape: Name (the company, else the person), AttentionName (the person), Phone, Address. */
function upsParty(a: CarrierAddress, fallbackPhone?: string | null) {
  const { number, addition } = houseNumberParts(a);
  const person = a.name || a.company_name || '';
  const phone = a.phone || fallbackPhone;
  return {
    Name: (a.company_name || person).slice(0, 35),
    AttentionName: person.slice(0, 35),
    Phone: phone ? { Number: phone.replace(/[^\d+]/g, '').slice(0, 15) } : undefined,
    EMailAddress: a.email || undefined,
    Address: {
      AddressLine: [[a.address_1, number, addition].filter(Boolean).join(' ').slice(0, 35), a.address_2 || undefined].filter((line): line is string => Boolean(line)),
      City: a.city.slice(0, 30),
      PostalCode: compactPostcode(a.zipcode),
      CountryCode: a.country,
    },
  };
}

/**
 * UPS's errors in Dutch: an unknown postcode, a package too heavy or a service not offered
 * to the country, read from its words (codes UNVERIFIED); anything else by its code only,
 * never UPS's raw text.
 */
function refusal(error: { code: string; message: string }, request: CarrierShipmentRequest): CarrierError {
  const words = error.message;
  if (/postal ?code|postcode|zip/i.test(words)) return new CarrierError('refused', carrierLabelTexts.upsUnknownPostcode(request.receiver.zipcode, request.receiver.country));
  if (/weight/i.test(words)) return new CarrierError('refused', carrierLabelTexts.upsTooHeavy((upsMaxWeightGrams(Boolean(request.pickupPoint) && !request.isReturn) / 1000).toLocaleString('nl-NL')));
  if (/service/i.test(words) && /(not available|invalid|unavailable)/i.test(words)) return new CarrierError('refused', carrierLabelTexts.upsServiceUnavailable(request.receiver.country));
  return new CarrierError('refused', carrierLabelTexts.upsRefusedCode(error.code.replace(/[^\w-]/g, '').slice(0, 40) || '?'));
}

interface UpsPackageResult {
  TrackingNumber?: string;
  ShippingLabel?: { ImageFormat?: { Code?: string }; GraphicImage?: string };
}

/**
 * A package's label again as ZPL (4 x 6 inch) by Label Recovery, UNVERIFIED shape
 * (docs/carriers.md "ZPL"): the shipment exists already, so a failure only leaves the label
 * without its ZPL (it prints from its PDF), never fails it.
 */
async function upsLabelZpl(settings: UpsSettings, trackingNumber: string, context: CarrierIo): Promise<{ labelZpl?: Buffer }> {
  try {
    const { status, body } = await upsCall(
      settings,
      'POST',
      upsPaths.recovery,
      { LabelRecoveryRequest: { LabelSpecification: { LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } }, TrackingNumber: trackingNumber } },
      context,
    );
    const results = asList((body?.LabelRecoveryResponse as { LabelResults?: UpsRecoveredLabel | UpsRecoveredLabel[] } | undefined)?.LabelResults);
    const image = results.find((r) => r.TrackingNumber === trackingNumber)?.LabelImage?.GraphicImage ?? results[0]?.LabelImage?.GraphicImage;
    return status === 200 && image ? { labelZpl: Buffer.from(image, 'base64') } : {};
  } catch {
    return {};
  }
}

interface UpsRecoveredLabel {
  TrackingNumber?: string;
  LabelImage?: { LabelImageFormat?: { Code?: string }; GraphicImage?: string };
}

/** PackageResults is an array from v2403 on, a single object before (domain notes). */
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** UPS (OAuth client credentials, Shipping v2409, Tracking v1, Locator v3): domain notes, docs/carriers.md. */
export const upsCarrier: CarrierAdapter = {
  meta: upsMeta,
  settingsSchema: upsSettingsSchema,
  labelBudget: upsLabelBudget,
  /** UPS's public tracking page (UNVERIFIED query names; one function to correct). */
  trackingUrl({ trackingNumber }) {
    return `https://www.ups.com/track?loc=nl_NL&tracknum=${encodeURIComponent(trackingNumber)}`;
  },
  async verifySettings(settings, context) {
    return upsVerify(upsSettingsSchema.parse(settings), context);
  },
  async createShipment(request, context) {
    const settings = upsSettingsSchema.parse(context.settings);
    // The shop is the Shipper (its account pays) both ways; a return goes from the customer (ShipFrom) to the return address (ShipTo).
    const shop = request.isReturn ? request.receiver : request.sender;
    const customer = request.isReturn ? request.sender : request.receiver;
    const accessPoint = !request.isReturn && request.pickupPoint ? { ...request.pickupPoint, country: request.receiver.country } : undefined;
    const packageOptions = upsPackageOptions({ fields: request.courierFields, isReturn: request.isReturn });
    const { status, body } = await upsCall(
      settings,
      'POST',
      upsPaths.ship,
      {
        ShipmentRequest: {
          Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: request.reference.slice(0, 512) } },
          Shipment: {
            Description: request.reference.slice(0, 50),
            Shipper: { ...upsParty(shop), ShipperNumber: settings.account_number },
            ShipFrom: upsParty(request.sender),
            ShipTo: upsParty(request.receiver, shop.phone),
            PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: settings.account_number } }] },
            Service: { Code: upsService(request.shipmentType) },
            ...upsShipmentOptions({ fields: request.courierFields, customer, accessPoint, isReturn: request.isReturn }),
            Package: request.packages.map((p) => ({
              // A return's package needs a description (UPS refuses one without).
              Description: request.reference.slice(0, 35),
              Packaging: { Code: '02' },
              PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: upsWeight(p.weight) },
              ReferenceNumber: [{ Value: request.reference.slice(0, 35) }],
              PackageServiceOptions: packageOptions,
            })),
          },
          LabelSpecification: { LabelImageFormat: { Code: 'GIF' }, HTTPUserAgent: 'Mozilla/4.5' },
        },
      },
      context,
    );
    if (status !== 200) throw refusal(upsErrorOf(body), request);
    const results = (body?.ShipmentResponse as { ShipmentResults?: { PackageResults?: UpsPackageResult | UpsPackageResult[] } } | undefined)?.ShipmentResults;
    const packages = asList(results?.PackageResults);
    if (packages.length !== request.packages.length || packages.some((p) => !p.TrackingNumber || !p.ShippingLabel?.GraphicImage)) throw new CarrierError('refused', texts.refused(carrierLabelTexts.noLabelInAnswer));
    return Promise.all(
      packages.map(async (p) => {
        const number = p.TrackingNumber as string;
        return {
          trackingNumber: number,
          trackingUrl: upsCarrier.trackingUrl({ trackingNumber: number, country: request.receiver.country, zipcode: request.receiver.zipcode }),
          // UPS answers a GIF of 4 x 6 inch: a one-page A6 PDF, fitted without cropping (documents/label-image.ts).
          labelPdf: await gifLabelToA6Pdf(Buffer.from(p.ShippingLabel?.GraphicImage as string, 'base64')),
          // A ZPL printer: the same package's label again as ZPL (never a second shipment; docs/printing.md, "ZPL or PDF").
          ...(request.labelFormat === 'zpl' ? await upsLabelZpl(settings, number, context) : {}),
        };
      }),
    );
  },
  async track(request, context) {
    return upsTrack(upsSettingsSchema.parse(context.settings), request, context);
  },
  /** Void: the shipment is named by its identification number, the first package's tracking number (UNVERIFIED for multi-package shipments). */
  async cancel(request, context) {
    const settings = upsSettingsSchema.parse(context.settings);
    const shipmentId = request.trackingNumbers[0];
    if (!shipmentId) return;
    const { status, body } = await upsCall(settings, 'DELETE', upsPaths.void(shipmentId), undefined, context);
    if (status !== 200) throw new CarrierError('refused', carrierLabelTexts.upsCancelRefused(upsErrorOf(body).code.replace(/[^\w-]/g, '').slice(0, 40) || String(status)));
  },
  async pickupPoints(query, context) {
    return upsAccessPoints(upsSettingsSchema.parse(context.settings), query, context);
  },
};
