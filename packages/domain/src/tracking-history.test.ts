import { describe, expect, it } from 'vitest';
import { mergedReadyPrinted, trackingHistory, type HistoryEvent } from './tracking-history';

const at = (seconds: number) => new Date(Date.UTC(2025, 0, 6, 9, 0, seconds));
type Entry = HistoryEvent & { note?: string };
const event = (name: string, occurred: number, firstSeen = occurred, lastSeen = firstSeen): Entry => ({
  event: name,
  occurredAt: at(occurred),
  firstSeenAt: at(firstSeen),
  lastSeenAt: at(lastSeen),
});
const history = (events: Entry[], extra: { order?: number; ticket?: number } = {}) =>
  trackingHistory({
    events,
    orderCreatedAt: extra.order === undefined ? null : at(extra.order),
    ticketCreatedAt: extra.ticket === undefined ? null : at(extra.ticket),
    added: (name, moment) => ({ event: name, occurredAt: moment, firstSeenAt: moment, lastSeenAt: moment, note: 'added' }),
    merged: (ready, printed) => ({ ...printed, ...mergedReadyPrinted(ready, printed) }),
  });

describe('trackingHistory (orders spec §2.7, §9)', () => {
  it('merges ready and printed within 60 seconds into one entry at the printed moment, first seen when the label was made', () => {
    const result = history([event('ready', 0, 100), event('printed', 60, 100, 200)]);
    expect(result).toEqual([{ event: 'ready_printed', occurredAt: at(60), firstSeenAt: at(0), lastSeenAt: at(200) }]);
  });

  it('keeps the label made and printed before the carrier news of the same refresh, also when the parcel was picked up before the printing', () => {
    // Made at 0, picked up at 2 (a fast Testvervoerder), printed at 30; the first refresh at 40 stores all three.
    const result = history([event('shipped', 2, 40), event('ready', 0, 40), event('printed', 30, 40)], { order: -5 });
    expect(result.map((e) => e.event)).toEqual(['order_created', 'ready_printed', 'shipped']);
  });

  it('keeps them apart when more than 60 seconds lie between them', () => {
    const result = history([event('ready', 0, 100), event('printed', 61, 100)]);
    expect(result.map((e) => e.event)).toEqual(['ready', 'printed']);
  });

  it('keeps ready alone when the label was not printed', () => {
    expect(history([event('ready', 0)]).map((e) => e.event)).toEqual(['ready']);
  });

  it('adds the order-created and ticket-created entries and sorts everything by first_seen_at', () => {
    const result = history([event('shipped', 500, 900), event('ready', 0, 10), event('printed', 30, 40), event('delivered', 800, 900)], { order: -100, ticket: 600 });
    expect(result.map((e) => e.event)).toEqual(['order_created', 'ready_printed', 'ticket_created', 'shipped', 'delivered']);
    expect(result[0]).toMatchObject({ note: 'added', occurredAt: at(-100), firstSeenAt: at(-100) });
  });

  it('orders entries seen at the same moment by when they happened, then the order before the label', () => {
    const result = history([event('out_for_delivery', 300, 1000), event('at_depot', 200, 1000), event('ready', 5, 5)], { order: 5 });
    expect(result.map((e) => e.event)).toEqual(['order_created', 'ready', 'at_depot', 'out_for_delivery']);
  });

  it('adds nothing without an order or a ticket, and leaves an empty history empty', () => {
    expect(history([])).toEqual([]);
  });
});
