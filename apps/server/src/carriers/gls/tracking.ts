import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { parseDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';
import { trackingEventTexts, trackingTexts, type TrackingEventName } from '@verzendhuis/domain/tracking';
import { trackingFreshnessTexts } from '@verzendhuis/domain/tracking-freshness';
import { CarrierError, type CarrierIo, type CarrierPickupPointQuery, type CarrierTrackingEvent, type CarrierTrackRequest } from '../types';
import { glsCall, glsPaths, type GlsSettings } from './client';

const texts = {
  unavailable: trackingTexts.carrierUnavailable('GLS'),
  timeout: trackingTexts.carrierTimeout('GLS'),
  rateLimited: trackingFreshnessTexts.carrierRateLimited('GLS'),
};

/**
 * parcel/v1/details's parcel `state` onto our events. UNVERIFIED: GLS publishes no list of
 * the values; these are our reading of its track-and-trace phases (docs/carriers.md). An
 * unknown state adds no event.
 */
export const glsStateEvents: Record<string, TrackingEventName> = {
  PREADVICE: 'ready',
  INTRANSIT: 'shipped',
  INWAREHOUSE: 'at_depot',
  INDELIVERY: 'out_for_delivery',
  NOTDELIVERED: 'delivery_failed',
  INPARCELSHOP: 'at_service_point',
  DELIVEREDPS: 'collected_at_service_point',
  DELIVERED: 'delivered',
};

interface GlsParcel {
  unitNo?: string;
  state?: string;
  events?: { eventNo?: string | number; descriptionNL?: string; date?: string; city?: string }[];
}

/**
 * parcel/v1/details: the parcel's state now, as one event at the time of GLS's newest
 * event (the events carry no state of their own); the tracking job keeps what it saw
 * before, so the history grows call by call.
 */
export async function glsTrack(settings: GlsSettings, request: CarrierTrackRequest, io: CarrierIo): Promise<CarrierTrackingEvent[]> {
  const { status, body } = await glsCall(settings, glsPaths.tracking, { parcelNumbers: [request.trackingNumber] }, io, texts);
  if (status >= 400) throw new CarrierError('refused', trackingTexts.carrierRefused('GLS', `status ${status}`));
  const parcel = ((body?.parcels as GlsParcel[] | undefined) ?? []).find((p) => !p.unitNo || p.unitNo === request.trackingNumber);
  const state = (parcel?.state ?? '').replace(/[^a-z]/gi, '').toUpperCase();
  const event = Object.hasOwn(glsStateEvents, state) ? glsStateEvents[state] : undefined;
  const newest = (parcel?.events ?? [])
    .map((e) => ({ ...e, at: e.date ? parseDutchTimestamp(e.date) : null }))
    .filter((e): e is typeof e & { at: Date } => e.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!event || !newest) return [];
  return [
    {
      event,
      occurredAt: newest.at,
      courierDescription: newest.descriptionNL ?? trackingEventTexts[event],
      location: newest.city ? { name: null, address_1: null, address_2: null, zipcode: null, city: newest.city, country: null } : null,
    },
  ];
}

interface GlsParcelShop {
  parcelShopId?: string;
  name?: string;
  street?: string;
  houseNo?: string;
  zipcode?: string;
  city?: string;
  geoCoordinates?: { lat?: number; lng?: number };
  /** Metres (UNVERIFIED: not in the public documents; null when absent). */
  distance?: number;
}

/** ParcelShop/GetParcelShops: GLS ParcelShops near a postcode (GLS searches by postcode only), nearest first, at most 10. */
export async function glsPickupPoints(settings: GlsSettings, query: CarrierPickupPointQuery, io: CarrierIo): Promise<PickupLocation[]> {
  if (!query.zipCode) return [];
  const amount = Math.min(10, Math.max(1, query.limit));
  const { status, body } = await glsCall(settings, glsPaths.parcelShops, { zipCode: query.zipCode.replace(/\s/g, ''), countryCode: query.countryCode, amountOfShops: amount }, io, texts);
  if (status >= 400) throw new CarrierError('refused', trackingTexts.carrierRefused('GLS', `status ${status}`));
  const shops = (body?.parcelShops as GlsParcelShop[] | undefined) ?? [];
  return shops.slice(0, amount).map((shop) => ({
    id: String(shop.parcelShopId ?? ''),
    name: shop.name ?? '',
    address: { street_address: [shop.street, shop.houseNo].filter(Boolean).join(' '), zip_code: shop.zipcode ?? '', city: shop.city ?? '' },
    geo: typeof shop.geoCoordinates?.lat === 'number' && typeof shop.geoCoordinates.lng === 'number' ? { latitude: shop.geoCoordinates.lat, longitude: shop.geoCoordinates.lng } : null,
    opening_hours: [],
    distance: typeof shop.distance === 'number' ? Math.round(shop.distance) : null,
  }));
}
