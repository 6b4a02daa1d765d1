/**
 * Tracking (orders spec §4 "Tracking events mapped to label groups"): our event names,
 * the label status group each one belongs to, and the label's status derived from the
 * latest events of its packages. Pure rules; the server stores events, the web shows them.
 */

import { isFinalLabelStatus } from './label-rules';

/** The label statuses tracking can lead to (orders spec §4, label status values). */
export const labelStatusGroups = ['ready', 'printed', 'shipped', 'delayed', 'error', 'completed', 'canceled'] as const;
export type LabelStatusGroup = (typeof labelStatusGroups)[number];

/** Every event name of §4 and its group. A carrier adapter maps its own codes onto these. */
export const trackingEventGroups = {
  order_created: 'ready',
  ticket_created: 'ready',
  ready_printed: 'ready',
  ready: 'ready',
  printed: 'printed',
  at_depot: 'shipped',
  at_destination_country: 'shipped',
  at_destination_country_depot: 'shipped',
  at_service_point: 'shipped',
  customs_cleared: 'shipped',
  out_for_delivery: 'shipped',
  shipped: 'shipped',
  action_required_recipient: 'delayed',
  action_required_sender: 'delayed',
  delivery_delayed: 'delayed',
  delivery_failed: 'delayed',
  sorting_delayed: 'delayed',
  returned: 'error',
  returned_from_service_point: 'error',
  sorting_error: 'error',
  delivered: 'completed',
  delivered_at_neighbors: 'completed',
  delivered_at_sender: 'completed',
  collected_at_service_point: 'completed',
  canceled: 'canceled',
} as const satisfies Record<string, LabelStatusGroup>;

export type TrackingEventName = keyof typeof trackingEventGroups;
export const trackingEventNames = Object.keys(trackingEventGroups) as [TrackingEventName, ...TrackingEventName[]];

export function isTrackingEventName(value: string): value is TrackingEventName {
  return Object.hasOwn(trackingEventGroups, value);
}

/** The group of an event name; null for a name that is not ours. */
export function mapTrackingEvent(event: string): LabelStatusGroup | null {
  return isTrackingEventName(event) ? trackingEventGroups[event] : null;
}

/**
 * How far a label has come. ready < printed < underway (shipped, delayed and error, which
 * follow each other in any order as a parcel's journey goes) < final (completed, canceled).
 */
const stage: Record<LabelStatusGroup, number> = { ready: 0, printed: 1, shipped: 2, delayed: 2, error: 2, completed: 3, canceled: 3 };

/** Completed (delivered, also by hand) and canceled never change again (the rule is label-rules.ts's). */
export { isFinalLabelStatus };

export interface TrackedEvent {
  event: string;
  occurredAt: Date;
}

/**
 * The event a package is at now. Once a package travels (an event of the shipped, delayed,
 * error, completed or canceled groups), it is the last of those to occur; before that, the
 * last ready or printed event. So a "label made" or "pre-notified" stamp that comes later
 * (clocks differ between carriers and us) never takes a travelling parcel back. Events at
 * the same moment are ordered by stage, so "out for delivery" and "delivered" stamped alike
 * end delivered. Names that are not ours are ignored.
 */
export function latestTrackingEvent<E extends TrackedEvent>(events: readonly E[]): (E & { group: LabelStatusGroup }) | null {
  let latest: (E & { group: LabelStatusGroup }) | null = null;
  for (const e of events) {
    const group = mapTrackingEvent(e.event);
    if (!group) continue;
    const travels = stage[group] >= 2;
    const latestTravels = latest !== null && stage[latest.group] >= 2;
    const later =
      !latest ||
      (travels && !latestTravels) ||
      (travels === latestTravels &&
        (e.occurredAt.getTime() > latest.occurredAt.getTime() || (e.occurredAt.getTime() === latest.occurredAt.getTime() && stage[group] >= stage[latest.group])));
    if (later) latest = { ...e, group };
  }
  return latest;
}

