import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Contact } from '@verzendhuis/contract/contact';
import { contactFieldLabels, contactTexts as texts, contactValidationTexts } from '@verzendhuis/domain/contacts-texts';
import { fakeApi, validationRefusal, type FakeRequest } from '../../test-support/fake-api';
import { fieldError } from '../../test-support/field-error';
import { renderInApp } from '../../test-support/render-app';
import { AddressBook } from './address-book';

const anna: Contact = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Anna Bakker',
  company_name: 'Theehuis',
  country: 'NL',
  state_province_code: null,
  zipcode: '1012 LG',
  housenumber: '1',
  address_1: 'Damrak',
  address_2: null,
  city: 'Amsterdam',
  email: 'anna@example.nl',
  phone: null,
  is_active: true,
};
const bram: Contact = { ...anna, id: '22222222-2222-4222-8222-222222222222', name: 'Bram Smit', company_name: null, city: 'Utrecht', zipcode: '3511 AA' };

function api(contacts: Contact[] = [anna, bram]) {
  const fake = fakeApi();
  fake.on('GET', '/api/contacts', (request: FakeRequest) => {
    const search = (request.query.get('search') ?? '').toLowerCase();
    const data = contacts.filter((c) => !search || `${c.name} ${c.city}`.toLowerCase().includes(search));
    return { data, meta: { total: data.length, page: 1, page_size: 25 } };
  });
  return fake;
}

const names = () => within(screen.getByTestId('contacts-table')).getAllByRole('row').slice(1).map((row) => row.querySelector('td:nth-child(2)')?.textContent);

afterEach(() => notifications.clean());

