import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { parseDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';
import { trackingEventTexts, trackingTexts, type TrackingEventName } from '@verzendhuis/domain/tracking';
import { trackingFreshnessTexts } from '@verzendhuis/domain/tracking-freshness';
import { compactPostcode } from '../postcode';
import { CarrierError, type CarrierIo, type CarrierPickupPointQuery, type CarrierTrackingEvent, type CarrierTrackRequest } from '../types';
import { upsCall, upsErrorOf, upsPaths, type UpsSettings } from './client';

const texts = {
  unavailable: trackingTexts.carrierUnavailable('UPS'),
  timeout: trackingTexts.carrierTimeout('UPS'),
  rateLimited: trackingFreshnessTexts.carrierRateLimited('UPS'),
};

/** Tracking v1's activity status types onto our events (domain notes; UNVERIFIED beyond the types listed there). */
export const upsStatusEvents: Record<string, TrackingEventName> = {
  M: 'ready',
  P: 'shipped',
  I: 'shipped',
  O: 'out_for_delivery',
  D: 'delivered',
  X: 'delivery_failed',
  RS: 'returned',
  MV: 'canceled',
};

interface UpsActivity {
  status?: { type?: string; description?: string; code?: string };
  /** yyyyMMdd and HHmmss, local time (read as Dutch time: UNVERIFIED abroad). */
  date?: string;
  time?: string;
  location?: { address?: { city?: string; postalCode?: string; countryCode?: string } };
}

const timestamp = (date?: string, time?: string) => {
  if (!date || !/^\d{8}$/.test(date)) return null;
  const t = time && /^\d{6}$/.test(time) ? time : '000000';
  return parseDutchTimestamp(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}`);
};

/** GET /api/track/v1/details/{number}: the package's activities (newest first as UPS gives them; order does not matter to us). */
export async function upsTrack(settings: UpsSettings, request: CarrierTrackRequest, io: CarrierIo): Promise<CarrierTrackingEvent[]> {
  const { status, body } = await upsCall(settings, 'GET', `${upsPaths.track(request.trackingNumber)}?locale=nl_NL&returnSignature=false`, undefined, io, texts);
  // Not known yet (a label just made): UPS answers 404 "Tracking Information Not Found".
  if (status === 404) return [];
  if (status >= 400) throw new CarrierError('refused', trackingTexts.carrierRefused('UPS', upsErrorOf(body).code || `status ${status}`));
  const shipments = (body?.trackResponse as { shipment?: { package?: { activity?: UpsActivity[] }[] }[] } | undefined)?.shipment ?? [];
  const activities = shipments.flatMap((s) => s.package ?? []).flatMap((p) => p.activity ?? []);
  const events: CarrierTrackingEvent[] = [];
  for (const activity of activities) {
    const type = activity.status?.type ?? '';
    const event = Object.hasOwn(upsStatusEvents, type) ? upsStatusEvents[type] : undefined;
    const occurredAt = timestamp(activity.date, activity.time);
    if (!event || !occurredAt) continue;
    const address = activity.location?.address;
    events.push({
      event,
      occurredAt,
      courierDescription: activity.status?.description ?? trackingEventTexts[event],
      location: address?.city ? { name: null, address_1: null, address_2: null, zipcode: address.postalCode ?? null, city: address.city, country: address.countryCode ?? null } : null,
    });
  }
  return events;
}

interface UpsDropLocation {
  LocationID?: string;
  AddressKeyFormat?: { ConsigneeName?: string; AddressLine?: string | string[]; PoliticalDivision2?: string; PostcodePrimaryLow?: string; CountryCode?: string };
  Geocode?: { Latitude?: string; Longitude?: string };
  Distance?: { Value?: string; UnitOfMeasurement?: { Code?: string } };
  AccessPointInformation?: { PublicAccessPointID?: string };
  OperatingHours?: { StandardHours?: { HoursType?: string; DayOfWeek?: { Day?: string; OpenHours?: string; CloseHours?: string }[] }[] };
}

/** UPS's days run 1 Sunday … 7 Saturday (UNVERIFIED); ours 1 Monday … 7 Sunday. */
const ourDay = (upsDay: number) => (upsDay === 1 ? 7 : upsDay - 1);
const hhmm = (value: string) => `${value.padStart(4, '0').slice(0, 2)}:${value.padStart(4, '0').slice(2, 4)}`;

function openingHours(location: UpsDropLocation): PickupLocation['opening_hours'] {
  // HoursType 10: the regular opening hours (UNVERIFIED).
  const regular = location.OperatingHours?.StandardHours?.find((h) => h.HoursType === '10') ?? location.OperatingHours?.StandardHours?.[0];
  return (regular?.DayOfWeek ?? [])
    .filter((d) => d.Day && d.OpenHours && d.CloseHours)
    .map((d) => ({ day_of_week: ourDay(Number(d.Day)), opens: hhmm(d.OpenHours as string), closes: hhmm(d.CloseHours as string) }))
    .filter((h) => h.day_of_week >= 1 && h.day_of_week <= 7);
}

const coordinate = (value?: string) => (value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : null);

/** Locator v3, request option 64 (Access Points): near a postcode, or a street and city; nearest first. */
export async function upsAccessPoints(settings: UpsSettings, query: CarrierPickupPointQuery, io: CarrierIo): Promise<PickupLocation[]> {
  const address = [query.street, query.houseNumber].filter(Boolean).join(' ');
  const { status, body } = await upsCall(
    settings,
    'POST',
    upsPaths.accessPoints,
    {
      LocatorRequest: {
        Request: { RequestAction: 'Locator', RequestOption: '64' },
        OriginAddress: { AddressKeyFormat: { AddressLine: address || undefined, PoliticalDivision2: query.city ?? undefined, PostcodePrimaryLow: query.zipCode ? compactPostcode(query.zipCode) : undefined, CountryCode: query.countryCode } },
        Translate: { Locale: 'nl_NL' },
        UnitOfMeasurement: { Code: 'KM' },
        LocationSearchCriteria: { MaximumListSize: String(query.limit), SearchRadius: '25' },
      },
    },
    io,
    texts,
  );
  if (status >= 400) throw new CarrierError('refused', trackingTexts.carrierRefused('UPS', upsErrorOf(body).code || `status ${status}`));
  const results = (body?.LocatorResponse as { SearchResults?: { DropLocation?: UpsDropLocation | UpsDropLocation[] } } | undefined)?.SearchResults?.DropLocation;
  const locations = results === undefined ? [] : Array.isArray(results) ? results : [results];
  return locations.slice(0, query.limit).map((location) => {
    const a = location.AddressKeyFormat ?? {};
    const lines = Array.isArray(a.AddressLine) ? a.AddressLine : a.AddressLine ? [a.AddressLine] : [];
    const latitude = coordinate(location.Geocode?.Latitude);
    const longitude = coordinate(location.Geocode?.Longitude);
    const distance = coordinate(location.Distance?.Value);
    return {
      // The public Access Point id is what a shipment names (AlternateDeliveryAddress.UPSAccessPointID).
      id: location.AccessPointInformation?.PublicAccessPointID ?? location.LocationID ?? '',
      name: a.ConsigneeName ?? '',
      address: { street_address: lines.join(' '), zip_code: a.PostcodePrimaryLow ?? '', city: a.PoliticalDivision2 ?? '' },
      geo: latitude !== null && longitude !== null ? { latitude, longitude } : null,
      opening_hours: openingHours(location),
      distance: distance === null ? null : Math.round(distance * (location.Distance?.UnitOfMeasurement?.Code === 'MI' ? 1609.344 : 1000)),
    };
  });
}
