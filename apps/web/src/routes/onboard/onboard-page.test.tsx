import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { onboardTexts } from '@verzendhuis/domain/frame-texts';
import { onboardRestoreTexts } from '@verzendhuis/domain/shops-texts';
import { AuthContext, type AuthContextValue } from '../../app/auth/auth-context';
import { fakeApi } from '../../test-support/fake-api';
import { testAuth } from '../../test-support/fixtures';
import { currentUrl, renderInApp } from '../../test-support/render-app';
import { OnboardPage } from './onboard-page';

const auth = testAuth;

function renderOnboard(value: AuthContextValue, route: string, api = fakeApi()) {
  return renderInApp(
    <AuthContext value={value}>
      <Routes>
        <Route path="/onboard" element={<OnboardPage />} />
        <Route path="/dashboard" element={<p>dashboard</p>} />
      </Routes>
    </AuthContext>,
    { route, api },
  );
}

const link = '/onboard?service=woocommerce&service_type=shop';

describe('/onboard', { timeout: 30_000 }, () => {
  it('without login offers login and a free account, each returning to the same link', async () => {
    const anonymous = auth('anonymous');
    renderOnboard(anonymous, link);
    await userEvent.click(await screen.findByRole('button', { name: onboardTexts.login }));
    expect(anonymous.login).toHaveBeenCalledWith(link);
    await userEvent.click(screen.getByRole('button', { name: onboardTexts.register }));
    await waitFor(() => expect(anonymous.register).toHaveBeenCalledWith(link));
  });

  it('logged in, restores the link of the query once', async () => {
    const api = fakeApi();
    api.on('POST', '/api/onboard/restore', () => ({ status: 'success', data: { id: '55555555-5555-4555-8555-555555555555', label: 'WooCommerce' } }));
    renderOnboard(auth('authenticated'), link, api);
    await screen.findByRole('heading', { name: onboardRestoreTexts.success });
    expect(api.requestsTo('POST', '/api/onboard/restore').map((r) => r.body)).toEqual([{ service: 'woocommerce', service_type: 'shop' }]);
  });

  it('logged in without a link to restore goes on to the dashboard', async () => {
    renderOnboard(auth('authenticated'), '/onboard');
    await screen.findByText('dashboard');
    expect(currentUrl()).toBe('/dashboard');
  });
});
