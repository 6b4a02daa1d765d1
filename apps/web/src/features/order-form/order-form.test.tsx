import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Courier } from '@verzendhuis/contract/courier';
import { addressLookupTexts } from '@verzendhuis/domain/address-lookup-texts';
import { countryName } from '@verzendhuis/domain/countries';
import { orderTexts } from '@verzendhuis/domain/order-validation';
import { orderFormTexts } from '@verzendhuis/domain/orders-texts';
import { currentUrl, renderInApp } from '../../test-support/render-app';
import { testOrder } from '../../test-support/fixtures';
import { fieldError } from '../../test-support/field-error';
import { errorResponse, fakeApi, noAnswer, validationRefusal, type FakeHandler } from '../../test-support/fake-api';
import { newOrderValues } from './form-rules';
import { OrderForm } from './order-form';
import { testCourier } from './test-couriers';

/** A courier whose only option is a required select: its own fields replace the Testvervoerder's. */
const windowCourier: Courier = testCourier({
  id: '33333333-3333-4333-8333-333333333333',
  label: 'Avondbezorger',
  meta: {
    ...testCourier().meta,
    order_fields: [
      {
        name: 'delivery_window',
        label: 'Bezorgmoment',
        type: 'select',
        default: null,
        options: [
          { value: 'day', label: 'Overdag' },
          { value: 'evening', label: 'Avond' },
        ],
        required: true,
        unselectable_days_of_week: [],
      },
    ],
  },
});

// The toasts live in one store for the whole file.
afterEach(() => notifications.clean());

