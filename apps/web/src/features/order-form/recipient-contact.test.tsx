import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Contact } from '@verzendhuis/contract/contact';
import { contactTexts } from '@verzendhuis/domain/contacts-texts';
import { addressBookTexts, orderFormTexts } from '@verzendhuis/domain/orders-texts';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { renderInApp } from '../../test-support/render-app';
import { newOrderValues } from './form-rules';
import { OrderForm } from './order-form';
import { testCourier } from './test-couriers';

const contact: Contact = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Anna Bakker',
  company_name: 'Theehuis',
  country: 'IC',
  state_province_code: null,
  zipcode: '35001',
  housenumber: '4',
  address_1: 'Calle Mayor',
  address_2: null,
  city: 'Las Palmas',
  email: 'anna@example.es',
  phone: null,
  is_active: true,
};

afterEach(() => notifications.clean());

function renderOrderForm() {
  const api = fakeApi();
  api.on('GET', '/api/contacts', () => ({ data: [contact], meta: { total: 1, page: 1, page_size: 50 } }));
  const user = userEvent.setup({ delay: null });
  const couriers = [testCourier()];
  renderInApp(<OrderForm mode="create" initialValues={newOrderValues(couriers)} couriers={couriers} />, { api });
  return { api, user };
}

const recipient = () => screen.getByRole('region', { name: orderFormTexts.sections.recipient });
const field = (label: string) => within(recipient()).getAllByLabelText<HTMLInputElement>(new RegExp(`^${label}( \\*)?$`)).find((e) => e.tagName === 'INPUT')!;

describe('the order form and the address book', { timeout: 60_000 }, () => {
  it('fills the recipient with a contact picked from the address book', async () => {
    const { user } = renderOrderForm();
    await user.click(screen.getByTestId('open-address-book'));
    const dialog = await screen.findByRole('dialog', { name: addressBookTexts.title });
    await user.click(await within(dialog).findByText(/Anna Bakker/));
    await user.click(within(dialog).getByTestId('address-book-pick'));
    await waitFor(() => expect(field(orderFormTexts.fields.name).value).toBe('Anna Bakker'));
    expect(field(orderFormTexts.fields.country).value).toBe('Canarische Eilanden');
    expect(field(orderFormTexts.fields.city).value).toBe('Las Palmas');
  });

  it('saves the recipient as a contact, and says when it is incomplete', async () => {
    const { api, user } = renderOrderForm();
    api.on('POST', '/api/contacts', () => validationRefusal({ name: ['Naam is verplicht.'] }));
    await user.click(screen.getByTestId('save-recipient-contact'));
    expect(await screen.findByText(contactTexts.saveRecipientFailed)).toBeTruthy();

    api.on('POST', '/api/contacts', () => ({ status: 'success', data: contact }));
    await user.type(field(orderFormTexts.fields.name), 'Carla Claes');
    await user.type(field(orderFormTexts.fields.zipcode), '1000');
    await user.type(field(orderFormTexts.fields.address_1), 'Grote Markt');
    await user.click(screen.getByTestId('save-recipient-contact'));
    expect(await screen.findByText(contactTexts.created)).toBeTruthy();
    expect(api.requestsTo('POST', '/api/contacts').at(-1)?.body).toMatchObject({ name: 'Carla Claes', zipcode: '1000', address_1: 'Grote Markt', country: 'NL' });
  });

  it('updates the contact the recipient was picked from instead of making a second one', async () => {
    const { api, user } = renderOrderForm();
    api.on('PATCH', '/api/contacts', (request) => ({ status: 'success', data: { ...contact, ...(request.body as object) } }));
    await user.click(screen.getByTestId('open-address-book'));
    const dialog = await screen.findByRole('dialog', { name: addressBookTexts.title });
    await user.click(await within(dialog).findByText(/Anna Bakker/));
    await user.click(within(dialog).getByTestId('address-book-pick'));
    await waitFor(() => expect(field(orderFormTexts.fields.name).value).toBe('Anna Bakker'));
    await user.clear(field(orderFormTexts.fields.city));
    await user.type(field(orderFormTexts.fields.city), 'Telde');
    await user.click(screen.getByTestId('save-recipient-contact'));
    expect(await screen.findByText(contactTexts.updated)).toBeTruthy();
    expect(api.requestsTo('PATCH', '/api/contacts')[0]?.body).toMatchObject({ id: contact.id, name: 'Anna Bakker', city: 'Telde' });
    expect(api.requestsTo('POST', '/api/contacts')).toHaveLength(0);
  });

  it('finds the same person at the same address in the address book, and updates a contact it made on a second click', async () => {
    const { api, user } = renderOrderForm();
    const made = { ...contact, id: '22222222-2222-4222-8222-222222222222', name: 'Carla Claes', country: 'BE', zipcode: '1000', housenumber: '1', address_1: 'Grote Markt', city: 'Brussel' };
    api.on('POST', '/api/contacts', () => ({ status: 'success', data: made }));
    api.on('PATCH', '/api/contacts', (request) => ({ status: 'success', data: { ...made, ...(request.body as object) } }));
    await user.type(field(orderFormTexts.fields.name), 'Carla Claes');
    await user.type(field(orderFormTexts.fields.zipcode), '1000');
    await user.type(field(orderFormTexts.fields.address_1), 'Grote Markt');
    await user.click(screen.getByTestId('save-recipient-contact'));
    expect(await screen.findByText(contactTexts.created)).toBeTruthy();
    await user.click(screen.getByTestId('save-recipient-contact'));
    expect(await screen.findByText(contactTexts.updated)).toBeTruthy();
    expect(api.requestsTo('POST', '/api/contacts')).toHaveLength(1);
    expect(api.requestsTo('PATCH', '/api/contacts')[0]?.body).toMatchObject({ id: made.id, name: 'Carla Claes' });
  });
});
