import { describe, expect, it } from 'vitest';
import { isFinalLabelStatus, labelStatusFromTracking, latestTrackingEvent, mapTrackingEvent, trackingEventGroups, trackingEventNames, trackingEventTexts } from './tracking';

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 6, 9, minutes));
const pkg = (...events: [string, number][]) => ({ events: events.map(([event, minute]) => ({ event, occurredAt: at(minute) })) });

describe('mapTrackingEvent (orders spec §4)', () => {
  it.each([
    ['order_created', 'ready'],
    ['ticket_created', 'ready'],
    ['ready_printed', 'ready'],
    ['ready', 'ready'],
    ['printed', 'printed'],
    ['at_depot', 'shipped'],
    ['at_destination_country', 'shipped'],
    ['at_destination_country_depot', 'shipped'],
    ['at_service_point', 'shipped'],
    ['customs_cleared', 'shipped'],
    ['out_for_delivery', 'shipped'],
    ['shipped', 'shipped'],
    ['action_required_recipient', 'delayed'],
    ['action_required_sender', 'delayed'],
    ['delivery_delayed', 'delayed'],
    ['delivery_failed', 'delayed'],
    ['sorting_delayed', 'delayed'],
    ['returned', 'error'],
    ['returned_from_service_point', 'error'],
    ['sorting_error', 'error'],
    ['delivered', 'completed'],
    ['delivered_at_neighbors', 'completed'],
    ['delivered_at_sender', 'completed'],
    ['collected_at_service_point', 'completed'],
    ['canceled', 'canceled'],
  ])('%s → %s', (event, group) => {
    expect(mapTrackingEvent(event)).toBe(group);
  });

  it('knows every event of the spec and nothing else', () => {
    expect(trackingEventNames).toHaveLength(25);
    expect(mapTrackingEvent('teleported')).toBeNull();
    expect(mapTrackingEvent('toString')).toBeNull();
    expect(Object.keys(trackingEventTexts).sort()).toEqual(Object.keys(trackingEventGroups).sort());
  });
});

describe('latestTrackingEvent', () => {
  it('takes the last event to occur, whatever the order they came in', () => {
    expect(latestTrackingEvent(pkg(['delivered', 30], ['shipped', 10], ['at_depot', 20]).events)?.event).toBe('delivered');
  });
  it('a ready or printed stamp later than a travel event does not take the parcel back', () => {
    expect(latestTrackingEvent(pkg(['shipped', 10], ['ready', 20], ['printed', 25]).events)?.event).toBe('shipped');
    expect(latestTrackingEvent(pkg(['ready', 20], ['printed', 25]).events)?.event).toBe('printed');
    expect(labelStatusFromTracking({ current: 'ready', packages: [pkg(['shipped', 10], ['ready', 20])] })).toBe('shipped');
  });
  it('orders events of the same moment by stage and ignores names that are not ours', () => {
    expect(latestTrackingEvent(pkg(['delivered', 30], ['out_for_delivery', 30], ['mystery', 40]).events)).toMatchObject({ event: 'delivered', group: 'completed' });
    expect(latestTrackingEvent(pkg(['mystery', 40]).events)).toBeNull();
  });
});

describe('labelStatusFromTracking', () => {
  it('stays ready or printed until a package is shipped', () => {
    expect(labelStatusFromTracking({ current: 'ready', packages: [pkg()] })).toBe('ready');
    expect(labelStatusFromTracking({ current: 'ready', packages: [pkg(['ready', 0])] })).toBe('ready');
    expect(labelStatusFromTracking({ current: 'ready', packages: [pkg(['ready', 0], ['printed', 1])] })).toBe('printed');
    expect(labelStatusFromTracking({ current: 'printed', packages: [pkg(['ready', 0])] })).toBe('printed');
    expect(labelStatusFromTracking({ current: 'printed', packages: [pkg(['ready', 0], ['shipped', 5])] })).toBe('shipped');
  });

  it('a carrier that still reports "pre-notified" after the print does not undo the print', () => {
    expect(labelStatusFromTracking({ current: 'printed', packages: [pkg(['printed', 1], ['ready', 3])] })).toBe('printed');
  });

  it('is completed only when every package is delivered', () => {
    const delivered = pkg(['shipped', 1], ['delivered', 20]);
    const underway = pkg(['shipped', 1], ['out_for_delivery', 10]);
    expect(labelStatusFromTracking({ current: 'shipped', packages: [delivered, underway] })).toBe('shipped');
    expect(labelStatusFromTracking({ current: 'shipped', packages: [delivered, pkg()] })).toBe('shipped');
    expect(labelStatusFromTracking({ current: 'shipped', packages: [delivered, pkg(['collected_at_service_point', 30])] })).toBe('completed');
    expect(labelStatusFromTracking({ current: 'printed', packages: [delivered, pkg(['canceled', 2])] })).toBe('completed');
  });

  it('error wins over delayed, delayed over shipped', () => {
    const delayed = pkg(['shipped', 1], ['delivery_failed', 12]);
    const returned = pkg(['shipped', 1], ['returned', 40]);
    const shipped = pkg(['shipped', 1]);
    expect(labelStatusFromTracking({ current: 'shipped', packages: [shipped, delayed] })).toBe('delayed');
    expect(labelStatusFromTracking({ current: 'shipped', packages: [returned, delayed, shipped] })).toBe('error');
  });

  it('moves within the underway stage as the latest events say', () => {
    expect(labelStatusFromTracking({ current: 'delayed', packages: [pkg(['delivery_failed', 12], ['out_for_delivery', 50])] })).toBe('shipped');
    expect(labelStatusFromTracking({ current: 'delayed', packages: [pkg(['delivery_failed', 12], ['delivered', 55])] })).toBe('completed');
  });

  it('never goes back from a later stage to an earlier one', () => {
    expect(labelStatusFromTracking({ current: 'shipped', packages: [pkg(['ready', 0])] })).toBe('shipped');
    expect(labelStatusFromTracking({ current: 'delayed', packages: [pkg()] })).toBe('delayed');
  });

  it('keeps final and unknown statuses', () => {
    expect(labelStatusFromTracking({ current: 'completed', packages: [pkg(['returned', 90])] })).toBe('completed');
    expect(labelStatusFromTracking({ current: 'canceled', packages: [pkg(['delivered', 90])] })).toBe('canceled');
    expect(labelStatusFromTracking({ current: 'creating', packages: [pkg(['delivered', 90])] })).toBe('creating');
    expect(isFinalLabelStatus('completed')).toBe(true);
    expect(isFinalLabelStatus('canceled')).toBe(true);
    expect(isFinalLabelStatus('delayed')).toBe(false);
  });

  it('is canceled when every package is canceled', () => {
    expect(labelStatusFromTracking({ current: 'printed', packages: [pkg(['canceled', 3]), pkg(['canceled', 3])] })).toBe('canceled');
    expect(labelStatusFromTracking({ current: 'ready', packages: [pkg(['canceled', 3]), pkg()] })).toBe('ready');
  });
});
