import { addressLookupErrorMessages } from '@verzendhuis/domain/address-lookup-texts';
import { AppError } from '@verzendhuis/domain/errors';

/**
 * The Dutch address lookup (PDOK Locatieserver, domain notes). Answers street and
 * town only when the service finds exactly one address, null when it finds none or
 * more; cached, and at most a few requests at a time, because the service is shared
 * and has no published capacity. A service that fails or does not answer in time is
 * an error (address_lookup_unavailable, 503), never remembered: "nothing found" and
 * "not asked" are different things to the user who types the address.
 */
export interface AddressLookup {
  lookup: (input: { zipcode: string; housenumber: string }) => Promise<{ address_1: string; city: string } | null>;
  /**
   * Where a Dutch address is on a map (PDOK's `centroide_ll`), from the same cache; null
   * when the service finds no single address. Fails like `lookup` when the service does.
   */
  coordinates: (input: { zipcode: string; housenumber: string }) => Promise<{ latitude: number; longitude: number } | null>;
}

interface FoundAddress {
  address_1: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

function unavailable(): AppError {
  return new AppError({ type: 'programming', messageCode: 'address_lookup_unavailable', message: addressLookupErrorMessages.address_lookup_unavailable });
}

interface PdokDoc {
  type?: string;
  straatnaam?: string;
  woonplaatsnaam?: string;
  centroide_ll?: string;
}

/** PDOK's centroid, "POINT(longitude latitude)". */
function centroid(value: string | undefined): { latitude: number; longitude: number } | null {
  const match = /^POINT\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)$/.exec(value ?? '');
  return match ? { longitude: Number(match[1]), latitude: Number(match[2]) } : null;
}

export function createPdokLookup(options: {
  baseUrl: string;
  timeoutMs?: number;
  maxConcurrent?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  log?: (message: string) => void;
}): AddressLookup {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const maxConcurrent = options.maxConcurrent ?? 4;
  const cacheSize = options.cacheSize ?? 10_000;
  const cacheTtlMs = options.cacheTtlMs ?? 24 * 60 * 60 * 1000;
  const cache = new Map<string, { value: FoundAddress | null; expires: number }>();
  const inFlight = new Map<string, Promise<FoundAddress | null>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  async function fetchAddress(zipcode: string, housenumber: string): Promise<FoundAddress | null> {
    const url = new URL(`${baseUrl}/bzk/locatieserver/search/v3_1/free`);
    url.searchParams.set('q', `postcode:${zipcode} and huisnummer:${housenumber}`);
    url.searchParams.set('fq', 'type:adres');
    url.searchParams.set('fl', 'type,straatnaam,woonplaatsnaam,huisnummer,huisletter,postcode,centroide_ll');
    url.searchParams.set('rows', '2');
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 3000), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`PDOK answered ${response.status}`);
    const body = (await response.json()) as { response?: { docs?: PdokDoc[] } };
    const docs = (body.response?.docs ?? []).filter((d) => d.type === 'adres');
    const [doc] = docs;
    if (docs.length !== 1 || !doc?.straatnaam || !doc.woonplaatsnaam) return null;
    const point = centroid(doc.centroide_ll);
    return { address_1: doc.straatnaam, city: doc.woonplaatsnaam, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
  }

  async function find(input: { zipcode: string; housenumber: string }): Promise<FoundAddress | null> {
    const zipcode = input.zipcode.replace(/\s+/g, '').toUpperCase();
    const housenumber = input.housenumber.replace(/\s+/g, '');
    if (!/^[1-9][0-9]{3}[A-Z]{2}$/.test(zipcode) || !/^[0-9]{1,5}$/.test(housenumber)) return null;
    const key = `${zipcode}|${housenumber}`;
    const cached = cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.value;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const promise = slot(() => fetchAddress(zipcode, housenumber))
      .then((value) => {
        if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
        cache.set(key, { value, expires: Date.now() + cacheTtlMs });
        return value;
      })
      .catch((error: unknown) => {
        options.log?.(`address lookup failed: ${error instanceof Error ? error.message : String(error)}`);
        throw unavailable();
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async lookup(input) {
      const found = await find(input);
      return found ? { address_1: found.address_1, city: found.city } : null;
    },
    async coordinates(input) {
      const found = await find(input);
      return found?.latitude != null && found.longitude != null ? { latitude: found.latitude, longitude: found.longitude } : null;
    },
  };
}