describe('the address book', { timeout: 60_000 }, () => {
  it('lists the contacts and searches only once typing has paused', async () => {
    const fake = api();
    const user = userEvent.setup({ delay: null });
    renderInApp(<AddressBook contactId={undefined} />, { api: fake });
    await screen.findByTestId('contacts-table');
    expect(names()).toEqual(['Anna Bakker', 'Bram Smit']);

    await user.type(screen.getByTestId('contact-search'), 'utr');
    await waitFor(() => expect(names()).toEqual(['Bram Smit']));
    const searches = fake.requestsTo('GET', '/api/contacts').map((r) => r.query.get('search'));
    expect(searches).toEqual([null, 'utr']);
  });

  it('creates a contact with "Contact aanmaken": every field, required ones checked, then the toast', async () => {
    const fake = api();
    fake.on('POST', '/api/contacts', (request) => ({ status: 'success', data: { ...anna, ...(request.body as object), id: '33333333-3333-4333-8333-333333333333' } }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<AddressBook contactId={undefined} />, { api: fake });
    await user.click(await screen.findByTestId('contact-create'));
    const dialog = await screen.findByRole('dialog', { name: texts.create });
    for (const label of ['name', 'company_name', 'country', 'state_province_code', 'zipcode', 'housenumber', 'address_1', 'address_2', 'city', 'email', 'phone'] as const) {
      expect(within(dialog).getAllByLabelText(contactFieldLabels[label], { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByTestId('contact-address-2').getAttribute('placeholder')).toBe('2nd floor');
    expect(within(dialog).getByTestId('contact-state').hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: texts.submitCreate }));
    expect(fieldError(within(dialog).getByTestId('contact-name'))).toBe(contactValidationTexts.required(contactFieldLabels.name));
    expect(fieldError(within(dialog).getByTestId('contact-zipcode'))).toBe(contactValidationTexts.required(contactFieldLabels.zipcode));
    expect(fake.requestsTo('POST', '/api/contacts')).toEqual([]);

    await user.type(within(dialog).getByTestId('contact-name'), 'Carla Claes');
    await user.type(within(dialog).getByTestId('contact-zipcode'), '1000');
    await user.type(within(dialog).getByTestId('contact-address-1'), 'Grote Markt 1');
    await user.click(within(dialog).getByRole('button', { name: texts.submitCreate }));
    expect(await screen.findByText(texts.created)).toBeTruthy();
    expect(fake.requestsTo('POST', '/api/contacts')[0]?.body).toMatchObject({ name: 'Carla Claes', country: 'NL', zipcode: '1000', address_1: 'Grote Markt 1', company_name: null, state_province_code: null });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.create })).toBeNull());
  });

  it('shows the server refusal at the fields', async () => {
    const fake = api();
    fake.on('POST', '/api/contacts', () => validationRefusal({ email: [contactValidationTexts.emailInvalid] }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<AddressBook contactId={undefined} />, { api: fake });
    await user.click(await screen.findByTestId('contact-create'));
    const dialog = await screen.findByRole('dialog', { name: texts.create });
    await user.type(within(dialog).getByTestId('contact-name'), 'Carla');
    await user.type(within(dialog).getByTestId('contact-zipcode'), '1000');
    await user.type(within(dialog).getByTestId('contact-address-1'), 'Markt 1');
    await user.type(within(dialog).getByTestId('contact-email'), 'carla@example.be');
    await user.click(within(dialog).getByRole('button', { name: texts.submitCreate }));
    await waitFor(() => expect(fieldError(within(dialog).getByTestId('contact-email'))).toBe(contactValidationTexts.emailInvalid));
    expect(await screen.findByText(texts.createFailed)).toBeTruthy();
  });

  it('picks countries by Dutch name, the Canary Islands included; text that matches nothing clears the country', async () => {
    const user = userEvent.setup({ delay: null });
    renderInApp(<AddressBook contactId={undefined} />, { api: api() });
    await user.click(await screen.findByTestId('contact-create'));
    const dialog = await screen.findByRole('dialog', { name: texts.create });
    const country = within(dialog).getByTestId('contact-country') as HTMLInputElement;
    expect(country.value).toBe('Nederland');

    await user.clear(country);
    await user.type(country, 'Canar');
    await user.click(await screen.findByRole('option', { name: 'Canarische Eilanden' }));
    expect(country.value).toBe('Canarische Eilanden');

    await user.clear(country);
    await user.type(country, 'Verenigde Staten');
    await user.click(await screen.findByRole('option', { name: 'Verenigde Staten' }));
    expect(within(dialog).getByTestId('contact-state').hasAttribute('disabled')).toBe(false);

    await user.clear(country);
    await user.type(country, 'Atlantis');
    expect(await screen.findByText(texts.countryNotFound)).toBeTruthy();
    fireEvent.blur(country);
    await waitFor(() => expect(country.value).toBe(''));
    expect(within(dialog).getByTestId('contact-state').hasAttribute('disabled')).toBe(true);
  });

  it('deletes the selected contacts after the confirmation, with "N contacten verwijderd"', async () => {
    const fake = api();
    fake.on('DELETE', '/api/contacts', (request) => ({ status: 'success', deleted: (request.body as { ids: string[] }).ids.length }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<AddressBook contactId={undefined} />, { api: fake });
    await screen.findByTestId('contacts-table');
    await user.click(screen.getByTestId('select-all'));
    await user.click(screen.getByTestId('contacts-delete'));
    await user.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText(texts.deleted(2))).toBeTruthy();
    expect(fake.requestsTo('DELETE', '/api/contacts')[0]?.body).toEqual({ ids: [anna.id, bram.id] });
  });

  it('asks before deleting and deletes nothing when cancelled', async () => {
    const fake = api();
    const user = userEvent.setup({ delay: null });
    renderInApp(<AddressBook contactId={undefined} />, { api: fake });
    await screen.findByTestId('contacts-table');
    await user.click(screen.getByRole('checkbox', { name: new RegExp(anna.name) }));
    await user.click(screen.getByTestId('contacts-delete'));
    expect(await screen.findByText(texts.deleteMessage(1))).toBeTruthy();
    await user.click(screen.getByTestId('confirm-dialog-cancel'));
    expect(fake.requestsTo('DELETE', '/api/contacts')).toEqual([]);
  });

  it('edits the contact of /settings/address-book/{contactId}: the form filled, "Contact aangepast"', async () => {
    const fake = api();
    fake.on('GET', `/api/contacts/${anna.id}`, () => ({ data: anna }));
    fake.on('PATCH', '/api/contacts', (request) => ({ status: 'success', data: { ...anna, ...(request.body as object) } }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<AddressBook contactId={anna.id} />, { api: fake, route: `/settings/address-book/${anna.id}` });
    const dialog = await screen.findByRole('dialog', { name: texts.edit });
    const name = within(dialog).getByTestId('contact-name') as HTMLInputElement;
    expect(name.value).toBe('Anna Bakker');
    await user.clear(name);
    await user.type(name, 'Anna de Boer');
    await user.click(within(dialog).getByRole('button', { name: texts.submitEdit }));
    expect(await screen.findByText(texts.updated)).toBeTruthy();
    expect(fake.requestsTo('PATCH', '/api/contacts')[0]?.body).toMatchObject({ id: anna.id, name: 'Anna de Boer', zipcode: '1012 LG', company_name: 'Theehuis' });
  });
});
