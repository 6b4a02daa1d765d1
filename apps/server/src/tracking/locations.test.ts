import { describe, expect, it } from 'vitest';
import { createLocationCoordinates } from './locations';

const utrecht = { name: 'Bruna', address_1: 'Oudegracht 141', address_2: null, zipcode: '3511 AB', city: 'Utrecht', country: 'NL' };

describe('createLocationCoordinates', () => {
  it('takes the carrier’s own coordinates without asking', async () => {
    const asked: unknown[] = [];
    const coordinatesOf = createLocationCoordinates({ lookup: async (input) => (asked.push(input), null) });
    expect(await coordinatesOf({ ...utrecht, latitude: 52.1, longitude: 5.1 })).toEqual({ latitude: 52.1, longitude: 5.1 });
    expect(asked).toEqual([]);
  });

  it('looks a Dutch address up by postcode and house number; not one abroad or without a number', async () => {
    const asked: unknown[] = [];
    const coordinatesOf = createLocationCoordinates({ lookup: async (input) => (asked.push(input), { latitude: 52.09, longitude: 5.12 }) });
    expect(await coordinatesOf(utrecht)).toEqual({ latitude: 52.09, longitude: 5.12 });
    expect(asked).toEqual([{ zipcode: '3511 AB', housenumber: '141' }]);
    expect(await coordinatesOf({ ...utrecht, country: 'BE' })).toBeNull();
    expect(await coordinatesOf({ ...utrecht, address_1: 'Oudegracht' })).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('gives no coordinates when the lookup fails, and pauses the lookups for a while', async () => {
    let clock = 0;
    let calls = 0;
    const coordinatesOf = createLocationCoordinates({
      lookup: async () => {
        calls += 1;
        throw new Error('down');
      },
      pauseMs: 1000,
      now: () => clock,
    });
    expect(await coordinatesOf(utrecht)).toBeNull();
    expect(await coordinatesOf(utrecht)).toBeNull();
    expect(calls).toBe(1);
    clock = 1001;
    expect(await coordinatesOf(utrecht)).toBeNull();
    expect(calls).toBe(2);
  });
});
