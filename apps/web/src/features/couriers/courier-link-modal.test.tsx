import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { CourierClass } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { renderInApp } from '../../test-support/render-app';
import { fieldError } from '../../test-support/field-error';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { CourierLinkModal } from './courier-link-modal';

const postnl = {
  class: 'postnl',
  name: 'PostNL',
  settings_fields: [
    { name: 'api_key', label: 'API-sleutel', type: 'password', required: true, secret: true, default: null },
    { name: 'customer_code', label: 'Klantcode', type: 'text', required: true, secret: false, default: null },
  ],
  platform_contracts: [{ id: '44444444-4444-4444-8444-444444444444', name: 'PostNL via Verzendhuis' }],
} as unknown as CourierClass;

afterEach(() => notifications.clean());

describe('linking a courier', { timeout: 60_000 }, () => {
  it('asks for a class first, then shows the server\'s field errors at the settings and the rest above the buttons', async () => {
    const refusal = validationRefusal({ 'fields.customer_code': ['Een klantcode is vier letters.'], 'fields.region': ['Onbekende regio.'] });
    const api = fakeApi();
    api.on('POST', '/api/courier/create', () => refusal);
    const user = userEvent.setup({ delay: null });
    renderInApp(<CourierLinkModal opened onClose={() => undefined} classes={[postnl]} />, { api });
    const classSelect = screen.getByTestId('courier-class-select');
    await user.click(screen.getByTestId('courier-link-submit'));
    expect(fieldError(classSelect)).toBe(texts.chooseClassPlaceholder);
    expect(api.sent()).toEqual([]);

    await user.click(classSelect);
    await user.click(await screen.findByRole('option', { name: 'PostNL' }));
    expect(fieldError(classSelect)).toBeNull();
    await user.click(screen.getByTestId('courier-contract-own'));
    await user.click(screen.getByTestId('courier-setting-api_key'));
    await user.paste('geheim');
    await user.click(screen.getByTestId('courier-link-submit'));

    await waitFor(() => expect(fieldError(screen.getByTestId('courier-setting-customer_code'))).toBe('Een klantcode is vier letters.'));
    expect(screen.getByTestId('form-error').textContent).toBe('Onbekende regio.');
    expect(await screen.findByText(texts.invalidInput)).toBeTruthy();
    expect(api.sent()).toEqual([{ method: 'POST', path: '/api/courier/create', body: { courier_class: 'postnl', fields: { api_key: 'geheim', customer_code: '' } } }]);
  });
});
