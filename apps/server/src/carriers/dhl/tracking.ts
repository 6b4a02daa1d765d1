import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { trackingEventTexts, trackingTexts, type TrackingEventName } from '@verzendhuis/domain/tracking';
import { parseDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';
import { trackingFreshnessTexts } from '@verzendhuis/domain/tracking-freshness';
import { carrierFetch } from '../http';
import type { OutboundFetch } from '../../http/outbound';
import { CarrierError, type CarrierPickupPointQuery, type CarrierTrackingEvent, type CarrierTrackRequest } from '../types';
import { compactPostcode } from '../postcode';

/**
 * DHL Parcel NL tracking and parcel shops. Both are public calls of the API gateway
 * (no token needed; UNVERIFIED for accounts that see more detail when logged in).
 */

const texts = {
  unavailable: trackingTexts.carrierUnavailable('DHL'),
  timeout: trackingTexts.carrierTimeout('DHL'),
  rateLimited: trackingFreshnessTexts.carrierRateLimited('DHL'),
};

async function get(baseUrl: string, path: string, signal: AbortSignal, fetch?: OutboundFetch): Promise<{ status: number; body: unknown }> {
  // carrierFetch hands back the parsed JSON as it came; DHL answers these calls with a list.
  const { status, body } = await carrierFetch(`${baseUrl.replace(/\/$/, '')}${path}`, { method: 'GET', headers: { accept: 'application/json' }, signal, fetch }, texts);
  if (status >= 400 && status !== 404) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new CarrierError('refused', trackingTexts.carrierRefused('DHL', typeof message === 'string' ? message : `status ${status}`));
  }
  return { status, body: body as unknown };
}

/** The domain notes' categories onto our events; UNVERIFIED for PROBLEM and CUSTOMS, which say little on their own. */
export const dhlCategoryEvents: Record<string, TrackingEventName> = {
  DATA_RECEIVED: 'ready',
  UNDERWAY: 'shipped',
  IN_DELIVERY: 'out_for_delivery',
  DELIVERED: 'delivered',
  PROBLEM: 'delivery_failed',
  CUSTOMS: 'customs_cleared',
};

/**
 * Statuses that say more than their category. UNVERIFIED: the status names are DHL's
 * as we understand them; a status not listed here falls back to its category.
 */
export const dhlStatusEvents: Record<string, TrackingEventName> = {
  PARCEL_ARRIVED_AT_LOCAL_DEPOT: 'at_depot',
  ARRIVED_AT_DEPOT: 'at_depot',
  SORTED_AT_HUB: 'at_depot',
  DELIVERED_AT_NEIGHBOURS: 'delivered_at_neighbors',
  DELIVERED_AT_PARCELSHOP: 'at_service_point',
  PARCEL_DELIVERED_AT_SERVICEPOINT: 'at_service_point',
  PICKED_UP_FROM_PARCELSHOP: 'collected_at_service_point',
  CUSTOMER_PICKED_UP: 'collected_at_service_point',
  NOT_HOME: 'delivery_failed',
  DELAYED: 'delivery_delayed',
  RETURNED_TO_SHIPPER: 'returned',
  RETURN_TO_SENDER: 'returned',
  DELIVERED_AT_SHIPPER: 'delivered_at_sender',
  CANCELLED: 'canceled',
};

export function dhlEvent(category: unknown, status: unknown): TrackingEventName | null {
  if (typeof status === 'string' && Object.hasOwn(dhlStatusEvents, status)) return dhlStatusEvents[status] ?? null;
  if (typeof category === 'string' && Object.hasOwn(dhlCategoryEvents, category)) return dhlCategoryEvents[category] ?? null;
  return null;
}

interface DhlEvent {
  category?: string;
  status?: string;
  timestamp?: string;
  localTimestamp?: string;
  description?: string;
  /** UNVERIFIED: a place name (depot, parcel shop) some events carry. */
  facility?: string;
}

