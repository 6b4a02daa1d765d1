import { beforeAll, describe, expect, it } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { request, testCourierId as testCourierOf, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';

const postnl = startForFile(() => startFakePostnl({ apikey: 'pn-sleutel' }));
const { server, first, second } = testServerForFile({ config: { carrierTimeoutMs: 1500 } });
let testCourierId: string;
let postnlCourierId: string;

beforeAll(async () => {
  testCourierId = await testCourierOf(first);
  const linked = await first.api.couriers.create({ courier_class: 'postnl', fields: { api_key: 'pn-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } });
  postnlCourierId = linked.data.id;
});

const search = (who: TestOrganisation, query: Record<string, string>) => request(server, { path: '/api/pickup-points/', query, token: who.token });

describe('GET /api/pickup-points/', () => {
  it('needs a search text or two of street, postcode and city, with a Dutch message', async () => {
    const incomplete: Record<string, string>[] = [{}, { zip_code: '3511 AB' }, { city: 'Utrecht', search: ' ' }];
    for (const query of incomplete) {
      const { status, body } = await search(first, query);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        type: 'validation',
        message_code: 'pickup_point_parameters_required',
        message: 'Vul een zoekterm in, of minstens twee van straat, postcode en plaats.',
        fields: { search: ['Vul een zoekterm in, of minstens twee van straat, postcode en plaats.'] },
      });
    }
  });

  it('answers a group per active courier with pickup points: the Testvervoerder and PostNL', async () => {
    const { status, body } = await search(first, { search: '3511AB 1', limit: '4' });
    expect(status).toBe(200);
    const groups = body.data as { courier: { id: string; service_class: string }; locations: { id: string; address: { zip_code: string } }[]; error: string | null }[];
    expect(groups.map((g) => g.courier.id).sort()).toEqual([testCourierId, postnlCourierId].sort());
    const test = groups.find((g) => g.courier.id === testCourierId);
    expect(test?.locations).toHaveLength(4);
    expect(test?.locations.every((l) => l.address.zip_code.startsWith('3511 '))).toBe(true);
    expect(groups.find((g) => g.courier.id === postnlCourierId)).toMatchObject({ error: null, locations: [{ id: '163043' }, { id: '204518' }] });
    const asked = new URLSearchParams(postnl.requests.at(-1)?.query);
    expect(Object.fromEntries(asked)).toMatchObject({ CountryCode: 'NL', PostalCode: '3511AB', HouseNumber: '1' });
    // the same through the typed client
    const typed = await first.api.pickupPoints.search({ street: 'Oudegracht 12', city: 'Utrecht', courier_id: testCourierId });
    expect(typed.data).toHaveLength(1);
    expect(typed.data[0]?.locations.every((l) => l.address.city === 'Utrecht')).toBe(true);
  });

  it('asks only the courier given', async () => {
    const { body } = await search(first, { zip_code: '3511AB', city: 'Utrecht', courier_id: postnlCourierId });
    expect(body.data.map((g: { courier: { id: string } }) => g.courier.id)).toEqual([postnlCourierId]);
    expect((await search(first, { zip_code: '9999ZZ', city: 'Nergens', courier_id: postnlCourierId })).body.data[0].locations).toEqual([]);
  });

  it('reports a failing carrier in its group; the others still answer', async () => {
    postnl.locations = 'error';
    try {
      const { status, body } = await search(first, { search: 'Utrecht' });
      expect(status).toBe(200);
      const groups = body.data as { courier: { id: string }; locations: unknown[]; error: string | null }[];
      expect(groups.find((g) => g.courier.id === postnlCourierId)).toEqual(expect.objectContaining({ locations: [], error: 'PostNL is nu niet bereikbaar. Probeer het later opnieuw.' }));
      expect(groups.find((g) => g.courier.id === testCourierId)?.locations.length).toBeGreaterThan(0);
    } finally {
      postnl.locations = 'normal';
    }
  });

  it('refuses a deleted courier and one without pickup points in Dutch', async () => {
    await first.api.couriers.update(postnlCourierId, { is_active: false });
    try {
      const inactive = await search(first, { search: 'Utrecht', courier_id: postnlCourierId });
      expect(inactive.status).toBe(400);
      expect(inactive.body).toMatchObject({ message_code: 'courier_not_active', message: 'Kies een vervoerder die niet is verwijderd.' });
      const all = await search(first, { search: 'Utrecht' });
      expect(all.body.data.map((g: { courier: { id: string } }) => g.courier.id)).toEqual([testCourierId]);
    } finally {
      await first.api.couriers.reset(postnlCourierId);
    }
  });

  it('another organisation sees only its own couriers and gets 404 for ours', async () => {
    const theirs = await search(second, { search: '3511AB' });
    expect(theirs.status).toBe(200);
    const ids = theirs.body.data.map((g: { courier: { id: string } }) => g.courier.id);
    expect(ids).not.toContain(postnlCourierId);
    expect(ids).not.toContain(testCourierId);
    expect(ids).toHaveLength(1);
    const ours = await search(second, { search: '3511AB', courier_id: postnlCourierId });
    expect(ours.status).toBe(404);
    expect(ours.body).toMatchObject({ type: 'not_found', message_code: 'courier_not_found' });
  });
});
