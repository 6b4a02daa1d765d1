import { describe, expect, it } from 'vitest';
import { startFakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { orderInput, request, requestLabels } from '../../../test-support/factories';
import { startForFile } from '../../../test-support/for-file';
import { testServerForFile } from '../../../test-support/server';

const dhl = startForFile(() => startFakeDhl({ userId: 'gebruiker-1', key: 'sleutel-1' }));
const { server, first: org } = testServerForFile({ config: { carrierTimeoutMs: 1500 }, organisations: [{}] });

/** A DHL order to Utrecht; the house number carries an addition DHL wants apart. */
const order = (number: string, courierId: string, fields: Record<string, string | boolean> = {}) =>
  orderInput({ order_number: number, name: 'Anna de Vries', address_1: 'Oudegracht', housenumber: '12 bis', zipcode: '3511 AB', city: 'Utrecht', courier_id: courierId, shipment_type: 'door', shipment: { packages: [{ weight: 2500 }], courier_fields: fields } });

const linkDhl = (apiKey: string) => request(server, { method: 'POST', path: '/api/courier/create', token: org.token, body: { courier_class: 'dhl', fields: { user_id: 'gebruiker-1', api_key: apiKey, account_id: '01234567', base_url: dhl.url } } });

describe('DHL Parcel', () => {
  it('logs in once, makes labels with the mapped options, and reports a timeout and a refusal per order', async () => {
    const linked = await linkDhl('sleutel-1');
    expect(linked.status).toBe(200);
    const courierId = linked.body.data.id;
    const created = await org.api.orders.bulk([order('DHL-1', courierId, { signature: true, insurance: '500' }), order('DHL-2', courierId), order('DHL-TRAAG', courierId), order('DHL-FOUT', courierId)]);
    const ids = created.data.map((d) => d.id);
    const { body } = await requestLabels(org, { order_ids: ids });
    expect(body.status).toBe('partial');
    expect(body.data.map((d: { order_id: string }) => d.order_id).sort()).toEqual([ids[0], ids[1]].sort());
    const messages = Object.fromEntries(body.errors.map((e: { order_number: string; message: string }) => [e.order_number, e.message]));
    expect(messages).toEqual({
      'DHL-TRAAG': 'DHL antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.',
      'DHL-FOUT': 'DHL weigerde het label: Adres onbekend',
    });
    const first = dhl.labels.find((l) => l.body.orderReference === 'DHL-1');
    expect(first?.body).toMatchObject({ accountId: '01234567', parcelTypeKey: 'MEDIUM', options: [{ key: 'DOOR' }, { key: 'HANDT' }, { key: 'EA', input: '500' }] });
    expect((first?.body.receiver as { address: Record<string, string> }).address).toMatchObject({ postalCode: '3511AB', number: '12', addition: 'bis' });
    expect(dhl.logins).toBe(1);
  });

  it('refuses wrong credentials per order, in Dutch', async () => {
    const linked = await linkDhl('fout');
    const created = await org.api.orders.bulk([order('DHL-X', linked.body.data.id)]);
    const { body } = await requestLabels(org, { order_ids: created.data.map((d) => d.id) });
    expect(body.status).toBe('failed');
    expect(body.errors[0].message).toMatch(/inloggegevens/);
  });
});
