import type { OutboundFetch } from '../http/outbound';
import type { z } from 'zod';
import type { CourierMeta } from '@verzendhuis/contract/courier';
import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import type { PickupPointQuery } from '@verzendhuis/domain/pickup-points';
import type { TrackingEventName } from '@verzendhuis/domain/tracking';

/** One party of a shipment. A company (the organisation) has an empty `name` and its `company_name`. */
export interface CarrierAddress {
  name: string;
  company_name?: string | null;
  address_1: string;
  /** An order's may hold its addition too ("12 A"): `houseNumberParts` splits it. */
  housenumber?: string | null;
  housenumber_addition?: string | null;
  address_2?: string | null;
  zipcode: string;
  city: string;
  country: string;
  email?: string | null;
  phone?: string | null;
}

export interface CarrierShipmentRequest {
  /** Our reference on the label: the order number, else the label id. */
  reference: string;
  shipmentType: string;
  courierFields: Record<string, string | number | boolean | null>;
  /**
   * Who the parcel goes from and to. Outgoing: the organisation to the customer. A
   * return (`isReturn`): the customer to the organisation's return address; the
   * adapter asks its carrier for a return shipment.
   */
  sender: CarrierAddress;
  receiver: CarrierAddress;
  /** Grams, one entry per parcel. */
  packages: { weight: number }[];
  isReturn: boolean;
  /**
   * The pickup point the parcel goes to (issue 14 §5; never on a return): the receiver
   * stays the customer (their name, contact and home address), the carrier delivers at
   * the point. Testvervoerder prints the point's address under the customer's name,
   * PostNL sends it as address type 09 with product 3533, DHL as option PS.
   */
  pickupPoint?: CarrierPickupPoint;
  /**
   * The label file the organisation prints (docs/printing.md, "ZPL"): `zpl` when its print
   * client's label printer takes ZPL. An adapter whose carrier answers ZPL then gives
   * `labelZpl` beside the PDF; absent means pdf.
   */
  labelFormat?: CarrierLabelFormat;
}

export type CarrierLabelFormat = 'pdf' | 'zpl';

/** A pickup point as the order keeps it: the carrier's id of it, its name and address. */
export interface CarrierPickupPoint {
  id: string;
  name: string;
  address: { street_address: string; zip_code: string; city: string };
}

/** The house number and its addition apart, as carriers take them: "12 A" → 12 and A; an own addition field wins. */
export function houseNumberParts(address: Pick<CarrierAddress, 'housenumber' | 'housenumber_addition'>): { number: string; addition: string | undefined } {
  const parts = address.housenumber?.match(/^(\d+)\s*(.*)$/);
  return { number: parts?.[1] ?? address.housenumber ?? '', addition: address.housenumber_addition || parts?.[2] || undefined };
}

export interface CarrierPackageLabel {
  trackingNumber: string;
  trackingUrl: string | null;
  /** The label file as the carrier made it (PDF). */
  labelPdf: Buffer;
  /** The same label as ZPL, when asked (`labelFormat: 'zpl'`) and the carrier gives it: sent raw to a ZPL printer. */
  labelZpl?: Buffer;
  /**
   * The carrier's own name of the shipment where it is not the tracking number (bpost's
   * order reference, our order number with a random part): kept on the label so that its
   * cancel can name it.
   */
  carrierReference?: string;
}

/**
 * A carrier refused or failed; `message` is Dutch and shown to the user per order.
 * `rate_limited`: the carrier answered 429; `retryAfterMs` is its Retry-After (null when it
 * gave none), and the tracking job leaves that carrier alone meanwhile.
 */
export class CarrierError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable' | 'timeout' | 'rate_limited',
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

/** One parcel as its carrier's public pages know it: its tracking number and where it goes. */
export interface CarrierParcel {
  trackingNumber: string;
  /** The receiver's postcode as on the label (DHL keys its lookups on it). */
  zipcode: string;
  country: string;
}

/** One parcel to follow: its tracking number, where it goes and when its label was made. */
export interface CarrierTrackRequest extends CarrierParcel {
  labelCreatedAt: Date;
}

/** Where an event happened (orders spec §3 Tracking history entry, location). */
export interface CarrierTrackingLocation {
  name: string | null;
  address_1: string | null;
  address_2: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  /** Where it is on a map (WGS84), when the carrier knows; otherwise the history looks a Dutch address up. */
  latitude?: number | null;
  longitude?: number | null;
}

