/**
 * Pickup-point search (orders spec §5, §7 pickup-points/, §8): which parameters a search
 * needs and how a free search text is read. Pure; the server asks the carriers.
 */

export const pickupPointTexts = {
  /** Orders spec §5 "Pickup-point search requires parameters": our wording. */
  parametersRequired: 'Vul een zoekterm in, of minstens twee van straat, postcode en plaats.',
  /** Orders spec §8, exactly. */
  noPoints: 'Er zijn geen afleverpunten gevonden.',
  courierNotFound: 'Vervoerder niet gevonden.',
  courierInactive: 'Kies een vervoerder die niet is verwijderd.',
  notSupported: 'Deze vervoerder bezorgt niet bij afhaalpunten.',
  failed: (carrier: string) => `De afhaalpunten van ${carrier} konden niet worden opgehaald. Probeer het later opnieuw.`,
  countryCodeInvalid: 'Kies een land (landcode van twee letters).',
  /** The order's pickup point (issue 14 §5): refused by order/create and POST order/{id}. */
  otherCourier: 'Dit afhaalpunt hoort bij een andere vervoerder. Kies opnieuw een afhaalpunt.',
  courierWithoutPickupPoints: 'Deze vervoerder bezorgt niet bij afhaalpunten. Verwijder het afhaalpunt of kies een andere vervoerder.',
} as const;

/** The pickup point modal of the order form and the chosen point in its Zending section (orders spec §2.8). */
export const pickupPointWebTexts = {
  choose: 'Afhaalpunt kiezen',
  change: 'Wijzigen',
  remove: 'Verwijderen',
  chosen: 'Afhaalpunt',
  modalTitle: 'Afhaalpunt kiezen',
  searchLabel: 'Zoek op adres, postcode of plaats',
  searchButton: 'Zoeken',
  confirm: 'Afhaalpunt kiezen',
  cancel: 'Annuleren',
  mapLabel: 'Kaart van de afhaalpunten',
  listLabel: 'Afhaalpunten',
  loading: 'Afhaalpunten zoeken…',
  searchFailed: 'De afhaalpunten konden niet worden opgehaald. Probeer het later opnieuw.',
  openingHours: 'Openingstijden',
  closed: 'gesloten',
  distance: (text: string) => `${text} afstand`,
  /** Orders spec §5: a search from the recipient needs two of address_1, city and zipcode. */
  recipientIncomplete: 'Vul minstens twee van adres, postcode en plaats van de ontvanger in, of typ een zoekterm.',
  noneChosen: 'Kies een afhaalpunt in de lijst of op de kaart.',
  mapUnavailable: 'De kaart kan niet worden geladen. Kies een afhaalpunt in de lijst.',
  removedWithCourier: 'Het afhaalpunt is verwijderd: het hoorde bij de vorige vervoerder.',
} as const;

/** Dutch day names, Monday first (orders spec §9: the week starts on Monday). */
export const dutchDayNames = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'] as const;

/** One day of a pickup location's week as shown: "maandag 09:00–18:00" (two blocks joined), or gesloten. */
export interface OpeningDay {
  /** ISO day, Monday 1 … Sunday 7. */
  dayOfWeek: number;
  day: (typeof dutchDayNames)[number];
  /** "09:00–12:30, 13:30–18:00", or null when closed that day. */
  hours: string | null;
}

/**
 * A location's opening hours (orders spec §3: day_of_week 1 to 7, opens, closes) as seven
 * days, Monday first, each with its blocks in time order; a day without hours is closed.
 */
export function openingWeek(hours: readonly { day_of_week: number; opens: string; closes: string }[]): OpeningDay[] {
  return dutchDayNames.map((day, index) => {
    const blocks = hours
      .filter((h) => h.day_of_week === index + 1)
      .slice()
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map((h) => `${h.opens}–${h.closes}`);
    return { dayOfWeek: index + 1, day, hours: blocks.length > 0 ? blocks.join(', ') : null };
  });
}