/** GET /track-trace?key={trackerCode}+{postcode}: the parcels found, each with its events. */
export async function dhlTrack(baseUrl: string, request: CarrierTrackRequest, signal: AbortSignal, fetch?: OutboundFetch): Promise<CarrierTrackingEvent[]> {
  const key = `${request.trackingNumber}+${compactPostcode(request.zipcode)}`;
  const { status, body } = await get(baseUrl, `/track-trace?key=${encodeURIComponent(key)}`, signal, fetch);
  if (status === 404 || !Array.isArray(body)) return [];
  const parcel = (body as { barcode?: string; events?: DhlEvent[] }[]).find((p) => p.barcode === request.trackingNumber) ?? body[0];
  const events: CarrierTrackingEvent[] = [];
  for (const e of (parcel as { events?: DhlEvent[] } | undefined)?.events ?? []) {
    const event = dhlEvent(e.category, e.status);
    const stamp = e.timestamp ?? e.localTimestamp;
    const occurredAt = stamp ? parseDutchTimestamp(stamp) : null;
    if (!event || !occurredAt) continue;
    events.push({
      event,
      occurredAt,
      courierDescription: e.description ?? trackingEventTexts[event],
      location: e.facility ? { name: e.facility, address_1: null, address_2: null, zipcode: null, city: null, country: null } : null,
    });
  }
  return events;
}

interface DhlParcelShop {
  id?: string;
  name?: string;
  address?: { countryCode?: string; zipCode?: string; city?: string; street?: string; number?: string | number; addition?: string };
  geoLocation?: { latitude?: number; longitude?: number };
  distance?: number;
  /** UNVERIFIED: weekDay 1 is Monday … 7 Sunday (a 0 is read as Sunday). */
  openingTimes?: { weekDay?: number; timeFrom?: string; timeTo?: string }[];
}

/** GET /parcel-shop-locations/{country}?zipCode&houseNumber&limit: DHL ServicePoints near an address. */
export async function dhlPickupPoints(baseUrl: string, query: CarrierPickupPointQuery, signal: AbortSignal, fetch?: OutboundFetch): Promise<PickupLocation[]> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.zipCode) params.set('zipCode', query.zipCode);
  if (query.houseNumber) params.set('houseNumber', query.houseNumber);
  // UNVERIFIED: city and street as extra filters when there is no postcode.
  if (!query.zipCode && query.city) params.set('city', query.city);
  if (!query.zipCode && query.street) params.set('street', query.street);
  const { status, body } = await get(baseUrl, `/parcel-shop-locations/${encodeURIComponent(query.countryCode)}?${params}`, signal, fetch);
  if (status === 404 || !Array.isArray(body)) return [];
  return (body as DhlParcelShop[]).slice(0, query.limit).map((shop) => {
    const a = shop.address ?? {};
    const lat = shop.geoLocation?.latitude;
    const lon = shop.geoLocation?.longitude;
    return {
      id: String(shop.id ?? ''),
      name: shop.name ?? '',
      address: { street_address: [a.street, `${a.number ?? ''}${a.addition ?? ''}`].filter(Boolean).join(' '), zip_code: a.zipCode ?? '', city: a.city ?? '' },
      geo: typeof lat === 'number' && typeof lon === 'number' ? { latitude: lat, longitude: lon } : null,
      opening_hours: (shop.openingTimes ?? [])
        .filter((t) => typeof t.weekDay === 'number' && t.weekDay >= 0 && t.weekDay <= 7 && t.timeFrom && t.timeTo)
        .map((t) => ({ day_of_week: t.weekDay === 0 ? 7 : (t.weekDay as number), opens: (t.timeFrom as string).slice(0, 5), closes: (t.timeTo as string).slice(0, 5) })),
      distance: typeof shop.distance === 'number' ? Math.round(shop.distance) : null,
    };
  });
}
