import { beforeAll, describe, expect, it } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { startForFile } from '../../../test-support/for-file';
import { parseDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';
import { CarrierError } from '../types';
import { postnlCarrier } from './adapter';
import { postnlEvent } from './tracking';

const postnl = startForFile(() => startFakePostnl({ apikey: 'sleutel' }));
let settings: Record<string, unknown>;
beforeAll(() => {
  settings = { api_key: 'sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url };
});

const context = (timeoutMs = 2000, overrides: Record<string, unknown> = {}) => ({ settings: { ...settings, ...overrides }, signal: AbortSignal.timeout(timeoutMs), now: new Date(), timeScale: 1 });
const parcel = (trackingNumber: string) => ({ trackingNumber, zipcode: '3511 AB', country: 'NL', labelCreatedAt: new Date('2025-06-02T07:00:00Z') });

describe('PostNL tracking against the fake', () => {
  it('asks the documented call and maps statuses onto our events, in Dutch local time', async () => {
    postnl.tracking.set('3SDEVC000000001', [
      { code: '1', description: 'Zending voorgemeld', phase: '1', phaseDescription: 'Collectie', at: new Date('2025-06-02T07:05:00Z') },
      { code: '3', description: 'Zending afgehaald', phase: '1', phaseDescription: 'Collectie', at: new Date('2025-06-02T15:30:00Z') },
      { code: '5', description: 'Zending gesorteerd', phase: '2', phaseDescription: 'Sortering', at: new Date('2025-06-02T22:10:00Z') },
      { code: '7', description: 'Zending in distributieproces', phase: '3', phaseDescription: 'Distributie', at: new Date('2025-06-03T07:40:00Z') },
      { code: '9', description: 'Zending afgeleverd', phase: '4', phaseDescription: 'Afgeleverd', at: new Date('2025-06-03T11:02:00Z') },
    ]);
    const events = await postnlCarrier.track(parcel('3SDEVC000000001'), context());
    expect(events.map((e) => [e.event, e.occurredAt.toISOString(), e.courierDescription])).toEqual([
      ['delivered', '2025-06-03T11:02:00.000Z', 'Zending afgeleverd'],
      ['out_for_delivery', '2025-06-03T07:40:00.000Z', 'Zending in distributieproces'],
      ['at_depot', '2025-06-02T22:10:00.000Z', 'Zending gesorteerd'],
      ['shipped', '2025-06-02T15:30:00.000Z', 'Zending afgehaald'],
      ['ready', '2025-06-02T07:05:00.000Z', 'Zending voorgemeld'],
    ]);
    const request = postnl.requests.at(-1);
    expect(request).toMatchObject({ method: 'GET', path: '/shipment/v2/status/barcode/3SDEVC000000001', apikey: 'sleutel' });
    expect(new URLSearchParams(request?.query).get('detail')).toBe('true');
    expect(new URLSearchParams(request?.query).get('language')).toBe('NL');
  });

  it('knows nothing of a barcode PostNL has not seen yet', async () => {
    expect(await postnlCarrier.track(parcel('3SDEVC000000404'), context())).toEqual([]);
  });

  it('reports an error, a refused key and a timeout in Dutch', async () => {
    postnl.tracking.set('3SDEVC000000500', 'error');
    await expect(postnlCarrier.track(parcel('3SDEVC000000500'), context())).rejects.toThrow('PostNL is nu niet bereikbaar. Probeer het later opnieuw.');
    await expect(postnlCarrier.track(parcel('3SDEVC000000001'), context(2000, { api_key: 'fout' }))).rejects.toThrow('PostNL gaf geen trackinginformatie: Invalid ApiKey');
    postnl.tracking.set('3SDEVC000000408', 'hang');
    const slow = postnlCarrier.track(parcel('3SDEVC000000408'), context(300));
    await expect(slow).rejects.toBeInstanceOf(CarrierError);
    await expect(slow).rejects.toThrow('PostNL antwoordde niet op tijd. Probeer het later opnieuw.');
  });

  it('falls back on the phase for a status code it does not know (UNVERIFIED table)', () => {
    expect(postnlEvent({ StatusCode: '77', PhaseCode: '3' })).toBe('out_for_delivery');
    expect(postnlEvent({ StatusCode: '08', PhaseCode: '3' })).toBe('delivery_failed');
    expect(postnlEvent({ StatusCode: '99', PhaseCode: '4' })).toBeNull();
    expect(postnlEvent({ StatusCode: '', PhaseCode: '' })).toBeNull();
  });

  it('reads PostNL time stamps as Amsterdam time, summer and winter', () => {
    expect(parseDutchTimestamp('07-11-2022 19:10:28')?.toISOString()).toBe('2022-11-07T18:10:28.000Z');
    expect(parseDutchTimestamp('01-07-2025 12:00:00')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(parseDutchTimestamp('2025-07-01T10:00:00Z')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(parseDutchTimestamp('gisteren')).toBeNull();
  });
});

describe('PostNL pickup points against the fake', () => {
  const query = { countryCode: 'NL', zipCode: '3511AB', houseNumber: '1', street: null, city: null, limit: 10 };

  it('asks locations/nearest and answers the §3 pickup location shape', async () => {
    const points = (await postnlCarrier.pickupPoints?.(query, context())) ?? [];
    expect(points).toEqual([
      {
        id: '163043',
        name: 'Primera Stationsplein',
        address: { street_address: 'Stationsplein 12A', zip_code: '3511AB', city: 'Utrecht' },
        geo: { latitude: 52.0894, longitude: 5.1102 },
        opening_hours: [
          { day_of_week: 1, opens: '08:00', closes: '18:00' },
          { day_of_week: 2, opens: '08:00', closes: '18:00' },
          { day_of_week: 3, opens: '08:00', closes: '18:00' },
          { day_of_week: 4, opens: '08:00', closes: '18:00' },
          { day_of_week: 5, opens: '08:00', closes: '21:00' },
          { day_of_week: 6, opens: '09:00', closes: '17:00' },
        ],
        distance: 230,
      },
      expect.objectContaining({ id: '204518', opening_hours: expect.arrayContaining([{ day_of_week: 7, opens: '12:00', closes: '17:00' }]) }),
    ]);
    const sent = new URLSearchParams(postnl.requests.at(-1)?.query);
    expect(postnl.requests.at(-1)?.path).toBe('/shipment/v2_1/locations/nearest');
    expect(Object.fromEntries(sent)).toMatchObject({ CountryCode: 'NL', PostalCode: '3511AB', HouseNumber: '1' });
  });

  it('answers none where PostNL has none, and reports failures', async () => {
    expect(await postnlCarrier.pickupPoints?.({ ...query, zipCode: '9999ZZ' }, context())).toEqual([]);
    postnl.locations = 'error';
    await expect(postnlCarrier.pickupPoints?.(query, context())).rejects.toThrow('PostNL is nu niet bereikbaar. Probeer het later opnieuw.');
    postnl.locations = 'hang';
    await expect(postnlCarrier.pickupPoints?.(query, context(300))).rejects.toThrow('PostNL antwoordde niet op tijd. Probeer het later opnieuw.');
    postnl.locations = 'normal';
  });
});
