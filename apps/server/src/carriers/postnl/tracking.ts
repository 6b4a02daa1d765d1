import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { trackingTexts } from '@verzendhuis/domain/tracking';
import type { TrackingEventName } from '@verzendhuis/domain/tracking';
import { parseDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';
import { trackingFreshnessTexts } from '@verzendhuis/domain/tracking-freshness';
import { carrierFetch } from '../http';
import type { OutboundFetch } from '../../http/outbound';
import { CarrierError, type CarrierPickupPointQuery, type CarrierTrackingEvent, type CarrierTrackRequest } from '../types';

/** What the tracking and location calls need of a PostNL link. */
export interface PostnlConnection {
  api_key: string;
  base_url: string;
}

const texts = {
  unavailable: trackingTexts.carrierUnavailable('PostNL'),
  timeout: trackingTexts.carrierTimeout('PostNL'),
  rateLimited: trackingFreshnessTexts.carrierRateLimited('PostNL'),
};

async function get(settings: PostnlConnection, path: string, signal: AbortSignal, fetch?: OutboundFetch): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const { status, body } = await carrierFetch(`${settings.base_url.replace(/\/$/, '')}${path}`, { method: 'GET', headers: { apikey: settings.api_key, accept: 'application/json' }, signal, fetch }, texts);
  if (status >= 400 && status !== 404) {
    const errors = body?.Errors as { Description?: string }[] | undefined;
    const fault = body?.fault as { faultstring?: string } | undefined;
    const reason = errors?.map((e) => e.Description).filter(Boolean).join('; ') || fault?.faultstring || `status ${status}`;
    throw new CarrierError('refused', trackingTexts.carrierRefused('PostNL', reason));
  }
  return { status, body };
}

