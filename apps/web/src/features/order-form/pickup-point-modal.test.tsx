import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Courier } from '@verzendhuis/contract/courier';
import type { PickupLocation } from '@verzendhuis/contract/pickup-point';
import { pickupPointTexts, pickupPointWebTexts } from '@verzendhuis/domain/pickup-points';
import { renderInApp } from '../../test-support/render-app';
import { fakeApi, validationRefusal, type FakeHandler } from '../../test-support/fake-api';
import { newOrderValues } from './form-rules';
import type { OrderFormValues } from './form-values';
import { OrderForm } from './order-form';
import { pickupPointScrollDelayMs } from './pickup-point-modal';
import { otherCourier, testCourier } from './test-couriers';

const withPoints: Courier = testCourier({ meta: { ...testCourier().meta, supports_pickup_points: true } });
const withoutPoints: Courier = otherCourier();

const location = (n: number, overrides: Partial<PickupLocation> = {}): PickupLocation => ({
  id: `TV-1012-0${n}`,
  name: `Winkel ${n}`,
  address: { street_address: `Kalverstraat ${n}`, zip_code: '1012 PC', city: 'Amsterdam' },
  geo: { latitude: 52.37 + n / 1000, longitude: 4.89 },
  opening_hours: [
    { day_of_week: 6, opens: '10:00', closes: '17:00' },
    { day_of_week: 1, opens: '09:00', closes: '18:00' },
  ],
  distance: n * 350,
  ...overrides,
});

afterEach(() => vi.useRealTimers());

