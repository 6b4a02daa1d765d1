import { describe, expect, it } from 'vitest';
import { labelStatusFromTracking } from '@verzendhuis/domain/tracking';
import { CarrierError } from '../types';
import { drawTestLabel } from '../../documents/test-label';
import { createTestCarrier } from './adapter';
import { testCarrierPath } from './timeline';

const testCarrier = createTestCarrier({ drawLabel: drawTestLabel });
const created = new Date('2025-03-03T08:00:00Z');
const hours = (h: number) => new Date(created.getTime() + h * 3_600_000);
const context = (now: Date, timeScale = 1) => ({ settings: {}, signal: AbortSignal.timeout(1000), now, timeScale });
const parcel = (trackingNumber: string, zipcode = '3511 AB', country = 'NL') => ({ trackingNumber, zipcode, country, labelCreatedAt: created });

async function eventsAt(trackingNumber: string, h: number, extra: { zipcode?: string; country?: string; timeScale?: number } = {}) {
  return testCarrier.track(parcel(trackingNumber, extra.zipcode, extra.country), context(hours(h), extra.timeScale));
}

describe('the Testvervoerder’s tracking timeline', () => {
  it('moves a parcel from picked up to delivered, with Dutch descriptions and depots', async () => {
    expect(await eventsAt('3STEST000000001', 1)).toEqual([]);
    expect((await eventsAt('3STEST000000001', 2)).map((e) => e.event)).toEqual(['shipped']);
    const underway = await eventsAt('3STEST000000001', 12);
    expect(underway.map((e) => e.event)).toEqual(['shipped', 'at_depot', 'at_depot']);
    expect(underway[1]?.location?.city).toBe('Nieuwegein');
    expect(underway[2]?.location).toMatchObject({ name: 'Testvervoerder Depot Utrecht', city: 'Utrecht', country: 'NL' });
    const done = await eventsAt('3STEST000000001', 30);
    expect(done.map((e) => e.event)).toEqual(['shipped', 'at_depot', 'at_depot', 'out_for_delivery', 'delivered']);
    expect(done.at(-1)).toMatchObject({ courierDescription: 'Het pakket is bezorgd.', occurredAt: hours(20) });
  });

  it('is the same journey every time for the same parcel', async () => {
    expect(await eventsAt('3STEST000000042', 100)).toEqual(await eventsAt('3STEST000000042', 100));
  });

  it('takes the delayed paths by the tracking number’s last digits', async () => {
    expect(testCarrierPath('3STEST000000017')).toBe('failed_attempt');
    expect(testCarrierPath('3STEST000000018')).toBe('sorting_delay');
    expect(testCarrierPath('3STEST000000199')).toBe('returned');
    expect(testCarrierPath('3STEST000000010')).toBe('normal');

    const failed = (await eventsAt('3STEST000000017', 100)).map((e) => e.event);
    expect(failed).toEqual(['shipped', 'at_depot', 'at_depot', 'out_for_delivery', 'delivery_failed', 'out_for_delivery', 'delivered_at_neighbors']);
    const afterFirstAttempt = await eventsAt('3STEST000000017', 20);
    expect(labelStatusFromTracking({ current: 'printed', packages: [{ events: afterFirstAttempt }] })).toBe('delayed');

    const sorting = (await eventsAt('3STEST000000018', 10)).map((e) => e.event);
    expect(sorting).toEqual(['shipped', 'at_depot', 'sorting_delayed']);
    expect((await eventsAt('3STEST000000018', 30)).at(-1)?.event).toBe('sorting_delayed');
    expect((await eventsAt('3STEST000000018', 100)).at(-1)?.event).toBe('delivered');

    const returned = await eventsAt('3STEST000000199', 100);
    expect(returned.at(-1)?.event).toBe('returned');
    expect(labelStatusFromTracking({ current: 'shipped', packages: [{ events: returned }] })).toBe('error');
  });

  it('goes through the destination country and its customs abroad', async () => {
    const toSwitzerland = (await eventsAt('3STEST000000003', 100, { zipcode: '8001', country: 'CH' })).map((e) => e.event);
    expect(toSwitzerland).toEqual(['shipped', 'at_depot', 'at_destination_country', 'customs_cleared', 'at_destination_country_depot', 'out_for_delivery', 'delivered']);
    const toBelgium = await eventsAt('3STEST000000003', 100, { zipcode: '1000', country: 'BE' });
    expect(toBelgium.map((e) => e.event)).not.toContain('customs_cleared');
    expect(toBelgium.find((e) => e.event === 'at_destination_country')?.courierDescription).toBe('Het pakket is aangekomen in België.');
  });

  it('runs faster with a time scale: at 60 a parcel is delivered 20 minutes after its label', async () => {
    const minutes = (m: number) => new Date(created.getTime() + m * 60_000);
    expect((await testCarrier.track(parcel('3STEST000000001'), context(minutes(19), 60))).at(-1)?.event).toBe('out_for_delivery');
    expect((await testCarrier.track(parcel('3STEST000000001'), context(minutes(20), 60))).at(-1)?.event).toBe('delivered');
  });

  it('can cancel a parcel until it is picked up', async () => {
    expect(testCarrier.meta.supports_cancel).toBe(true);
    await expect(testCarrier.cancel?.({ trackingNumbers: ['3STEST000000001'], labelCreatedAt: created }, context(hours(1)))).resolves.toBeUndefined();
    const late = testCarrier.cancel?.({ trackingNumbers: ['3STEST000000001'], labelCreatedAt: created }, context(hours(3)));
    await expect(late).rejects.toBeInstanceOf(CarrierError);
    await expect(late).rejects.toThrow('Het pakket is al opgehaald door de Testvervoerder en kan niet meer worden geannuleerd.');
  });
});

describe('the Testvervoerder’s pickup points', () => {
  const query = { countryCode: 'NL', zipCode: '3511AB', houseNumber: '1', street: null, city: null, limit: 5 };

  it('answers the same points for the same search, nearest first, in the §3 shape', async () => {
    const points = (await testCarrier.pickupPoints?.(query, { settings: {}, signal: AbortSignal.timeout(1000) })) ?? [];
    expect(points).toHaveLength(5);
    expect(await testCarrier.pickupPoints?.(query, { settings: {}, signal: AbortSignal.timeout(1000) })).toEqual(points);
    const distances = points.map((p) => p.distance ?? 0);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(new Set(points.map((p) => p.id)).size).toBe(5);
    for (const p of points) {
      expect(p.address.zip_code).toMatch(/^3511 [A-Z]{2}$/);
      expect(p.address.city).toBe('Utrecht');
      expect(p.geo?.latitude).toBeGreaterThan(51.9);
      expect(p.geo?.latitude).toBeLessThan(52.3);
      expect(p.distance).toBeLessThan(6000);
      expect(p.opening_hours.map((h) => h.day_of_week).slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });

  it('uses the town asked for and has no points abroad', async () => {
    const inZwolle = (await testCarrier.pickupPoints?.({ ...query, zipCode: null, city: 'Zwolle', street: 'Kerkstraat' }, { settings: {}, signal: AbortSignal.timeout(1000) })) ?? [];
    expect(inZwolle.every((p) => p.address.city === 'Zwolle')).toBe(true);
    expect(await testCarrier.pickupPoints?.({ ...query, countryCode: 'BE' }, { settings: {}, signal: AbortSignal.timeout(1000) })).toEqual([]);
  });
});