/**
 * A label's status from its current status and its packages' events. The rules:
 *
 * 1. A final label (completed, canceled) keeps its status; so does a status we do not know
 *    how to place (e.g. "creating").
 * 2. Each package is at the group of its latest event; a package without events is not
 *    underway yet.
 * 3. The label is canceled when every package is canceled, completed when every package is
 *    completed (delivered in any way; a canceled package among them does not travel and
 *    does not hold the label back). Otherwise, among the packages that are underway or
 *    delivered: error wins over delayed, delayed over shipped; a label with one package
 *    delivered and another on its way is shipped. Without any of those: printed when a
 *    package has a printed event, else ready.
 * 4. Never back: a result of an earlier stage than the current status leaves the current
 *    status (a printed label stays printed until its first shipped event). Within the
 *    underway stage the latest events decide: delayed becomes shipped again when the
 *    parcel goes out for delivery after a failed attempt.
 */
export function labelStatusFromTracking({ current, packages }: { current: string; packages: readonly { events: readonly TrackedEvent[] }[] }): string {
  if (isFinalLabelStatus(current) || !(labelStatusGroups as readonly string[]).includes(current)) return current;
  const latest = packages.map((p) => latestTrackingEvent(p.events)?.group ?? null);
  const every = (group: LabelStatusGroup) => latest.length > 0 && latest.every((g) => g === group);
  const some = (group: LabelStatusGroup) => latest.includes(group);
  const hasEvent = (event: string) => packages.some((p) => p.events.some((e) => e.event === event));

  let derived: LabelStatusGroup;
  if (every('canceled')) derived = 'canceled';
  else if (some('completed') && latest.every((g) => g === 'completed' || g === 'canceled')) derived = 'completed';
  else if (some('error')) derived = 'error';
  else if (some('delayed')) derived = 'delayed';
  else if (some('shipped') || some('completed')) derived = 'shipped';
  else if (hasEvent('printed')) derived = 'printed';
  else derived = 'ready';

  return stage[derived] < stage[current as LabelStatusGroup] ? current : derived;
}

/** Our event names in Dutch, for the tracking history. */
export const trackingEventTexts: Record<TrackingEventName, string> = {
  order_created: 'Bestelling aangemaakt',
  ticket_created: 'Onderzoek aangevraagd',
  ready_printed: 'Label aangemaakt en geprint',
  ready: 'Label aangemaakt',
  printed: 'Label geprint',
  at_depot: 'In het sorteercentrum',
  at_destination_country: 'Aangekomen in het land van bestemming',
  at_destination_country_depot: 'In het sorteercentrum in het land van bestemming',
  at_service_point: 'Ligt klaar bij het afhaalpunt',
  customs_cleared: 'Ingeklaard door de douane',
  out_for_delivery: 'Onderweg naar de ontvanger',
  shipped: 'Verzonden',
  action_required_recipient: 'Actie nodig van de ontvanger',
  action_required_sender: 'Actie nodig van de afzender',
  delivery_delayed: 'Bezorging vertraagd',
  delivery_failed: 'Bezorging niet gelukt',
  sorting_delayed: 'Sortering vertraagd',
  returned: 'Retour naar de afzender',
  returned_from_service_point: 'Retour vanaf het afhaalpunt',
  sorting_error: 'Fout bij het sorteren',
  delivered: 'Bezorgd',
  delivered_at_neighbors: 'Bezorgd bij de buren',
  delivered_at_sender: 'Terug bezorgd bij de afzender',
  collected_at_service_point: 'Opgehaald bij het afhaalpunt',
  canceled: 'Geannuleerd',
};

/** Dutch texts of tracking refreshes (POST label/track) and of the carriers' tracking calls. */
export const trackingTexts = {
  courierUnknown: 'Deze vervoerder wordt niet meer ondersteund; de zending kan niet worden gevolgd.',
  noTracking: 'Deze vervoerder geeft geen trackinginformatie.',
  failed: 'De trackinginformatie kon niet worden opgehaald. Probeer het later opnieuw.',
  timeout: 'De vervoerder antwoordde niet op tijd. Probeer het later opnieuw.',
  carrierUnavailable: (carrier: string) => `${carrier} is nu niet bereikbaar. Probeer het later opnieuw.`,
  carrierTimeout: (carrier: string) => `${carrier} antwoordde niet op tijd. Probeer het later opnieuw.`,
  carrierRefused: (carrier: string, reason: string) => `${carrier} gaf geen trackinginformatie: ${reason}`,
  tooMany: (max: number) => `Ververs de tracking van hoogstens ${max} labels tegelijk.`,
  noLabels: 'Kies minstens één label.',
} as const;