function renderOrderForm({ couriers = [testCourier()], answer, route }: { couriers?: Courier[]; answer?: { method: string; path: string; handler: FakeHandler }; route?: string } = {}) {
  const api = fakeApi();
  if (answer) api.on(answer.method, answer.path, answer.handler);
  const user = userEvent.setup({ delay: null });
  renderInApp(<OrderForm mode="create" initialValues={newOrderValues(couriers)} couriers={couriers} />, { api, route });
  return { api, user };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input of a label, marked required (" *") or not; a Mantine select labels its option list too. */
function input(label: string): HTMLInputElement {
  const inputs = screen.getAllByLabelText<HTMLInputElement>(new RegExp(`^${escape(label)}( \\*)?$`)).filter((element) => element.tagName === 'INPUT');
  expect(inputs, label).toHaveLength(1);
  return inputs[0]!;
}
const line = (field: string) => input(orderFormTexts.lineLabel(1, field));
const firstPackage = () => input(orderFormTexts.packageWeight(1));

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(input(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function retype(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text) await user.type(element, text);
}

// A whole order form in jsdom, typed into key by key: slow on a busy machine.
describe('the order form', { timeout: 60_000 }, () => {
  it('lets the first package weigh what the lines weigh, until the user weighs it', async () => {
    const { user } = renderOrderForm();
    expect(firstPackage().value).toBe('0 g');
    await user.click(screen.getByRole('button', { name: orderFormTexts.addLine }));
    await retype(user, line(orderFormTexts.lines.weight), '300');
    expect(firstPackage().value).toBe('300 g');
    await retype(user, line(orderFormTexts.lines.quantity), '2');
    expect(firstPackage().value).toBe('600 g');

    await retype(user, firstPackage(), '1000');
    await retype(user, line(orderFormTexts.lines.quantity), '3');
    expect(firstPackage().value).toBe('1.000 g');
  });

  it('turns signature off and insurance to 0 for a letterbox parcel, and locks both', async () => {
    const { user } = renderOrderForm();
    await user.click(input('Handtekening'));
    await retype(user, input('Verzekering'), '500');
    expect(input('Handtekening').checked).toBe(true);

    await choose(user, orderFormTexts.fields.shipment_type, 'Brievenbuspakje');
    expect(input('Handtekening').checked).toBe(false);
    expect(input('Handtekening').disabled).toBe(true);
    expect(input('Verzekering').value).toBe('0');
    expect(input('Verzekering').disabled).toBe(true);

    await choose(user, orderFormTexts.fields.shipment_type, 'Pakket');
    expect(input('Handtekening').disabled).toBe(false);
    expect(input('Verzekering').disabled).toBe(false);
  });

  it('renders the options of the chosen courier from their definitions', async () => {
    const { user } = renderOrderForm({ couriers: [testCourier(), windowCourier] });
    const options = () => within(screen.getByTestId('courier-fields'));
    expect(options().getByLabelText('Handtekening')).toBeTruthy();
    expect(options().getByText('Bezorgdatum')).toBeTruthy();
    expect(options().queryByText('Bezorgmoment')).toBeNull();

    await choose(user, orderFormTexts.fields.courier_id, 'Avondbezorger');
    expect(options().queryByLabelText('Handtekening')).toBeNull();
    await choose(user, 'Bezorgmoment', 'Avond');
    expect(input('Bezorgmoment').value).toBe('Avond');
  });

  it('asks for the fields the country needs, once they were left', async () => {
    const { user } = renderOrderForm();
    const housenumber = input(orderFormTexts.fields.housenumber);
    expect(fieldError(housenumber)).toBeNull();
    await user.click(housenumber);
    await user.tab();
    expect(fieldError(housenumber)).toBe(orderTexts.required(orderFormTexts.fields.housenumber));

    await choose(user, orderFormTexts.fields.country, countryName('GB'));
    expect(fieldError(input(orderFormTexts.fields.housenumber))).toBeNull();
    expect(screen.queryByLabelText(orderFormTexts.fields.state_province_code)).toBeNull();

    await choose(user, orderFormTexts.fields.country, countryName('US'));
    const state = input(orderFormTexts.fields.state_province_code);
    await user.click(state);
    await user.tab();
    expect(fieldError(input(orderFormTexts.fields.state_province_code))).toBe(orderTexts.stateRequired);
  });

  it('checks the values with the contract schema before sending anything', async () => {
    const { user, api } = renderOrderForm();
    await user.click(screen.getByRole('button', { name: orderFormTexts.addLine }));
    await retype(user, line(orderFormTexts.lines.quantity), '');
    await user.click(screen.getByTestId('order-save'));

    expect(fieldError(line(orderFormTexts.lines.name))).toBe(orderFormTexts.structural.required);
    expect(fieldError(line(orderFormTexts.lines.quantity))).toBe(orderFormTexts.structural.number);
    expect(await screen.findByText(orderFormTexts.invalidInput)).toBeTruthy();
    expect(api.sent().filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the server\'s field errors at their fields, and one without a field of the form above the buttons', async () => {
    const refusal = validationRefusal({
      zipcode: ['Deze postcode bestaat niet.'],
      'order_items.0.quantity': ['Zoveel hebben we niet.', 'Bel ons.'],
      'pickup_point.id': ['Dit afhaalpunt bestaat niet meer.'],
    });
    const { user, api } = renderOrderForm({ answer: { method: 'POST', path: '/api/order/create', handler: () => refusal } });
    await user.click(input(orderFormTexts.fields.name));
    await user.paste('Jan Jansen');
    await user.click(screen.getByRole('button', { name: orderFormTexts.addLine }));
    await user.click(line(orderFormTexts.lines.name));
    await user.paste('Boek');
    await user.click(screen.getByTestId('order-save'));

    await waitFor(() => expect(fieldError(input(orderFormTexts.fields.zipcode))).toBe('Deze postcode bestaat niet.'));
    expect(fieldError(line(orderFormTexts.lines.quantity))).toBe('Zoveel hebben we niet. Bel ons.');
    expect(screen.getByTestId('form-error').textContent).toBe('Dit afhaalpunt bestaat niet meer.');
    expect(await screen.findByText(orderFormTexts.invalidInput)).toBeTruthy();
    const saved = api.sent().find((r) => r.path === '/api/order/create');
    expect(saved?.body).toMatchObject({ name: 'Jan Jansen', order_items: [{ name: 'Boek', quantity: 1 }] });

    // Typing in a field clears its error; the others stay.
    await user.type(input(orderFormTexts.fields.zipcode), '1');
    expect(fieldError(input(orderFormTexts.fields.zipcode))).toBeNull();
    expect(fieldError(line(orderFormTexts.lines.quantity))).toBe('Zoveel hebben we niet. Bel ons.');
  });

  it('says when the postcode helper finds nothing or cannot be reached, and leaves street and city to type', async () => {
    const answers: Record<string, () => unknown> = {
      '1012LG|1': () => ({ data: { address_1: 'Damrak', city: 'Amsterdam' } }),
      '1012LG|999': () => ({ data: null }),
      '9999ZZ|1': () => errorResponse(503, { message_code: 'address_lookup_unavailable', type: 'programming', message: addressLookupTexts.unavailable }),
      '9999ZZ|2': noAnswer,
    };
    const { user, api } = renderOrderForm();
    api.on('GET', '/api/address/lookup', ({ query }) => answers[`${query.get('zipcode')}|${query.get('housenumber')}`]!());
    const notice = () => screen.queryByTestId('address-lookup-notice')?.textContent ?? null;
    const lookUp = async (zipcode: string, housenumber: string) => {
      const asked = api.requestsTo('GET', '/api/address/lookup').length;
      await retype(user, input(orderFormTexts.fields.zipcode), zipcode);
      await retype(user, input(orderFormTexts.fields.housenumber), housenumber);
      await user.tab();
      await waitFor(() => expect(api.requestsTo('GET', '/api/address/lookup').length).toBeGreaterThan(asked));
    };

    await lookUp('1012 LG', '999');
    await waitFor(() => expect(notice()).toBe(addressLookupTexts.notFound));
    expect(input(orderFormTexts.fields.address_1).value).toBe('');
    expect(input(orderFormTexts.fields.address_1).disabled).toBe(false);

    await lookUp('9999 ZZ', '1');
    await waitFor(() => expect(notice()).toBe(addressLookupTexts.unavailable));
    // Free to type: the address is the user's.
    await user.type(input(orderFormTexts.fields.address_1), 'Dorpsstraat');
    await user.type(input(orderFormTexts.fields.city), 'Usquert');
    expect(input(orderFormTexts.fields.address_1).value).toBe('Dorpsstraat');

    // No answer at all (offline) says the same; another postcode takes the notice away.
    await lookUp('9999 ZZ', '2');
    await waitFor(() => expect(notice()).toBe(addressLookupTexts.unavailable));
    await retype(user, input(orderFormTexts.fields.zipcode), '1012 LG');
    expect(notice()).toBeNull();

    // Found: street and city filled, no notice.
    await retype(user, input(orderFormTexts.fields.address_1), '');
    await retype(user, input(orderFormTexts.fields.city), '');
    await lookUp('1012 LG', '1');
    await waitFor(() => expect(input(orderFormTexts.fields.address_1).value).toBe('Damrak'));
    expect(input(orderFormTexts.fields.city).value).toBe('Amsterdam');
    expect(notice()).toBeNull();
  });

  it('says an order saved with problems was saved with problems, and opens it with them', async () => {
    const orderId = '44444444-4444-4444-8444-444444444444';
    const missingName = { type: 'missing', field: 'name', message: orderTexts.required(orderFormTexts.fields.name), status: 'error' as const };
    const { user, api } = renderOrderForm({
      route: '/dashboard/orders/create',
      answer: { method: 'POST', path: '/api/order/create', handler: () => ({ status: 'success', data: testOrder({ id: orderId, name: null, status: 'incomplete', status_info: [missingName] }) }) },
    });
    await user.click(screen.getByTestId('order-save'));

    expect(await screen.findByText(orderFormTexts.savedWithProblems)).toBeTruthy();
    expect(screen.queryByText(orderFormTexts.created)).toBeNull();
    // The stored order's edit page, which shows its problems per field.
    await waitFor(() => expect(currentUrl()).toBe(`/dashboard/orders/${orderId}`));
    expect(api.requestsTo('POST', '/api/order/create')).toHaveLength(1);
  });
});
