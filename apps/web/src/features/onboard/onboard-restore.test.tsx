import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { onboardRestoreTexts as texts } from '@verzendhuis/domain/shops-texts';
import { renderInApp } from '../../test-support/render-app';
import { errorResponse, fakeApi } from '../../test-support/fake-api';
import { OnboardRestore } from './onboard-restore';

const id = '55555555-5555-4555-8555-555555555555';

describe('restoring a link on /onboard', { timeout: 30_000 }, () => {
  it('restores once and shows Koppeling succesvol with the way to the dashboard', async () => {
    const api = fakeApi();
    api.on('POST', '/api/onboard/restore', () => ({ status: 'success', data: { id, label: 'WooCommerce mijnwinkel.nl' } }));
    renderInApp(<OnboardRestore request={{ service: 'woocommerce', service_type: 'shop' }} />, { api });
    expect((await screen.findByRole('heading', { name: texts.success })).textContent).toBe('Koppeling succesvol');
    expect(screen.getByText(texts.successText('WooCommerce mijnwinkel.nl'))).toBeTruthy();
    expect(screen.getByTestId('onboard-to-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(api.sent()).toEqual([{ method: 'POST', path: '/api/onboard/restore', body: { service: 'woocommerce', service_type: 'shop' } }]);
  });

  it('shows Probleem met koppelen with the request to contact support when it fails', async () => {
    const api = fakeApi();
    api.on('POST', '/api/onboard/restore', () => errorResponse(404, { message_code: 'shop_not_found', type: 'not_found' }));
    renderInApp(<OnboardRestore request={{ service: 'woocommerce', service_type: 'shop' }} />, { api });
    expect((await screen.findByRole('heading', { name: texts.failure })).textContent).toBe('Probleem met koppelen');
    expect(screen.getByText(texts.failureText)).toBeTruthy();
    expect(screen.getByTestId('onboard-to-services').getAttribute('href')).toBe('/settings/services/shop');
  });
});
