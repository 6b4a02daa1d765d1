import { describe, expect, it } from 'vitest';
import { startFakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { labelledOrders, request } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';

const postnl = startForFile(() => startFakePostnl({ apikey: 'pn-sleutel' }));
const dhl = startForFile(() => startFakeDhl({ userId: 'dhl-gebruiker', key: 'dhl-sleutel' }));
const { server, first: org } = testServerForFile({ organisations: [{}] });

async function link(body: { courier_class: string; fields: Record<string, string> }): Promise<string> {
  const linked = await request(server, { method: 'POST', path: '/api/courier/create', token: org.token, body });
  expect(linked.status).toBe(200);
  return linked.body.data.id;
}

describe('tracking links of labels (tracking_url)', () => {
  it('is each carrier’s track and trace page, per package and for the shipment; none for the Testvervoerder', async () => {
    const postnlId = await link({ courier_class: 'postnl', fields: { api_key: 'pn-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } });
    const dhlId = await link({ courier_class: 'dhl', fields: { user_id: 'dhl-gebruiker', api_key: 'dhl-sleutel', account_id: '01234567', base_url: dhl.url } });
    // A postcode typed loosely is the compact one in the link.
    const recipient = { zipcode: '3511 ab', address_1: 'Oudegracht', housenumber: '12', city: 'Utrecht' };
    const twoParcels = { packages: [{ weight: 1200 }, { weight: 900 }], courier_fields: {} };
    const [postnlLabel] = (await labelledOrders(org, 1, { ...recipient, courier_id: postnlId, shipment_type: 'standard', shipment: twoParcels })).labelIds;
    const [dhlLabel] = (await labelledOrders(org, 1, { ...recipient, courier_id: dhlId, shipment_type: 'door' })).labelIds;
    const [testLabel] = (await labelledOrders(org, 1, recipient)).labelIds;

    const pn = (await org.api.labels.get(postnlLabel!)).data.shipment;
    expect(pn.packages).toHaveLength(2);
    for (const p of pn.packages) expect(p.tracking_url).toBe(`https://jouw.postnl.nl/track-and-trace/${p.tracking_number}-NL-3511AB`);
    expect(pn.tracking_url).toBe(pn.packages[0]?.tracking_url);

    const dh = (await org.api.labels.get(dhlLabel!)).data.shipment;
    expect(dh.packages[0]?.tracking_url).toBe(`https://my.dhlparcel.nl/home/tracktrace/${dh.packages[0]?.tracking_number}/3511AB`);
    expect(dh.tracking_url).toBe(dh.packages[0]?.tracking_url);

    const test = (await org.api.labels.get(testLabel!)).data.shipment;
    expect(test.tracking_number).toBeTruthy();
    expect(test.tracking_url).toBeNull();
    expect(test.packages[0]?.tracking_url).toBeNull();

    // The label tables get the same links.
    const listed = new Map((await org.api.labels.list({ page_size: 250 })).data.map((l) => [l.id, l.shipment]));
    expect(listed.get(postnlLabel!)?.packages.map((p) => p.tracking_url)).toEqual(pn.packages.map((p) => p.tracking_url));
    expect(listed.get(dhlLabel!)?.tracking_url).toBe(dh.tracking_url);
    expect(listed.get(testLabel!)?.tracking_url).toBeNull();

    // Another organisation sees none of these labels, links included.
    const theirs = await server.createOrganisation();
    for (const id of [postnlLabel, dhlLabel, testLabel]) {
      expect((await request(server, { path: `/api/label/${id}`, token: theirs.token })).status).toBe(404);
    }
    expect((await theirs.api.labels.list({ page_size: 250 })).data).toEqual([]);
  });
});
