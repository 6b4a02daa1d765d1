import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { trackingEventTexts, trackingTexts, type TrackingEventName } from '@verzendhuis/domain/tracking';
import { trackingFreshnessTexts } from '@verzendhuis/domain/tracking-freshness';
import { CarrierError, type CarrierIo, type CarrierPickupPointQuery, type CarrierTrackingEvent, type CarrierTrackRequest } from '../types';
import { bpostCall, bpostRoots, type BpostSettings } from './client';

const texts = {
  unavailable: trackingTexts.carrierUnavailable('bpost'),
  timeout: trackingTexts.carrierTimeout('bpost'),
  rateLimited: trackingFreshnessTexts.carrierRateLimited('bpost'),
  unreadable: trackingTexts.carrierUnavailable('bpost'),
};

/**
 * bpost's box statuses (domain notes) onto our events. UNVERIFIED: the statuses of the
 * scan events of track & trace; an unknown status adds no event. OPEN and PRINTED are ours
 * already (the label is made and printed here).
 */
export const bpostStatusEvents: Record<string, TrackingEventName> = {
  ANNOUNCED: 'ready',
  IN_TRANSIT: 'shipped',
  OUT_FOR_DELIVERY: 'out_for_delivery',
  AWAITING_PICKUP: 'at_service_point',
  DELIVERED: 'delivered',
  BACK_TO_SENDER: 'returned',
};

interface BpostTrackEvent {
  timestamp?: string;
  status?: string;
  description?: string;
  location?: string;
}

/**
 * Track & trace of one item by its barcode and the receiver's postcode (GET
 * /track/items?itemIdentifier=…&postalCode=…, XML; UNVERIFIED path): every scan event with a
 * status we know, at its time (ISO with offset).
 */
export async function bpostTrack(settings: BpostSettings, request: CarrierTrackRequest, io: CarrierIo): Promise<CarrierTrackingEvent[]> {
  const query = new URLSearchParams({ itemIdentifier: request.trackingNumber, postalCode: request.zipcode.replace(/\s/g, '') });
  const { status, body } = await bpostCall(settings, `${bpostRoots(settings).track}/track/items?${query}`, { method: 'GET' }, io, texts);
  if (status === 404) return [];
  if (status >= 400) throw new CarrierError('refused', trackingTexts.carrierRefused('bpost', `status ${status}`));
  const items = ((body?.items as { item?: { barcode?: string[]; events?: { event?: BpostTrackEvent[] } }[] } | undefined)?.item ?? []).filter(
    (item) => !item.barcode || item.barcode.includes(request.trackingNumber),
  );
  const events: CarrierTrackingEvent[] = [];
  for (const scan of items.flatMap((item) => item.events?.event ?? [])) {
    const statusName = (scan.status ?? '').toUpperCase();
    const event = Object.hasOwn(bpostStatusEvents, statusName) ? bpostStatusEvents[statusName] : undefined;
    const occurredAt = scan.timestamp ? new Date(scan.timestamp) : null;
    if (!event || !occurredAt || Number.isNaN(occurredAt.getTime())) continue;
    events.push({
      event,
      occurredAt,
      courierDescription: scan.description || trackingEventTexts[event],
      location: scan.location ? { name: null, address_1: null, address_2: null, zipcode: null, city: scan.location, country: null } : null,
    });
  }
  return events;
}

interface BpostPoi {
  Record?: {
    Id?: string;
    Type?: string;
    Name?: string;
    Street?: string;
    Number?: string;
    Zip?: string;
    City?: string;
    Latitude?: string;
    Longitude?: string;
    /** Metres (UNVERIFIED). */
    Distance?: string;
  }[];
}

/**
 * The pudo Locator: bpost post offices (Type 1) and bpost points (Type 2) near a postcode in
 * Belgium, nearest first, at most 10 (XML). Parcel lockers (Type 4) need bpost's at24-7 box
 * with the receiver's own details and are not offered yet (docs/carriers.md).
 */
export async function bpostPickupPoints(settings: BpostSettings, query: CarrierPickupPointQuery, io: CarrierIo): Promise<PickupLocation[]> {
  if (!query.zipCode || query.countryCode !== 'BE') return [];
  const limit = Math.min(10, Math.max(1, query.limit));
  const params = new URLSearchParams({ Function: 'search', Partner: settings.account_id, AppId: 'verzendhuis', Format: 'xml', Language: 'nl', Zone: query.zipCode.replace(/\s/g, ''), Type: '3', Limit: String(limit) });
  const { status, body } = await bpostCall(settings, `${bpostRoots(settings).pudo}/Locator?${params}`, { method: 'GET' }, io, texts);
  if (status >= 400) throw new CarrierError('refused', trackingTexts.carrierRefused('bpost', `status ${status}`));
  const list = ((body?.Result as { PoiList?: { Poi?: BpostPoi[] } } | undefined)?.PoiList?.Poi ?? []).flatMap((poi) => poi.Record ?? []);
  return list.slice(0, limit).map((point) => {
    const latitude = Number(point.Latitude);
    const longitude = Number(point.Longitude);
    const distance = Number(point.Distance);
    return {
      id: point.Id ?? '',
      name: point.Name ?? '',
      address: { street_address: [point.Street, point.Number].filter(Boolean).join(' '), zip_code: point.Zip ?? '', city: point.City ?? '' },
      geo: point.Latitude && point.Longitude && Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null,
      opening_hours: [],
      distance: point.Distance && Number.isFinite(distance) ? Math.round(distance) : null,
    };
  });
}
