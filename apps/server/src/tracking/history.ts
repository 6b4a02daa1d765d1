import type { LabelTracking, TrackingEntry, TrackingLocation } from '@verzendhuis/contract/tracking';
import { mapTrackingEvent } from '@verzendhuis/domain/tracking';
import { mergedReadyPrinted, trackingHistory } from '@verzendhuis/domain/tracking-history';
import type { Coordinates, LocationCoordinates, StoredLocation } from './locations';
import type { TrackableLabel, TrackingEventRow } from './repository';

interface Entry {
  event: string;
  occurredAt: Date;
  firstSeenAt: Date;
  lastSeenAt: Date;
  location: StoredLocation | null;
  courierDescription: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const locationKey = (l: StoredLocation) => JSON.stringify([l.address_1, l.zipcode, l.city, l.country, l.latitude, l.longitude]);

/**
 * The label's history per package as GET label/{id}/tracking answers it (orders spec
 * §2.7): the stored events, the label's own "made" and "printed" moments when no refresh
 * stored them yet, the order-created and ticket-created entries, ready and printed merged
 * within 60 s (domain tracking-history.ts), each location with its coordinates when known.
 */
export async function labelHistory(input: {
  label: TrackableLabel;
  events: TrackingEventRow[];
  orderCreatedAt: Date | null;
  ticketCreatedAt: Date | null;
  coordinatesOf?: LocationCoordinates;
}): Promise<LabelTracking> {
  const { label } = input;
  const perPackage = label.packages.map((p) => {
    const stored: Entry[] = input.events.filter((e) => e.packageId === p.id);
    const own = (event: string, at: Date): Entry => ({ event, occurredAt: at, firstSeenAt: at, lastSeenAt: at, location: null, courierDescription: null });
    if (!stored.some((e) => e.event === 'ready')) stored.push(own('ready', label.createdAt));
    if (label.printedAt && !stored.some((e) => e.event === 'printed')) stored.push(own('printed', label.printedAt));
    return trackingHistory<Entry>({
      events: stored,
      orderCreatedAt: input.orderCreatedAt,
      ticketCreatedAt: input.ticketCreatedAt,
      added: own,
      merged: (ready, printed) => ({ ...printed, ...mergedReadyPrinted(ready, printed) }),
    });
  });

  // Each distinct place is looked up once.
  const places = new Map<string, Promise<Coordinates | null>>();
  const coordinatesOf = (location: StoredLocation) => {
    const key = locationKey(location);
    let found = places.get(key);
    if (!found) {
      found = input.coordinatesOf ? input.coordinatesOf(location) : Promise.resolve(null);
      places.set(key, found);
    }
    return found;
  };
  const toLocation = async (location: StoredLocation | null): Promise<TrackingLocation | null> => {
    if (!location) return null;
    const coordinates = await coordinatesOf(location);
    return {
      name: text(location.name),
      address_1: text(location.address_1),
      address_2: text(location.address_2),
      zipcode: text(location.zipcode),
      city: text(location.city),
      country: text(location.country),
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
    };
  };
  const toEntry = async (e: Entry): Promise<TrackingEntry> => ({
    event: e.event,
    status: mapTrackingEvent(e.event) ?? 'ready',
    occurred_at: e.occurredAt.toISOString(),
    first_seen_at: e.firstSeenAt.toISOString(),
    last_seen_at: e.lastSeenAt.toISOString(),
    location: await toLocation(e.location),
    courier_description: e.courierDescription,
  });

  return {
    label_id: label.id,
    status: label.status,
    tracking_date: label.trackingDate?.toISOString() ?? null,
    packages: await Promise.all(
      label.packages.map(async (p, index) => ({
        package_number: p.packageNumber,
        tracking_number: p.trackingNumber,
        tracking_url: p.trackingUrl,
        tracking: await Promise.all((perPackage[index] ?? []).map(toEntry)),
      })),
    ),
  };
}
