import { describe, expect, it } from 'vitest';
import { startFakePostnl } from '@verzendhuis/test-fakes/fake-postnl';
import { orderInput, request, requestLabels } from '../../../test-support/factories';
import { startForFile } from '../../../test-support/for-file';
import { testServerForFile } from '../../../test-support/server';

const postnl = startForFile(() => startFakePostnl({ apikey: 'geheime-sleutel' }));
const { server, first: org } = testServerForFile({ config: { carrierTimeoutMs: 1500 }, organisations: [{}] });
let courierId: string;

describe('PostNL', () => {
  it('links a contract with validated fields, storing the key encrypted', async () => {
    const bad = await request(server, { method: 'POST', path: '/api/courier/create', token: org.token, body: { courier_class: 'postnl', fields: { api_key: '', customer_code: 'abc1', customer_number: 'x' } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['fields.api_key', 'fields.customer_code', 'fields.customer_number']);
    const unknown = await request(server, { method: 'POST', path: '/api/courier/create', token: org.token, body: { courier_class: 'bestaat-niet', fields: {} } });
    expect(unknown.status).toBe(404);
    const linked = await request(server, { method: 'POST', path: '/api/courier/create', token: org.token, body: { courier_class: 'postnl', fields: { api_key: 'geheime-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: postnl.url } } });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ service_class: 'postnl', service_name: 'PostNL', is_active: true });
    courierId = linked.body.data.id;
    const stored = await server.database.pool.query('SELECT settings::text AS s FROM couriers WHERE id = $1', [courierId]);
    expect(stored.rows[0].s).not.toContain('geheime-sleutel');
    const theirs = await server.createOrganisation();
    expect((await request(server, { path: `/api/courier/${courierId}`, token: theirs.token })).status).toBe(404);
  });

  it('makes a label, reports a timeout and a refusal in the same batch, and loses no order', async () => {
    const order = (number: string, signature: boolean) =>
      orderInput({ order_number: number, name: 'Jan Jansen', housenumber: '1 A', email: 'jan@voorbeeld.nl', courier_id: courierId, shipment_type: 'standard', shipment: { packages: [{ weight: 1200 }], courier_fields: { signature, no_neighbours: false, insurance: '0' } } });
    const created = await org.api.orders.bulk([order('PN-1', true), order('PN-TRAAG', false), order('PN-FOUT', false)]);
    const ids = created.data.map((d) => d.id);
    // The fake never answers PN-TRAAG: the answer comes once the carrier timeout (1.5 s) has passed.
    const { body } = await requestLabels(org, { order_ids: ids });
    expect(body.status).toBe('partial');
    expect(body.data.map((d: { order_id: string }) => d.order_id)).toEqual([ids[0]]);
    const messages = Object.fromEntries(body.errors.map((e: { order_number: string; message: string }) => [e.order_number, e.message]));
    expect(messages['PN-TRAAG']).toBe('PostNL antwoordde niet op tijd. Probeer het opnieuw; er is geen label gemaakt.');
    expect(messages['PN-FOUT']).toBe('PostNL weigerde het label: Ongeldige postcode');
    // the label PostNL made: its barcode, the product code for a signature, the key sent
    const label = (await request(server, { path: `/api/label/${body.data[0].id}`, token: org.token })).body;
    expect(label.data.shipment.packages[0].tracking_number).toMatch(/^3SDEVC\d+$/);
    const sent = postnl.requests.find((r) => r.path === '/shipment/v2_2/label' && JSON.stringify(r.body).includes('PN-1'));
    expect(sent?.apikey).toBe('geheime-sleutel');
    expect(JSON.stringify(sent?.body)).toContain('"ProductCodeDelivery":"3189"');
    expect(JSON.stringify(sent?.body)).toContain('"HouseNrExt":"A"');
    // the two failed orders are still open, ready to try again
    const open = (await request(server, { path: '/api/order/', query: { search: 'PN-' }, token: org.token })).body;
    expect(open.data.map((o: { order_number: string }) => o.order_number).sort()).toEqual(['PN-FOUT', 'PN-TRAAG']);
  });
});
