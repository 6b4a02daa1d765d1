import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { OrganisationPatch, User } from '@verzendhuis/contract/user';
import { firstLoginTexts, organisationAddressTexts as addressTexts } from '@verzendhuis/domain/frame-texts';
import { queryKeys } from '../../app/query-keys';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { fieldError } from '../../test-support/field-error';
import { testOrganisation, testUser } from '../../test-support/fixtures';
import { renderInApp } from '../../test-support/render-app';
import { OrganisationForm } from './organisation-form';

afterEach(() => notifications.clean());

/** A new organisation: its name and e-mail from registration, no phone, no address. */
const newUser = (): User => testUser({ name: 'Theewinkel Het Blaadje', status: 'incomplete', contact: { email: 'sanne@blaadje.nl', phone: null }, address: null });

function renderForm(user: User, answer: (body: OrganisationPatch) => unknown = (body) => ({ status: 'success', should_validate_orders: false, data: { ...user.organisation, ...body, status: null } })) {
  const api = fakeApi();
  api.on('PATCH', '/api/user/organisation', (request) => answer(request.body as OrganisationPatch));
  api.on('GET', '/api/address/lookup', (request) =>
    request.query.get('zipcode') === '1015CJ' && request.query.get('housenumber') === '123' ? { data: { address_1: 'Keizersgracht', city: 'Amsterdam' } } : { data: null },
  );
  const onSaved = vi.fn();
  const rendered = renderInApp(<OrganisationForm user={user} submitLabel="Opslaan" onSaved={onSaved} testId="organisation-form" />, { api, route: '/settings/account' });
  rendered.queryClient.setQueryData(queryKeys.user, user);
  const input = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
  return { api, onSaved, input, user: userEvent.setup({ delay: null }), queryClient: rendered.queryClient };
}

const patches = (api: ReturnType<typeof fakeApi>) => api.requestsTo('PATCH', '/api/user/organisation').map((r) => r.body);

describe('the organisation form (first login, /settings/account)', { timeout: 30_000 }, () => {
  it('asks for the address of a new organisation: the company is its name, the country the Netherlands, the rest required', async () => {
    const { api, input, user, onSaved } = renderForm(newUser());
    expect((input(addressTexts.company_name) as HTMLInputElement).value).toBe('Theewinkel Het Blaadje');
    expect((screen.getAllByLabelText(new RegExp(`^${addressTexts.country}`))[0] as HTMLInputElement).value).toBe('Nederland');
    await user.type(input(firstLoginTexts.phone), '0301234567');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(fieldError(input(addressTexts.address_1))).toBe('Adres is verplicht.');
    expect(fieldError(input(addressTexts.housenumber))).toBe('Huisnummer is verplicht.');
    expect(fieldError(input(addressTexts.zipcode))).toBe('Postcode is verplicht.');
    expect(fieldError(input(addressTexts.city))).toBe('Plaats is verplicht.');
    expect(patches(api)).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('fills street and city from postcode and house number, then sends name, contact and address', async () => {
    const { api, input, user, onSaved, queryClient } = renderForm(newUser());
    await user.type(input(firstLoginTexts.phone), '0301234567');
    await user.type(input(addressTexts.zipcode), '1015 cj');
    await user.type(input(addressTexts.housenumber), '123');
    await user.type(input(addressTexts.housenumber_addition), 'b');
    await waitFor(() => expect((input(addressTexts.address_1) as HTMLInputElement).value).toBe('Keizersgracht'));
    expect((input(addressTexts.city) as HTMLInputElement).value).toBe('Amsterdam');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patches(api)).toEqual([
      {
        name: 'Theewinkel Het Blaadje',
        contact: { email: 'sanne@blaadje.nl', phone: '0301234567' },
        address: { company_name: 'Theewinkel Het Blaadje', country: 'NL', zipcode: '1015 cj', housenumber: '123', housenumber_addition: 'b', address_1: 'Keizersgracht', city: 'Amsterdam' },
      },
    ]);
    // The cached user has the organisation as the server stored it.
    expect(queryClient.getQueryData<User>(queryKeys.user)?.organisation.address?.address_1).toBe('Keizersgracht');
  });

  it('edits a stored address, and shows the server’s refusal at its field', async () => {
    const stored = testUser({ address: testOrganisation().address, contact: { email: 'info@devries.nl', phone: '0201234567' } });
    const { api, input, user, onSaved } = renderForm(stored, () => validationRefusal({ 'address.zipcode': ['Deze postcode klopt niet voor het gekozen land, bijvoorbeeld 1234 AB.'] }));
    expect((input(addressTexts.address_1) as HTMLInputElement).value).toBe('Oudegracht');
    await user.clear(input(addressTexts.city));
    await user.type(input(addressTexts.city), 'Utrecht Centrum');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(fieldError(input(addressTexts.zipcode))).toBe('Deze postcode klopt niet voor het gekozen land, bijvoorbeeld 1234 AB.'));
    expect((patches(api)[0] as OrganisationPatch).address?.city).toBe('Utrecht Centrum');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
