import { describe, expect, it } from 'vitest';
import { startFakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { pickupPointTexts } from '@verzendhuis/domain/pickup-points';
import { labelFor, linkFakeCarrier, orderInput, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';

/**
 * Issue 14 §5: the pickup point chosen in the order form is stored on the order
 * (order/create, POST order/{id}), belongs to the order's courier, and reaches the
 * carrier when the label is made (PostNL 3533 with address type 09, DHL option PS).
 */

const postnl = startForFile(() => startFakePostnl({ apikey: 'postnl-sleutel' }));
const dhl = startForFile(() => startFakeDhl({ userId: 'dhl-gebruiker', key: 'dhl-sleutel' }));
const { server, first, second } = testServerForFile();

const customer = { name: 'Jan Jansen', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL', email: 'jan@voorbeeld.nl' } as const;
const point = (courierId: string, id = 'TV-1012-01') => ({ id, name: 'Boekhandel De Zwaan', address: { street_address: 'Kalverstraat 12 B', zip_code: '1012 PC', city: 'Amsterdam' }, courier_id: courierId });

/** The fake PostNL or DHL of this file, linked to the organisation. */
const linkCourier = (org: TestOrganisation, courierClass: 'postnl' | 'dhl') => linkFakeCarrier(org, courierClass, courierClass === 'postnl' ? postnl.url : dhl.url);

function createOrder(org: TestOrganisation, body: Record<string, unknown>) {
  return request(server, { method: 'POST', path: '/api/order/create', token: org.token, body });
}

describe('the pickup point on the order', () => {
  it('is stored by order/create, changed and removed by POST order/{id}, and shown on the order', async () => {
    const courierId = await testCourierId(first);
    const created = await createOrder(first, orderInput({ ...customer, courier_id: courierId, pickup_point: point(courierId) }));
    expect(created.status).toBe(200);
    expect(created.body.data.status).toBe('ready');
    expect(created.body.data.pickup_point).toEqual(point(courierId));
    const id = created.body.data.id;

    const changed = await request(server, { method: 'POST', path: `/api/order/${id}`, token: first.token, body: orderInput({ ...customer, courier_id: courierId, pickup_point: point(courierId, 'TV-1012-02') }) });
    expect(changed.status).toBe(200);
    expect((await request(server, { path: `/api/order/${id}`, token: first.token })).body.data.pickup_point.id).toBe('TV-1012-02');

    const removed = await request(server, { method: 'POST', path: `/api/order/${id}`, token: first.token, body: orderInput({ ...customer, courier_id: courierId, pickup_point: null }) });
    expect(removed.body.data.pickup_point).toBeNull();
  });

  it('refuses a point chosen for another courier, with a Dutch message on the field, and stores nothing', async () => {
    const courierId = await testCourierId(first);
    const other = await linkCourier(first, 'dhl');
    const refused = await createOrder(first, orderInput({ ...customer, order_number: 'AP-ANDER', courier_id: courierId, pickup_point: point(other) }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 400, type: 'validation', fields: { pickup_point: [pickupPointTexts.otherCourier] } });
    expect((await request(server, { path: '/api/order/', query: { search: 'AP-ANDER' }, token: first.token })).body.data).toEqual([]);

    // Without a courier the point cannot stay either; an edit that changes the courier must choose again.
    const created = await createOrder(first, orderInput({ ...customer, courier_id: courierId, pickup_point: point(courierId) }));
    const id = created.body.data.id;
    const changed = await request(server, { method: 'POST', path: `/api/order/${id}`, token: first.token, body: orderInput({ ...customer, courier_id: other, pickup_point: point(courierId) }) });
    expect(changed.status).toBe(400);
    expect(changed.body.fields.pickup_point).toEqual([pickupPointTexts.otherCourier]);
    const kept = (await request(server, { path: `/api/order/${id}`, token: first.token })).body.data;
    expect(kept.courier_id).toBe(courierId);
    expect(kept.pickup_point).toEqual(point(courierId));
  });

  it('refuses an incomplete point through the contract', async () => {
    const courierId = await testCourierId(first);
    const refused = await createOrder(first, orderInput({ ...customer, courier_id: courierId, pickup_point: { ...point(courierId), name: ' ' } }));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toContain('pickup_point.name');
  });

  it('of one organisation is neither seen nor changed by another', async () => {
    const courierId = await testCourierId(first);
    const created = await createOrder(first, orderInput({ ...customer, courier_id: courierId, pickup_point: point(courierId) }));
    const id = created.body.data.id;
    expect((await request(server, { path: `/api/order/${id}`, token: second.token })).status).toBe(404);
    const theirCourier = await testCourierId(second);
    const theirs = await request(server, { method: 'POST', path: `/api/order/${id}`, token: second.token, body: orderInput({ ...customer, courier_id: theirCourier, pickup_point: point(theirCourier, 'TV-9999-01') }) });
    expect(theirs.status).toBe(404);
    // Nor can another organisation's courier be named on one's own order's point.
    const foreign = await createOrder(second, orderInput({ ...customer, courier_id: theirCourier, pickup_point: point(courierId) }));
    expect(foreign.status).toBe(400);
    expect((await request(server, { path: `/api/order/${id}`, token: first.token })).body.data.pickup_point).toEqual(point(courierId));
  });
});

describe('the pickup point on the label', () => {
  it('goes to PostNL as product 3533 with the point as address type 09; the customer stays 01', async () => {
    const courierId = await linkCourier(first, 'postnl');
    const created = await createOrder(first, orderInput({ ...customer, order_number: 'AP-POSTNL', courier_id: courierId, shipment_type: 'standard', shipment: { packages: [{ weight: 1200 }], courier_fields: {} }, pickup_point: point(courierId, '176227') }));
    expect(created.body.data.status).toBe('ready');
    await labelFor(first, created.body.data.id);
    const call = postnl.requests.find((r) => r.path === '/shipment/v2_2/label' && JSON.stringify(r.body).includes('"Reference":"AP-POSTNL"'));
    const shipment = (call?.body as { Shipments: { Addresses: Record<string, string>[]; ProductCodeDelivery: string }[] }).Shipments[0];
    expect(shipment?.ProductCodeDelivery).toBe('3533');
    expect(shipment?.Addresses).toContainEqual(expect.objectContaining({ AddressType: '01', Name: 'Jan Jansen', Street: 'Damrak', Zipcode: '1012LG' }));
    expect(shipment?.Addresses).toContainEqual({ AddressType: '09', CompanyName: 'Boekhandel De Zwaan', Street: 'Kalverstraat', HouseNr: '12', HouseNrExt: 'B', Zipcode: '1012PC', City: 'Amsterdam', Countrycode: 'NL' });
  });

  it('goes to DHL as option PS with the parcel shop id; a return label has no pickup point', async () => {
    const courierId = await linkCourier(first, 'dhl');
    const created = await createOrder(first, orderInput({ ...customer, order_number: 'AP-DHL', courier_id: courierId, shipment_type: 'door', shipment: { packages: [{ weight: 1200 }], courier_fields: {} }, pickup_point: point(courierId, '8004-NL-272403') }));
    expect(created.body.data.status).toBe('ready');
    const labelId = await labelFor(first, created.body.data.id);
    const sent = dhl.labels.find((l) => l.body.orderReference === 'AP-DHL');
    expect(sent?.body.options).toContainEqual({ key: 'PS', input: '8004-NL-272403' });
    expect(sent?.body.options).not.toContainEqual({ key: 'DOOR' });
    expect(sent?.body.receiver).toMatchObject({ address: { street: 'Damrak', postalCode: '1012LG', city: 'Amsterdam' } });

    // The label answer names the point it went to; another organisation sees no label at all.
    const shown = await request(server, { path: `/api/label/${labelId}`, token: first.token });
    expect(shown.body.data.pickup_point).toEqual(point(courierId, '8004-NL-272403'));
    expect((await request(server, { path: `/api/label/${labelId}`, token: second.token })).status).toBe(404);

    const returnId = await labelFor(first, created.body.data.id, { isReturn: true });
    expect((await request(server, { path: `/api/label/${returnId}`, token: first.token })).body.data.pickup_point).toBeNull();
    const returned = dhl.labels.filter((l) => l.body.orderReference === 'AP-DHL').at(-1);
    expect(returned?.body.returnLabel).toBe(true);
    expect(returned?.body.options).toEqual([{ key: 'DOOR' }]);
  });
});
