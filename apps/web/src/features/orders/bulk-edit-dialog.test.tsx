import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Courier } from '@verzendhuis/contract/courier';
import type { OrderListItem } from '@verzendhuis/contract/order';
import { orderBulkEditTexts as texts } from '@verzendhuis/domain/orders-texts';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { fieldError } from '../../test-support/field-error';
import { testOrder } from '../../test-support/fixtures';
import { renderInApp } from '../../test-support/render-app';
import { otherCourier, testCourier } from '../order-form/test-couriers';
import { BulkEditDialog } from './bulk-edit-dialog';
import { useOrderActions } from './use-order-actions';

const test = testCourier();
const other = otherCourier();
const ids = ['a1111111-1111-4111-8111-111111111111', 'a2222222-2222-4222-8222-222222222222'];
const orders: OrderListItem[] = ids.map((id) => {
  const { order_items: _lines, ...order } = testOrder({ id, courier_id: test.id, shipment_type: 'parcel' });
  return order;
});
const counted = { status: 'success', data: { affected: 2, skipped: 0, statuses: { ready: 1, warning: 0, incomplete: 1, error: 0 } } };

/** The dialog as the orders table opens it: its edits go through the table's actions to the API. */
function Dialog({ couriers, onDone }: { couriers: Courier[]; onDone: () => void }) {
  const actions = useOrderActions();
  return <BulkEditDialog orders={orders} couriers={couriers} onEdit={(values) => actions.edit(ids, values)} onClose={() => undefined} onDone={onDone} />;
}

function renderDialog() {
  const api = fakeApi();
  const onDone = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderInApp(<Dialog couriers={[test, other]} onDone={onDone} />, { api });
  const sent = () => api.requestsTo('POST', '/api/order/updatebulkorders').map((r) => r.body);
  return { api, user, onDone, sent };
}

const input = (label: string) => screen.getAllByLabelText<HTMLInputElement>(label).find((element) => element.tagName === 'INPUT')!;
const submit = () => screen.getByRole('button', { name: texts.submit });

describe('the bulk edit dialog', { timeout: 30_000 }, () => {
  it('sends only what was set, and counts the answer', async () => {
    const { user, api, onDone, sent } = renderDialog();
    api.on('POST', '/api/order/updatebulkorders', () => counted);
    await user.type(input(texts.weight), '2500');
    await user.type(input(texts.packageCount), '2');
    await user.click(submit());

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ order_ids: ids, action: 'update', values: { package_count: 2, weight: 2500 } }]);
    expect(await screen.findByText(texts.result(counted.data))).toBeTruthy();
  });

  it('says so when nothing was set, and checks the courier’s package limit before sending', async () => {
    const { user, sent } = renderDialog();
    await user.click(submit());
    expect((await screen.findByTestId('form-error')).textContent).toBe(texts.nothingChosen);

    // The Testvervoerder of these orders takes 3 packages.
    await user.type(input(texts.packageCount), '4');
    expect(screen.queryByTestId('form-error')).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(fieldError(input(texts.packageCount))).toBe(texts.refusals.tooManyPackages(3)));
    await user.clear(input(texts.packageCount));
    await user.type(input(texts.packageCount), '0');
    await user.click(submit());
    await waitFor(() => expect(fieldError(input(texts.packageCount))).toBe(texts.refusals.packageCount));
    expect(sent()).toEqual([]);
  });

  it('shows the server’s refusals at their fields, and one of another field above the buttons', async () => {
    const { user, api, onDone } = renderDialog();
    api.on('POST', '/api/order/updatebulkorders', () =>
      validationRefusal({ 'values.package_count': [texts.refusals.tooManyPackages(2)], order_ids: ['Deze bestellingen bestaan niet.'] }),
    );
    await user.type(input(texts.packageCount), '3');
    await user.click(submit());

    await waitFor(() => expect(fieldError(input(texts.packageCount))).toBe(texts.refusals.tooManyPackages(2)));
    expect(screen.getByTestId('form-error').textContent).toBe('Deze bestellingen bestaan niet.');
    expect(onDone).not.toHaveBeenCalled();
    // Changing the field takes its refusal away.
    await user.type(input(texts.packageCount), '1');
    expect(fieldError(input(texts.packageCount))).toBeNull();
  });

  it('re-validates only, without values', async () => {
    const { user, api, onDone, sent } = renderDialog();
    api.on('POST', '/api/order/updatebulkorders', () => counted);
    await user.type(input(texts.weight), '2500');
    await user.click(screen.getByRole('button', { name: texts.revalidateOnly }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{ order_ids: ids, action: 'update' }]);
  });
});
