import { countryName, isEuMember } from '@verzendhuis/domain/countries';
import type { TrackingEventName } from '@verzendhuis/domain/tracking';
import type { CarrierTrackingEvent, CarrierTrackingLocation } from '../types';

/**
 * The Testvervoerder's parcels move along a fixed timeline from the moment their label
 * was made, so a demo and a test see the same journey for the same parcel. Hours are
 * real hours at time scale 1; TEST_CARRIER_TIME_SCALE makes them pass faster.
 *
 * Which way a parcel goes follows from its tracking number:
 * - last digit 7: nobody home at the first attempt, delivered at the neighbours the next day;
 * - last digit 8: delayed in the sorting centre, delivered a day later;
 * - last two digits 99: two failed attempts, then back to the sender;
 * - any other: delivered the day after it was picked up (abroad: within three days).
 */

interface Step {
  event: TrackingEventName;
  hours: number;
  description: string;
  location: CarrierTrackingLocation | null;
}

/** A Dutch depot with its place on the map, so its history entries open a map without a lookup. */
const place = (name: string, address_1: string, zipcode: string, city: string, [latitude, longitude]: [number, number]): CarrierTrackingLocation => ({
  name,
  address_1,
  address_2: null,
  zipcode,
  city,
  country: 'NL',
  latitude,
  longitude,
});

export const testCarrierHub = place('Testvervoerder Sorteercentrum Nieuwegein', 'Laagraven 30', '3439 LK', 'Nieuwegein', [52.0224, 5.0916]);

/** The delivery depot of a Dutch postcode region (its first digit). */
const depots: Record<string, CarrierTrackingLocation> = {
  '1': place('Testvervoerder Depot Amsterdam', 'Kabelweg 61', '1014 BA', 'Amsterdam', [52.3906, 4.8441]),
  '2': place('Testvervoerder Depot Den Haag', 'Zonweg 25', '2516 AK', 'Den Haag', [52.0553, 4.3402]),
  '3': place('Testvervoerder Depot Utrecht', 'Cartesiusweg 90', '3534 BD', 'Utrecht', [52.0991, 5.0929]),
  '4': place('Testvervoerder Depot Breda', 'Minervum 7001', '4817 ZK', 'Breda', [51.6091, 4.8139]),
  '5': place('Testvervoerder Depot Eindhoven', 'De Run 4300', '5503 LN', 'Veldhoven', [51.4082, 5.4168]),
  '6': place('Testvervoerder Depot Nijmegen', 'Westkanaaldijk 2', '6541 AB', 'Nijmegen', [51.8339, 5.8161]),
  '7': place('Testvervoerder Depot Apeldoorn', 'Fauststraat 1', '7323 BA', 'Apeldoorn', [52.2318, 5.9771]),
  '8': place('Testvervoerder Depot Zwolle', 'Ceintuurbaan 2', '8024 AA', 'Zwolle', [52.5262, 6.1128]),
  '9': place('Testvervoerder Depot Groningen', 'Osloweg 91', '9723 BK', 'Groningen', [53.2041, 6.6062]),
};

export function testCarrierDepot(zipcode: string): CarrierTrackingLocation {
  return depots[zipcode.trim().charAt(0)] ?? testCarrierHub;
}

export type TestCarrierPath = 'normal' | 'failed_attempt' | 'sorting_delay' | 'returned';

export function testCarrierPath(trackingNumber: string): TestCarrierPath {
  const digits = trackingNumber.replace(/\D/g, '');
  if (digits.endsWith('99')) return 'returned';
  if (digits.endsWith('7')) return 'failed_attempt';
  if (digits.endsWith('8')) return 'sorting_delay';
  return 'normal';
}

/** The whole journey of one parcel, in hours after its label was made. */
export function testCarrierSteps({ trackingNumber, zipcode, country }: { trackingNumber: string; zipcode: string; country: string }): Step[] {
  const path = testCarrierPath(trackingNumber);
  const domestic = country === 'NL';
  const steps: Step[] = [
    { event: 'shipped', hours: 2, description: 'Het pakket is opgehaald door de Testvervoerder.', location: null },
    { event: 'at_depot', hours: 6, description: 'Het pakket is gesorteerd in het sorteercentrum.', location: testCarrierHub },
  ];
  let delay = 0;
  if (path === 'sorting_delay') {
    steps.push({ event: 'sorting_delayed', hours: 9, description: 'Door drukte in het sorteercentrum is het pakket vertraagd. Het wordt een dag later bezorgd.', location: testCarrierHub });
    delay = 24;
  }
  let outAt: number;
  let depot: CarrierTrackingLocation;
  if (domestic) {
    depot = testCarrierDepot(zipcode);
    steps.push({ event: 'at_depot', hours: 11 + delay, description: 'Het pakket is aangekomen bij het bezorgdepot.', location: depot });
    outAt = 16 + delay;
  } else {
    const name = countryName(country);
    depot = { name: `Testvervoerder Depot ${name}`, address_1: null, address_2: null, zipcode: null, city: null, country };
    steps.push({ event: 'at_destination_country', hours: 30 + delay, description: `Het pakket is aangekomen in ${name}.`, location: { ...depot, name: null } });
    if (!isEuMember(country)) steps.push({ event: 'customs_cleared', hours: 34 + delay, description: 'Het pakket is ingeklaard door de douane.', location: { ...depot, name: null } });
    steps.push({ event: 'at_destination_country_depot', hours: 40 + delay, description: 'Het pakket is aangekomen bij het bezorgdepot in het land van bestemming.', location: depot });
    outAt = 52 + delay;
  }
  steps.push({ event: 'out_for_delivery', hours: outAt, description: 'De bezorger is onderweg met het pakket.', location: depot });
  if (path === 'failed_attempt' || path === 'returned') {
    steps.push(
      { event: 'delivery_failed', hours: outAt + 3, description: 'Er was niemand thuis. We proberen het pakket de volgende werkdag opnieuw te bezorgen.', location: null },
      { event: 'out_for_delivery', hours: outAt + 24, description: 'Tweede bezorgpoging: de bezorger is onderweg met het pakket.', location: depot },
    );
  }
  if (path === 'failed_attempt') steps.push({ event: 'delivered_at_neighbors', hours: outAt + 28, description: 'Het pakket is bezorgd bij de buren.', location: null });
  else if (path === 'returned') {
    steps.push(
      { event: 'delivery_failed', hours: outAt + 27, description: 'Ook de tweede bezorgpoging is mislukt. Het pakket gaat terug naar de afzender.', location: null },
      { event: 'returned', hours: outAt + 44, description: 'Het pakket is retour gestuurd naar de afzender.', location: testCarrierHub },
    );
  } else steps.push({ event: 'delivered', hours: outAt + 4, description: 'Het pakket is bezorgd.', location: null });
  return steps;
}

export function testCarrierStepTime(labelCreatedAt: Date, hours: number, timeScale: number): Date {
  return new Date(labelCreatedAt.getTime() + Math.round((hours * 3_600_000) / timeScale));
}

/** The events that happened up to `now`. */
export function testCarrierEvents(
  request: { trackingNumber: string; zipcode: string; country: string; labelCreatedAt: Date },
  clock: { now: Date; timeScale: number },
): CarrierTrackingEvent[] {
  return testCarrierSteps(request)
    .map((step) => ({ event: step.event, occurredAt: testCarrierStepTime(request.labelCreatedAt, step.hours, clock.timeScale), courierDescription: step.description, location: step.location }))
    .filter((e) => e.occurredAt.getTime() <= clock.now.getTime());
}
