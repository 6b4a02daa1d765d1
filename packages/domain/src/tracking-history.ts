/**
 * The tracking history as the label page shows it (orders spec §2.7, §9): the stored
 * events of one package, with the order-created and ticket-created entries added, the
 * label's "ready" and "printed" entries merged into one "ready_printed" entry when they
 * lie within 60 seconds of each other, sorted by first_seen_at (our own ready and printed
 * entries count as first seen when they happened). Pure; the server applies
 * it once (GET label/{id}/tracking), so every reader of the history sees the same list.
 */

import { mapTrackingEvent } from './tracking';

/** Ready and printed within this many milliseconds of each other are one entry (§9). */
export const readyPrintedMergeMs = 60_000;

export interface HistoryEvent {
  event: string;
  occurredAt: Date;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** An entry the history adds itself: it happened, was first and last seen at `at`. */
export type AddedEntry<E extends HistoryEvent> = Omit<E, keyof HistoryEvent> & HistoryEvent;

/** The events we record ourselves (label made, label printed), not the carrier. */
const ownEvents = new Set(['ready', 'printed']);

/** Orders of entries seen at the same moment: the order before the label, the label before its travel. */
const rank = (event: string): number => {
  if (event === 'order_created') return 0;
  const group = mapTrackingEvent(event);
  if (group === 'ready') return event === 'ticket_created' ? 3 : 1;
  if (group === 'printed') return 2;
  return 3;
};

/**
 * One package's history. `added` makes the extra entries (order and ticket created) in the
 * caller's shape from their name and moment; `merged` the combined ready/printed entry
 * from the two it replaces (the printed one's moment, both first and last seen times).
 */
export function trackingHistory<E extends HistoryEvent>(input: {
  events: readonly E[];
  orderCreatedAt: Date | null;
  ticketCreatedAt: Date | null;
  added: (event: 'order_created' | 'ticket_created', at: Date) => E;
  merged: (ready: E, printed: E) => E;
}): E[] {
  // Our own events were known the moment they happened: a refresh that stores them later (a
  // label made, printed, and only then first asked about) does not move them after the
  // carrier's news of the same time.
  const entries: E[] = input.events.map((e) => (ownEvents.has(e.event) ? { ...e, firstSeenAt: e.occurredAt } : e));
  const ready = entries.filter((e) => e.event === 'ready');
  const printed = entries.filter((e) => e.event === 'printed');
  // Our own events: one ready per label (its creation) and one printed (its first printing).
  if (ready.length === 1 && printed.length === 1) {
    const [r, p] = [ready[0] as E, printed[0] as E];
    if (Math.abs(p.occurredAt.getTime() - r.occurredAt.getTime()) <= readyPrintedMergeMs) {
      entries.splice(entries.indexOf(r), 1);
      entries.splice(entries.indexOf(p), 1, input.merged(r, p));
    }
  }
  if (input.orderCreatedAt) entries.push(input.added('order_created', input.orderCreatedAt));
  if (input.ticketCreatedAt) entries.push(input.added('ticket_created', input.ticketCreatedAt));
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        a.entry.firstSeenAt.getTime() - b.entry.firstSeenAt.getTime() ||
        a.entry.occurredAt.getTime() - b.entry.occurredAt.getTime() ||
        rank(a.entry.event) - rank(b.entry.event) ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}

/** The merged entry's own fields: the printed moment, seen first when the first of both was, last when the last was. */
export function mergedReadyPrinted(ready: HistoryEvent, printed: HistoryEvent): HistoryEvent & { event: 'ready_printed' } {
  return {
    event: 'ready_printed',
    occurredAt: printed.occurredAt,
    firstSeenAt: new Date(Math.min(ready.firstSeenAt.getTime(), printed.firstSeenAt.getTime())),
    lastSeenAt: new Date(Math.max(ready.lastSeenAt.getTime(), printed.lastSeenAt.getTime())),
  };
}

/** Dutch texts of the tracking history on the label page (orders spec §2.7). */
export const trackingHistoryTexts = {
  title: 'Trackinggeschiedenis',
  packageSelect: 'Pakket',
  packageOption: (number: number, trackingNumber: string): string => `Pakket ${number} · ${trackingNumber}`,
  loading: 'Trackinggeschiedenis laden',
  loadFailed: 'De trackinggeschiedenis kon niet worden geladen.',
  retry: 'Opnieuw proberen',
  empty: 'Er is nog niets bekend over dit pakket.',
  lastRefreshed: (when: string): string => `Laatst bijgewerkt: ${when}`,
  neverRefreshed: 'Nog niet bij de vervoerder opgevraagd.',
  refresh: 'Tracking verversen',
  unknownEvent: 'Onbekende gebeurtenis',
  courierDescription: (description: string): string => `Toelichting van de vervoerder: ${description}`,
  showOnMap: 'Op de kaart',
  showOnMapOf: (place: string): string => `${place} op de kaart tonen`,
  mapTitle: 'Locatie',
  mapLabel: (place: string): string => `Kaart van ${place}`,
  noMap: 'De kaart kan niet worden getoond. Dit is het adres:',
  close: 'Sluiten',
} as const;

/** Dutch texts of the delayed view inside Verzonden (orders spec §2.3: the tab value delayed). */
export const delayedViewTexts = {
  filterLabel: 'Welke verzonden labels',
  all: 'Alle verzonden labels',
  delayed: 'Vertraagd',
  empty: 'Er zijn geen vertraagde zendingen.',
} as const;

/** Dutch texts of the bulk "track labels (refresh)" result, per label (orders spec §2.5). */
export const bulkTrackTexts = {
  changed: (count: number): string => `${count} ${count === 1 ? 'label heeft' : 'labels hebben'} een nieuwe status.`,
  failedFor: (name: string, message: string): string => `${name}: ${message}`,
  more: (count: number): string => `En nog ${count}.`,
} as const;