/** One tracking event, already mapped onto our event names (orders spec §4). */
export interface CarrierTrackingEvent {
  event: TrackingEventName;
  occurredAt: Date;
  /** The carrier's own words for it (shown as a tooltip), Dutch where the carrier speaks it. */
  courierDescription: string;
  location: CarrierTrackingLocation | null;
}

/** What every call to a carrier gets: the link's settings, its deadline and the one outbound fetch (http/outbound.ts, filled in by the registry). */
export interface CarrierCallContext {
  settings: Record<string, unknown>;
  signal: AbortSignal;
  fetch?: OutboundFetch;
}

/** What a call to the carrier needs besides its settings: its deadline and the outbound fetch (docs/security.md). */
export type CarrierIo = Pick<CarrierCallContext, 'signal' | 'fetch'>;

export interface CarrierTrackContext extends CarrierCallContext {
  /** The moment asked about; the Testvervoerder reports its timeline up to it. */
  now: Date;
  /** How many times faster than real time the Testvervoerder's parcels move (TEST_CARRIER_TIME_SCALE). */
  timeScale: number;
}

export interface CarrierCancelRequest {
  trackingNumbers: string[];
  labelCreatedAt: Date;
  /** The shipment's `carrierReference` as its label keeps it (first package's); null or absent when the carrier gave none. */
  carrierReference?: string | null;
}

/** Pickup points near an address (orders spec §7 pickup-points/). */
export interface CarrierPickupPointQuery extends PickupPointQuery {
  limit: number;
}

/** What a carrier pushed about one parcel (a webhook), already mapped onto our event names. */
export interface CarrierWebhookParcel {
  trackingNumber: string;
  events: CarrierTrackingEvent[];
}

/**
 * How many label calls a carrier takes (labels/carrier-budget.ts): at most `concurrency`
 * at a time and `perMinute` a minute (null: no rate of its own). Each adapter states its
 * own, from the carrier's documentation where it publishes one (docs/labels.md).
 */
export interface CarrierLabelBudget {
  concurrency: number;
  perMinute: number | null;
}

/**
 * One carrier class: its metadata and what it can do. Each lives in a folder
 * `carriers/<class>/` and is listed in the registry.
 */
export interface CarrierAdapter {
  meta: CourierMeta;
  /** The fields a user enters to link a contract of this carrier (courier/create). */
  settingsSchema: z.ZodType<Record<string, unknown>>;
  /** The concurrency and rate of its label calls (createShipment), per process. */
  labelBudget: CarrierLabelBudget;
  /**
   * The carrier's public track-and-trace page of one parcel, for the recipient and in our
   * screens (label `tracking_url`); null for a carrier without one. createShipment fills
   * each package's `trackingUrl` with it.
   */
  trackingUrl(parcel: CarrierParcel): string | null;
  /**
   * Checks a contract's credentials against the carrier when it is linked, where that costs
   * nothing (DPD's login): field errors in Dutch (`fields.<name>`), or null when accepted.
   * Carriers without such a call leave it out (the first label shows a refusal).
   */
  verifySettings?(settings: Record<string, unknown>, context: CarrierIo): Promise<Record<string, string[]> | null>;
  /** One label file and tracking number per package. */
  createShipment(request: CarrierShipmentRequest, context: CarrierCallContext): Promise<CarrierPackageLabel[]>;
  /** The events of one parcel so far, in any order; an empty list while the carrier knows nothing yet. */
  track(request: CarrierTrackRequest, context: CarrierTrackContext): Promise<CarrierTrackingEvent[]>;
  /**
   * Withdraws a shipment before it travels; a label delete calls it (labels/carrier-cancel.ts).
   * Only carriers with `meta.supports_cancel` have it (the Testvervoerder, GLS, UPS, bpost; PostNL,
   * DHL Parcel and DPD have no cancel call in their documented APIs: an unused label there
   * is simply never scanned or billed). A refusal is a CarrierError `refused` in Dutch.
   */
  cancel?(request: CarrierCancelRequest, context: CarrierTrackContext): Promise<void>;
  /** Pickup points near the asked address, nearest first; only when `meta.supports_pickup_points`. */
  pickupPoints?(query: CarrierPickupPointQuery, context: CarrierCallContext): Promise<PickupLocation[]>;
  /**
   * Reads the carrier's push format (POST /api/tracking/webhook/{class}/{secret}): the parcels
   * and their events; null when the body is not that format. Only carriers that push and
   * publish the format have it (docs/tracking.md, "Webhooks").
   */
  parseWebhook?(body: unknown, headers: Record<string, string | string[] | undefined>): CarrierWebhookParcel[] | null;
}