/** A distance in metres as Dutch text: "350 m" below a kilometre, else "1,2 km". */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / 1000)} km`;
}

/**
 * Orders spec §5: a pickup-point search from the recipient's address needs at least two of
 * address_1, city and zipcode. The search text the modal starts with, or null when the
 * recipient gives too little (the modal then says `recipientIncomplete`).
 */
export function recipientPickupSearch(recipient: { address_1?: string | null; housenumber?: string | null; zipcode?: string | null; city?: string | null }): string | null {
  const street = clean(recipient.address_1);
  const zip = clean(recipient.zipcode);
  const city = clean(recipient.city);
  if ([street, zip, city].filter((v) => v !== null).length < 2) return null;
  // A postcode with the house number's digits finds the nearest points (readPickupPointSearch reads
  // "1012 LG 1 Amsterdam" as postcode, number and place); without a postcode the place name.
  const number = /^\d+/.exec(clean(recipient.housenumber) ?? '')?.[0] ?? null;
  if (zip) return [zip, number, city].filter(Boolean).join(' ');
  return city ?? street;
}

/**
 * Whether an order may keep its pickup point: a point chosen for another courier, or a
 * courier that does not deliver at pickup points, is the field's problem. A point without
 * `courier_id` (from a shop or the API) is only checked against the courier's class.
 */
export function pickupPointProblem(input: {
  pickupPoint: { courier_id?: string | null } | null | undefined;
  courierId: string | null | undefined;
  /** Whether the order's courier class delivers at pickup points; null when the order has no (known) courier. */
  supportsPickupPoints: boolean | null;
}): string | null {
  if (!input.pickupPoint) return null;
  if (input.pickupPoint.courier_id && input.pickupPoint.courier_id !== input.courierId) return pickupPointTexts.otherCourier;
  if (input.supportsPickupPoints === false) return pickupPointTexts.courierWithoutPickupPoints;
  return null;
}

/** The message_codes of the pickup-point search, with their messages. */
export const pickupPointErrorMessages = {
  pickup_points_not_supported: pickupPointTexts.notSupported,
  pickup_point_parameters_required: pickupPointTexts.parametersRequired,
} as const;

export interface PickupPointSearchInput {
  country_code?: string | null;
  street?: string | null;
  zip_code?: string | null;
  city?: string | null;
  search?: string | null;
}

/** What a carrier is asked: a country and what is known of the address near which to look. */
export interface PickupPointQuery {
  countryCode: string;
  zipCode: string | null;
  houseNumber: string | null;
  street: string | null;
  city: string | null;
}

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

/** A Dutch postcode (1234 AB) is written without the space, upper case; others as given. */
export function normalisePostcode(zip: string, countryCode: string): string {
  return countryCode === 'NL' ? zip.replace(/\s+/g, '').toUpperCase() : zip.trim();
}

/** "Damrak 1 A" → street "Damrak", house number "1A"; a street without a number stays as it is. */
export function splitStreet(street: string): { street: string; houseNumber: string | null } {
  const match = /^(.*?\D)\s*(\d+)\s*([a-zA-Z]{0,3}(?:-\d+)?)$/.exec(street.trim());
  if (!match?.[1]?.trim() || !match[2]) return { street: street.trim(), houseNumber: null };
  return { street: match[1].trim(), houseNumber: `${match[2]}${match[3] ?? ''}`.toUpperCase() };
}

/**
 * Reads a free search text: a postcode in it (Dutch "1012 LG" or four/five digits) is
 * the postcode, with the number right after it as the house number; a text without a
 * postcode is a place name.
 */
export function readPickupPointSearch(text: string): { zipCode: string | null; houseNumber: string | null; city: string | null } {
  const dutch = /(\d{4})\s?([a-zA-Z]{2})(?![a-zA-Z])(?:\s+(\d+))?/.exec(text);
  const plain = dutch ? null : /(?<!\d)(\d{4,5})(?!\d)(?:\s+(\d+))?/.exec(text);
  const found = dutch ?? plain;
  if (!found) return { zipCode: null, houseNumber: null, city: clean(text) };
  const zipCode = dutch ? `${dutch[1]}${dutch[2]}`.toUpperCase() : (plain?.[1] ?? null);
  const houseNumber = (dutch ? dutch[3] : plain?.[2]) ?? null;
  const rest = clean(text.replace(found[0], ' ').replace(/[,;]/g, ' '));
  return { zipCode, houseNumber, city: rest };
}

/**
 * The carrier query of a search, or null when the search lacks parameters: a search text,
 * or at least two of street, postcode and city (as a pickup point needs two of
 * address_1, city and zipcode, orders spec §5). Explicit fields win over the search text.
 */
export function pickupPointQuery(input: PickupPointSearchInput): PickupPointQuery | null {
  const countryCode = (clean(input.country_code) ?? 'NL').toUpperCase();
  const street = clean(input.street);
  const zip = clean(input.zip_code);
  const city = clean(input.city);
  const search = clean(input.search);
  const given = [street, zip, city].filter((v) => v !== null).length;
  if (!search && given < 2) return null;
  const fromSearch = search ? readPickupPointSearch(search) : { zipCode: null, houseNumber: null, city: null };
  const split = street ? splitStreet(street) : null;
  const zipCode = zip ?? fromSearch.zipCode;
  return {
    countryCode,
    zipCode: zipCode ? normalisePostcode(zipCode, countryCode) : null,
    houseNumber: split?.houseNumber ?? fromSearch.houseNumber,
    street: split?.street ?? null,
    city: city ?? fromSearch.city,
  };
}
