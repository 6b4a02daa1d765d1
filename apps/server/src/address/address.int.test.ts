import { describe, expect, it } from 'vitest';
import { startFakePdok } from '@verzendhuis/test-fakes/fake-pdok';
import { request } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { startTestServer, testServerForFile } from '../../test-support/server';

const pdok = startForFile(() => startFakePdok());
const { server, first: organisation } = testServerForFile({ config: () => ({ pdokUrl: pdok.url }), organisations: [{}] });

describe('GET address/lookup', () => {
  it('fills street and town for exactly one address, ignoring spaces', async () => {
    expect(await organisation.api.address.lookup({ zipcode: ' 1012 lg', housenumber: '1 ' })).toEqual({ data: { address_1: 'Damrak', city: 'Amsterdam' } });
  });

  it('fills nothing for no match or more than one', async () => {
    expect(await organisation.api.address.lookup({ zipcode: '1012LG', housenumber: '999' })).toEqual({ data: null });
    expect(await organisation.api.address.lookup({ zipcode: '2511AA', housenumber: '7' })).toEqual({ data: null });
  });

  it('asks nothing for an empty or malformed postcode', async () => {
    const before = pdok.requests.length;
    expect(await organisation.api.address.lookup({ zipcode: '', housenumber: '1' })).toEqual({ data: null });
    expect(await organisation.api.address.lookup({ zipcode: 'ABCD', housenumber: '' })).toEqual({ data: null });
    expect(pdok.requests.length).toBe(before);
  });

  it('caches answers', async () => {
    await organisation.api.address.lookup({ zipcode: '3511AB', housenumber: '12' });
    const before = pdok.requests.length;
    expect(await organisation.api.address.lookup({ zipcode: '3511 AB', housenumber: '12' })).toEqual({ data: { address_1: 'Oudegracht', city: 'Utrecht' } });
    expect(pdok.requests.length).toBe(before);
    const sent = pdok.requests.at(-1);
    expect(sent?.searchParams.get('fq')).toBe('type:adres');
    expect(sent?.searchParams.get('fl')).toBeTruthy();
  });

  it('answers 503 with a Dutch message, not "nothing found", when the service fails', async () => {
    // The fake answers 503 for 9999 ZZ, as PDOK does when it is down.
    const response = await request(server, { path: '/api/address/lookup', token: organisation.token, query: { zipcode: '9999 ZZ', housenumber: '1' } });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      status: 503,
      message_code: 'address_lookup_unavailable',
      message: 'De adreszoeker is nu niet bereikbaar. Vul straat en plaats zelf in.',
    });
    // A failure is not remembered: the next leave of the field asks again.
    const before = pdok.requests.length;
    expect((await request(server, { path: '/api/address/lookup', token: organisation.token, query: { zipcode: '9999ZZ', housenumber: '1' } })).status).toBe(503);
    expect(pdok.requests.length).toBe(before + 1);
  });

  it('answers 503 when the service cannot be reached', async () => {
    const down = await startTestServer({ pdokUrl: 'http://localhost:9' });
    try {
      const other = await down.createOrganisation();
      const response = await request(down, { path: '/api/address/lookup', token: other.token, query: { zipcode: '1012LG', housenumber: '1' } });
      expect(response.status).toBe(503);
      expect(response.body.message_code).toBe('address_lookup_unavailable');
      // Nothing found is still an answer, not an error: no service is asked for a malformed postcode.
      expect(await other.api.address.lookup({ zipcode: 'ABCD', housenumber: '1' })).toEqual({ data: null });
    } finally {
      await down.close();
    }
  });

  it('answers a second organisation the same public address, and keeps nothing of the first', async () => {
    const theirs = await server.createOrganisation();
    expect(await theirs.api.address.lookup({ zipcode: '1012LG', housenumber: '1' })).toEqual({ data: { address_1: 'Damrak', city: 'Amsterdam' } });
    expect(await theirs.api.address.lookup({ zipcode: '1012LG', housenumber: '999' })).toEqual({ data: null });
  });

  it('needs a login', async () => {
    const response = await request(server, { path: '/api/address/lookup', query: { zipcode: '1012LG', housenumber: '1' } });
    expect(response.status).toBe(401);
    expect(response.body.type).toBe('authentication');
  });
});