/** PostNL answers one item or a list where a list is meant; this always gives a list. */
const list = <T>(value: T | T[] | null | undefined): T[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

interface PostnlStatus {
  TimeStamp?: string;
  StatusCode?: string | number;
  StatusDescription?: string;
  PhaseCode?: string | number;
  PhaseDescription?: string;
}

/**
 * PostNL status codes onto our events. UNVERIFIED: the codes and their meaning are read
 * from PostNL's status descriptions ("Zending voorgemeld", "Zending gesorteerd", …), not
 * from a published table; correct them here. A code not listed falls back to its phase.
 */
export const postnlStatusEvents: Record<string, TrackingEventName | null> = {
  '1': 'ready', // Zending voorgemeld
  '2': 'shipped', // Zending in ontvangst genomen
  '3': 'shipped', // Zending afgehaald (bij de afzender)
  '4': 'action_required_sender', // Zending niet afgehaald
  '5': 'at_depot', // Zending gesorteerd
  '6': 'sorting_delayed', // Zending niet gesorteerd
  '7': 'out_for_delivery', // Zending in distributieproces
  '8': 'delivery_failed', // Zending niet afleverbaar
  '9': 'delivered', // Zending afgeleverd
  '11': 'collected_at_service_point', // Zending afgehaald bij PostNL-punt
  '12': 'at_service_point', // Zending ligt klaar op PostNL-punt
  '13': 'returned', // Zending retour afzender
  '99': null, // niet van toepassing
};

/** The four phases of the domain notes: 1 collection, 2 sorting, 3 distribution, 4 delivered. */
export const postnlPhaseEvents: Record<string, TrackingEventName> = { '1': 'ready', '2': 'at_depot', '3': 'out_for_delivery', '4': 'delivered' };

export function postnlEvent(status: PostnlStatus): TrackingEventName | null {
  const code = String(status.StatusCode ?? '').replace(/^0+(?=\d)/, '');
  if (Object.hasOwn(postnlStatusEvents, code)) return postnlStatusEvents[code] ?? null;
  return postnlPhaseEvents[String(status.PhaseCode ?? '')] ?? null;
}

/** GET /shipment/v2/status/barcode/{barcode}?detail=true&language=NL: the current status and the old ones. */
export async function postnlTrack(settings: PostnlConnection, request: CarrierTrackRequest, signal: AbortSignal, fetch?: OutboundFetch): Promise<CarrierTrackingEvent[]> {
  const { status, body } = await get(settings, `/shipment/v2/status/barcode/${encodeURIComponent(request.trackingNumber)}?detail=true&language=NL`, signal, fetch);
  // UNVERIFIED: a barcode PostNL does not know yet (before the first scan) is taken to answer 404.
  if (status === 404) return [];
  const complete = (body?.CompleteStatus ?? body?.CurrentStatus) as { Shipment?: unknown } | undefined;
  const shipments = list(complete?.Shipment as Record<string, unknown> | Record<string, unknown>[] | undefined);
  const shipment = shipments.find((s) => s.Barcode === request.trackingNumber) ?? shipments[0];
  if (!shipment) return [];
  const statuses = [...list(shipment.Status as PostnlStatus | undefined), ...list(shipment.OldStatus as PostnlStatus | PostnlStatus[] | undefined)];
  const seen = new Set<string>();
  const events: CarrierTrackingEvent[] = [];
  for (const s of statuses) {
    const event = postnlEvent(s);
    const occurredAt = s.TimeStamp ? parseDutchTimestamp(s.TimeStamp) : null;
    if (!event || !occurredAt) continue;
    const key = `${event}|${occurredAt.getTime()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({ event, occurredAt, courierDescription: s.StatusDescription ?? s.PhaseDescription ?? '', location: null });
  }
  return events;
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

interface PostnlLocation {
  LocationCode?: string | number;
  Name?: string;
  Distance?: number | string;
  Latitude?: number | string;
  Longitude?: number | string;
  Address?: { Street?: string; HouseNr?: string | number; HouseNrExt?: string; Zipcode?: string; City?: string; Countrycode?: string };
  OpeningHours?: Partial<Record<(typeof weekdays)[number], { string?: string | string[] } | string>>;
}

function openingHours(hours: PostnlLocation['OpeningHours']): PickupLocation['opening_hours'] {
  const result: PickupLocation['opening_hours'] = [];
  weekdays.forEach((day, index) => {
    const value = hours?.[day];
    const ranges = list(typeof value === 'string' ? value : value?.string);
    for (const range of ranges) {
      const m = /^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(range.trim());
      if (m?.[1] && m[2]) result.push({ day_of_week: index + 1, opens: m[1], closes: m[2] });
    }
  });
  return result;
}

const numberOrNull = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** GET /shipment/v2_1/locations/nearest: PostNL points near an address. */
export async function postnlPickupPoints(settings: PostnlConnection, query: CarrierPickupPointQuery, signal: AbortSignal, fetch?: OutboundFetch): Promise<PickupLocation[]> {
  const params = new URLSearchParams({ CountryCode: query.countryCode });
  if (query.zipCode) params.set('PostalCode', query.zipCode);
  if (query.houseNumber) params.set('HouseNumber', query.houseNumber);
  if (query.street) params.set('Street', query.street);
  if (query.city) params.set('City', query.city);
  // UNVERIFIED: PG asks for pickup locations (PostNL-punten), not drop-off-only ones.
  params.set('DeliveryOptions', 'PG');
  const { status, body } = await get(settings, `/shipment/v2_1/locations/nearest?${params}`, signal, fetch);
  if (status === 404) return [];
  const result = body?.GetLocationsResult as { ResponseLocation?: PostnlLocation | PostnlLocation[] } | undefined;
  return list(result?.ResponseLocation)
    .slice(0, query.limit)
    .map((l) => {
      const a = l.Address ?? {};
      const latitude = numberOrNull(l.Latitude);
      const longitude = numberOrNull(l.Longitude);
      const distance = numberOrNull(l.Distance);
      return {
        id: String(l.LocationCode ?? ''),
        name: l.Name ?? '',
        address: { street_address: [a.Street, `${a.HouseNr ?? ''}${a.HouseNrExt ?? ''}`].filter(Boolean).join(' '), zip_code: a.Zipcode ?? '', city: a.City ?? '' },
        geo: latitude !== null && longitude !== null ? { latitude, longitude } : null,
        opening_hours: openingHours(l.OpeningHours),
        distance: distance === null ? null : Math.round(distance),
      };
    });
}
