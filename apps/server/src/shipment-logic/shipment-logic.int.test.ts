import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import type { OrderInput } from '@verzendhuis/contract/order';
import type { ShipmentLogicRuleInput } from '@verzendhuis/contract/shipment-logic';
import { shipmentLogicRuleTexts } from '@verzendhuis/domain/shipping-rules-texts';
import { labelFor, orderInput, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { createCourierRepository } from '../couriers/repository';
import { createOrderIntake } from '../orders/intake';
import { createOrderRepository } from '../orders/repository';
import { createShipmentLogicRepository } from './repository';

/** /api/shipment-logic/ and the rules applied to incoming orders and on order/reset (docs/shipping-rules.md). */

const { server, first, second } = testServerForFile();
let testCourier: string;
let postnl: string;
let secondCourier: string;

/** An order as a shop or a script sends it: a recipient and lines, no courier, no shipment. */
function bare(overrides: Partial<OrderInput> = {}): OrderInput {
  return orderInput({ shipment_type: null, shipment: undefined, order_items: [{ name: 'Theepot', quantity: 2, unit_price_inc_btw: 24.95, weight: 400, sku: 'POT-1' }], ...overrides });
}

const belgium: Partial<OrderInput> = { country: 'BE', address_1: 'Grote Markt', housenumber: '1', zipcode: '1000', city: 'Brussel' };

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected a refusal');
  return error;
}

async function rule(who: TestOrganisation, body: ShipmentLogicRuleInput) {
  return (await who.api.shipmentLogic.create(body)).data;
}

async function clearRules(who: TestOrganisation) {
  for (const r of (await who.api.shipmentLogic.list()).data) await who.api.shipmentLogic.remove(r.id);
}

beforeAll(async () => {
  testCourier = await testCourierId(first);
  secondCourier = await testCourierId(second);
  postnl = (await first.api.couriers.create({ courier_class: 'postnl', fields: { api_key: 'geheime-sleutel', customer_code: 'DEVC', customer_number: '11223344', base_url: 'http://localhost:9' } })).data.id;
});

