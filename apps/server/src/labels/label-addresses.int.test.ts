import { describe, expect, it } from 'vitest';
import { startFakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { labelErrorMessages } from '@verzendhuis/domain/label-errors';
import { linkFakeCarrier, orderInput, readyOrders, request, requestLabels, testSenderAddress, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';

/**
 * Who a label goes from and to: the organisation's address is the sender of every label
 * (and without it no label is made); a return label goes from the customer to the
 * organisation, and the carrier is asked for a return shipment.
 */

const postnl = startForFile(() => startFakePostnl({ apikey: 'postnl-sleutel' }));
const dhl = startForFile(() => startFakeDhl({ userId: 'dhl-gebruiker', key: 'dhl-sleutel' }));
// A selection of more than three orders becomes a label job.
const { server, first, second } = testServerForFile({ config: { labelJobThreshold: 3 } });

const customer = { name: 'Jan Jansen', address_1: 'Damrak', housenumber: '1 A', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL', email: 'jan@voorbeeld.nl' } as const;

/** The fake PostNL or DHL of this file, linked to the organisation. */
const linkCourier = (org: TestOrganisation, courierClass: 'postnl' | 'dhl') => linkFakeCarrier(org, courierClass, courierClass === 'postnl' ? postnl.url : dhl.url);

/** One ready order to the customer with this courier; its id. */
async function customerOrder(org: TestOrganisation, orderNumber: string, courierId: string, shipmentType: string): Promise<string> {
  const [created] = (await org.api.orders.bulk([orderInput({ ...customer, order_number: orderNumber, courier_id: courierId, shipment_type: shipmentType, shipment: { packages: [{ weight: 1200 }], courier_fields: {} } })])).data;
  if (created?.status !== 'ready') throw new Error(`order not ready: ${JSON.stringify(created)}`);
  return created.id;
}

/** The label call the fake PostNL received for this order number. */
function postnlLabelCall(orderNumber: string) {
  const call = postnl.requests.find((r) => r.path === '/shipment/v2_2/label' && JSON.stringify(r.body).includes(`"Reference":"${orderNumber}"`));
  if (!call) throw new Error(`PostNL got no label call for ${orderNumber}`);
  return call.body as { Customer: { Address: Record<string, string> }; Shipments: { Addresses: Record<string, string>[]; ProductCodeDelivery: string; ProductOptions?: unknown[] }[] };
}

const organisationAtPostnl = { CompanyName: 'Webwinkel De Proef', Street: 'Oudegracht', HouseNr: '100', Zipcode: '3511AX', City: 'Utrecht', Countrycode: 'NL' };
const customerAtPostnl = { AddressType: '01', Name: 'Jan Jansen', Street: 'Damrak', HouseNr: '1', HouseNrExt: 'A', Zipcode: '1012LG', City: 'Amsterdam', Countrycode: 'NL' };

describe('the sender address', () => {
  it('is required: without it label creation answers 400 sender_address_missing before anything is claimed, and the key may be used again', async () => {
    const org = await server.createOrganisation({ address: null });
    const ids = await readyOrders(org, 2);
    const refused = await requestLabels(org, { order_ids: ids }, 'eerste-poging');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 400, type: 'usage', message_code: 'sender_address_missing', message: labelErrorMessages.sender_address_missing });
    expect(refused.body.message).toContain('Instellingen');
    // Nothing was claimed: no label, the orders still in the orders tab.
    expect((await request(server, { path: '/api/label/', token: org.token })).body.data).toEqual([]);
    expect((await org.api.orders.count()).data.orders).toBe(2);
    // A return label is refused the same way: the organisation is its recipient.
    expect((await requestLabels(org, { order_ids: ids, is_return: true })).body.message_code).toBe('sender_address_missing');
    // Another organisation, with its address, labels meanwhile.
    const [theirs] = await readyOrders(second, 1);
    expect((await requestLabels(second, { order_ids: [theirs] })).body.status).toBe('success');

    await org.api.user.patchOrganisation({ address: testSenderAddress });
    const made = await requestLabels(org, { order_ids: ids }, 'eerste-poging');
    expect(made.body.status).toBe('success');
    expect(made.body.data).toHaveLength(2);
  });

  it('is required before a large selection becomes a label job', async () => {
    const org = await server.createOrganisation({ address: null });
    const ids = await readyOrders(org, 4);
    const refused = await requestLabels(org, { order_ids: ids });
    expect(refused.status).toBe(400);
    expect(refused.body.message_code).toBe('sender_address_missing');
    expect((await org.api.labelJobs.list()).data).toEqual([]);
  });

  it('goes to PostNL as the customer’s address and as the shipment’s sender', async () => {
    const courierId = await linkCourier(first, 'postnl');
    const orderId = await customerOrder(first, 'AFZ-PNL-1', courierId, 'standard');
    expect((await requestLabels(first, { order_ids: [orderId] })).body.status).toBe('success');
    const body = postnlLabelCall('AFZ-PNL-1');
    expect(body.Customer.Address).toEqual({ AddressType: '02', ...organisationAtPostnl });
    const [shipment] = body.Shipments;
    expect(shipment?.ProductCodeDelivery).toBe('3085');
    expect(shipment?.Addresses).toEqual([expect.objectContaining(customerAtPostnl), { AddressType: '02', ...organisationAtPostnl }]);
  });

  it('goes to DHL as the shipper', async () => {
    const courierId = await linkCourier(first, 'dhl');
    const orderId = await customerOrder(first, 'AFZ-DHL-1', courierId, 'door');
    expect((await requestLabels(first, { order_ids: [orderId] })).body.status).toBe('success');
    const sent = dhl.labels.find((l) => l.body.orderReference === 'AFZ-DHL-1')?.body;
    expect(sent?.shipper).toEqual({
      name: { companyName: 'Webwinkel De Proef' },
      address: { countryCode: 'NL', postalCode: '3511AX', city: 'Utrecht', street: 'Oudegracht', number: '100', isBusiness: true },
      email: first.email,
    });
    expect(sent?.receiver).toMatchObject({ name: { lastName: 'Jan Jansen' }, address: { postalCode: '1012LG', number: '1', addition: 'A' } });
    expect(sent?.returnLabel).toBeUndefined();
  });
});

describe('a return label', () => {
  it('goes from the customer to the organisation, at PostNL as a return shipment (product 2285, the return address as type 08)', async () => {
    const courierId = await linkCourier(first, 'postnl');
    const orderId = await customerOrder(first, 'RET-PNL-1', courierId, 'standard');
    const made = await requestLabels(first, { order_ids: [orderId], is_return: true });
    expect(made.body.status).toBe('success');
    const body = postnlLabelCall('RET-PNL-1');
    expect(body.Customer.Address).toEqual({ AddressType: '02', ...organisationAtPostnl });
    const [shipment] = body.Shipments;
    expect(shipment?.ProductCodeDelivery).toBe('2285');
    expect(shipment?.Addresses).toEqual([expect.objectContaining(customerAtPostnl), { AddressType: '08', ...organisationAtPostnl }]);
    // The label is a return label of the order: the order's customer stays its customer.
    const label = (await request(server, { path: `/api/label/${made.body.data[0].id}`, token: first.token })).body.data;
    expect(label).toMatchObject({ is_return: true, name: 'Jan Jansen', zipcode: '1012 LG' });
    // Another organisation cannot make a return label of this order.
    const theirs = await requestLabels(second, { order_ids: [orderId], is_return: true });
    expect(theirs.body.errors.map((e: { message: string }) => e.message)).toEqual(['Order niet gevonden.']);
  });

  it('goes from the customer to the organisation at DHL, with its return flag', async () => {
    const courierId = await linkCourier(first, 'dhl');
    const orderId = await customerOrder(first, 'RET-DHL-1', courierId, 'door');
    const made = await requestLabels(first, { order_ids: [orderId], is_return: true });
    expect(made.body.status).toBe('success');
    const sent = dhl.labels.find((l) => l.body.orderReference === 'RET-DHL-1')?.body;
    expect(sent?.returnLabel).toBe(true);
    expect(sent?.receiver).toEqual({
      name: { companyName: 'Webwinkel De Proef' },
      address: { countryCode: 'NL', postalCode: '3511AX', city: 'Utrecht', street: 'Oudegracht', number: '100', isBusiness: true },
      email: first.email,
    });
    expect(sent?.shipper).toMatchObject({ name: { lastName: 'Jan Jansen' }, address: { postalCode: '1012LG', street: 'Damrak', number: '1', addition: 'A' }, email: 'jan@voorbeeld.nl' });
    expect(sent?.options).toEqual([{ key: 'DOOR' }]);
    // Tracked with the postcode of the label's receiver, the organisation, as DHL keys its lookups.
    const labelId = made.body.data[0].id;
    const trackingNumber = (await request(server, { path: `/api/label/${labelId}`, token: first.token })).body.data.shipment.packages[0].tracking_number;
    dhl.tracking.set(trackingNumber, [{ category: 'UNDERWAY', status: 'PARCEL_COLLECTED', timestamp: new Date().toISOString() }]);
    const tracked = await request(server, { method: 'POST', path: '/api/label/track', token: first.token, body: { label_ids: [labelId] } });
    expect(tracked.body.data[0]).toMatchObject({ label_id: labelId, status: 'shipped' });
    expect(dhl.lookups.at(-1)?.query.get('key')).toBe(`${trackingNumber}+3511AX`);
  });
});