function renderForm({ couriers = [withPoints, withoutPoints], values = {}, points }: { couriers?: Courier[]; values?: Partial<OrderFormValues>; points: FakeHandler }) {
  const api = fakeApi();
  api.on('GET', '/api/pickup-points/', points);
  const user = userEvent.setup({ delay: null });
  const initialValues = { ...newOrderValues(couriers), name: 'Jan Jansen', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', ...values };
  renderInApp(<OrderForm mode="create" initialValues={initialValues} couriers={couriers} />, { api });
  return { api, user };
}

const group = (locations: PickupLocation[], error: string | null = null) => ({ data: [{ courier: withPoints, locations, error }] });

describe('the pickup point modal', { timeout: 30_000 }, () => {
  it('searches from the recipient, lists the points with Dutch opening hours, and stores the chosen one on the form', async () => {
    const { api, user } = renderForm({ points: () => group([location(1), location(2)]) });
    await user.click(screen.getByRole('button', { name: pickupPointWebTexts.choose }));
    const dialog = await screen.findByRole('dialog', { name: pickupPointWebTexts.modalTitle });
    expect(within(dialog).getByLabelText(pickupPointWebTexts.searchLabel)).toHaveProperty('value', '1012 LG 1 Amsterdam');
    const options = await within(dialog).findAllByRole('radio');
    expect(options).toHaveLength(2);
    const request = api.requestsTo('GET', '/api/pickup-points/')[0];
    expect(Object.fromEntries(request?.query ?? [])).toMatchObject({ courier_id: withPoints.id, country_code: 'NL', search: '1012 LG 1 Amsterdam' });
    const first = options[0] as HTMLElement;
    expect(first.textContent).toContain('Winkel 1');
    expect(first.textContent).toContain('350 m afstand');
    // Monday first, closed days said so.
    const hours = within(first).getByTestId('pickup-point-hours').textContent ?? '';
    expect(hours.indexOf('maandag')).toBeLessThan(hours.indexOf('zaterdag'));
    expect(hours).toContain('maandag09:00–18:00');
    expect(hours).toContain('dinsdaggesloten');

    // Keyboard: focus the group and move with the arrow keys.
    await user.click(options[0] as HTMLElement);
    await user.keyboard('{ArrowDown}');
    expect(options[1]?.getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByTestId('pickup-point-confirm'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('pickup-point-name').textContent).toBe('Winkel 2');
    expect(screen.getByRole('button', { name: pickupPointWebTexts.change })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: pickupPointWebTexts.remove }));
    expect(screen.queryByTestId('pickup-point-name')).toBeNull();
    expect(screen.getByRole('button', { name: pickupPointWebTexts.choose })).toBeTruthy();
  });

  it('says when there are no points, and shows a carrier’s error for its group', async () => {
    let answer = group([]);
    const { user } = renderForm({ points: () => answer });
    await user.click(screen.getByRole('button', { name: pickupPointWebTexts.choose }));
    expect(await screen.findByText(pickupPointTexts.noPoints)).toBeTruthy();

    answer = group([], 'De afhaalpunten van Testvervoerder konden niet worden opgehaald. Probeer het later opnieuw.');
    const search = screen.getByLabelText(pickupPointWebTexts.searchLabel);
    await user.clear(search);
    await user.type(search, 'Utrecht{Enter}');
    expect((await screen.findByTestId('pickup-point-group-error')).textContent).toContain('konden niet worden opgehaald');
    expect(screen.queryByText(pickupPointTexts.noPoints)).toBeNull();
  });

  it('asks for a search when the recipient has less than two of address, postcode and city', async () => {
    const { api, user } = renderForm({ values: { address_1: '', zipcode: '', city: 'Amsterdam' }, points: () => group([location(1)]) });
    await user.click(screen.getByRole('button', { name: pickupPointWebTexts.choose }));
    expect(await screen.findByText(pickupPointWebTexts.recipientIncomplete)).toBeTruthy();
    expect(api.requestsTo('GET', '/api/pickup-points/')).toHaveLength(0);
  });

  it('scrolls the point chosen on the list into view after 500 ms', async () => {
    const scrolled: string[] = [];
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.getAttribute('data-point-id') ?? '');
    };
    try {
      const { user } = renderForm({ points: () => group([location(1), location(2), location(3)]) });
      await user.click(screen.getByRole('button', { name: pickupPointWebTexts.choose }));
      const options = await screen.findAllByRole('radio');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      act(() => (options[2] as HTMLElement).click());
      act(() => vi.advanceTimersByTime(pickupPointScrollDelayMs - 1));
      expect(scrolled).toEqual([]);
      act(() => vi.advanceTimersByTime(1));
      expect(scrolled).toEqual(['TV-1012-03']);
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });

  it('offers no pickup point for a courier without them, and a courier change drops the chosen one', async () => {
    const chosen = { id: 'TV-1012-01', name: 'Winkel 1', address: { street_address: 'Kalverstraat 1', zip_code: '1012 PC', city: 'Amsterdam' }, courier_id: withPoints.id };
    const { user } = renderForm({ values: { pickup_point: chosen }, points: () => group([]) });
    expect(screen.getByTestId('pickup-point-name').textContent).toBe('Winkel 1');
    await user.click(screen.getByTestId('courier-select'));
    await user.click(await screen.findByRole('option', { name: withoutPoints.label }));
    expect(screen.queryByTestId('pickup-point-field')).toBeNull();
  });
});

describe('the chosen pickup point', { timeout: 30_000 }, () => {
  it('is sent with the order, and the server’s refusal of it shows at the point', async () => {
    const chosen = { id: 'TV-1012-01', name: 'Winkel 1', address: { street_address: 'Kalverstraat 1', zip_code: '1012 PC', city: 'Amsterdam' }, courier_id: withPoints.id };
    const { api, user } = renderForm({ values: { pickup_point: chosen }, points: () => group([]) });
    api.on('POST', '/api/order/create', () => validationRefusal({ pickup_point: [pickupPointTexts.otherCourier] }));
    await user.click(screen.getByTestId('order-save'));
    expect((await screen.findByTestId('pickup-point-field-error')).textContent).toBe(pickupPointTexts.otherCourier);
    expect(api.requestsTo('POST', '/api/order/create')[0]?.body).toMatchObject({ pickup_point: chosen });
  });
});