describe('shipment-logic CRUD', () => {
  it('creates rules at the end, lists them in order, changes, moves and deletes them', async () => {
    await clearRules(first);
    const a = await rule(first, { name: 'België', conditions: [{ field: 'country', operator: 'in', value: ['BE'] }], actions: { courier_id: postnl, shipment_type: 'standard' } });
    const b = await rule(first, { name: 'Zwaar', match: 'any', conditions: [{ field: 'weight', operator: 'gt', value: 5000 }], actions: { package_count: 2 }, continue: true });
    const c = await rule(first, { name: 'Uit', is_active: false, actions: { ignore: true } });
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    expect(a).toMatchObject({ is_active: true, match: 'all', continue: false, errors: [] });

    const renamed = (await first.api.shipmentLogic.update(b.id, { name: 'Zware bestellingen' })).data;
    expect(renamed).toMatchObject({ name: 'Zware bestellingen', match: 'any', continue: true, actions: { package_count: 2 } });

    const moved = (await first.api.shipmentLogic.reorder([c.id, a.id, b.id])).data;
    expect(moved.map((r) => [r.id, r.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);

    await first.api.shipmentLogic.remove(c.id);
    expect((await first.api.shipmentLogic.list()).data.map((r) => [r.name, r.position])).toEqual([
      ['België', 0],
      ['Zware bestellingen', 1],
    ]);
    expect((await refusal(first.api.shipmentLogic.remove(c.id))).status).toBe(404);
  });

  it('refuses a malformed rule per field in Dutch and stores nothing', async () => {
    await clearRules(first);
    const bad = await request(server, {
      method: 'POST',
      path: '/api/shipment-logic/',
      token: first.token,
      body: { name: ' ', conditions: [{ field: 'postcode', operator: 'between', value: { from: '9000', to: '1000' } }, { field: 'country', operator: 'in', value: [] }], actions: {} },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message_code: 'form_invalid',
      fields: {
        name: [shipmentLogicRuleTexts.nameRequired],
        'conditions.0.value.to': [shipmentLogicRuleTexts.postcodeRange],
        'conditions.1.value': [shipmentLogicRuleTexts.countriesRequired],
      },
    });

    const noAction = await refusal(first.api.shipmentLogic.create({ name: 'Leeg', actions: {} }));
    expect(noAction.body.fields).toEqual({ actions: [shipmentLogicRuleTexts.actionRequired] });
    const wrongType = await refusal(first.api.shipmentLogic.create({ name: 'Type', actions: { courier_id: postnl, shipment_type: 'parcel' } }));
    expect(wrongType.body.fields).toEqual({ 'actions.shipment_type': [shipmentLogicRuleTexts.shipmentTypeNotOfCourier] });
    const typeAlone = await refusal(first.api.shipmentLogic.create({ name: 'Type', actions: { shipment_type: 'parcel' } }));
    expect(typeAlone.body.fields).toEqual({ 'actions.courier_id': [shipmentLogicRuleTexts.courierNeeded] });
    const theirs = await refusal(first.api.shipmentLogic.create({ name: 'Vreemd', actions: { courier_id: secondCourier } }));
    expect(theirs.body.fields).toEqual({ 'actions.courier_id': [shipmentLogicRuleTexts.courierNotOwned] });
    const order = await refusal(first.api.shipmentLogic.reorder([secondCourier]));
    expect(order.status).toBe(400);
    expect((await first.api.shipmentLogic.list()).data).toEqual([]);
  });

  it('is documented in the OpenAPI document under Verzendregels', async () => {
    const docs = await request(server, { method: 'GET', path: '/api/docs/json' });
    const paths = (docs.body as { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> }).paths;
    for (const [path, method] of [
      ['/api/shipment-logic/', 'get'],
      ['/api/shipment-logic/', 'post'],
      ['/api/shipment-logic/reorder', 'post'],
      ['/api/shipment-logic/dry-run', 'post'],
      ['/api/shipment-logic/{id}', 'patch'],
      ['/api/shipment-logic/{id}', 'delete'],
    ] as const) {
      expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['Verzendregels']);
      expect(paths[path]?.[method]?.summary).toBeTruthy();
    }
  });
});

describe('a second organisation', () => {
  it('sees none of the first one’s rules and changes none of them', async () => {
    await clearRules(first);
    const a = await rule(first, { name: 'Van de eerste', actions: { courier_id: postnl } });
    const b = await rule(first, { name: 'Ook van de eerste', actions: { package_count: 2 } });
    expect((await second.api.shipmentLogic.list()).data).toEqual([]);
    expect((await refusal(second.api.shipmentLogic.update(a.id, { name: 'Gekaapt', is_active: false }))).status).toBe(404);
    expect((await refusal(second.api.shipmentLogic.remove(a.id))).status).toBe(404);
    expect((await refusal(second.api.shipmentLogic.reorder([b.id, a.id]))).status).toBe(400);
    const after = (await first.api.shipmentLogic.list()).data;
    expect(after.map((r) => [r.id, r.name, r.is_active])).toEqual([
      [a.id, 'Van de eerste', true],
      [b.id, 'Ook van de eerste', true],
    ]);
    // Its own user shows none of them either.
    expect((await second.api.user.get()).data.organisation.shipment_logic).toEqual([]);
  });
});

describe('rules applied to incoming orders', () => {
  it('gives an order with only a recipient and lines the rule’s courier and type; the others get the defaults', async () => {
    await clearRules(first);
    await rule(first, { name: 'België per PostNL', conditions: [{ field: 'country', operator: 'in', value: ['BE'] }], actions: { courier_id: postnl, shipment_type: 'letterbox' } });
    const be = (await first.api.orders.create(bare(belgium))).data;
    expect(be).toMatchObject({ courier_id: postnl, shipment_type: 'letterbox', shipment: { packages: [{ weight: 800 }] } });
    const nl = (await first.api.orders.create(bare())).data;
    expect(nl).toMatchObject({ courier_id: testCourier, shipment_type: 'parcel', status: 'ready' });
  });

  it('keeps the courier an order names, and still applies the rule’s packages', async () => {
    await clearRules(first);
    await rule(first, { name: 'Alles per PostNL', actions: { courier_id: postnl, weight: 1500 } });
    const named = (await first.api.orders.create(bare({ courier_id: testCourier, shipment_type: 'parcel' }))).data;
    expect(named).toMatchObject({ courier_id: testCourier, shipment_type: 'parcel', shipment: { packages: [{ weight: 1500 }] } });
  });

  it('ignores an order when the rule says so: status ignored, in Overige bestellingen', async () => {
    await clearRules(first);
    await rule(first, { name: 'Cadeaubonnen', conditions: [{ field: 'sku', operator: 'in', value: ['BON-25'] }], actions: { ignore: true } });
    const order = (await first.api.orders.create(bare({ order_items: [{ name: 'Cadeaubon', quantity: 1, unit_price_inc_btw: 25, sku: 'BON-25', weight: 10 }] }))).data;
    expect(order.status).toBe('ignored');
    const other = (await first.api.orders.list({ tab: 'other' })).data.map((o) => o.id);
    expect(other).toContain(order.id);
  });

  it('marks a rule whose courier was deactivated, raises the notice, and gives matching orders the status message', async () => {
    await clearRules(first);
    const spare = (await first.api.couriers.create({ courier_class: 'postnl', fields: { api_key: 'tweede-sleutel', customer_code: 'DEVD', customer_number: '11223345', base_url: 'http://localhost:9' } })).data.id;
    const broken = await rule(first, { name: 'Duitsland', conditions: [{ field: 'country', operator: 'in', value: ['DE'] }], actions: { courier_id: spare } });
    await first.api.couriers.update(spare, { is_active: false });

    const listed = (await first.api.shipmentLogic.list()).data.find((r) => r.id === broken.id);
    expect(listed?.errors).toEqual([{ field: 'actions.courier_id', message: shipmentLogicRuleTexts.courierInactive }]);
    const organisation = (await first.api.user.get()).data.organisation;
    expect(organisation.shipment_logic).toEqual([{ id: broken.id, name: 'Duitsland', is_active: true, errors: listed?.errors }]);

    const order = (await first.api.orders.create(bare({ country: 'DE', address_1: 'Unter den Linden', housenumber: '5', zipcode: '10117', city: 'Berlin' }))).data;
    expect(order.status).toBe('error');
    expect(order.status_info[0]).toEqual({
      type: 'missing_shipment_logic_rule_value',
      field: null,
      status: 'error',
      message: shipmentLogicRuleTexts.orderProblem('Duitsland', shipmentLogicRuleTexts.courierInactive),
    });
    // Switching it off is always possible; switching it on again is refused while it is broken.
    expect((await first.api.shipmentLogic.update(broken.id, { is_active: false })).data.is_active).toBe(false);
    expect((await first.api.user.get()).data.organisation.shipment_logic[0]?.is_active).toBe(false);
    const on = await refusal(first.api.shipmentLogic.update(broken.id, { is_active: true }));
    expect(on.body.fields).toEqual({ 'actions.courier_id': [shipmentLogicRuleTexts.courierInactive] });
  });
});

describe('rules in the intake of CSV and shops', () => {
  it('loads the rules once per batch and matches on the shop’s shipping method name', async () => {
    await clearRules(first);
    await rule(first, { name: 'PostNL van de shop', conditions: [{ field: 'shop_shipping_method', operator: 'contains', value: 'postnl' }], actions: { courier_id: postnl } });
    const db = server.database.db;
    const intake = createOrderIntake({ orders: createOrderRepository(db), couriers: createCourierRepository(db), rules: createShipmentLogicRepository(db) });
    const key = Math.random().toString(36).slice(2, 8);
    const result = await intake.receive(
      first.organisationId,
      [
        { externalKey: `csv:${key}-1`, body: bare({ shop_shipping_method: 'PostNL Pakketpost' }) },
        { externalKey: `csv:${key}-2`, body: bare({ shop_shipping_method: 'Afhalen in de winkel' }) },
      ],
      { source: 'csv' },
    );
    const ids = result.outcomes.map((o) => (o.outcome === 'created' ? o.id : ''));
    const [a, b] = await Promise.all(ids.map(async (id) => (await first.api.orders.get(id)).data));
    expect(a).toMatchObject({ courier_id: postnl, shipment_type: 'standard', shop_shipping_method: 'PostNL Pakketpost' });
    expect(b?.courier_id).toBe(testCourier);
  });
});

describe('order/reset', () => {
  it('re-applies the rules and defaults to open orders without a label; labelled and other organisations’ orders stay', async () => {
    await clearRules(first);
    const open = (await first.api.orders.create(bare())).data;
    const labelled = (await first.api.orders.create(bare())).data;
    await labelFor(first, labelled.id);
    expect(open.courier_id).toBe(testCourier);

    await rule(first, { name: 'Nederland per PostNL', conditions: [{ field: 'country', operator: 'in', value: ['NL'] }], actions: { courier_id: postnl } });
    expect((await second.api.orders.reset([open.id])).data.affected).toBe(0);
    expect((await first.api.orders.get(open.id)).data.courier_id).toBe(testCourier);

    expect((await first.api.orders.reset([open.id, labelled.id])).data.affected).toBe(1);
    expect((await first.api.orders.get(open.id)).data).toMatchObject({ courier_id: postnl, shipment_type: 'standard', status: 'ready' });
    expect((await first.api.orders.get(labelled.id)).data.courier_id).toBe(testCourier);
  });

  it('brings an ignored order back when no rule ignores it any more', async () => {
    await clearRules(first);
    const ignore = await rule(first, { name: 'Negeren', actions: { ignore: true } });
    const order = (await first.api.orders.create(bare())).data;
    expect(order.status).toBe('ignored');
    await first.api.shipmentLogic.remove(ignore.id);
    expect((await first.api.orders.reset([order.id])).data.affected).toBe(1);
    expect((await first.api.orders.get(order.id)).data.status).toBe('ready');
  });
});

describe('dry run', () => {
  it('answers which rule each of the newest orders would get, and stores nothing', async () => {
    await clearRules(first);
    const nl = (await first.api.orders.create(bare())).data;
    const be = (await first.api.orders.create(bare(belgium))).data;
    await rule(first, { name: 'België per PostNL', conditions: [{ field: 'country', operator: 'in', value: ['BE'] }], actions: { courier_id: postnl, shipment_type: 'letterbox' } });

    const rows = (await first.api.shipmentLogic.dryRun()).data;
    expect(rows.length).toBeLessThanOrEqual(50);
    expect(rows.find((r) => r.order_id === be.id)).toMatchObject({ rule: { name: 'België per PostNL' }, courier_id: postnl, shipment_type: 'letterbox', ignored: false, failed_rule: null });
    expect(rows.find((r) => r.order_id === nl.id)).toMatchObject({ rule: null, courier_id: testCourier, shipment_type: 'parcel' });
    expect((await first.api.orders.get(be.id)).data.courier_id).toBe(testCourier);

    const theirs = (await second.api.shipmentLogic.dryRun()).data;
    expect(theirs.some((r) => r.order_id === be.id || r.order_id === nl.id)).toBe(false);
  });
});
