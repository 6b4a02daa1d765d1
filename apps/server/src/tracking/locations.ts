import { splitStreet } from '@verzendhuis/domain/street-split';

/** Where a tracking location is on a map (WGS84). */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The stored location of an event: the carrier's fields, with its coordinates when it gave them. */
export type StoredLocation = Record<string, string | number | null>;

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Finds the coordinates of tracking locations for the map dialog of the label page: the
 * carrier's own (the Testvervoerder's depots know theirs), else, for a Dutch address with
 * a postcode and a house number, the PDOK address lookup (`centroide_ll`, cached and
 * throttled by the lookup itself). A lookup that fails gives no coordinates (the web shows
 * the address card) and pauses further lookups for `pauseMs`, so a history never waits on
 * a service that is down; it never fails the history.
 */
export function createLocationCoordinates(options: {
  lookup: (input: { zipcode: string; housenumber: string }) => Promise<Coordinates | null>;
  pauseMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}) {
  const pauseMs = options.pauseMs ?? 60_000;
  const now = options.now ?? Date.now;
  let pausedUntil = 0;

  return async function coordinatesOf(location: StoredLocation): Promise<Coordinates | null> {
    const latitude = numberOf(location.latitude);
    const longitude = numberOf(location.longitude);
    if (latitude !== null && longitude !== null) return { latitude, longitude };
    const country = textOf(location.country)?.toUpperCase() ?? null;
    const zipcode = textOf(location.zipcode);
    const { housenumber } = splitStreet(textOf(location.address_1));
    if (country !== 'NL' || !zipcode || !housenumber || now() < pausedUntil) return null;
    try {
      return await options.lookup({ zipcode, housenumber });
    } catch (error) {
      pausedUntil = now() + pauseMs;
      options.log?.(`tracking location lookup failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
}

export type LocationCoordinates = ReturnType<typeof createLocationCoordinates>;
