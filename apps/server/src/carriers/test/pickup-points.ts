import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import type { CarrierPickupPointQuery } from '../types';

/**
 * The Testvervoerder's pickup points: made up, without network, the same for the same
 * search. They lie around the middle of the searched postcode region (or of a town
 * found from its name), within a few kilometres, in the Netherlands only.
 */

/** Roughly the middle of each Dutch postcode region (first digit) and its main town. */
const regions: Record<string, { latitude: number; longitude: number; city: string }> = {
  '1': { latitude: 52.3702, longitude: 4.8952, city: 'Amsterdam' },
  '2': { latitude: 52.0705, longitude: 4.3007, city: 'Den Haag' },
  '3': { latitude: 52.0907, longitude: 5.1214, city: 'Utrecht' },
  '4': { latitude: 51.5719, longitude: 4.7683, city: 'Breda' },
  '5': { latitude: 51.4416, longitude: 5.4697, city: 'Eindhoven' },
  '6': { latitude: 51.8126, longitude: 5.8372, city: 'Nijmegen' },
  '7': { latitude: 52.2112, longitude: 5.9699, city: 'Apeldoorn' },
  '8': { latitude: 52.5168, longitude: 6.083, city: 'Zwolle' },
  '9': { latitude: 53.2194, longitude: 6.5665, city: 'Groningen' },
};

const shops = [
  'Tabak & Lotto De Hoek',
  'Boekhandel Het Leesteken',
  'Supermarkt De Buurt',
  'Bloemenzaak Madelief',
  'Fietsenmaker Van Dam',
  'Drogisterij De Vijzel',
  'Kantoorboekhandel Pen & Papier',
  'Buurtwinkel Het Anker',
  'Dierenspeciaalzaak Kwispel',
  'Bouwmarkt De Schroef',
  'Kaashandel Het Wiel',
  'Reparatiecentrum De Klok',
];
const streets = ['Dorpsstraat', 'Kerkstraat', 'Molenweg', 'Stationsplein', 'Marktstraat', 'Hoofdstraat', 'Schoolstraat', 'Beatrixlaan', 'Julianastraat', 'Wilhelminaplein', 'Nieuwstraat', 'Raadhuisplein'];

/** FNV-1a: a small stable hash, so the same search gives the same points. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

function openingHours(n: number): PickupLocation['opening_hours'] {
  const late = n % 3 === 0;
  const days: PickupLocation['opening_hours'] = [1, 2, 3, 4, 5].map((day) => ({ day_of_week: day, opens: late ? '08:00' : '09:00', closes: late ? '20:00' : '18:00' }));
  days.push({ day_of_week: 6, opens: '09:00', closes: '17:00' });
  if (n % 4 === 0) days.push({ day_of_week: 7, opens: '12:00', closes: '17:00' });
  return days;
}

export function testCarrierPickupPoints(query: CarrierPickupPointQuery): PickupLocation[] {
  if (query.countryCode !== 'NL') return [];
  const zip4 = query.zipCode?.slice(0, 4).match(/^\d{4}$/)?.[0] ?? null;
  const seed = (zip4 ?? query.city ?? query.street ?? '').toLowerCase();
  const regionKey = zip4?.charAt(0) ?? String((hash(seed) % 9) + 1);
  const region = regions[regionKey] ?? regions['3']!;
  const spread = hash(`${seed}|centre`);
  // The searched spot: inside the region, placed by the rest of the postcode (or the name).
  const centre = {
    latitude: region.latitude + ((spread % 1000) / 1000 - 0.5) * 0.16,
    longitude: region.longitude + ((Math.floor(spread / 1000) % 1000) / 1000 - 0.5) * 0.24,
  };
  const city = query.city ?? region.city;
  const zipBase = zip4 ?? String(1000 + (hash(seed) % 9000));
  const points = Array.from({ length: Math.min(query.limit, 12) }, (_, i) => {
    const h = hash(`${seed}|${i}`);
    const geo = {
      latitude: Number((centre.latitude + ((h % 1000) / 1000 - 0.5) * 0.04).toFixed(6)),
      longitude: Number((centre.longitude + ((Math.floor(h / 1000) % 1000) / 1000 - 0.5) * 0.06).toFixed(6)),
    };
    const letters = String.fromCharCode(65 + (h % 26), 65 + (Math.floor(h / 26) % 26));
    return {
      id: `TV-${zipBase}-${String(i + 1).padStart(2, '0')}`,
      name: pick(shops, hash(`${seed}|shop`) + i * 5),
      address: { street_address: `${pick(streets, h)} ${(h % 180) + 1}`, zip_code: `${zipBase} ${letters}`, city },
      geo,
      opening_hours: openingHours(h),
      distance: metresBetween(centre, geo),
    };
  });
  return points.sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id));
}
