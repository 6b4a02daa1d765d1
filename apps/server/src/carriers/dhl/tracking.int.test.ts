import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { startForFile } from '../../../test-support/for-file';
import { dhlCarrier } from './adapter';
import { dhlEvent } from './tracking';

const dhl = startForFile(() => startFakeDhl({ userId: 'gebruiker', key: 'sleutel' }));
let settings: Record<string, unknown>;
beforeAll(() => {
  settings = { user_id: 'gebruiker', api_key: 'sleutel', account_id: '123456', base_url: dhl.url };
});

const context = (timeoutMs = 2000) => ({ settings, signal: AbortSignal.timeout(timeoutMs), now: new Date(), timeScale: 1 });
const parcel = (trackingNumber: string, zipcode = '3511 AB') => ({ trackingNumber, zipcode, country: 'NL', labelCreatedAt: new Date('2025-06-02T07:00:00Z') });

describe('DHL tracking against the fake', () => {
  it('looks a parcel up by tracker code and postcode and maps categories and statuses', async () => {
    dhl.postcodes.set('JVGL0999000000001', '3511AB');
    dhl.tracking.set('JVGL0999000000001', [
      { category: 'DATA_RECEIVED', status: 'PRENOTIFICATION_RECEIVED', timestamp: '2025-06-02T07:01:00Z' },
      { category: 'UNDERWAY', status: 'PARCEL_COLLECTED', timestamp: '2025-06-02T16:00:00Z' },
      { category: 'UNDERWAY', status: 'PARCEL_ARRIVED_AT_LOCAL_DEPOT', timestamp: '2025-06-03T05:00:00Z', facility: 'DHL depot Utrecht' },
      { category: 'IN_DELIVERY', status: 'OUT_FOR_DELIVERY', timestamp: '2025-06-03T08:00:00Z' },
      { category: 'DELIVERED', status: 'DELIVERED_AT_NEIGHBOURS', timestamp: '2025-06-03T12:30:00Z' },
    ]);
    const events = await dhlCarrier.track(parcel('JVGL0999000000001'), context());
    expect(events.map((e) => e.event)).toEqual(['ready', 'shipped', 'at_depot', 'out_for_delivery', 'delivered_at_neighbors']);
    expect(events[2]).toMatchObject({ occurredAt: new Date('2025-06-03T05:00:00Z'), courierDescription: 'In het sorteercentrum', location: { name: 'DHL depot Utrecht' } });
    expect(dhl.lookups.at(-1)?.query.get('key')).toBe('JVGL0999000000001+3511AB');
  });

  it('finds nothing for another postcode or an unknown parcel', async () => {
    expect(await dhlCarrier.track(parcel('JVGL0999000000001', '1012 LG'), context())).toEqual([]);
    expect(await dhlCarrier.track(parcel('JVGL0999000000404'), context())).toEqual([]);
  });

  it('reports an error and a timeout in Dutch', async () => {
    dhl.tracking.set('JVGL0999000000500', 'error');
    await expect(dhlCarrier.track(parcel('JVGL0999000000500'), context())).rejects.toThrow('DHL is nu niet bereikbaar. Probeer het later opnieuw.');
    dhl.tracking.set('JVGL0999000000408', 'hang');
    await expect(dhlCarrier.track(parcel('JVGL0999000000408'), context(300))).rejects.toThrow('DHL antwoordde niet op tijd. Probeer het later opnieuw.');
  });

  it('a parcel at a ServicePoint is not delivered yet; collected from it, it is (UNVERIFIED statuses)', () => {
    expect(dhlEvent('DELIVERED', 'DELIVERED_AT_PARCELSHOP')).toBe('at_service_point');
    expect(dhlEvent('DELIVERED', 'PICKED_UP_FROM_PARCELSHOP')).toBe('collected_at_service_point');
    expect(dhlEvent('PROBLEM', 'SOMETHING_NEW')).toBe('delivery_failed');
    expect(dhlEvent('SOMETHING_ELSE', undefined)).toBeNull();
  });
});

describe('DHL parcel shops against the fake', () => {
  const query = { countryCode: 'NL', zipCode: '3511AB', houseNumber: '1', street: null, city: null, limit: 10 };

  it('asks parcel-shop-locations and answers the §3 pickup location shape', async () => {
    const points = (await dhlCarrier.pickupPoints?.(query, context())) ?? [];
    expect(points.map((p) => p.id)).toEqual(['8004-NL-272403', '8004-NL-318822']);
    expect(points[1]).toMatchObject({
      name: 'DHL Parcelstation Centraal',
      address: { street_address: 'Stationsplein 1B', zip_code: '3511AB', city: 'Utrecht' },
      geo: { latitude: 52.0894, longitude: 5.1099 },
      distance: 951,
    });
    expect(points[1]?.opening_hours.map((h) => h.day_of_week)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const lookup = dhl.lookups.at(-1);
    expect(lookup?.path).toBe('/parcel-shop-locations/NL');
    expect(Object.fromEntries(lookup?.query ?? [])).toEqual({ limit: '10', zipCode: '3511AB', houseNumber: '1' });
  });

  it('reports failures in Dutch', async () => {
    dhl.parcelShops = 'error';
    await expect(dhlCarrier.pickupPoints?.(query, context())).rejects.toThrow('DHL is nu niet bereikbaar. Probeer het later opnieuw.');
    dhl.parcelShops = 'hang';
    await expect(dhlCarrier.pickupPoints?.(query, context(300))).rejects.toThrow('DHL antwoordde niet op tijd. Probeer het later opnieuw.');
    dhl.parcelShops = 'normal';
  });
});
