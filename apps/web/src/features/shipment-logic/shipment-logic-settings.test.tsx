import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ShipmentLogicRule } from '@verzendhuis/contract/shipment-logic';
import { shipmentLogicPageTexts as texts, shipmentLogicRuleTexts } from '@verzendhuis/domain/shipping-rules-texts';
import { renderInApp } from '../../test-support/render-app';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { testCourier } from '../order-form/test-couriers';
import { ShipmentLogicSettings } from './shipment-logic-settings';

const courier = testCourier();

function rule(id: string, name: string, overrides: Partial<ShipmentLogicRule> = {}): ShipmentLogicRule {
  return {
    id,
    position: 0,
    name,
    is_active: true,
    match: 'all',
    conditions: [],
    actions: { package_count: 2 },
    continue: false,
    errors: [],
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

const first = rule('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'België', {
  conditions: [{ field: 'country', operator: 'in', value: ['BE'] }],
  actions: { courier_id: courier.id, shipment_type: 'letter' },
});
const second = rule('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Zwaar', {
  position: 1,
  errors: [{ field: 'actions.courier_id', message: shipmentLogicRuleTexts.courierInactive }],
});

function api(rules: ShipmentLogicRule[]) {
  const fake = fakeApi();
  let current = rules;
  fake.on('GET', '/api/shipment-logic/', () => ({ data: current }));
  fake.on('GET', '/api/courier/', () => ({ data: [courier], meta: { total: 1, page: 1, page_size: 250 } }));
  fake.on('GET', '/api/shop/', () => ({ data: [], meta: { total: 0, page: 1, page_size: 250 } }));
  fake.on('POST', '/api/shipment-logic/reorder', (request) => {
    const ids = (request.body as { ids: string[] }).ids;
    current = ids.map((id, position) => ({ ...(current.find((r) => r.id === id) as ShipmentLogicRule), position }));
    return { data: current };
  });
  return fake;
}

afterEach(() => notifications.clean());

describe('the shipping rules page', { timeout: 60_000 }, () => {
  it('lists the rules in order with their conditions, actions and errors, and moves one up by keyboard', async () => {
    const fake = api([first, second]);
    const user = userEvent.setup({ delay: null });
    renderInApp(<ShipmentLogicSettings />, { api: fake });
    const rows = await screen.findAllByTestId('rule-row');
    expect(rows.map((r) => within(r).getByTestId('rule-row-name').textContent)).toEqual(['België', 'Zwaar']);
    expect(within(rows[0] as HTMLElement).getByText('Land is een van België')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Verzendmethode: Brievenbuspakje')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('rule-row-error').textContent).toBe(texts.hasErrors);
    expect(within(rows[1] as HTMLElement).getByText(shipmentLogicRuleTexts.courierInactive)).toBeTruthy();
    expect((screen.getByRole('button', { name: texts.moveUp('België') }) as HTMLButtonElement).disabled).toBe(true);

    screen.getByRole('button', { name: texts.moveUp('Zwaar') }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('rule-row-name').map((n) => n.textContent)).toEqual(['Zwaar', 'België']));
    expect(fake.sent().filter((r) => r.path === '/api/shipment-logic/reorder').map((r) => r.body)).toEqual([{ ids: [second.id, first.id] }]);
  });

  it('creates a rule in the modal, and shows the server’s refusal at its field', async () => {
    const fake = api([]);
    fake.on('POST', '/api/shipment-logic/', () => validationRefusal({ 'actions.shipment_type': [shipmentLogicRuleTexts.shipmentTypeNotOfCourier] }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<ShipmentLogicSettings />, { api: fake });
    expect(await screen.findByText(texts.empty)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('rule-new') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('rule-new'));

    // Nothing to send without a name and an action.
    await user.click(await screen.findByTestId('rule-save'));
    expect(await screen.findByText(shipmentLogicRuleTexts.nameRequired)).toBeTruthy();
    expect(fake.sent().filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(screen.getByTestId('rule-name'), 'Brievenbus');
    await user.click(screen.getByTestId('rule-courier'));
    await user.click(await screen.findByRole('option', { name: 'Testvervoerder' }));
    await user.click(screen.getByTestId('rule-shipment-type'));
    await user.click(await screen.findByRole('option', { name: 'Brievenbuspakje' }));
    await user.click(screen.getByTestId('rule-save'));

    await waitFor(() => expect(screen.getByText(shipmentLogicRuleTexts.shipmentTypeNotOfCourier)).toBeTruthy());
    expect(fake.sent().filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'Brievenbus', is_active: true, match: 'all', conditions: [], actions: { courier_id: courier.id, shipment_type: 'letter' }, continue: false },
    ]);
  });
});
