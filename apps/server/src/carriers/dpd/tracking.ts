import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { parseDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';
import { trackingEventTexts, trackingTexts, type TrackingEventName } from '@verzendhuis/domain/tracking';
import { trackingFreshnessTexts } from '@verzendhuis/domain/tracking-freshness';
import { CarrierError, type CarrierIo, type CarrierPickupPointQuery, type CarrierTrackingEvent, type CarrierTrackRequest } from '../types';
import { dpdCall, dpdPaths, statusOf, type DpdSettings } from './client';

const texts = {
  unavailable: trackingTexts.carrierUnavailable('DPD'),
  timeout: trackingTexts.carrierTimeout('DPD'),
  rateLimited: trackingFreshnessTexts.carrierRateLimited('DPD'),
};

/** getTrackingData's statuses onto our events (domain notes; UNVERIFIED beyond the names listed there). */
export const dpdStatusEvents: Record<string, TrackingEventName> = {
  SHIPMENT: 'ready',
  PickedUp: 'shipped',
  BetweenDepots: 'shipped',
  Depot: 'at_depot',
  Courier: 'out_for_delivery',
  DeliveryFailure: 'delivery_failed',
  ParcelShop: 'at_service_point',
  Delivered: 'delivered',
};

async function call(settings: DpdSettings, path: string, payload: unknown, io: CarrierIo) {
  const { status, body } = await dpdCall(settings, path, payload, io, texts);
  if (status >= 400) throw new CarrierError('refused', trackingTexts.carrierRefused('DPD', statusOf(body).code ?? `status ${status}`));
  return body;
}

interface DpdStatusInfo {
  status?: string;
  statusHasBeenReached?: boolean;
  date?: string;
  location?: string;
  description?: string;
}

/** getTrackingData (on demand only, domain notes): the statuses reached so far. */
export async function dpdTrack(settings: DpdSettings, request: CarrierTrackRequest, io: CarrierIo): Promise<CarrierTrackingEvent[]> {
  const body = await call(settings, dpdPaths.tracking, { parcelLabelNumber: request.trackingNumber }, io);
  const infos = ((body?.trackingresult as { statusInfo?: DpdStatusInfo[] } | undefined)?.statusInfo ?? []).filter((s) => s.statusHasBeenReached);
  const events: CarrierTrackingEvent[] = [];
  let afterParcelShop = false;
  for (const info of infos) {
    let event = info.status && Object.hasOwn(dpdStatusEvents, info.status) ? dpdStatusEvents[info.status] : undefined;
    // Delivered after a ParcelShop status is the recipient collecting it there (UNVERIFIED).
    if (event === 'delivered' && afterParcelShop) event = 'collected_at_service_point';
    if (event === 'at_service_point') afterParcelShop = true;
    const occurredAt = info.date ? parseDutchTimestamp(info.date) : null;
    if (!event || !occurredAt) continue;
    events.push({
      event,
      occurredAt,
      courierDescription: info.description ?? trackingEventTexts[event],
      location: info.location ? { name: info.location, address_1: null, address_2: null, zipcode: null, city: null, country: null } : null,
    });
  }
  return events;
}

interface DpdParcelShop {
  parcelShopId?: string;
  company?: string;
  street?: string;
  houseNo?: string;
  zipCode?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
  /** Kilometres (UNVERIFIED unit). */
  distance?: number;
  openingHours?: { weekday?: string; openMorning?: string; closeMorning?: string; openAfternoon?: string; closeAfternoon?: string }[];
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** DPD's opening hours: a morning and an afternoon per day; one span from the first opening to the last closing. */
function openingHours(shop: DpdParcelShop): PickupLocation['opening_hours'] {
  const hours: PickupLocation['opening_hours'] = [];
  for (const h of shop.openingHours ?? []) {
    const day = weekdays.indexOf(h.weekday ?? '') + 1;
    const opens = h.openMorning || h.openAfternoon;
    const closes = h.closeAfternoon || h.closeMorning;
    if (day > 0 && opens && closes) hours.push({ day_of_week: day, opens: opens.slice(0, 5), closes: closes.slice(0, 5) });
  }
  return hours;
}

/** findParcelShops: DPD Pickup points near an address, nearest first. */
export async function dpdPickupPoints(settings: DpdSettings, query: CarrierPickupPointQuery, io: CarrierIo): Promise<PickupLocation[]> {
  const body = await call(
    settings,
    dpdPaths.parcelShops,
    { country: query.countryCode, zipCode: query.zipCode ?? undefined, city: query.zipCode ? undefined : (query.city ?? undefined), street: query.street ?? undefined, houseNo: query.houseNumber ?? undefined, limit: query.limit },
    io,
  );
  const shops = (body?.parcelShop as DpdParcelShop[] | undefined) ?? [];
  return shops.slice(0, query.limit).map((shop) => ({
    id: String(shop.parcelShopId ?? ''),
    name: shop.company ?? '',
    address: { street_address: [shop.street, shop.houseNo].filter(Boolean).join(' '), zip_code: shop.zipCode ?? '', city: shop.city ?? '' },
    geo: typeof shop.latitude === 'number' && typeof shop.longitude === 'number' ? { latitude: shop.latitude, longitude: shop.longitude } : null,
    opening_hours: openingHours(shop),
    distance: typeof shop.distance === 'number' ? Math.round(shop.distance * 1000) : null,
  }));
}
